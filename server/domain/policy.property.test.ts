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
import { events, gifts, orgMembers, organisations } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';

type Who = { id: string; cookie: string; deviceId: string; scope: PolicyActor; gifts: Map<string, Gift>; counters: Map<string, Counter>; events: Map<string, MoiEvent>; self: User };
let t: TestApp;
let app: FastifyInstance;
const W: Record<string, Who> = {};
const C: Record<string, string> = {};
const G: Record<string, string> = {};
let E1 = '';
let E2 = '';
let E3 = '';
let E4 = '';
const O: Record<string, string> = {};
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
    events: new Map(events.map((e) => [e.id, e])),
    gifts: new Map(rows<Gift>('gift').map((g) => [g.id, g])),
    self: rows<User>('user').find((u) => u.id === user.id)!,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const roles = { appAdmin: 'app_admin', evadmin: 'event_admin', otheradmin: 'event_admin', owner: 'event_owner', otherOwner: 'event_owner', s1: 'counter_staff', s2: 'counter_staff', s3: 'counter_staff', idle: 'counter_staff', hallA: 'event_admin', hallB: 'event_admin', poolA: 'counter_staff', poolIdle: 'counter_staff', poolB: 'counter_staff' } as const;
  const made: Record<string, { id: string; username: string; password: string }> = {};
  for (const [k, r] of Object.entries(roles)) made[k] = await seedUser(app, `${k}${randomUUID().slice(0, 6)}`, r);
  E1 = await seedEvent(app, { adminIds: [made.evadmin.id], ownerIds: [made.owner.id] });
  E2 = await seedEvent(app, { adminIds: [made.otheradmin.id], ownerIds: [made.otherOwner.id], title: 'Other' });
  C.A = await seedCounter(app, E1, { code: 'A', staffIds: [made.s1.id] });
  C.B = await seedCounter(app, E1, { code: 'B', staffIds: [made.s2.id] });
  C.X = await seedCounter(app, E2, { code: 'A', staffIds: [made.s3.id] });
  // Issue 29: two halls (organisations), each with an admin (a scope, not a role), an event and a
  // staff pool; poolA and poolB are on their hall's counter, poolIdle is in hall A's pool only.
  for (const [h, admin, pool] of [['HA', made.hallA, [made.poolA, made.poolIdle]], ['HB', made.hallB, [made.poolB]]] as const) {
    O[h] = uuidv7();
    await app.db.insert(organisations).values({ id: O[h], nameEn: `Hall ${h}` });
    await app.db.insert(orgMembers).values([{ orgId: O[h], userId: admin.id, role: 'admin' as const }, ...pool.map((p) => ({ orgId: O[h], userId: p.id, role: 'staff' as const }))]);
    const ev = await seedEvent(app, { title: `Hall ${h} wedding` });
    await app.db.update(events).set({ orgId: O[h] }).where(eq(events.id, ev));
    if (h === 'HA') E3 = ev;
    else E4 = ev;
  }
  C.HA = await seedCounter(app, E3, { code: 'A', staffIds: [made.poolA.id] });
  C.HB = await seedCounter(app, E4, { code: 'A', staffIds: [made.poolB.id] });
  C.missing = uuidv7();
  for (const [k, u] of Object.entries(made)) {
    const deviceId = randomUUID();
    const l = await loginCookie(app, u.username, u.password, deviceId);
    W[k] = { id: u.id, cookie: l.cookie, deviceId, ...(await deviceView(l.cookie, { id: u.id, role: roles[k as keyof typeof roles] })) } as Who;
  }
  // One gift per counter, keyed by its staff member.
  for (const [c, s, ev] of [['A', 's1', E1], ['B', 's2', E1], ['X', 's3', E2], ['HA', 'poolA', E3], ['HB', 'poolB', E4]] as const) {
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

const actorKeys = ['appAdmin', 'evadmin', 'otheradmin', 'owner', 'otherOwner', 's1', 's2', 's3', 'idle', 'hallA', 'hallB', 'poolA', 'poolIdle', 'poolB'];
const counterKeys = ['A', 'B', 'X', 'HA', 'HB', 'missing'];
const giftKeys = ['A', 'B', 'X', 'HA', 'HB', 'missing'];

const op = fc.oneof(
  fc.record({ kind: fc.constant('gift.create' as const), counter: fc.constantFrom(...counterKeys) }),
  fc.record({ kind: fc.constantFrom('gift.update' as const, 'gift.delete' as const, 'gift.restore' as const), gift: fc.constantFrom(...giftKeys) }),
  fc.record({ kind: fc.constant('gift.reprint' as const), gift: fc.constantFrom(...giftKeys) }),
  fc.record({ kind: fc.constantFrom('counter.open' as const, 'counter.close' as const), counter: fc.constantFrom(...counterKeys) }),
  fc.record({ kind: fc.constant('profile.update' as const), target: fc.constantFrom(...actorKeys), field: fc.constantFrom('name' as const, 'mobile' as const) }),
  fc.record({ kind: fc.constant('signup.create' as const) }),
  fc.record({ kind: fc.constant('event.bookVillages' as const), event: fc.constantFrom('E1', 'E2', 'E3', 'missing') }),
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
      } else if (o.kind === 'gift.reprint') {
        decision = policy['gift.reprint'](w.scope, w.gifts.get(G[o.gift]));
        args = { id: G[o.gift], copy: 2 };
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
      } else if (o.kind === 'event.bookVillages') {
        // The device decides on the event it pulled (none: not_found) and the counters it sees.
        const eventId = { E1, E2, E3, missing: C.missing }[o.event];
        decision = policy['event.bookVillages'](w.scope, w.events.get(eventId), [...w.counters.values()]);
        args = { id: eventId, villages: [{ from: 'Melur', to: `மேலூர் ${seq}` }] };
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

  it('two halls do not see each other: events, organisation pages, staff pools (issue 29)', async () => {
    const has = (w: Who, c: string) => w.counters.has(C[c]);
    expect(policy['counter.open'](W.hallA.scope, W.hallA.counters.get(C.HA)).ok).toBe(true);
    expect([has(W.hallA, 'HA'), has(W.hallA, 'HB'), has(W.hallB, 'HB'), has(W.hallB, 'HA')]).toEqual([true, false, true, false]);
    const page = (who: Who, h: string) => app.inject({ method: 'GET', url: `/moi/orgs/${O[h]}`, headers: { cookie: who.cookie } });
    expect((await page(W.hallA, 'HA')).statusCode).toBe(200);
    expect((await page(W.hallA, 'HB')).statusCode).toBe(404);
    expect((await page(W.hallB, 'HA')).statusCode).toBe(404);
    expect((await page(W.evadmin, 'HA')).statusCode).toBe(404);
    expect((await page(W.poolA, 'HA')).statusCode).toBe(403);
    // Hall A's admin puts its idle pool member on its counter, never hall B's staff.
    const assign = (who: Who, c: string, ids: string[]) => app.inject({ method: 'PUT', url: `/moi/counters/${C[c]}/staff`, headers: { cookie: who.cookie }, payload: { userIds: ids } });
    expect((await assign(W.hallA, 'HA', [W.poolA.id, W.poolB.id])).statusCode).toBe(404);
    expect((await assign(W.hallB, 'HA', [W.poolA.id])).statusCode).toBe(404);
    expect((await assign(W.hallA, 'HA', [W.poolA.id, W.poolIdle.id])).statusCode).toBe(200);
    const idle = await deviceView(W.poolIdle.cookie, { id: W.poolIdle.id, role: 'counter_staff' });
    expect([...idle.counters.keys()]).toEqual([C.HA]);
    // The hall's pool works the hall's events only: not a family event its admin also runs.
    const own = await seedEvent(app, { adminIds: [W.hallA.id], title: 'Hall A admin’s own family wedding' });
    C.own = await seedCounter(app, own, { code: 'A' });
    expect((await assign(W.hallA, 'own', [])).statusCode).toBe(200);
    expect((await assign(W.hallA, 'own', [W.poolIdle.id])).statusCode).toBe(404);
    expect((await assign(W.hallA, 'HA', [W.poolIdle.id])).statusCode).toBe(200);
  });
});

