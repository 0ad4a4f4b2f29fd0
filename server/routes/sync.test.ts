// Push/pull against the real app and a real database (PGlite; PostgreSQL when TEST_DATABASE_URL is set).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils';
import { giftAudit, gifts, users } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';
import { changeTypes } from '../../contract/sync';

type Raw = { id: string; seq: number; name: string; args: unknown };
let t: TestApp;
let app: FastifyInstance;
const W: Record<string, { id: string; cookie: string; deviceId: string; code: string }> = {};
let eventId = '';
let otherEventId = '';
let counterA = '';
let counterB = '';
let counterOther = '';
let seq = 0;

function gift(counterId: string, by: string, over: Record<string, unknown> = {}) {
  const id = uuidv7();
  return {
    id, eventId, counterId, receiptNo: `A-T1-${String(++seq).padStart(4, '0')}-${id.slice(-6)}`, name: 'முருகன்', village: 'மதுரை',
    amount: 501, mode: 'cash', enteredAt: new Date().toISOString(), enteredBy: by, ...over,
  };
}
const mut = (name: string, args: unknown): Raw => ({ id: randomUUID(), seq: ++seq, name, args });

async function push(who: string, mutations: Raw[]) {
  const u = W[who];
  const res = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: u.cookie }, payload: { deviceId: u.deviceId, mutations } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Array<{ id: string; status: string; code?: string; message?: string }> }).results;
}
async function pullAll(who: string, limit = 1000) {
  const changes: Array<{ type: string; id: string; row?: Record<string, unknown>; deleted?: boolean }> = [];
  let since = 0;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/moi/sync/pull?since=${since}&limit=${limit}`, headers: { cookie: W[who].cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { changes: typeof changes; cursor: number; hasMore: boolean };
    changes.push(...body.changes);
    since = body.cursor;
    if (!body.hasMore) return changes;
  }
}
const giftCount = async (id: string) => Number((await app.db.select({ n: sql<number>`count(*)` }).from(gifts).where(eq(gifts.id, id)))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const mk = async (key: string, role: 'app_admin' | 'event_admin' | 'event_owner' | 'counter_staff') => {
    const u = await seedUser(app, `${key}${randomUUID().slice(0, 6)}`, role);
    const deviceId = randomUUID();
    const l = await loginCookie(app, u.username, u.password, deviceId);
    W[key] = { id: u.id, cookie: l.cookie, deviceId, code: l.device?.code ?? '' };
  };
  await mk('admin', 'app_admin');
  await mk('evadmin', 'event_admin');
  await mk('otheradmin', 'event_admin');
  await mk('owner', 'event_owner');
  await mk('staffA', 'counter_staff');
  await mk('staffA2', 'counter_staff');
  await mk('staffB', 'counter_staff');
  await mk('staffOther', 'counter_staff');
  eventId = await seedEvent(app, { adminIds: [W.evadmin.id], ownerIds: [W.owner.id] });
  otherEventId = await seedEvent(app, { adminIds: [W.otheradmin.id], title: 'Other' });
  counterA = await seedCounter(app, eventId, { code: 'A', staffIds: [W.staffA.id, W.staffA2.id], pins: { [W.staffA2.id]: { salt: 's', hash: 'h' } } });
  counterB = await seedCounter(app, eventId, { code: 'B', staffIds: [W.staffB.id] });
  counterOther = await seedCounter(app, otherEventId, { code: 'A', staffIds: [W.staffOther.id] });
}, 120_000);
afterAll(async () => { await t?.close(); });

describe(`sync push (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('refuses an anonymous push with 401 and a malformed body with 400', async () => {
    const anon = await app.inject({ method: 'POST', url: '/moi/sync/push', payload: { deviceId: randomUUID(), mutations: [] } });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('unauthenticated');
    const bad = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: W.staffA.cookie }, payload: { deviceId: 'nope', mutations: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_body');
  });

  it('applies a batch once: the same batch again answers duplicate and stores nothing twice', async () => {
    const batch = [mut('gift.create', gift(counterA, W.staffA.id)), mut('gift.create', gift(counterA, W.staffA.id))];
    const first = await push('staffA', batch);
    expect(first.map((r) => r.status), JSON.stringify(first)).toEqual(['applied', 'applied']);
    expect((await push('staffA', batch)).map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    for (const m of batch) expect(await giftCount((m.args as { id: string }).id)).toBe(1);
  });

  it('answers duplicate when the same mutation id appears twice in one batch', async () => {
    const m = mut('gift.create', gift(counterA, W.staffA.id));
    expect((await push('staffA', [m, m])).map((r) => r.status)).toEqual(['applied', 'duplicate']);
  });

  it('rejects bad or unauthorized mutations one by one without blocking the rest', async () => {
    const good1 = mut('gift.create', gift(counterA, W.staffA.id));
    const malformed = mut('gift.create', { ...gift(counterA, W.staffA.id), amount: -5 });
    const unknown = mut('gift.explode', {});
    const otherCounter = mut('gift.create', gift(counterB, W.staffA.id));
    const good2 = mut('gift.create', gift(counterA, W.staffA2.id)); // a colleague on the shared tablet
    const notStaff = mut('gift.create', gift(counterA, W.staffB.id)); // claims an author who never used this device
    const good3 = mut('signup.create', { id: uuidv7(), name: 'Selvi', mobile: '9876543210', functionType: 'wedding', expectedDate: null, plan: 'smart_track', createdAt: new Date().toISOString() });
    const r = await push('staffA', [good1, malformed, unknown, otherCounter, good2, notStaff, good3]);
    expect(r.map((x) => x.status)).toEqual(['applied', 'rejected', 'rejected', 'rejected', 'applied', 'applied', 'applied']);
    expect(r[1].code).toBe('invalid_body');
    expect(r[2].code).toBe('invalid_body');
    expect(r[3].code).toBe('not_found'); // another counter: staff see only their own
    expect(await giftCount((good2.args as { id: string }).id)).toBe(1);
    // The unconfirmed author is not recorded: the gift is the signed-in user's, flagged for review.
    const [claimed] = await app.db.select().from(gifts).where(eq(gifts.id, (notStaff.args as { id: string }).id));
    expect(claimed).toMatchObject({ enteredBy: W.staffA.id, flags: ['author_unverified'] });
    expect(await giftCount((otherCounter.args as { id: string }).id)).toBe(0);
  });

  it('rejects a second gift with a receipt number already used in the event', async () => {
    const g1 = gift(counterA, W.staffA.id);
    const g2 = { ...gift(counterA, W.staffA.id), receiptNo: g1.receiptNo };
    const r = await push('staffA', [mut('gift.create', g1), mut('gift.create', g2)]);
    expect(r.map((x) => x.status)).toEqual(['applied', 'rejected']);
    expect(r[1].code).toBe('duplicate_receipt');
  });

  it('event owners cannot record gifts; another event’s admin cannot touch this event', async () => {
    expect((await push('owner', [mut('gift.create', gift(counterA, W.owner.id))]))[0].code).toBe('not_assigned');
    // Out of scope answers as if the counter did not exist.
    expect((await push('otheradmin', [mut('gift.create', gift(counterA, W.otheradmin.id))]))[0].code).toBe('not_found');
    expect((await push('evadmin', [mut('gift.create', gift(counterA, W.evadmin.id))]))[0].status).toBe('applied');
  });

  it('edits: staff only their own entries, admins any; last writer wins per field with audit rows', async () => {
    const g = gift(counterA, W.staffA.id);
    await push('staffA', [mut('gift.create', g)]);
    const byColleague = await push('staffA2', [mut('gift.update', { id: g.id, baseVersion: 1, patch: { amount: 1001 }, reason: 'typo', by: W.staffA2.id })]);
    expect(byColleague[0].code).toBe('forbidden');
    // Two edits from version 1 on different fields: both survive.
    const r = await push('staffA', [
      mut('gift.update', { id: g.id, baseVersion: 1, patch: { amount: 1001 }, reason: 'typo', by: W.staffA.id }),
      mut('gift.update', { id: g.id, baseVersion: 1, patch: { village: 'தேனி' }, reason: 'village', by: W.evadmin.id }),
    ]);
    expect(r.map((x) => x.status)).toEqual(['applied', 'applied']);
    const noReason = await push('evadmin', [mut('gift.update', { id: g.id, baseVersion: 3, patch: { name: 'x' }, reason: '  ', by: W.evadmin.id })]);
    expect(noReason[0].status).toBe('rejected');
    const [row] = await app.db.select().from(gifts).where(eq(gifts.id, g.id));
    expect(row).toMatchObject({ amount: 1001, village: 'தேனி', version: 3 });
    const audits = await app.db.select().from(giftAudit).where(eq(giftAudit.giftId, g.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['update', 'update']);
    // Delete and restore by the event admin, each audited.
    expect((await push('evadmin', [mut('gift.delete', { id: g.id, reason: 'wrong event', by: W.evadmin.id, at: new Date().toISOString() })]))[0].status).toBe('applied');
    expect((await push('evadmin', [mut('gift.restore', { id: g.id, reason: 'found', by: W.evadmin.id, at: new Date().toISOString() })]))[0].status).toBe('applied');
    const after = await app.db.select().from(giftAudit).where(eq(giftAudit.giftId, g.id));
    expect(after.map((a) => a.action).sort()).toEqual(['delete', 'restore', 'update', 'update']);
  });

  it('closing a counter re-checks the tally; gifts arriving after the close land flagged, outside the count', async () => {
    const cId = await seedCounter(app, eventId, { code: 'C', staffIds: [W.staffA.id] });
    const before = { ...gift(cId, W.staffA.id, { amount: 700, enteredAt: new Date(Date.now() - 60_000).toISOString() }) };
    await push('staffA', [mut('gift.create', gift(cId, W.staffA.id, { amount: 300 }))]);
    const closedAt = new Date().toISOString();
    const tally = (counts: Record<string, number>, counted: number, expected: number, reason: string | null) => ({
      counts, countedTotal: counted, expectedCash: expected, difference: counted - expected, reason, closedBy: W.staffA.id, closedAt,
    });
    const wrongSum = await push('staffA', [mut('counter.close', { id: cId, tally: tally({ n500: 1 }, 600, 300, 'x') })]);
    expect(wrongSum[0].code).toBe('invalid_body');
    const noReason = await push('staffA', [mut('counter.close', { id: cId, tally: tally({ n500: 1 }, 500, 300, null) })]);
    expect(noReason[0].code).toBe('reason_required');
    const ok = await push('staffA', [mut('counter.close', { id: cId, tally: tally({ n200: 1, n100: 1 }, 300, 300, null) })]);
    expect(ok[0].status).toBe('applied');
    // The offline device's gifts arrive after the close: recorded, flagged, never refused.
    expect((await push('staffA', [mut('gift.create', before)]))[0].status).toBe('applied');
    const lateGift = gift(cId, W.staffA.id, { enteredAt: new Date(Date.now() + 1000).toISOString() });
    expect((await push('staffA', [mut('gift.create', lateGift)]))[0].status).toBe('applied');
    const flagged = await app.db.select({ flags: gifts.flags }).from(gifts).where(eq(gifts.counterId, cId));
    expect(flagged.map((f) => f.flags.join()).sort()).toEqual(['', 'after_close', 'after_close']);
    // Staff cannot open counters; the event admin cannot reopen one closed with a count.
    expect((await push('staffA', [mut('counter.open', { id: cId, by: W.staffA.id, at: new Date().toISOString() })]))[0].code).toBe('forbidden');
    expect((await push('evadmin', [mut('counter.open', { id: cId, by: W.evadmin.id, at: new Date().toISOString() })]))[0].code).toBe('counter_closed');
  });

  it('profile.update follows the update rules: own name yes, own mobile or someone else no', async () => {
    const r = await push('staffA', [
      mut('profile.update', { id: W.staffA.id, name: 'Kumar', lastUpdatedBy: W.staffA.id }),
      mut('profile.update', { id: W.staffA.id, mobile: '9000000001', lastUpdatedBy: W.staffA.id }),
      mut('profile.update', { id: W.staffB.id, name: 'Hacker', lastUpdatedBy: W.staffA.id }),
    ]);
    expect(r.map((x) => x.code ?? x.status)).toEqual(['applied', 'forbidden', 'forbidden']);
  });

  it('profile.update refuses a username that differs from another only in letter case (sign-in ignores case)', async () => {
    const other = await seedUser(app, `Kannan${randomUUID().slice(0, 6)}`, 'counter_staff');
    const nameOf = async (id: string) => (await app.db.select({ username: users.username }).from(users).where(eq(users.id, id)))[0].username;
    const mine = await nameOf(W.admin.id);
    const r = await push('admin', [
      mut('profile.update', { id: W.admin.id, username: other.username.toUpperCase(), lastUpdatedBy: W.admin.id }),
      mut('profile.update', { id: W.admin.id, username: other.username.toLowerCase(), lastUpdatedBy: W.admin.id }),
    ]);
    expect(r.map((x) => x.code ?? x.status)).toEqual(['username_taken', 'username_taken']);
    expect(await nameOf(W.admin.id)).toBe(mine);
    // Both still sign in with what they were given.
    expect((await loginCookie(app, other.username, other.password, randomUUID())).cookie).toBeTruthy();
  });

  it('a rejected mutation, retried after the cause is fixed, is applied (not stuck as duplicate)', async () => {
    const cId = await seedCounter(app, eventId, { code: 'D', staffIds: [] });
    const m = mut('gift.create', gift(cId, W.staffB.id));
    expect((await push('staffB', [m]))[0].code).toBe('not_found');
    await app.db.execute(sql`insert into counter_staff (counter_id, user_id) values (${cId}, ${W.staffB.id})`);
    // Its seq was answered: the same seq answers the same rejection; Retry resends under a new seq.
    expect((await push('staffB', [m]))[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
    const retry = { ...m, seq: m.seq + 1000 };
    expect((await push('staffB', [retry]))[0].status).toBe('applied');
    expect((await push('staffB', [retry]))[0].status).toBe('duplicate');
  });
});

describe('sync pull scoping', () => {
  it('counter staff receive only their counters and those counters’ gifts, never another event’s rows', async () => {
    await push('staffB', [mut('gift.create', gift(counterB, W.staffB.id))]);
    await push('staffOther', [mut('gift.create', { ...gift(counterOther, W.staffOther.id), eventId: otherEventId })]);
    const a = await pullAll('staffA');
    const giftsA = a.filter((c) => c.type === 'gift');
    expect(giftsA.length).toBeGreaterThan(0);
    expect(giftsA.every((c) => c.row?.counterId !== counterB && c.row?.eventId === eventId)).toBe(true);
    expect(a.filter((c) => c.type === 'counter').map((c) => c.id)).not.toContain(counterB);
    expect(a.some((c) => c.type === 'event' && c.id === eventId)).toBe(true);
    expect(a.some((c) => c.id === otherEventId || c.row?.eventId === otherEventId)).toBe(false);
    expect(a.filter((c) => c.type === 'staffPin').map((c) => c.row?.userId)).toEqual([W.staffA2.id]);
    expect(a.filter((c) => c.type === 'user').map((c) => c.id)).toEqual([W.staffA.id]);
    const b = await pullAll('staffB');
    expect(b.filter((c) => c.type === 'gift').every((c) => c.row?.counterId === counterB || c.row?.counterId !== counterA)).toBe(true);
    expect(b.some((c) => c.type === 'gift' && c.row?.counterId === counterA)).toBe(false);
  });

  it('event owners see all gifts of their event only; app_admin sees every event', async () => {
    const o = await pullAll('owner');
    const counterIds = new Set(o.filter((c) => c.type === 'gift').map((c) => c.row?.counterId));
    expect(counterIds.has(counterA) && counterIds.has(counterB)).toBe(true);
    expect(o.some((c) => c.row?.eventId === otherEventId || c.id === otherEventId)).toBe(false);
    const ad = await pullAll('admin');
    expect(ad.some((c) => c.type === 'gift' && c.row?.eventId === otherEventId)).toBe(true);
  });

  it('pages with a cursor and hasMore, and sends each entity once per page with its latest row', async () => {
    const full = await pullAll('owner', 5000);
    const paged = await pullAll('owner', 3);
    const latest = (list: typeof full) => new Map(list.map((c) => [`${c.type}:${c.id}`, JSON.stringify(c.row ?? null)]));
    expect(latest(paged)).toEqual(latest(full));
    const ids = full.map((c) => `${c.type}:${c.id}`);
    expect(new Set(ids).size).toBe(ids.length);
    // The edited, deleted and restored gift arrives once, as it is now.
    const gNow = full.filter((c) => c.type === 'gift' && c.row?.village === 'தேனி');
    expect(gNow).toHaveLength(1);
    expect(gNow[0].row).toMatchObject({ amount: 1001, version: 5, deletedAt: null });
  });

  it('an empty pull returns no changes, hasMore false and a cursor that never goes back', async () => {
    const first = await app.inject({ method: 'GET', url: '/moi/sync/pull?since=0&limit=5000', headers: { cookie: W.staffOther.cookie } });
    const { cursor } = first.json() as { cursor: number };
    const again = await app.inject({ method: 'GET', url: `/moi/sync/pull?since=${cursor}`, headers: { cookie: W.staffOther.cookie } });
    const body = again.json() as { changes: unknown[]; cursor: number; hasMore: boolean; scope: unknown };
    expect(body).toMatchObject({ changes: [], hasMore: false, scope: (first.json() as { scope: unknown }).scope });
    // The cursor is the change feed's visibility horizon: on PostgreSQL the cluster's transaction ids
    // (other databases' work too) may move it on between two pulls, never back.
    expect(body.cursor).toBeGreaterThanOrEqual(cursor);
  });
});

describe('sync pull: a scope that grows is back-filled', () => {
  type Page = { changes: Array<{ type: string; id: string; row?: Record<string, unknown>; deleted?: boolean }>; cursor: number; hasMore: boolean; scope: Record<string, string> };
  /** Every page from `since` (optionally only some types): the changes, the final cursor and the last scope. */
  async function pullFrom(who: string, since: number, types?: string[]) {
    const changes: Page['changes'] = [];
    for (;;) {
      const res = await app.inject({ method: 'GET', url: `/moi/sync/pull?since=${since}&limit=4${types ? `&types=${types.join(',')}` : ''}`, headers: { cookie: W[who].cookie } });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as Page;
      changes.push(...page.changes);
      since = page.cursor;
      if (!page.hasMore) return { changes, cursor: since, scope: page.scope };
    }
  }
  const grownTypes = (a: Record<string, string>, b: Record<string, string>) => changeTypes.filter((t) => a[t] !== b[t]).sort();

  it('a staff member newly assigned to a counter: the gift fingerprint changes and a back-fill brings that counter’s older gifts', async () => {
    const older = gift(counterB, W.staffB.id, { name: 'பழைய பதிவு' });
    await push('staffB', [mut('gift.create', older)]);
    const before = await pullFrom('staffA2', 0);
    expect(before.changes.some((c) => c.id === older.id)).toBe(false);
    const bystander = await pullFrom('staffA', 0);

    const assign = await app.inject({ method: 'PUT', url: `/moi/counters/${counterB}/staff`, headers: { cookie: W.evadmin.cookie }, payload: { userIds: [W.staffB.id, W.staffA2.id] } });
    expect(assign.statusCode, assign.body).toBe(200);

    const next = await pullFrom('staffA2', before.cursor);
    expect(next.changes.some((c) => c.type === 'counter' && c.id === counterB)).toBe(true);
    const grown = grownTypes(before.scope, next.scope);
    // Handovers (issue 18) are scoped like gifts: they grow with the counters.
    expect(grown).toEqual(['audit', 'counter', 'gift', 'handover', 'staffPin']);
    const back = await pullFrom('staffA2', 0, grown);
    expect(back.changes.find((c) => c.id === older.id)?.row).toMatchObject({ counterId: counterB, name: 'பழைய பதிவு', amount: 501 });
    expect(back.changes.every((c) => (grown as string[]).includes(c.type))).toBe(true);
    expect(back.changes.some((c) => c.row?.eventId === otherEventId)).toBe(false);
    expect(back.scope).toEqual(next.scope);
    // Someone whose scope did not change keeps the same fingerprints (no needless back-fill).
    expect((await pullFrom('staffA', bystander.cursor)).scope).toEqual(bystander.scope);
  });

  it('an owner newly given an event: the event and its earlier gifts come through a back-fill of the types that grew', async () => {
    const earlier = { ...gift(counterOther, W.staffOther.id, { name: 'முன்பே' }), eventId: otherEventId };
    await push('staffOther', [mut('gift.create', earlier)]);
    const before = await pullFrom('owner', 0);
    expect(before.changes.some((c) => c.id === otherEventId || c.id === earlier.id)).toBe(false);

    const grant = await app.inject({ method: 'PATCH', url: `/moi/events/${otherEventId}`, headers: { cookie: W.admin.cookie }, payload: { ownerIds: [W.owner.id] } });
    expect(grant.statusCode, grant.body).toBe(200);
    const next = await pullFrom('owner', before.cursor);
    const grown = grownTypes(before.scope, next.scope);
    // Nominees and handovers (issue 18) come with the event.
    expect(grown).toEqual(['audit', 'counter', 'event', 'gift', 'handover', 'nominee']);
    const back = await pullFrom('owner', 0, grown);
    expect(back.changes.find((c) => c.id === earlier.id)?.row).toMatchObject({ eventId: otherEventId, name: 'முன்பே' });
    expect(back.changes.some((c) => c.type === 'event' && c.id === otherEventId)).toBe(true);
    expect(back.changes.some((c) => c.type === 'counter' && c.id === counterOther)).toBe(true);
  });

  it('refuses an unknown change type in types= with 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/moi/sync/pull?since=0&types=gift,passwords', headers: { cookie: W.staffA.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_body');
  });
});
