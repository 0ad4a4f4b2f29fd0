// The demo seed: one Tamil/English wedding, two counters, four demo users who can sign in, ~200
// realistic gifts; running it again adds nothing.
import { eq } from 'drizzle-orm';
import { receiptTokenSchema } from '../contract/entities';
import { counterStaff, counters, eventMembers, events, gifts } from './db/schema';
import { openDb } from './db/client';
import { pinMatches } from './passwords';
import { DEMO_EVENT_ID, DEMO_PIN, DEMO_USERNAMES, loadVocabulary, seedDemo } from './seed-demo';
import { createTestApp, login, type TestApp } from './test-utils';

let t: TestApp;
// Generous: a fresh database on two busy shared cores can take a while to start.
beforeAll(async () => { t = await createTestApp(); }, 180_000);
afterAll(async () => { await t?.close(); }, 60_000);

it('adds the demo wedding, dated today, with counters, staff and ~200 customary gifts, once', async () => {
  const now = new Date();
  const res = await seedDemo(t.app.db, { password: 'demo-password-1', now });
  expect(res.created).toBe(true);
  await expectTodayAndFigures(t.app.db, res, now);
  const [ev] = await t.app.db.select().from(events).where(eq(events.id, DEMO_EVENT_ID));
  expect(ev.functionType).toBe('wedding');
  expect(ev.titleTa).toMatch(/[\u0B80-\u0BFF]/); // Tamil script
  expect(ev.titleEn).toMatch(/Wedding/);
  const cs = await t.app.db.select().from(counters).where(eq(counters.eventId, DEMO_EVENT_ID));
  expect(cs.map((c) => c.code).sort()).toEqual(['A', 'B']);

  const rows = await t.app.db.select().from(gifts).where(eq(gifts.eventId, DEMO_EVENT_ID));
  expect(rows.length).toBeGreaterThanOrEqual(180);
  expect(new Set(rows.map((g) => g.receiptNo)).size).toBe(rows.length);
  const vocab = loadVocabulary();
  const customary = new Set(vocab.customaryAmounts);
  expect(rows.filter((g) => g.mode !== 'item' && g.deletedAt === null).every((g) => customary.has(g.amount))).toBe(true);
  expect(rows.some((g) => /[\u0B80-\u0BFF]/.test(g.name))).toBe(true);
  expect(rows.some((g) => /^[A-Za-z]/.test(g.name))).toBe(true);
  expect(rows.filter((g) => g.amount === 501).length).toBeGreaterThan(10);
  expect(rows.filter((g) => g.deletedAt !== null)).toHaveLength(1);
  // Each gift has a receipt link, as one keyed at a counter does, and the link opens its receipt.
  for (const g of rows) expect(receiptTokenSchema.safeParse(g.receiptToken).success, g.receiptNo).toBe(true);
  expect(new Set(rows.map((g) => g.receiptToken)).size).toBe(rows.length);
  const live = rows.find((g) => g.deletedAt === null)!;
  const checked = await t.app.inject({ method: 'GET', url: `/moi/public/receipts/${live.receiptToken}` });
  expect(checked.statusCode, checked.body).toBe(200);
  expect(checked.json()).toMatchObject({ receiptNo: live.receiptNo });

  // Every demo user signs in; the staff PINs verify; owner and admin are members of the event.
  for (const u of Object.values(DEMO_USERNAMES)) expect((await login(t.app, u, 'demo-password-1')).user.username).toBe(u);
  const pins = await t.app.db.select().from(counterStaff);
  expect(pins).toHaveLength(2);
  for (const p of pins) {
    const matches = await Promise.all([DEMO_PIN.staff1, DEMO_PIN.staff2].map(async (pin) => await pinMatches(pin, p.pinSalt!, p.pinHash!)));
    expect(matches.filter(Boolean)).toHaveLength(1);
  }
  const members = await t.app.db.select().from(eventMembers).where(eq(eventMembers.eventId, DEMO_EVENT_ID));
  expect(members.map((m) => m.role).sort()).toEqual(['admin', 'owner', 'staff', 'staff']);

  const again = await seedDemo(t.app.db, { password: 'other' });
  expect(again.created).toBe(false);
  expect(await t.app.db.select().from(gifts).where(eq(gifts.eventId, DEMO_EVENT_ID))).toHaveLength(rows.length);
}, 180_000);

const localDate = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

async function expectTodayAndFigures(db: TestApp['app']['db'], res: Awaited<ReturnType<typeof seedDemo>>, now: Date) {
  const [ev] = await db.select().from(events).where(eq(events.id, DEMO_EVENT_ID));
  expect(ev.date).toBe(localDate(now));
  const rows = await db.select().from(gifts).where(eq(gifts.eventId, DEMO_EVENT_ID));
  for (const g of rows) {
    expect(localDate(new Date(g.enteredAt))).toBe(localDate(now));
    expect(Date.parse(g.enteredAt)).toBeLessThanOrEqual(now.getTime());
    expect(Date.parse(g.receivedAt!)).toBeLessThanOrEqual(now.getTime());
  }
  // The owner's screens count the gifts not deleted, with the corrected amount: so does the seed.
  const live = rows.filter((g) => g.deletedAt === null);
  expect(live.length).toBe(rows.length - 1);
  expect(res.gifts).toBe(live.length);
  expect(res.total).toBe(live.reduce((a, g) => a + g.amount, 0));
}

it('an early-morning seed is still dated today, its gifts squeezed into the hours so far', async () => {
  const handle = await openDb({ inMemory: true });
  try {
    const now = new Date();
    now.setHours(3, 15, 0, 0);
    const res = await seedDemo(handle.db, { password: 'demo-password-1', now });
    await expectTodayAndFigures(handle.db, res, now);
  } finally {
    await handle.close();
  }
}, 300_000);
