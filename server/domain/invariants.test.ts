// The rules of the record (invariants.ts) under concurrency: random interleavings of many tablets'
// gift pushes (single, batched, with message consent), gift edits and deletes, counter closes and
// opens and event closes, through the real app. On PostgreSQL (TEST_DATABASE_URL) the requests
// really run at once on several connections; on PGlite (one connection) the same rules are checked
// on whatever order the single connection gives. Afterwards:
// - every closed counter's counted cash equals the sum of its live, un-flagged cash gifts;
// - every gift pushed after its counter's close had answered is stored and flagged after_close;
// - no closed event has an open counter;
// - nothing lost or doubled: the stored gifts are exactly those answered applied, each once, and
//   every applied edit or delete shows.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test-utils';
import { uuidv7 } from '../../contract/ids';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';

const onPostgres = !!process.env.TEST_DATABASE_URL;
let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
}, 120_000);
afterAll(async () => { await t?.close(); });

type Tablet = { userId: string; cookie: string; deviceId: string; seq: number };
type Result = { id: string; status: string; code?: string };
type Sent = { giftId: string; counterId: string; sentAt: number; status?: string; mode: string };

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signIn(username: string, password: string): Promise<Tablet> {
  const deviceId = randomUUID();
  const l = await loginCookie(app, username, password, deviceId);
  return { userId: l.user.id, cookie: l.cookie, deviceId, seq: 0 };
}
async function push(tb: Tablet, mutations: Array<{ name: string; args: unknown }>): Promise<Result[]> {
  const ms = mutations.map((m) => ({ id: randomUUID(), seq: ++tb.seq, ...m }));
  const res = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: tb.cookie }, payload: { deviceId: tb.deviceId, mutations: ms } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Result[] }).results;
}
async function rest(tb: Tablet, method: 'POST', url: string, payload: unknown) {
  return app.inject({ method, url, headers: { cookie: tb.cookie }, payload: payload as object });
}
const rows = async <R>(q: ReturnType<typeof sql>) => (await app.db.execute(q) as unknown as { rows: R[] }).rows;

let nameSeq = 0;
/** One event's day, every actor at once: three tablets on counter A, an admin who closes A, opens B and tries to close the event. */
async function eventDay(r: () => number): Promise<() => Promise<{ eventId: string; sent: Sent[]; closedAt: Map<string, number>; edits: Map<string, { amount?: number; deleted?: boolean }> }>> {
  const n = ++nameSeq;
  const admin = await seedUser(app, `inv-admin-${n}-${randomUUID().slice(0, 6)}`, 'event_admin');
  const staff = await Promise.all([0, 1, 2].map((k) => seedUser(app, `inv-st${k}-${n}-${randomUUID().slice(0, 6)}`, 'counter_staff')));
  const eventId = await seedEvent(app, { adminIds: [admin.id] });
  const counterA = await seedCounter(app, eventId, { code: 'A', staffIds: staff.map((s) => s.id) });
  const counterB = await seedCounter(app, eventId, { code: 'B', staffIds: staff.map((s) => s.id), open: false });
  const tablets: Tablet[] = [];
  for (const s of staff) tablets.push(await signIn(s.username, s.password)); // one at a time: sign-ins are rate limited
  const adminTab = await signIn(admin.username, admin.password);
  const sent: Sent[] = [];
  const closedAt = new Map<string, number>();
  const edits = new Map<string, { amount?: number; deleted?: boolean }>();
  const gift = (counterId: string, consent: boolean) => {
    const id = uuidv7();
    const mode = r() < 0.7 ? 'cash' : r() < 0.5 ? 'upi' : 'item';
    return {
      id, eventId, counterId, receiptNo: `I-${id.slice(-12)}`, name: `கொடையாளர் ${n}`, village: 'மதுரை', mode,
      amount: mode === 'item' ? 0 : 101 + Math.floor(r() * 10) * 100, item: mode === 'item' ? 'வெள்ளி விளக்கு' : '',
      enteredAt: new Date().toISOString(), ...(consent ? { mobile: '9876543210', messageConsent: true } : {}),
    };
  };

  const tablet = async (tb: Tablet) => {
    const mine: string[] = [];
    for (let k = 0; k < 6; k++) {
      await pause(Math.floor(r() * 4));
      const roll = r();
      if (roll < 0.15 && mine.length) {
        // An edit or delete of one of this tablet's applied gifts.
        const id = mine[Math.floor(r() * mine.length)];
        const del = r() < 0.4;
        const amount = 1001 + Math.floor(r() * 9) * 1000;
        const [res] = await push(tb, [del
          ? { name: 'gift.delete', args: { id, reason: 'entered twice' } }
          : { name: 'gift.update', args: { id, baseVersion: 1, patch: { amount }, reason: 'wrong amount' } }]);
        if (res.status === 'applied') edits.set(id, { ...edits.get(id), ...(del ? { deleted: true } : { amount }) });
        continue;
      }
      const counterId = r() < 0.85 ? counterA : counterB;
      const gs = roll < 0.55 ? [gift(counterId, false)] : roll < 0.8 ? [gift(counterId, false), gift(counterId, false)] : [gift(counterId, true)];
      const at = performance.now();
      const out = gs.map((g): Sent => ({ giftId: g.id, counterId, sentAt: at, mode: g.mode }));
      sent.push(...out);
      const res = await push(tb, gs.map((g) => ({ name: 'gift.create', args: g })));
      res.forEach((x, i) => {
        out[i].status = x.status;
        if (x.status === 'applied' && gs[i].mode !== 'item') mine.push(gs[i].id);
      });
    }
  };
  const adminScript = async () => {
    await pause(Math.floor(r() * 12));
    const close = (id: string) => push(adminTab, [{ name: 'counter.close', args: { id, tally: { counts: { n500: 1 }, countedTotal: 500, reason: null } } }]);
    // Counter B opens while the event is being closed; then A closes while tablets push.
    const [openB, closeEvent] = await Promise.all([
      rest(adminTab, 'POST', `/moi/counters/${counterB}/open`, {}),
      r() < 0.5 ? rest(adminTab, 'POST', `/moi/events/${eventId}/status`, { status: 'closed' }) : Promise.resolve(null),
      (async () => {
        const [res] = await close(counterA);
        if (res.status === 'applied') closedAt.set(counterA, performance.now());
      })(),
    ]);
    void openB; void closeEvent;
    await pause(Math.floor(r() * 6));
    const [resB] = await close(counterB);
    if (resB.status === 'applied') closedAt.set(counterB, performance.now());
    await rest(adminTab, 'POST', `/moi/events/${eventId}/status`, { status: 'closed' });
  };
  return async () => {
    await Promise.all([...tablets.map(tablet), adminScript()]);
    return { eventId, sent, closedAt, edits };
  };
}