// Families (issue 30): the host shares the ledger with an editor and a viewer; a removed member and
// a stranger (another host) and counter staff are outside. The device's policy comes from what it
// pulled and the ledgers GET /moi/ledger/owners lists with its role.
describe(`a shared ledger: the client policy and the server agree (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  const F: Record<string, { id: string; cookie: string; deviceId: string; scope: PolicyActor }> = {};
  const P: string[] = [];
  let givenId = '';
  const call = async (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    const host = W.owner;
    const mk = async (k: string, role: User['role']) => {
      const u = await seedUser(app, `${k}${randomUUID().slice(0, 6)}`, role);
      const deviceId = randomUUID();
      const l = await loginCookie(app, u.username, u.password, deviceId);
      return { id: u.id, cookie: l.cookie, deviceId };
    };
    const members = { editor: await mk('editor', 'event_owner'), viewer: await mk('viewer', 'event_owner'), removed: await mk('removed', 'event_owner') };
    for (const [k, role] of [['editor', 'edit'], ['viewer', 'view'], ['removed', 'edit']] as const) {
      const inv = await call(host.cookie, 'POST', '/moi/ledger/household/invite', { label: k, role });
      expect(inv.statusCode, inv.body).toBe(200);
      const joined = await call(members[k].cookie, 'POST', '/moi/ledger/household/join', { token: inv.json().token });
      expect(joined.statusCode, joined.body).toBe(200);
      if (k === 'removed') expect((await call(host.cookie, 'DELETE', `/moi/ledger/household/${inv.json().member.id}`)).statusCode).toBe(200);
    }
    // Two people and a moi given in the host's ledger.
    for (let i = 0; i < 2; i++) {
      const id = uuidv7();
      P.push(id);
      givenId = uuidv7();
      expect((await push(W.owner, 'ledger.given.save', { id: givenId, newPerson: { id, name: `Kumar${i}`, village: 'Melur' }, functionType: 'wedding', date: '2026-01-10', amount: 501 })).status).toBe('applied');
    }
    const all = { ...members, host: { id: host.id, cookie: host.cookie, deviceId: host.deviceId }, stranger: W.otherOwner, staff: W.s1 };
    const roleOf = { editor: 'event_owner', viewer: 'event_owner', removed: 'event_owner', host: 'event_owner', stranger: 'event_owner', staff: 'counter_staff' } as const;
    for (const [k, who] of Object.entries(all)) {
      const view = await deviceView(who.cookie, { id: who.id, role: roleOf[k as keyof typeof roleOf] });
      const owners = await call(who.cookie, 'GET', '/moi/ledger/owners');
      const shared = owners.statusCode === 200 ? (owners.json() as { owners: Array<{ id: string; role?: 'view' | 'edit' | null }> }).owners : [];
      const user = { id: who.id, role: roleOf[k as keyof typeof roleOf] };
      F[k] = { id: who.id, cookie: who.cookie, deviceId: who.deviceId, scope: { ...view.scope, ledgerOf: policyActorFrom(user, [], [], shared).ledgerOf } };
    }
  }, 120_000);

  const famOp = fc.oneof(
    fc.record({ kind: fc.constant('ledger.given.save' as const), existing: fc.boolean() }),
    fc.record({ kind: fc.constant('ledger.invitation.save' as const) }),
    fc.record({ kind: fc.constant('ledger.given.delete' as const) }),
    fc.record({ kind: fc.constant('ledger.person.merge' as const) }),
    fc.record({ kind: fc.constant('read' as const) }),
  );

  it('for members, viewers, removed members, strangers and staff', async () => {
    const host = F.host.id;
    await fc.assert(fc.asyncProperty(fc.constantFrom('host', 'editor', 'viewer', 'removed', 'stranger', 'staff'), famOp, async (k, o) => {
      const w = F[k];
      if (o.kind === 'read') {
        const d = policy['ledger.read'](w.scope, host);
        const res = await call(w.cookie, 'GET', `/moi/ledger?ownerId=${host}`);
        // Counter staff are outside the ledger's routes altogether (403 before any ledger is looked at).
        const expected = w.scope.role === 'counter_staff' ? 403 : d.ok ? 200 : 404;
        expect(res.statusCode, `${k} read`).toBe(expected);
        return;
      }
      let decision: Decision;
      let args: object;
      const own = { ownerId: host };
      if (o.kind === 'ledger.given.save') {
        decision = policy['ledger.record'](w.scope, own);
        args = { id: uuidv7(), ownerId: host, ...(o.existing ? { personId: P[0] } : { newPerson: { id: uuidv7(), name: 'Selvi' } }), functionType: 'wedding', date: '2026-02-01', amount: 101 };
      } else if (o.kind === 'ledger.invitation.save') {
        decision = policy['ledger.record'](w.scope, own);
        args = { id: uuidv7(), ownerId: host, personId: P[1], functionType: 'wedding', date: '2027-02-01' };
      } else if (o.kind === 'ledger.given.delete') {
        decision = policy['ledger.record'](w.scope, own);
        args = { id: givenId };
      } else {
        // Merging people is the host's own work on the ledger's structure (ledger.write), never a member's.
        decision = policy['ledger.write'](w.scope, own);
        args = { id: uuidv7(), keepId: P[0], mergeId: P[1] };
        // An allowed merge would change the fixture: the host's merge is not sent, its decision is checked only.
        if (decision.ok) { expect(k).toBe('host'); return; }
      }
      const r = await push(w as unknown as Who, o.kind, args);
      const server = r.status === 'rejected' ? r.code : r.status;
      expect(server, `${k} ${JSON.stringify(o)}`).toBe(decision.ok ? 'applied' : decision.code);
    }), { numRuns: 60 });
  }, 120_000);
});
