// The figures a caught-up pull carries per event (contract/agreement.ts), over exactly the gifts the
// caller receives, and the one-event pull a device repairs with. Real app, real database (PGlite;
// PostgreSQL when TEST_DATABASE_URL is set); gifts written straight into the database (the change
// log fills itself by trigger), so the push path is not part of what is tested here.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EventFigures } from '../../contract/agreement';
import type { PullResponse } from '../../contract/sync';
import { uuidv7 } from '../../contract/ids';
import { gifts } from '../db/schema';
import { createTestApp, type TestApp } from '../test-utils';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';

let t: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let eventId = '';
let otherEventId = '';
let emptyEventId = '';
let counterA = '';
let counterB = '';
let seq = 0;

async function addGift(counterId: string, event: string, amount: number, mode: 'cash' | 'upi' | 'cheque' | 'item' = 'cash', extra: Record<string, unknown> = {}) {
  const id = uuidv7();
  await app.db.insert(gifts).values({
    id, eventId: event, counterId, receiptNo: `A-T1-${String(++seq).padStart(4, '0')}`, name: 'முருகன்', village: 'மதுரை',
    amount, mode, enteredAt: new Date().toISOString(), enteredBy: ids.staffA, ...extra,
  });
  return id;
}

async function pull(who: string, query: string): Promise<PullResponse> {
  const res = await app.inject({ method: 'GET', url: `/moi/sync/pull?${query}`, headers: { cookie: cookies[who] } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PullResponse;
}
/** Every page from 0; the last page's answer (the caught-up one). */
async function pullToEnd(who: string, limit = 1000, extra = ''): Promise<{ last: PullResponse; pages: PullResponse[] }> {
  const pages: PullResponse[] = [];
  let since = 0;
  for (;;) {
    const page = await pull(who, `since=${since}&limit=${limit}${extra}`);
    pages.push(page);
    since = page.cursor;
    if (!page.hasMore) return { last: page, pages };
  }
}
const byEvent = (f: EventFigures[] | undefined) => new Map((f ?? []).map((x) => [x.eventId, { count: x.count, money: x.money }]));

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  for (const [key, role] of [['admin', 'app_admin'], ['owner', 'event_owner'], ['staffA', 'counter_staff'], ['staffB', 'counter_staff']] as const) {
    const u = await seedUser(app, `${key}${randomUUID().slice(0, 6)}`, role);
    ids[key] = u.id;
    cookies[key] = (await loginCookie(app, u.username, u.password, randomUUID())).cookie;
  }
  eventId = await seedEvent(app, { ownerIds: [ids.owner] });
  otherEventId = await seedEvent(app, { title: 'Other' });
  emptyEventId = await seedEvent(app, { ownerIds: [ids.owner], title: 'Empty' });
  counterA = await seedCounter(app, eventId, { code: 'A', staffIds: [ids.staffA] });
  counterB = await seedCounter(app, eventId, { code: 'B', staffIds: [ids.staffB] });
  const counterOther = await seedCounter(app, otherEventId, { code: 'A' });
  await addGift(counterA, eventId, 501);
  await addGift(counterA, eventId, 1001, 'upi', { reference: 'UPI1' });
  // An item: its amount (here as an entry form might fill it) is never money.
  await addGift(counterA, eventId, 5000, 'item', { item: 'வெள்ளிக் குத்துவிளக்கு', approxValue: 5000 });
  const gone = await addGift(counterA, eventId, 10_000);
  await app.db.update(gifts).set({ deletedAt: new Date().toISOString(), deletedBy: ids.staffA, deleteReason: 'typo' }).where(eq(gifts.id, gone));
  await addGift(counterB, eventId, 2000, 'cheque', { reference: '123456' });
  await addGift(counterOther, otherEventId, 7);
}, 120_000);
afterAll(async () => { await t?.close(); });

describe(`pull figures (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('an owner’s caught-up pull carries each event of theirs: live gifts counted, money without items or deleted gifts', async () => {
    const { last, pages } = await pullToEnd('owner', 2);
    expect(pages.length).toBeGreaterThan(1);
    // Pages with more to come carry none: a device in the middle of them cannot compare.
    expect(pages.slice(0, -1).every((p) => p.figures === undefined)).toBe(true);
    const f = byEvent(last.figures);
    expect(f.get(eventId)).toEqual({ count: 4, money: 501 + 1001 + 2000 });
    expect(f.get(emptyEventId)).toEqual({ count: 0, money: 0 });
    expect(f.has(otherEventId)).toBe(false);
    // The device that pulled everything has every change the figures count.
    const own = last.figures!.find((x) => x.eventId === eventId)!;
    expect(own.lastChange).toBeGreaterThan(0);
    expect(last.cursor).toBeGreaterThanOrEqual(own.lastChange);
  });

  it('counter staff get figures over their own counter’s gifts only', async () => {
    const a = byEvent((await pullToEnd('staffA')).last.figures);
    expect([...a.keys()]).toEqual([eventId]);
    expect(a.get(eventId)).toEqual({ count: 3, money: 501 + 1001 });
    const b = byEvent((await pullToEnd('staffB')).last.figures);
    expect(b.get(eventId)).toEqual({ count: 1, money: 2000 });
  });

  it('app_admin gets every event', async () => {
    const f = byEvent((await pullToEnd('admin')).last.figures);
    expect(f.get(eventId)).toEqual({ count: 4, money: 3502 });
    expect(f.get(otherEventId)).toEqual({ count: 1, money: 7 });
  });

  it('a change the device has not pulled yet shows in lastChange, above the cursor it holds', async () => {
    const before = (await pullToEnd('staffA')).last;
    const mark = before.figures!.find((x) => x.eventId === eventId)!;
    await addGift(counterA, eventId, 301);
    const after = await pull('staffA', `since=${before.cursor}`);
    const now = after.figures!.find((x) => x.eventId === eventId)!;
    expect(now).toMatchObject({ count: mark.count + 1, money: mark.money + 301 });
    expect(now.lastChange).toBeGreaterThan(before.cursor);
    expect(after.cursor).toBeGreaterThanOrEqual(now.lastChange);
    // Counter B's figures did not move.
    expect(byEvent((await pullToEnd('staffB')).last.figures).get(eventId)).toEqual({ count: 1, money: 2000 });
  });

  it('event= pulls one event’s gifts from the start (a repair), within the caller’s scope, and carries no figures', async () => {
    const all = (await pullToEnd('admin', 1000, `&types=gift&event=${eventId}`)).last;
    expect(all.figures).toBeUndefined();
    expect(all.changes.length).toBeGreaterThan(0);
    expect(all.changes.every((c) => c.type === 'gift' && c.row?.eventId === eventId)).toBe(true);
    const mine = (await pullToEnd('staffA', 1000, `&types=gift&event=${eventId}`)).last;
    expect(mine.changes.every((c) => c.type === 'gift' && c.row?.counterId === counterA)).toBe(true);
    expect(mine.changes.filter((c) => c.type === 'gift' && !c.row?.deletedAt)).toHaveLength(4);
    expect((await pullToEnd('staffA', 1000, `&types=gift&event=${otherEventId}`)).last.changes).toEqual([]);
    const bad = await app.inject({ method: 'GET', url: '/moi/sync/pull?since=0&event=nope', headers: { cookie: cookies.staffA } });
    expect(bad.statusCode).toBe(400);
  });
});
