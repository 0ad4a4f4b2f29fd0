// The record's rules (issue 13), one regression test per finding, against the real app and a real
// database (PGlite; PostgreSQL when TEST_DATABASE_URL is set): who did it is what the server knows,
// cash received is never refused, a closed count never changes, bad input is rejected alone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils';
import { counters, giftAudit, gifts, users } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';

type Result = { id: string; status: string; code?: string; message?: string };
type Who = { id: string; username: string; password: string; cookie: string; deviceId: string };
let t: TestApp;
let app: FastifyInstance;
const W: Record<string, Who> = {};
let eventId = '';
let counterA = '';
let seq = 0;

const MIN = 60_000;
function gift(counterId: string, over: Record<string, unknown> = {}) {
  const id = uuidv7();
  return {
    id, eventId, counterId, receiptNo: `R-${id.slice(-12)}`, name: 'முருகன்', village: 'மதுரை', amount: 501, mode: 'cash',
    enteredAt: new Date().toISOString(), ...over,
  };
}
const mut = (name: string, args: unknown, s = ++seq) => ({ id: randomUUID(), seq: s, name, args });

async function pushAs(who: Who, mutations: unknown[], extra: Record<string, unknown> = {}, deviceId = who.deviceId): Promise<Result[]> {
  const res = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: who.cookie }, payload: { deviceId, mutations, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Result[] }).results;
}
const push = (key: string, mutations: unknown[], extra: Record<string, unknown> = {}) => pushAs(W[key], mutations, extra);
const row = async (id: string) => (await app.db.select().from(gifts).where(eq(gifts.id, id)))[0];
const counterRow = async (id: string) => (await app.db.select().from(counters).where(eq(counters.id, id)))[0];
const tally = (counts: Record<string, number>, total: number, expected: number, over: Record<string, unknown> = {}) => ({
  counts, countedTotal: total, expectedCash: expected, difference: total - expected, reason: total === expected ? null : 'short', ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const mk = async (key: string, role: 'app_admin' | 'event_admin' | 'event_owner' | 'counter_staff') => {
    const u = await seedUser(app, `${key}${randomUUID().slice(0, 6)}`, role);
    const deviceId = randomUUID();
    const l = await loginCookie(app, u.username, u.password, deviceId);
    W[key] = { ...u, cookie: l.cookie, deviceId };
  };
  for (const [k, r] of [['admin', 'app_admin'], ['evadmin', 'event_admin'], ['otheradmin', 'event_admin'], ['staffA', 'counter_staff'], ['staffA2', 'counter_staff'], ['staffB', 'counter_staff']] as const) await mk(k, r);
  eventId = await seedEvent(app, { adminIds: [W.evadmin.id] });
  await seedEvent(app, { adminIds: [W.otheradmin.id], title: 'Other' });
  counterA = await seedCounter(app, eventId, { code: 'A', staffIds: [W.staffA.id, W.staffA2.id] });
  await seedCounter(app, eventId, { code: 'B', staffIds: [W.staffB.id] });
}, 120_000);
afterAll(async () => { await t?.close(); });

