// The cash custody chain (issue 18) against the real app and a real database (PGlite; PostgreSQL
// when TEST_DATABASE_URL is set): the float is part of the expected cash, a blind count is saved
// without an expected figure, a handover is confirmed by the nominee's PIN or an OTP sent through
// the messaging stand-in, a chain runs across two counters and the event admin, and a tablet's
// whole offline day lands once however often it is pushed.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils';
import { counters, custodyHandovers, eventNominees } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import { hashPin, storedPinHash } from '../passwords';
import { MessageWorker } from '../messaging/outbox';
import { providerFor } from '../messaging';
import { webhookStandIn, type StandIn } from '../../tests/messaging/stand-ins';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';
import { emptySummary } from '../../contract/custody';

type Result = { id: string; status: string; code?: string; message?: string };
type Who = { id: string; cookie: string; deviceId: string };
const SECRET = 'custody-webhook-secret-0123456789';
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

let t: TestApp;
let app: FastifyInstance;
let hook: StandIn;
const W: Record<string, Who> = {};
let eventId = '';
let counterA = '';
let seq = 0;

const mut = (name: string, args: unknown) => ({ id: randomUUID(), seq: ++seq, name, args });
async function push(who: Who, mutations: unknown[]): Promise<Result[]> {
  const res = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: who.cookie }, payload: { deviceId: who.deviceId, mutations } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Result[] }).results;
}
async function pull(who: Who, types: string) {
  const res = await app.inject({ method: 'GET', url: `/moi/sync/pull?since=0&types=${types}`, headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { changes: Array<{ type: string; id: string; row?: Record<string, unknown> }> }).changes;
}
const gift = (counterId: string, amount: number, mode = 'cash') => {
  const id = uuidv7();
  return { id, eventId, counterId, receiptNo: `R-${id.slice(-12)}`, name: 'முருகன்', village: 'மதுரை', amount, mode, enteredAt: new Date().toISOString(), ...(mode === 'upi' ? { reference: 'UTR1' } : {}) };
};
const counterRow = async (id: string) => (await app.db.select().from(counters).where(eq(counters.id, id)))[0];
const handoverRow = async (id: string) => (await app.db.select().from(custodyHandovers).where(eq(custodyHandovers.id, id)))[0];

/** The nominee's PIN as the event admin's device hashes it (the same PBKDF2 the browser runs). */
async function pinHash(pin: string) {
  const salt = randomBytes(16).toString('hex');
  return { salt, hash: await hashPin(pin, salt, 10_000), iterations: 10_000 };
}
const blindTally = (counts: Record<string, number>) => ({
  counts, countedTotal: Object.entries(counts).reduce((s, [k, n]) => s + Number(k.slice(1)) * n, 0), reason: null, blind: true, closedAt: new Date().toISOString(),
});
const handover = (over: Record<string, unknown>) => ({
  id: uuidv7(), eventId, cash: 0, summary: emptySummary(), deviceVerified: true, handedAt: new Date().toISOString(), ...over,
});

beforeAll(async () => {
  hook = await webhookStandIn({ secret: SECRET });
  t = await createTestApp({ MESSAGING_PROVIDER: 'webhook', MESSAGING_WEBHOOK_URL: hook.url, MESSAGING_WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://moi.example.in' }, { messagingWorker: false });
  app = t.app;
  const mk = async (key: string, role: 'event_admin' | 'event_owner' | 'counter_staff') => {
    const u = await seedUser(app, `${key}${randomUUID().slice(0, 6)}`, role);
    const deviceId = randomUUID();
    W[key] = { id: u.id, cookie: (await loginCookie(app, u.username, u.password, deviceId)).cookie, deviceId };
  };
  for (const [k, r] of [['evadmin', 'event_admin'], ['owner', 'event_owner'], ['staffA', 'counter_staff'], ['staffB', 'counter_staff'], ['stranger', 'event_admin']] as const) await mk(k, r);
  eventId = await seedEvent(app, { adminIds: [W.evadmin.id], ownerIds: [W.owner.id] });
  counterA = await seedCounter(app, eventId, { code: 'A', staffIds: [W.staffA.id], open: false });
  const saltB = randomBytes(16).toString('hex');
  await seedCounter(app, eventId, { code: 'B', staffIds: [W.staffB.id], open: false, pins: { [W.staffB.id]: { salt: saltB, hash: await storedPinHash('246810', saltB) } } });
}, 120_000);
afterAll(async () => { await t?.close(); await hook?.close(); });

describe(`cash custody (${kind})`, () => {
  const nomineeId = uuidv7();

  it('the float is part of the expected cash: float + cash gifts = expected, and a blind count gets both from the server', async () => {
    const float = { amount: 2000, counts: { n500: 2, n100: 8, c10: 20 } };
    expect((await push(W.evadmin, [mut('counter.open', { id: counterA, openingFloat: float })]))[0].status).toBe('applied');
    expect((await counterRow(counterA)).openingFloat).toEqual(float);
    const gifts = [gift(counterA, 1001), gift(counterA, 501), gift(counterA, 5000, 'upi'), gift(counterA, 2500, 'cheque')];
    const r = await push(W.staffA, gifts.map((g) => mut('gift.create', g)));
    expect(r.map((x) => x.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    // Counted ₹3,500: ₹2 short of ₹2,000 + ₹1,001 + ₹501 = ₹3,502. No expected figure from the device, no reason yet.
    const close = await push(W.staffA, [mut('counter.close', { id: counterA, tally: blindTally({ n500: 7 }) })]);
    expect(close[0]).toMatchObject({ status: 'applied' });
    const c = await counterRow(counterA);
    expect(c.tally).toMatchObject({ countedTotal: 3500, float: 2000, cashGifts: 1502, expectedCash: 3502, difference: -2, reason: null, blind: true, closedBy: W.staffA.id });
    expect((c.tally as { closedByName?: string }).closedByName).toMatch(/^staffA/);
    // The reason comes after the figures were shown; the count itself never changes.
    expect((await push(W.staffA, [mut('counter.count.explain', { id: counterA, reason: 'two ₹1 coins given as change' })]))[0].status).toBe('applied');
    expect((await counterRow(counterA)).tally).toMatchObject({ countedTotal: 3500, difference: -2, reason: 'two ₹1 coins given as change' });
    // The pulled counter carries the float to every device.
    const pulled = (await pull(W.owner, 'counter')).find((x) => x.id === counterA);
    expect(pulled?.row).toMatchObject({ openingFloat: float, tally: { expectedCash: 3502 } });
  });

  it('a tally from an older device (with its own expected figure) is still checked and the server’s float-inclusive figure recorded', async () => {
    const id = await seedCounter(app, eventId, { code: 'Z', staffIds: [W.staffA.id] });
    await app.db.update(counters).set({ openingFloat: { amount: 100 } }).where(eq(counters.id, id));
    const r = await push(W.staffA, [mut('counter.close', { id, tally: { counts: { n100: 1 }, countedTotal: 100, expectedCash: 0, difference: 100, reason: null } })]);
    expect(r[0].code).toBe('reason_required');
    const ok = await push(W.staffA, [mut('counter.close', { id, tally: { counts: { n100: 1 }, countedTotal: 100, expectedCash: 0, difference: 100, reason: 'float' } })]);
    expect(ok[0].status).toBe('applied');
    expect((await counterRow(id)).tally).toMatchObject({ expectedCash: 100, difference: 0, deviceExpectedCash: 0 });
  });

  it('the event admin names a nominee with a PIN hash; staff cannot; staff devices get the hash, never a PIN', async () => {
    const pin = await pinHash('135790');
    const denied = await push(W.staffA, [mut('nominee.save', { id: uuidv7(), eventId, name: 'x', pin })]);
    expect(denied[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    const other = await push(W.stranger, [mut('nominee.save', { id: uuidv7(), eventId, name: 'x', pin })]);
    expect(other[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
    const noPin = await push(W.evadmin, [mut('nominee.save', { id: uuidv7(), eventId, name: 'x' })]);
    expect(noPin[0]).toMatchObject({ status: 'rejected', code: 'invalid_body' });
    expect((await push(W.evadmin, [mut('nominee.save', { id: nomineeId, eventId, name: 'செல்வி', mobile: '9876500011', pin })]))[0].status).toBe('applied');
    const row = (await app.db.select().from(eventNominees).where(eq(eventNominees.id, nomineeId)))[0];
    expect(row.pinHash).toBe(`pbkdf2-sha256$10000$${pin.hash}`);
    const seen = (await pull(W.staffA, 'nominee')).find((x) => x.id === nomineeId);
    expect(seen?.row).toMatchObject({ name: 'செல்வி', salt: pin.salt, hash: pin.hash, iterations: 10_000 });
    expect(JSON.stringify(seen)).not.toContain('135790');
    // An edit without a PIN keeps the PIN.
    expect((await push(W.evadmin, [mut('nominee.save', { id: nomineeId, eventId, name: 'செல்வி அம்மா', mobile: '9876500011' })]))[0].status).toBe('applied');
    expect((await app.db.select().from(eventNominees).where(eq(eventNominees.id, nomineeId)))[0]).toMatchObject({ name: 'செல்வி அம்மா', pinHash: row.pinHash });
  });

  it('a legacy 4-digit nominee PIN never reaches a tablet; the server still verifies a handover with it', async () => {
    const legacyId = uuidv7();
    const salt = randomBytes(8).toString('hex');
    await app.db.insert(eventNominees).values({ id: legacyId, eventId, name: 'பழைய', pinSalt: salt, pinHash: await hashPin('2468', salt, 10_000), createdBy: W.evadmin.id, updatedBy: W.evadmin.id });
    const seen = (await pull(W.staffA, 'nominee')).find((x) => x.id === legacyId);
    expect(seen?.row).toMatchObject({ name: 'பழைய', hash: '', salt: '' });
    const h = handover({ from: { kind: 'counter', counterId: counterA }, to: { kind: 'nominee', nomineeId: legacyId }, cash: 1, confirm: { method: 'pin', pin: '2468' }, deviceVerified: false });
    expect((await push(W.staffA, [mut('handover.create', h)]))[0].status).toBe('applied');
    expect(await handoverRow(h.id)).toMatchObject({ verified: true, flags: [] });
    await app.db.delete(custodyHandovers).where(eq(custodyHandovers.id, h.id));
  });

  it('a handover confirmed by the nominee’s PIN is verified by the server; a wrong PIN is recorded, never refused, and flagged', async () => {
    const ok = handover({ from: { kind: 'counter', counterId: counterA }, to: { kind: 'nominee', nomineeId }, cash: 1000, confirm: { method: 'pin', pin: '135790' } });
    const bad = handover({ from: { kind: 'counter', counterId: counterA }, to: { kind: 'nominee', nomineeId }, cash: 500, confirm: { method: 'pin', pin: '000000' } });
    const r = await push(W.staffA, [mut('handover.create', ok), mut('handover.create', bad)]);
    expect(r.map((x) => x.status)).toEqual(['applied', 'applied']);
    expect(await handoverRow(ok.id)).toMatchObject({ verified: true, flags: [], toName: 'செல்வி அம்மா', handedBy: W.staffA.id, method: 'pin', cash: 1000 });
    expect((await handoverRow(ok.id)).handedByName).toMatch(/^staffA/);
    expect(await handoverRow(bad.id)).toMatchObject({ verified: false, flags: ['pin_failed'] });
    // The owner sees both steps, the flagged one included.
    const seen = (await pull(W.owner, 'handover')).filter((x) => x.id === ok.id || x.id === bad.id);
    expect(seen).toHaveLength(2);
  });

  it('a handover from an open counter is refused (count first); staff of another counter may not hand over this one', async () => {
    const open = await seedCounter(app, eventId, { code: 'O', staffIds: [W.staffA.id] });
    const r = await push(W.staffA, [mut('handover.create', handover({ from: { kind: 'counter', counterId: open }, to: { kind: 'nominee', nomineeId }, confirm: { method: 'pin', pin: '135790' } }))]);
    expect(r[0]).toMatchObject({ status: 'rejected', code: 'conflict' });
    const s = await push(W.staffB, [mut('handover.create', handover({ from: { kind: 'counter', counterId: counterA }, to: { kind: 'nominee', nomineeId }, confirm: { method: 'pin', pin: '135790' } }))]);
    expect(s[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
  });

  it('a handover confirmed by an OTP sent to the nominee’s mobile (webhook stand-in); a wrong or missing code is flagged', async () => {
    const id = uuidv7();
    const res = await app.inject({ method: 'POST', url: '/moi/custody/otp', headers: { cookie: W.staffA.cookie }, payload: { eventId, nomineeId, handoverId: id, lang: 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sent: true, mobileEnding: '0011' });
    const worker = new MessageWorker(app.db, providerFor(app.config.messaging)!, { publicUrl: 'https://moi.example.in' });
    expect(await worker.runOnce()).toBe(1);
    expect(hook.violations).toEqual([]);
    const sent = hook.accepted.at(-1)!;
    expect(sent.to).toBe('9876500011');
    const code = /(\d{6}) is your code/.exec(sent.text)?.[1];
    expect(code, sent.text).toBeTruthy();
    const ok = handover({ id, from: { kind: 'counter', counterId: counterA }, to: { kind: 'nominee', nomineeId }, cash: 2000, confirm: { method: 'otp', otp: code } });
    const wrong = handover({ from: { kind: 'counter', counterId: counterA }, to: { kind: 'nominee', nomineeId }, cash: 1, confirm: { method: 'otp', otp: code === '111111' ? '222222' : '111111' } });
    expect((await push(W.staffA, [mut('handover.create', ok), mut('handover.create', wrong)])).map((x) => x.status)).toEqual(['applied', 'applied']);
    expect(await handoverRow(id)).toMatchObject({ verified: true, method: 'otp', flags: [] });
    expect(await handoverRow(wrong.id)).toMatchObject({ verified: false, flags: ['otp_failed'] });
    // A recorded handover gets no new code; an unknown nominee answers not_found; bad input a 400.
    expect((await app.inject({ method: 'POST', url: '/moi/custody/otp', headers: { cookie: W.staffA.cookie }, payload: { eventId, nomineeId, handoverId: id } })).statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: '/moi/custody/otp', headers: { cookie: W.staffA.cookie }, payload: { eventId, nomineeId: uuidv7(), handoverId: uuidv7() } })).statusCode).toBe(404);
    const badBody = await app.inject({ method: 'POST', url: '/moi/custody/otp', headers: { cookie: W.staffA.cookie }, payload: { eventId: 'x' } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toMatchObject({ code: 'invalid_body' });
    expect((await app.inject({ method: 'GET', url: '/moi/custody/config', headers: { cookie: W.staffA.cookie } })).json()).toEqual({ otp: true });
  });

  it('a whole offline day lands once: open with a float, gifts, blind count, chain A → B → event admin → nominee, pushed twice', async () => {
    const c1 = await seedCounter(app, eventId, { code: 'C', staffIds: [W.staffA.id], open: false });
    const saltD = randomBytes(16).toString('hex');
    const c2 = await seedCounter(app, eventId, { code: 'D', staffIds: [W.staffB.id], open: false, pins: { [W.staffB.id]: { salt: saltD, hash: await storedPinHash('975310', saltD) } } });
    // The event admin's tablet, offline all day: opens both counters with floats.
    const adminDay = [mut('counter.open', { id: c1, openingFloat: { amount: 1000 } }), mut('counter.open', { id: c2, openingFloat: { amount: 500, counts: { n100: 5 } } })];
    // Counter C's tablet: gifts, blind count, hands its cash to counter D (D's staff PIN).
    const gC = [gift(c1, 1001), gift(c1, 2001), gift(c1, 3000, 'upi')];
    const toD = handover({ from: { kind: 'counter', counterId: c1 }, to: { kind: 'counter', counterId: c2, userId: W.staffB.id }, cash: 4002, confirm: { method: 'pin', pin: '975310' }, summary: { ...emptySummary(), upi: { count: 1, total: 3000 } } });
    const dayC = [...gC.map((g) => mut('gift.create', g)), mut('counter.close', { id: c1, tally: blindTally({ n500: 8, c2: 1 }) }), mut('handover.create', toD)];
    // Counter D's tablet: gifts, blind count, hands both counters' cash to the event admin (the admin signed in on D's tablet).
    const gD = [gift(c2, 500), gift(c2, 1500)];
    const dayD = [...gD.map((g) => mut('gift.create', g)), mut('counter.close', { id: c2, tally: blindTally({ n500: 5 }) })];
    const toAdmin = handover({ from: { kind: 'counter', counterId: c2 }, to: { kind: 'event_admin' }, cash: 6502, confirm: { method: 'session' } });
    const toNominee = handover({ from: { kind: 'event_admin' }, to: { kind: 'nominee', nomineeId }, cash: 6502, confirm: { method: 'pin', pin: '135790' } });
    const adminLater = [mut('handover.create', toAdmin), mut('handover.create', toNominee)];

    for (let round = 0; round < 2; round++) {
      const expectStatus = round === 0 ? 'applied' : 'duplicate';
      expect((await push(W.evadmin, adminDay)).map((x) => x.status)).toEqual(adminDay.map(() => expectStatus));
      expect((await push(W.staffA, dayC)).map((x) => x.status)).toEqual(dayC.map(() => expectStatus));
      expect((await push(W.staffB, dayD)).map((x) => x.status)).toEqual(dayD.map(() => expectStatus));
      expect((await push(W.evadmin, adminLater)).map((x) => x.status)).toEqual(adminLater.map(() => expectStatus));
    }
    expect((await counterRow(c1)).tally).toMatchObject({ expectedCash: 4002, countedTotal: 4002, difference: 0 });
    expect((await counterRow(c2)).tally).toMatchObject({ expectedCash: 2500, countedTotal: 2500, difference: 0 });
    expect(await handoverRow(toD.id)).toMatchObject({ verified: true, toCounterId: c2, toUserId: W.staffB.id, flags: [] });
    expect(await handoverRow(toAdmin.id)).toMatchObject({ verified: true, toKind: 'event_admin', toUserId: W.evadmin.id, handedBy: W.evadmin.id, flags: [] });
    expect(await handoverRow(toNominee.id)).toMatchObject({ verified: true, fromKind: 'event_admin', handedBy: W.evadmin.id, flags: [] });
    const rows = await app.db.select().from(custodyHandovers).where(eq(custodyHandovers.eventId, eventId));
    expect(rows.filter((r) => [toD.id, toAdmin.id, toNominee.id].includes(r.id))).toHaveLength(3);
    // Staff of D see the handover C → D (it came to their counter); staff of C do not see D's onward step.
    expect((await pull(W.staffB, 'handover')).map((x) => x.id)).toEqual(expect.arrayContaining([toD.id, toAdmin.id]));
    expect((await pull(W.staffA, 'handover')).map((x) => x.id)).not.toContain(toAdmin.id);
  });

  it('handing to the event admin in someone else’s session is recorded unconfirmed; a counter hands over more than it holds: flagged', async () => {
    const c = await seedCounter(app, eventId, { code: 'E', staffIds: [W.staffA.id], open: false });
    await push(W.staffA, [mut('counter.close', { id: c, tally: blindTally({ n100: 1 }) })]);
    const h = handover({ from: { kind: 'counter', counterId: c }, to: { kind: 'event_admin' }, cash: 900, confirm: { method: 'session' } });
    expect((await push(W.staffA, [mut('handover.create', h)]))[0].status).toBe('applied');
    expect(await handoverRow(h.id)).toMatchObject({ verified: false, flags: ['unconfirmed', 'amount_differs'] });
  });
});
