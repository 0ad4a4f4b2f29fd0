// Idempotency records do not grow for ever: old ones are pruned, and a gift replayed after its
// record was pruned is still stored once (its id answers duplicate).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test-utils';
import { appliedMutations, gifts } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';
import { pruneAppliedMutations } from './sync-push';

let t: TestApp;
let who: { id: string; cookie: string; deviceId: string };
let eventId = '';
let counterId = '';

beforeAll(async () => {
  t = await createTestApp();
  const u = await seedUser(t.app, `prune${randomUUID().slice(0, 6)}`, 'counter_staff');
  const deviceId = randomUUID();
  const l = await loginCookie(t.app, u.username, u.password, deviceId);
  who = { id: u.id, cookie: l.cookie, deviceId };
  eventId = await seedEvent(t.app);
  counterId = await seedCounter(t.app, eventId, { code: 'A', staffIds: [u.id] });
}, 120_000);
afterAll(async () => { await t?.close(); });

const mutation = (seq: number) => {
  const id = uuidv7();
  return { id: randomUUID(), seq, name: 'gift.create', args: { id, eventId, counterId, receiptNo: `P-${seq}-${id.slice(-6)}`, name: 'வள்ளி', village: 'சேலம்', amount: 1001, mode: 'cash', enteredAt: new Date().toISOString(), enteredBy: who.id } };
};
async function push(m: ReturnType<typeof mutation>) {
  const res = await t.app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: who.cookie }, payload: { deviceId: who.deviceId, mutations: [m] } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Array<{ status: string }> }).results[0].status;
}

describe('applied_mutations pruning', () => {
  it('removes records older than 30 days, keeps recent ones, and a replayed old gift is still stored once', async () => {
    const old = mutation(1);
    const recent = mutation(2);
    expect(await push(old)).toBe('applied');
    expect(await push(recent)).toBe('applied');
    await t.app.db.update(appliedMutations).set({ at: sql`now() - interval '40 days'` }).where(eq(appliedMutations.id, old.id));
    expect(await pruneAppliedMutations(t.app.db, true)).toBeGreaterThanOrEqual(1);
    const left = (await t.app.db.select({ id: appliedMutations.id }).from(appliedMutations)).map((r) => r.id);
    expect(left).not.toContain(old.id);
    expect(left).toContain(recent.id);
    // The tablet's outbox sends the old entry again (a restored backup): no second gift.
    expect(await push(old)).toBe('duplicate');
    expect(await push(recent)).toBe('duplicate');
    const n = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(gifts).where(eq(gifts.id, old.args.id));
    expect(n[0].n).toBe(1);
  });
});