describe(`who did it is what the server knows (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('staff cannot create a gift in a coworker’s name: the claim is ignored and flagged', async () => {
    const g = gift(counterA, { authorId: W.staffA2.id });
    expect((await push('staffA', [mut('gift.create', g)]))[0].status).toBe('applied');
    expect(await row(g.id)).toMatchObject({ enteredBy: W.staffA.id, pushedBy: null, flags: ['author_unverified'] });
  });

  it('a gift cannot name the app admin, a user outside the counter or free text as its author', async () => {
    for (const claim of [W.admin.id, W.staffB.id, '<img src=x onerror=alert(1)>']) {
      const g = gift(counterA, { authorId: claim });
      expect((await push('staffA', [mut('gift.create', g)]))[0].status).toBe('applied');
      expect((await row(g.id)).enteredBy).toBe(W.staffA.id);
    }
  });

  it('staff cannot edit a coworker’s gift “as” the coworker, not even naming them as PIN author', async () => {
    const g = gift(counterA, { authorId: W.staffA.id });
    await push('staffA', [mut('gift.create', g)]);
    const r = await push('staffA2', [
      mut('gift.update', { id: g.id, baseVersion: 1, patch: { amount: 5 }, reason: 'typo', by: W.staffA.id }),
      mut('gift.update', { id: g.id, baseVersion: 1, patch: { amount: 5 }, reason: 'typo', pinAuthorId: W.staffA.id }),
      mut('gift.delete', { id: g.id, reason: 'x', by: W.staffA.id, at: new Date().toISOString() }),
    ]);
    expect(r.map((x) => x.code)).toEqual(['forbidden', 'forbidden', 'forbidden']);
    expect((await row(g.id)).amount).toBe(501);
  });

  it('an update is recorded as the signed-in user, never as the app admin or an HTML string; deletedAt is the server’s', async () => {
    const g = gift(counterA, { authorId: W.staffA.id });
    await push('staffA', [mut('gift.create', g)]);
    const r = await push('staffA', [
      mut('gift.update', { id: g.id, baseVersion: 1, patch: { amount: 1001 }, reason: 'typo', by: W.admin.id }),
      mut('gift.update', { id: g.id, baseVersion: 2, patch: { village: 'தேனி' }, reason: 'village', by: '<b>boss</b>' }),
      mut('gift.delete', { id: g.id, reason: 'wrong', by: W.admin.id, at: '2001-01-01T00:00:00.000Z' }),
    ]);
    expect(r.map((x) => x.status)).toEqual(['applied', 'applied', 'applied']);
    const audits = await app.db.select().from(giftAudit).where(eq(giftAudit.giftId, g.id));
    expect(audits.map((a) => a.by)).toEqual([W.staffA.id, W.staffA.id, W.staffA.id]);
    const after = await row(g.id);
    expect(after.deletedBy).toBe(W.staffA.id);
    expect(Math.abs(Date.parse(after.deletedAt!) - Date.now())).toBeLessThan(MIN);
  });

  it('a PIN-switched author is recorded only when assigned to the counter', async () => {
    const ok = gift(counterA, { authorId: W.staffA.id, pinAuthorId: W.staffA2.id });
    const outsider = gift(counterA, { authorId: W.staffA.id, pinAuthorId: W.staffB.id });
    const admin = gift(counterA, { authorId: W.staffA.id, pinAuthorId: W.admin.id });
    expect((await push('staffA', [mut('gift.create', ok), mut('gift.create', outsider), mut('gift.create', admin)])).map((x) => x.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await row(ok.id)).toMatchObject({ enteredBy: W.staffA.id, pinAuthorId: W.staffA2.id, flags: [] });
    expect(await row(outsider.id)).toMatchObject({ enteredBy: W.staffA.id, pinAuthorId: null, flags: ['pin_dropped'] });
    expect(await row(admin.id)).toMatchObject({ pinAuthorId: null, flags: ['pin_dropped'] });
    // On an edit too: the audit names the PIN author only when assigned.
    await push('staffA', [
      mut('gift.update', { id: ok.id, baseVersion: 1, patch: { amount: 601 }, reason: 'typo', pinAuthorId: W.staffA2.id }),
      mut('gift.update', { id: ok.id, baseVersion: 2, patch: { amount: 701 }, reason: 'typo', pinAuthorId: W.admin.id }),
    ]);
    const audits = await app.db.select().from(giftAudit).where(eq(giftAudit.giftId, ok.id));
    expect(audits.map((a) => [a.by, a.pinAuthorId])).toEqual([[W.staffA.id, W.staffA2.id], [W.staffA.id, null]]);
  });

  it('shared tablet: the previous person’s gifts land as theirs, pushed by the new user; flagged when that author is now disabled or unassigned', async () => {
    const tablet = randomUUID();
    const prev = await seedUser(app, `prev${randomUUID().slice(0, 6)}`, 'counter_staff');
    const gone = await seedUser(app, `gone${randomUUID().slice(0, 6)}`, 'counter_staff');
    const c = await seedCounter(app, eventId, { code: 'S', staffIds: [W.staffA.id, prev.id] });
    await loginCookie(app, prev.username, prev.password, tablet);
    await loginCookie(app, gone.username, gone.password, tablet); // signed in here once, never assigned to S
    const now = await loginCookie(app, W.staffA.username, W.staffA.password, tablet);
    const me: Who = { ...W.staffA, cookie: now.cookie, deviceId: tablet };
    const g1 = gift(c, { authorId: prev.id });
    const g2 = gift(c, { enteredBy: prev.id }); // an older outbox's shape
    const g3 = gift(c, { authorId: gone.id });
    expect((await pushAs(me, [mut('gift.create', g1), mut('gift.create', g2), mut('gift.create', g3)])).map((x) => x.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await row(g1.id)).toMatchObject({ enteredBy: prev.id, pushedBy: W.staffA.id, flags: [] });
    expect(await row(g2.id)).toMatchObject({ enteredBy: prev.id, pushedBy: W.staffA.id, flags: [] });
    expect(await row(g3.id)).toMatchObject({ enteredBy: gone.id, pushedBy: W.staffA.id, flags: ['author_inactive'] });
    // The previous person is disabled before the rest of their entries are pushed: they still land, flagged.
    await app.db.update(users).set({ disabled: true }).where(eq(users.id, prev.id));
    const g4 = gift(c, { authorId: prev.id });
    expect((await pushAs(me, [mut('gift.create', g4)]))[0].status).toBe('applied');
    expect(await row(g4.id)).toMatchObject({ enteredBy: prev.id, flags: ['author_inactive'] });
  });

  it('shared tablet, next person from another counter: the previous person’s queued gifts land as theirs, sent by the new person; a gift naming someone never signed in on the tablet is still refused', async () => {
    const tablet = randomUUID();
    const prev = await seedUser(app, `prevx${randomUUID().slice(0, 6)}`, 'counter_staff');
    const c = await seedCounter(app, eventId, { code: 'X', staffIds: [prev.id] });
    await loginCookie(app, prev.username, prev.password, tablet);
    const next = await loginCookie(app, W.staffB.username, W.staffB.password, tablet); // staff of counter B only
    const me: Who = { ...W.staffB, cookie: next.cookie, deviceId: tablet };
    const queued = gift(c, { authorId: prev.id });
    const stranger = gift(counterA, { authorId: W.staffA.id });
    const r = await pushAs(me, [mut('gift.create', queued), mut('gift.create', stranger)]);
    expect(r.map((x) => x.status)).toEqual(['applied', 'rejected']);
    expect(await row(queued.id)).toMatchObject({ enteredBy: prev.id, pushedBy: W.staffB.id, flags: [] });
    expect(r[1].code).toBe('not_found');
  });

  it('a signed-in user with no part in the counter is still refused (access, not cash)', async () => {
    const r = await push('staffB', [mut('gift.create', gift(counterA, { authorId: W.staffA.id }))]);
    expect(r[0].code).toBe('not_found');
    expect((await push('otheradmin', [mut('gift.create', gift(counterA))]))[0].code).toBe('not_found');
  });
});

describe('clocks, closes and the closed count', () => {
  it('a 10-minutes-fast tablet’s gifts keyed before another tablet closed the counter land flagged after_close; a slow tablet’s later gifts too; the closed tally never changes', async () => {
    const c = await seedCounter(app, eventId, { code: 'K', staffIds: [W.staffA.id, W.staffA2.id] });
    const onTime = gift(c, { amount: 300 });
    await push('staffA', [mut('gift.create', onTime)]);
    // Fast tablet (device clock = real + 10 min) keys a gift 2 minutes before the close; it knows its offset.
    const keyedReal = Date.now() - 2 * MIN;
    const fast = gift(c, { amount: 700, enteredAt: new Date(keyedReal + 10 * MIN).toISOString(), clockOffsetMs: -10 * MIN, authorId: W.staffA2.id });
    const closed = await push('staffA', [mut('counter.close', { id: c, tally: tally({ n200: 1, n100: 1 }, 300, 300) })]);
    expect(closed[0].status).toBe('applied');
    const closedTally = (await counterRow(c)).tally;
    expect(closedTally).toMatchObject({ expectedCash: 300, countedTotal: 300, difference: 0, closedBy: W.staffA.id });

    expect((await push('staffA2', [mut('gift.create', fast)]))[0].status).toBe('applied');
    const f = await row(fast.id);
    expect(f.flags).toEqual(['after_close']);
    expect(Math.abs(Date.parse(f.enteredAt) - keyedReal)).toBeLessThan(1000);
    expect(Date.parse(f.deviceEnteredAt!)).toBe(keyedReal + 10 * MIN);
    expect(Number(f.clockOffsetMs)).toBe(-10 * MIN);

    // Slow tablet (device clock = real − 10 min) keys a gift after the close; it sends no offset but the push's sentAt.
    const slowNow = Date.now() - 10 * MIN;
    const slow = gift(c, { amount: 601, enteredAt: new Date(slowNow).toISOString(), authorId: W.staffA2.id });
    expect((await push('staffA2', [mut('gift.create', slow)], { sentAt: new Date(slowNow).toISOString() }))[0].status).toBe('applied');
    const s = await row(slow.id);
    expect(s.flags).toEqual(['after_close']);
    expect(Math.abs(Date.parse(s.enteredAt) - Date.now())).toBeLessThan(5000);
    expect(Date.parse(s.enteredAt)).toBeLessThanOrEqual(Date.parse(s.receivedAt));

    expect((await counterRow(c)).tally).toEqual(closedTally);
    // The counter view shows the late gifts apart from the closed count.
    const list = await app.inject({ method: 'GET', url: `/moi/counters?eventId=${eventId}`, headers: { cookie: W.evadmin.cookie } });
    const view = (list.json() as { counters: Array<{ id: string; afterClose?: { count: number; cash: number } }> }).counters.find((x) => x.id === c);
    expect(view?.afterClose).toEqual({ count: 2, cash: 1301 });
  });

  it('a tablet whose clock is years off still records its gifts: flagged clock_wrong, timed by the server, its own time kept', async () => {
    const heard = gift(counterA, { enteredAt: '2020-01-01T10:00:00.000Z', clockOffsetMs: Date.now() - Date.parse('2020-01-01T10:00:00.000Z') });
    const never = gift(counterA, { enteredAt: '2020-01-01T10:00:00.000Z' }); // never heard the server, no offset
    const before = Date.now();
    expect((await push('staffA', [mut('gift.create', heard), mut('gift.create', never)])).map((x) => x.status)).toEqual(['applied', 'applied']);
    for (const id of [heard.id, never.id]) {
      const g = await row(id);
      expect(g.flags).toEqual(['clock_wrong']);
      expect(Date.parse(g.enteredAt)).toBeGreaterThan(before - 60_000);
      expect(Date.parse(g.deviceEnteredAt!)).toBe(Date.parse('2020-01-01T10:00:00.000Z'));
    }
    // A few minutes off is a slow clock, not a wrong one: corrected, not flagged.
    const slow = gift(counterA, { clockOffsetMs: 5 * MIN });
    await push('staffA', [mut('gift.create', slow)]);
    expect((await row(slow.id)).flags).toEqual([]);
  });

  it('closedAt is the server’s: a device’s 2099 cannot keep a closed counter taking gifts unflagged', async () => {
    const c = await seedCounter(app, eventId, { code: 'F', staffIds: [W.staffA.id] });
    const r = await push('staffA', [mut('counter.close', { id: c, tally: tally({}, 0, 0, { closedAt: '2099-01-01T00:00:00.000Z', closedBy: W.admin.id }) })]);
    expect(r[0].status).toBe('applied');
    const row2 = await counterRow(c);
    expect(Date.parse(row2.closedAt!)).toBeLessThanOrEqual(Date.now());
    expect(row2.closedBy).toBe(W.staffA.id);
    const g = gift(c);
    await push('staffA', [mut('gift.create', g)]);
    expect((await row(g.id)).flags).toEqual(['after_close']);
  });

  it('closing an event with an open counter answers 409 counters_open; with every counter closed it closes, and later gifts are flagged', async () => {
    const ev = await seedEvent(app, { adminIds: [W.evadmin.id] });
    const c = await seedCounter(app, ev, { code: 'A', staffIds: [W.staffA.id] });
    const close = () => app.inject({ method: 'POST', url: `/moi/events/${ev}/status`, headers: { cookie: W.evadmin.cookie }, payload: { status: 'closed' } });
    const refused = await close();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'counters_open' });
    expect(refused.json().message).toContain('A');
    expect((await push('staffA', [mut('counter.close', { id: c, tally: tally({}, 0, 0) })]))[0].status).toBe('applied');
    expect((await close()).statusCode).toBe(200);
    const g = { ...gift(c), eventId: ev };
    expect((await push('staffA', [mut('gift.create', g)]))[0].status).toBe('applied');
    expect((await row(g.id)).flags).toEqual(['after_close']);
  });

  it('the REST open is the same rule as counter.open: other event’s admin 404, closed-with-count 409', async () => {
    const c = await seedCounter(app, eventId, { code: 'R', open: false });
    const open = (who: string) => app.inject({ method: 'POST', url: `/moi/counters/${c}/open`, headers: { cookie: W[who].cookie } });
    expect((await open('otheradmin')).statusCode).toBe(404);
    const ok = await open('evadmin');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().counter).toMatchObject({ status: 'open', openedBy: W.evadmin.id });
    await push('evadmin', [mut('counter.close', { id: c, tally: tally({}, 0, 0) })]);
    const again = await open('evadmin');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('counter_closed');
  });

  it('the event admin marks a flagged gift reviewed (server’s who and when, audited); staff 403, another event’s admin 404', async () => {
    const g = gift(counterA, { authorId: W.staffB.id });
    await push('staffA', [mut('gift.create', g)]);
    const review = (who: string) => app.inject({ method: 'POST', url: `/moi/gifts/${g.id}/review`, headers: { cookie: W[who].cookie }, payload: {} });
    expect((await review('staffA')).statusCode).toBe(403);
    expect((await review('otheradmin')).statusCode).toBe(404);
    const ok = await review('evadmin');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().gift).toMatchObject({ id: g.id, reviewedBy: W.evadmin.id, flags: ['author_unverified'] });
    const audits = await app.db.select().from(giftAudit).where(eq(giftAudit.giftId, g.id));
    expect(audits.map((a) => [a.action, a.by])).toEqual([['review', W.evadmin.id]]);
  });

  it('every /moi answer carries X-Server-Time', async () => {
    const before = Date.now();
    const res = await app.inject({ method: 'GET', url: '/moi/health' });
    const at = Number(res.headers['x-server-time']);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
    const unauth = await app.inject({ method: 'GET', url: '/moi/auth/me' });
    expect(unauth.headers['x-server-time']).toBeDefined();
  });
});

describe('bad input is rejected alone', () => {
  it('seq 2^31 is rejected alone; the valid gift beside it is applied', async () => {
    const good = gift(counterA);
    const r = await push('staffA', [mut('gift.create', gift(counterA), 2 ** 31), mut('gift.create', good)]);
    expect(r.map((x) => x.status)).toEqual(['rejected', 'applied']);
    expect(r[0].code).toBe('invalid_body');
    expect(await row(good.id)).toBeDefined();
  });

  it('the same gift twice in one batch (two mutation ids): the second answers duplicate', async () => {
    const g = gift(counterA);
    const r = await push('staffA', [mut('gift.create', g), mut('gift.create', { ...g, amount: 9999 })]);
    expect(r.map((x) => x.status)).toEqual(['applied', 'duplicate']);
    expect((await row(g.id)).amount).toBe(501);
  });

  it('a tally with a denomination that is not configured is refused', async () => {
    const c = await seedCounter(app, eventId, { code: 'T', staffIds: [W.staffA.id] });
    for (const counts of [{ n2000: 1 }, { x5: 1 }, { n7: 1 }] as Array<Record<string, number>>) {
      const total = Object.entries(counts).reduce((s, [k, n]) => s + Number(k.slice(1)) * n, 0);
      const r = await push('staffA', [mut('counter.close', { id: c, tally: tally(counts, total, 0) })]);
      expect(r[0].code, JSON.stringify(counts)).toBe('invalid_body');
    }
    expect((await counterRow(c)).status).toBe('open');
  });

  it('an out-of-scope gift and a missing one answer the same not_found', async () => {
    const g = gift(counterA);
    await push('staffA', [mut('gift.create', g)]);
    const r = await push('otheradmin', [
      mut('gift.update', { id: g.id, baseVersion: 1, patch: { amount: 5 }, reason: 'x' }),
      mut('gift.update', { id: uuidv7(), baseVersion: 1, patch: { amount: 5 }, reason: 'x' }),
    ]);
    expect(r.map((x) => [x.code, x.message])).toEqual([['not_found', 'Gift not found'], ['not_found', 'Gift not found']]);
  });

  it('old-shape queued mutations (enteredBy, by/at, closedBy/closedAt, lastUpdatedBy) are still accepted', async () => {
    const c = await seedCounter(app, eventId, { code: 'O', staffIds: [W.staffA.id], open: false });
    const g = gift(c, { enteredBy: W.staffA.id });
    const at = new Date().toISOString();
    const r1 = await push('evadmin', [mut('counter.open', { id: c, by: W.evadmin.id, at })]);
    const r2 = await push('staffA', [
      mut('gift.create', g),
      mut('gift.update', { id: g.id, baseVersion: 1, patch: { amount: 601 }, reason: 'typo', by: W.staffA.id }),
      mut('gift.delete', { id: g.id, reason: 'dup', by: W.staffA.id, at }),
      mut('gift.restore', { id: g.id, reason: 'found', by: W.staffA.id, at }),
      mut('counter.close', { id: c, tally: tally({ n500: 1, n100: 1, c1: 1 }, 601, 601, { closedBy: W.staffA.id, closedAt: at }) }),
      mut('profile.update', { id: W.staffA.id, name: 'Kumar', lastUpdatedBy: W.staffA.id }),
    ]);
    expect([...r1, ...r2].map((x) => x.code ?? x.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied', 'applied', 'applied']);
    expect(await row(g.id)).toMatchObject({ enteredBy: W.staffA.id, amount: 601, deletedAt: null, flags: [] });
  });
});