async function checkInvariants(day: Awaited<ReturnType<Awaited<ReturnType<typeof eventDay>>>>): Promise<void> {
  const { eventId, sent, closedAt, edits } = day;
  // R1: every closed counter's count equals its live, un-flagged cash gifts.
  const counted = await rows<{ id: string; status: string; cash_gifts: number | null; sum: number }>(sql`
    select c.id, c.status, (c.tally->>'cashGifts')::int as cash_gifts,
      coalesce((select sum(g.amount) from gifts g where g.counter_id = c.id and g.mode = 'cash' and g.deleted_at is null
        and not (g.flags @> '["after_close"]'::jsonb)), 0)::int as sum
    from counters c where c.event_id = ${eventId} and c.tally is not null`);
  for (const c of counted) expect({ counter: c.id, counted: c.cash_gifts }).toEqual({ counter: c.id, counted: c.sum });
  // R2: a gift pushed after its counter's close answered is stored and flagged.
  const stored = new Map((await rows<{ id: string; flags: string[]; amount: number; deleted: boolean }>(sql`
    select id, flags, amount, deleted_at is not null as deleted from gifts where event_id = ${eventId}`)).map((g) => [g.id, g]));
  for (const s of sent) {
    const close = closedAt.get(s.counterId);
    if (close !== undefined && s.sentAt > close) expect({ gift: s.giftId, flags: stored.get(s.giftId)?.flags }).toEqual({ gift: s.giftId, flags: expect.arrayContaining(['after_close']) });
  }
  // R4: no closed event has an open counter.
  const open = await rows<{ n: number }>(sql`select count(*)::int as n from events e join counters c on c.event_id = e.id where e.id = ${eventId} and e.status = 'closed' and c.status = 'open'`);
  expect(open[0].n).toBe(0);
  // Nothing lost, nothing doubled: stored = answered applied; money is never refused.
  const applied = sent.filter((s) => s.status === 'applied').map((s) => s.giftId).sort();
  expect(sent.filter((s) => s.status !== 'applied')).toEqual([]);
  expect([...stored.keys()].sort()).toEqual(applied);
  for (const [id, e] of edits) {
    if (e.deleted) expect(stored.get(id)?.deleted).toBe(true);
    if (e.amount !== undefined && !e.deleted) expect(stored.get(id)?.amount).toBe(e.amount);
  }
}

describe(`the rules of the record under concurrency (${onPostgres ? 'postgres' : 'pglite'})`, () => {
  it('random interleavings of pushes, edits, closes and opens keep every invariant', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
      const r = rng(seed);
      const ready = [];
      for (let k = 0; k < (onPostgres ? 8 : 3); k++) ready.push(await eventDay(r));
      const days = await Promise.all(ready.map((run) => run()));
      for (const d of days) await checkInvariants(d);
    }), { numRuns: onPostgres ? 6 : 2, endOnFailure: true });
  }, 300_000);
});
