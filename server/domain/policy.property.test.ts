// Property: for random actors (the four roles, in and out of scope), random targets and random
// mutations, the client's guard — contract/policy.ts evaluated on what the actor's device pulled —
// and the real server (real app, real database) give the same answer.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Counter, Gift, MoiEvent, User } from '../../contract/entities';
import { policy, policyActorFrom, type Decision, type PolicyActor } from '../../contract/policy';
import { createTestApp, type TestApp } from '../test-utils';
import { gifts } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';

type Who = { id: string; cookie: string; deviceId: string; scope: PolicyActor; gifts: Map<string, Gift>; counters: Map<string, Counter>; self: User };
let t: TestApp;
let app: FastifyInstance;
const W: Record<string, Who> = {};
const C: Record<string, string> = {};
const G: Record<string, string> = {};
let E1 = '';
let E2 = '';
let seq = 0;

async function push(who: Who, name: string, args: unknown) {
  const res = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: who.cookie }, payload: { deviceId: who.deviceId, mutations: [{ id: randomUUID(), seq: ++seq, name, args }] } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Array<{ status: string; code?: string }> }).results[0];
}

/** What the device knows after a full pull: its events, counters, gifts and own user row. */
async function deviceView(cookie: string, user: { id: string; role: User['role'] }) {
  const changes: Array<{ type: string; id: string; row?: unknown }> = [];
  let since = 0;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/moi/sync/pull?since=${since}&limit=5000`, headers: { cookie } });
    const body = res.json() as { changes: typeof changes; cursor: number; hasMore: boolean };
    changes.push(...body.changes);
    since = body.cursor;
    if (!body.hasMore) break;
  }
  const rows = <T>(type: string) => changes.filter((c) => c.type === type && c.row).map((c) => c.row as T);
  const events = rows<MoiEvent>('event');
  const counters = rows<Counter>('counter');
  return {
    scope: policyActorFrom(user, events, counters),
    counters: new Map(counters.map((c) => [c.id, c])),
    gifts: new Map(rows<Gift>('gift').map((g) => [g.id, g])),
    self: rows<User>('user').find((u) => u.id === user.id)!,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const roles = { appAdmin: 'app_admin', evadmin: 'event_admin', otheradmin: 'event_admin', owner: 'event_owner', otherOwner: 'event_owner', s1: 'counter_staff', s2: 'counter_staff', s3: 'counter_staff', idle: 'counter_staff' } as const;
  const made: Record<string, { id: string; username: string; password: string }> = {};
  for (const [k, r] of Object.entries(roles)) made[k] = await seedUser(app, `${k}${randomUUID().slice(0, 6)}`, r);
  E1 = await seedEvent(app, { adminIds: [made.evadmin.id], ownerIds: [made.owner.id] });
  E2 = await seedEvent(app, { adminIds: [made.otheradmin.id], ownerIds: [made.otherOwner.id], title: 'Other' });
  C.A = await seedCounter(app, E1, { code: 'A', staffIds: [made.s1.id] });
  C.B = await seedCounter(app, E1, { code: 'B', staffIds: [made.s2.id] });
  C.X = await seedCounter(app, E2, { code: 'A', staffIds: [made.s3.id] });
  C.missing = uuidv7();
  for (const [k, u] of Object.entries(made)) {
    const deviceId = randomUUID();
    const l = await loginCookie(app, u.username, u.password, deviceId);
    W[k] = { id: u.id, cookie: l.cookie, deviceId, ...(await deviceView(l.cookie, { id: u.id, role: roles[k as keyof typeof roles] })) } as Who;
  }
  // One gift per counter, keyed by its staff member.
  for (const [c, s, ev] of [['A', 's1', E1], ['B', 's2', E1], ['X', 's3', E2]] as const) {
    const id = uuidv7();
    const r = await push(W[s], 'gift.create', { id, eventId: ev, counterId: C[c], receiptNo: `P-${id.slice(-10)}`, name: 'Ravi', amount: 101, enteredAt: new Date().toISOString() });
    expect(r.status).toBe('applied');
    G[c] = id;
  }
  G.missing = uuidv7();
  // Devices pull again so each knows the gifts it may see.
  for (const w of Object.values(W)) w.gifts = (await deviceView(w.cookie, { id: w.id, role: w.scope.role })).gifts;
}, 180_000);
afterAll(async () => { await t?.close(); });

const actorKeys = ['appAdmin', 'evadmin', 'otheradmin', 'owner', 'otherOwner', 's1', 's2', 's3', 'idle'];
const counterKeys = ['A', 'B', 'X', 'missing'];
const giftKeys = ['A', 'B', 'X', 'missing'];

const op = fc.oneof(
  fc.record({ kind: fc.constant('gift.create' as const), counter: fc.constantFrom(...counterKeys) }),
  fc.record({ kind: fc.constantFrom('gift.update' as const, 'gift.delete' as const, 'gift.restore' as const), gift: fc.constantFrom(...giftKeys) }),
  fc.record({ kind: fc.constantFrom('counter.open' as const, 'counter.close' as const), counter: fc.constantFrom(...counterKeys) }),
  fc.record({ kind: fc.constant('profile.update' as const), target: fc.constantFrom(...actorKeys), field: fc.constantFrom('name' as const, 'mobile' as const) }),
  fc.record({ kind: fc.constant('signup.create' as const) }),
);

describe(`the client policy and the server agree (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('for random actors, targets and mutations', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...actorKeys), op, async (who, o) => {
      const w = W[who];
      let decision: Decision;
      let name: string = o.kind;
      let args: unknown;
      // What the server answers when the policy allows (the mutations are built to have a known outcome).
      let allowedOutcome = 'applied';
      if (o.kind === 'gift.create') {
        const id = uuidv7();
        const c = w.counters.get(C[o.counter]);
        decision = policy['gift.create'](w.scope, c);
        args = { id, eventId: c?.eventId ?? E1, counterId: C[o.counter], receiptNo: `Q-${id.slice(-12)}`, name: 'Kala', amount: 51, enteredAt: new Date().toISOString() };
      } else if (o.kind === 'gift.update' || o.kind === 'gift.delete' || o.kind === 'gift.restore') {
        const g = w.gifts.get(G[o.gift]);
        decision = policy[o.kind](w.scope, g, g ? w.counters.get(g.counterId) : undefined);
        const [row] = G[o.gift] ? await app.db.select().from(gifts).where(eq(gifts.id, G[o.gift])) : [];
        if (o.kind === 'gift.update') {
          args = { id: G[o.gift], baseVersion: 1, patch: { note: row?.note ?? '' }, reason: 'check' };
          if (row?.deletedAt) allowedOutcome = 'conflict';
        } else args = { id: G[o.gift], reason: 'check' };
      } else if (o.kind === 'counter.open' || o.kind === 'counter.close') {
        const c = w.counters.get(C[o.counter]);
        decision = policy[o.kind](w.scope, c);
        // A close whose sum is wrong: allowed ones answer invalid_body, so no counter is really closed.
        args = o.kind === 'counter.open' ? { id: C[o.counter] } : { id: C[o.counter], tally: { counts: { n10: 1 }, countedTotal: 20, expectedCash: 0, difference: 20, reason: 'x' } };
        if (o.kind === 'counter.close') allowedOutcome = 'invalid_body';
      } else if (o.kind === 'profile.update') {
        const target = W[o.target];
        const change = o.field === 'name' ? { id: target.id, name: `N${seq}` } : { id: target.id, mobile: '9' + String(100_000_000 + seq).slice(-9) };
        const known = target.id === w.id ? w.self : w.scope.role === 'app_admin' ? { id: target.id } : undefined;
        decision = policy['profile.update'](w.scope, known, change);
        args = change;
      } else {
        name = 'signup.create';
        decision = policy['signup.create']();
        args = { id: uuidv7(), name: 'Selvi', mobile: '9876543210', functionType: 'wedding', expectedDate: null, plan: 'smart_track', createdAt: new Date().toISOString() };
      }
      const r = await push(w, name, args);
      const server = r.status === 'rejected' ? r.code : r.status;
      const client = decision.ok ? allowedOutcome : decision.code;
      expect(server, `${who} ${JSON.stringify(o)}`).toBe(client);
      // A staff member's own mobile change is refused; the app admin's goes through and stays consistent.
      if (o.kind === 'profile.update' && r.status === 'applied' && W[o.target].id === w.id && o.field === 'mobile') {
        w.self = { ...w.self, mobile: (args as { mobile: string }).mobile };
      }
    }), { numRuns: 120 });
  }, 180_000);
});
