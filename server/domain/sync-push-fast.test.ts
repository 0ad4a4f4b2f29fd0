// The push's hot path (issue 14, performance): a batch of gift.create is written without
// savepoints in one statement; when that write fails in the database, the push runs again with
// savepoints so only the culprit is rejected, and nothing is applied twice. Its change-log NOTIFY
// is deferred (migration 0010) and the live hub announces many commits in one NOTIFY.
// On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test-utils';
import { uuidv7 } from '../../contract/ids';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';
import { LIVE_CHANNEL } from '../live';
import { specForTests } from './push-speculative';

let t: TestApp;
let app: FastifyInstance;
let staff = { id: '', cookie: '', deviceId: '' };
let eventId = '';
let counterId = '';
let seq = 0;

const gift = (name = 'முருகன்') => {
  const id = uuidv7();
  return { id, eventId, counterId, receiptNo: `F-${++seq}-${id.slice(-6)}`, name, village: 'மதுரை', amount: 501, mode: 'cash', enteredAt: new Date().toISOString(), enteredBy: staff.id };
};
const mut = (args: ReturnType<typeof gift>) => ({ id: randomUUID(), seq: ++seq, name: 'gift.create', args });
async function push(mutations: unknown[], cookie = staff.cookie, deviceId = staff.deviceId) {
  const res = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie }, payload: { deviceId, mutations } });
  return res;
}
const stored = async (ids: string[]) => {
  const r = await app.db.execute(sql`select count(*)::int as n from gifts where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  return (r as unknown as { rows: Array<{ n: number }> }).rows[0].n;
};

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const s = await seedUser(app, `fast${randomUUID().slice(0, 6)}`, 'counter_staff');
  eventId = await seedEvent(app);
  counterId = await seedCounter(app, eventId, { code: 'A', staffIds: [s.id] });
  const deviceId = randomUUID();
  staff = { id: s.id, cookie: (await loginCookie(app, s.username, s.password, deviceId)).cookie, deviceId };
  // A fault only the database sees: a gift named BOOM fails its insert (the batch's one statement fails).
  await app.db.execute(sql`create or replace function test_boom() returns trigger language plpgsql as $$
    begin if new.name = 'BOOM' then raise exception 'boom'; end if; return new; end $$`);
  await app.db.execute(sql`create trigger test_boom before insert on gifts for each row execute function test_boom()`);
}, 120_000);
afterAll(async () => { await t?.close(); });

describe(`push of gift.create batches (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a database failure of one gift rejects only that one; the rest are applied once, and again answer duplicate', async () => {
    const gs = [gift(), gift(), gift('BOOM'), gift()];
    const batch = gs.map(mut);
    const res = await push(batch);
    expect(res.statusCode, res.body).toBe(200);
    const first = (res.json() as { results: Array<{ status: string; code?: string }> }).results;
    expect(first.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected', 'applied']);
    expect(first[2].code).toBe('internal_error');
    expect(await stored(gs.map((g) => g.id))).toBe(3);
    const again = (await push(batch)).json() as { results: Array<{ status: string }> };
    expect(again.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'rejected', 'duplicate']);
    expect(await stored(gs.map((g) => g.id))).toBe(3);
    // The change log has each stored gift once.
    const log = await app.db.execute(sql`select count(*)::int as n from change_log where type = 'gift' and entity_id in (${sql.join(gs.map((g) => sql`${g.id}`), sql`, `)})`);
    expect((log as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(3);
  });

  it('the same batch pushed twice at once (a retry racing its original): each gift applied once, the other answer duplicate', async () => {
    for (let round = 0; round < 3; round++) {
      const gs = [gift(), gift(), gift()];
      const batch = gs.map(mut);
      const [a, b] = await Promise.all([push(batch), push(batch)]);
      const ra = (a.json() as { results: Array<{ status: string }> }).results;
      const rb = (b.json() as { results: Array<{ status: string }> }).results;
      for (let i = 0; i < gs.length; i++) expect([ra[i].status, rb[i].status].sort()).toEqual(['applied', 'duplicate']);
      expect(await stored(gs.map((g) => g.id))).toBe(3);
    }
  });

  it('the same gift under two mutation ids, and a taken receipt number, in one batch', async () => {
    const g = gift();
    const taken = { ...gift(), receiptNo: g.receiptNo };
    const r = (await push([mut(g), mut(g), mut(taken)])).json() as { results: Array<{ status: string; code?: string }> };
    expect(r.results.map((x) => x.status)).toEqual(['applied', 'duplicate', 'rejected']);
    expect(r.results[2].code).toBe('duplicate_receipt');
  });

  it('answers 401 for a signed-out session, 400 for a malformed body, 403 for another device', async () => {
    expect((await push([mut(gift())], 'moi_session=nope')).statusCode).toBe(401);
    const bad = await push([{ id: 'x' }], 'moi_session=nope');
    expect(bad.statusCode).toBe(401);
    const malformed = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: staff.cookie }, payload: { deviceId: 'nope', mutations: [] } });
    expect(malformed.statusCode).toBe(400);
    const other = await push([mut(gift())], staff.cookie, randomUUID());
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('device_mismatch');
  });

  it('gift pushes send no NOTIFY of their own: the hub announces several commits in one', async () => {
    const handle = (app as unknown as { live: { announce: unknown } }).live;
    expect(handle).toBeDefined();
    const payloads: string[] = [];
    const listen = await listenFor(app, (p) => payloads.push(p));
    try {
      const gs = [gift(), gift(), gift()];
      await Promise.all(gs.map((g) => push([mut(g)])));
      await new Promise((r) => setTimeout(r, 300));
      const notes = payloads.map((p) => JSON.parse(p) as { t: number; ge?: string[]; gc?: string[] });
      expect(notes.length).toBeGreaterThanOrEqual(1);
      expect(notes.length).toBeLessThan(3);
      expect(notes.every((n) => n.ge?.includes(eventId) && n.gc?.includes(counterId))).toBe(true);
    } finally {
      await listen();
    }
  });
});

describe(`a counter's single-gift push from what this server already read (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  // After one push the server knows the tablet's session, scope and counter; the next single-gift
  // push is one statement that writes only if those rows are unchanged. Whatever changes in
  // between must be seen at the next push, exactly as on the ordinary path.
  type Tablet = { id: string; username: string; password: string; cookie: string; deviceId: string; counterId: string };
  async function tablet(): Promise<Tablet> {
    const s = await seedUser(app, `spec${randomUUID().slice(0, 6)}`, 'counter_staff');
    const c = await seedCounter(app, eventId, { code: `S${++seq}`, staffIds: [s.id] });
    const deviceId = randomUUID();
    return { ...s, cookie: (await loginCookie(app, s.username, s.password, deviceId)).cookie, deviceId, counterId: c };
  }
  const giftAt = (tb: Tablet, over: Record<string, unknown> = {}) => {
    const id = uuidv7();
    return { id, eventId, counterId: tb.counterId, receiptNo: `S-${++seq}-${id.slice(-6)}`, name: 'வள்ளி', village: 'கோவை', amount: 1001, mode: 'cash', enteredAt: new Date().toISOString(), enteredBy: tb.id, ...over };
  };
  const pushOne = async (tb: Tablet, m: { id: string; seq: number; name: string; args: unknown }) => {
    const res = await push([m], tb.cookie, tb.deviceId);
    return { code: res.statusCode, body: res.json() as { results: Array<{ status: string; code?: string }>; code?: string } };
  };
  const flagsOf = async (id: string) => {
    const r = await app.db.execute(sql`select flags from gifts where id = ${id}`);
    return (r as unknown as { rows: Array<{ flags: string[] | string }> }).rows[0]?.flags;
  };

  it('applies each gift once; the same mutation, the same gift again and a taken receipt number answer as ever', async () => {
    const tb = await tablet();
    const warm = giftAt(tb);
    expect((await pushOne(tb, mut(warm))).body.results[0].status).toBe('applied');
    const g = giftAt(tb);
    const m = mut(g);
    expect((await pushOne(tb, m)).body.results[0].status).toBe('applied');
    expect((await pushOne(tb, m)).body.results[0].status).toBe('duplicate');
    expect((await pushOne(tb, mut(g))).body.results[0].status).toBe('duplicate');
    const taken = (await pushOne(tb, mut({ ...giftAt(tb), receiptNo: g.receiptNo }))).body.results[0];
    expect(taken).toMatchObject({ status: 'rejected', code: 'duplicate_receipt' });
    expect(await stored([warm.id, g.id])).toBe(2);
    const log = await app.db.execute(sql`select count(*)::int as n from change_log where type = 'gift' and entity_id = ${g.id}`);
    expect((log as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(1);
  });

  it('a gift the database refuses is rejected alone; the push answers 200 and the next gift is applied', async () => {
    const tb = await tablet();
    expect((await pushOne(tb, mut(giftAt(tb)))).body.results[0].status).toBe('applied');
    const boom = await pushOne(tb, mut(giftAt(tb, { name: 'BOOM' })));
    expect(boom.code).toBe(200);
    expect(boom.body.results[0]).toMatchObject({ status: 'rejected', code: 'internal_error' });
    const next = giftAt(tb);
    expect((await pushOne(tb, mut(next))).body.results[0].status).toBe('applied');
    expect(await stored([next.id])).toBe(1);
  });

  it('a counter closed since the last push: the next gift is recorded and flagged after_close', async () => {
    const tb = await tablet();
    expect((await pushOne(tb, mut(giftAt(tb)))).body.results[0].status).toBe('applied');
    await app.db.execute(sql`update counters set status = 'closed' where id = ${tb.counterId}`);
    const late = giftAt(tb);
    expect((await pushOne(tb, mut(late))).body.results[0].status).toBe('applied');
    expect(await flagsOf(late.id)).toContain('after_close');
  });

  it('a device revoked, a staff member taken off the counter, a session signed out: the next push is refused', async () => {
    const revoked = await tablet();
    expect((await pushOne(revoked, mut(giftAt(revoked)))).body.results[0].status).toBe('applied');
    await app.db.execute(sql`update devices set revoked = true where id = ${revoked.deviceId}`);
    const r1 = giftAt(revoked);
    expect((await pushOne(revoked, mut(r1))).body.results[0]).toMatchObject({ status: 'rejected', code: 'unknown_device' });

    const moved = await tablet();
    expect((await pushOne(moved, mut(giftAt(moved)))).body.results[0].status).toBe('applied');
    await app.db.execute(sql`delete from counter_staff where counter_id = ${moved.counterId} and user_id = ${moved.id}`);
    const r2 = giftAt(moved);
    expect((await pushOne(moved, mut(r2))).body.results[0].status).toBe('rejected');

    const leaver = await tablet();
    expect((await pushOne(leaver, mut(giftAt(leaver)))).body.results[0].status).toBe('applied');
    await app.inject({ method: 'POST', url: '/moi/auth/logout', headers: { cookie: leaver.cookie } });
    const r3 = giftAt(leaver);
    expect((await pushOne(leaver, mut(r3))).code).toBe(401);
    expect(await stored([r1.id, r2.id, r3.id])).toBe(0);
  });
});

describe(`tablets' single-gift pushes that arrive together share one statement (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  // While one speculative statement runs (the limit is set to one here), the pushes that arrive
  // wait and the next turn writes them all in ONE statement: each row checked as if alone.
  type Tablet = { id: string; username: string; password: string; cookie: string; deviceId: string; counterId: string };
  async function tablet(): Promise<Tablet> {
    const s = await seedUser(app, `tog${randomUUID().slice(0, 6)}`, 'counter_staff');
    const c = await seedCounter(app, eventId, { code: `T${++seq}`, staffIds: [s.id] });
    const deviceId = randomUUID();
    const tb = { ...s, cookie: (await loginCookie(app, s.username, s.password, deviceId)).cookie, deviceId, counterId: c };
    // The first push goes the ordinary way and teaches the server this tablet's context.
    const warm = await push([mut(giftAt(tb))], tb.cookie, tb.deviceId);
    expect(warm.json().results[0].status).toBe('applied');
    return tb;
  }
  const giftAt = (tb: { id: string; counterId: string }, over: Record<string, unknown> = {}) => {
    const id = uuidv7();
    return { id, eventId, counterId: tb.counterId, receiptNo: `T-${++seq}-${id.slice(-6)}`, name: 'செல்வி', village: 'சேலம்', amount: 1116, mode: 'cash', enteredAt: new Date().toISOString(), enteredBy: tb.id, ...over };
  };
  const answer = async (tb: Tablet, m: ReturnType<typeof mut>) => {
    const res = await push([m], tb.cookie, tb.deviceId);
    return res.statusCode === 200 ? (res.json() as { results: Array<{ status: string; code?: string }> }).results[0] : { status: String(res.statusCode), code: res.json().code as string };
  };
  const sharedSoFar = () => specForTests.stats(app.db).batched;
  const writtenShared = () => specForTests.stats(app.db).written;
  /** Start the pushes while the statement is held, wait until all of them wait, then let them go together. */
  async function together<T>(n: number, start: () => Array<Promise<T>>): Promise<T[]> {
    specForTests.setLimit(0);
    const all = start();
    try {
      for (let i = 0; specForTests.waiting(app.db) < n; i++) {
        if (i > 500) throw new Error(`only ${specForTests.waiting(app.db)} of ${n} pushes reached the shared statement`);
        await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      specForTests.setLimit(1);
      specForTests.poke(app.db);
    }
    return Promise.all(all);
  }

  beforeAll(() => specForTests.setLimit(1));
  afterAll(() => specForTests.setLimit(null));

  it('eight tablets pushing at once, three rounds: every gift stored once, logged once, answered applied', async () => {
    const tablets = await Promise.all(Array.from({ length: 8 }, () => tablet()));
    const before = sharedSoFar();
    const wroteBefore = writtenShared();
    const ids: string[] = [];
    for (let round = 0; round < 3; round++) {
      const gs = tablets.map((tb) => giftAt(tb));
      ids.push(...gs.map((g) => g.id));
      const answers = await together(8, () => tablets.map((tb, i) => answer(tb, mut(gs[i]))));
      expect(answers.map((a) => a.status)).toEqual(tablets.map(() => 'applied'));
    }
    expect(sharedSoFar() - before).toBe(24);
    // The shared statement wrote them itself: its checks computed the digest each push remembered.
    expect(writtenShared() - wroteBefore).toBe(24);
    expect(await stored(ids)).toBe(ids.length);
    const log = await app.db.execute(sql`select count(*)::int as n, count(distinct entity_id)::int as d from change_log where type = 'gift' and entity_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    expect((log as unknown as { rows: Array<{ n: number; d: number }> }).rows[0]).toEqual({ n: ids.length, d: ids.length });
  });

  it('in one shared statement a revoked device, a staff member taken off, a signed-out session, a replay and a taken receipt are each answered as if alone', async () => {
    const [ok1, revoked, moved, leaver, replay, taken, ok2] = await Promise.all(Array.from({ length: 7 }, () => tablet()));
    const replayed = mut(giftAt(replay));
    expect((await answer(replay, replayed)).status).toBe('applied');
    const takenNo = giftAt(taken);
    expect((await answer(taken, mut(takenNo))).status).toBe('applied');
    await app.db.execute(sql`update devices set revoked = true where id = ${revoked.deviceId}`);
    await app.db.execute(sql`delete from counter_staff where counter_id = ${moved.counterId} and user_id = ${moved.id}`);
    await app.inject({ method: 'POST', url: '/moi/auth/logout', headers: { cookie: leaver.cookie } });

    const wroteBefore = writtenShared();
    const gs = { ok1: giftAt(ok1), revoked: giftAt(revoked), moved: giftAt(moved), leaver: giftAt(leaver), taken: giftAt(taken, { receiptNo: takenNo.receiptNo }), ok2: giftAt(ok2) };
    const before = sharedSoFar();
    const [a1, aRevoked, aMoved, aLeaver, aReplay, aTaken, a2] = await together(7, () => [
      answer(ok1, mut(gs.ok1)), answer(revoked, mut(gs.revoked)), answer(moved, mut(gs.moved)), answer(leaver, mut(gs.leaver)),
      answer(replay, replayed), answer(taken, mut(gs.taken)), answer(ok2, mut(gs.ok2)),
    ]);
    expect(sharedSoFar() - before).toBe(7);
    expect(writtenShared() - wroteBefore).toBe(2);
    expect(a1.status).toBe('applied');
    expect(a2.status).toBe('applied');
    expect(aRevoked).toMatchObject({ status: 'rejected', code: 'unknown_device' });
    expect(aMoved.status).toBe('rejected');
    expect(aLeaver.status).toBe('401');
    expect(aReplay.status).toBe('duplicate');
    expect(aTaken).toMatchObject({ status: 'rejected', code: 'duplicate_receipt' });
    expect(await stored([gs.ok1.id, gs.ok2.id])).toBe(2);
    expect(await stored([gs.revoked.id, gs.moved.id, gs.leaver.id, gs.taken.id])).toBe(0);
  });

  it('a gift the database refuses inside a shared statement is rejected alone; the others are applied once', async () => {
    const tablets = await Promise.all(Array.from({ length: 5 }, () => tablet()));
    const gs = tablets.map((tb, i) => giftAt(tb, i === 2 ? { name: 'BOOM' } : {}));
    const before = sharedSoFar();
    const answers = await together(5, () => tablets.map((tb, i) => answer(tb, mut(gs[i]))));
    expect(sharedSoFar() - before).toBe(5);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied', 'rejected', 'applied', 'applied']);
    expect(answers[2].code).toBe('internal_error');
    expect(await stored(gs.map((g) => g.id))).toBe(4);
  });

  it('one gift id pushed from two devices in one shared statement (a crafted push): stored once, applied for one of them only', async () => {
    const [a, b, c] = await Promise.all(Array.from({ length: 3 }, () => tablet()));
    const g = giftAt(a);
    const copy = { ...giftAt(b), id: g.id };
    const [ra, rb, rc] = await together(3, () => [answer(a, mut(g)), answer(b, mut(copy)), answer(c, mut(giftAt(c)))]);
    expect([ra.status, rb.status].filter((x) => x === 'applied')).toHaveLength(1);
    expect(rc.status).toBe('applied');
    expect(await stored([g.id])).toBe(1);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('one counter held by a row lock: its push waits, the other counters\' pushes do not wait for it (PostgreSQL; PGlite runs one transaction at a time)', async () => {
    const [held, ...others] = await Promise.all(Array.from({ length: 4 }, () => tablet()));
    const { default: pg } = await import('pg');
    const locker = new pg.Client({ connectionString: app.config.databaseUrl });
    await locker.connect();
    try {
      // A lock a gift's foreign-key check must wait for.
      await locker.query('begin');
      await locker.query('select id from counters where id = $1 for update', [held.counterId]);
      const g = giftAt(held);
      const waiting = answer(held, mut(g));
      await new Promise((r) => setTimeout(r, 50));
      const started = Date.now();
      const rest = await Promise.all(others.map((tb) => answer(tb, mut(giftAt(tb)))));
      const tookMs = Date.now() - started;
      expect(rest.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
      // Not the lock's time (released below, 4 s on): about the quarter second a statement may
      // hold its turn before the others go past it.
      expect(tookMs).toBeLessThan(2000);
      expect(await stored([g.id])).toBe(0);
      setTimeout(() => { void locker.query('commit'); }, 4000 - tookMs);
      expect((await waiting).status).toBe('applied');
      expect(await stored([g.id])).toBe(1);
    } finally {
      await locker.end();
    }
  }, 20_000);

  it('a retry racing its original (one device, one mutation, twice at once) among other pushes: applied once, then duplicate', async () => {
    const tablets = await Promise.all(Array.from({ length: 4 }, () => tablet()));
    const m = mut(giftAt(tablets[0]));
    const others = tablets.slice(1).map((tb) => mut(giftAt(tb)));
    const [x, y, ...rest] = await together(5, () => [answer(tablets[0], m), answer(tablets[0], m), ...others.map((o, i) => answer(tablets[i + 1], o))]);
    expect([x.status, y.status].sort()).toEqual(['applied', 'duplicate']);
    expect(rest.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await stored([(m.args as { id: string }).id])).toBe(1);
  });
});

/** LISTEN on the live channel through the app's own database handle (a dedicated connection on PostgreSQL). */
async function listenFor(a: FastifyInstance, on: (p: string) => void): Promise<() => Promise<void>> {
  const url = a.config.databaseUrl;
  if (url) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    c.on('notification', (n) => { if (n.payload) on(n.payload); });
    await c.query(`LISTEN ${LIVE_CHANNEL}`);
    return async () => { await c.end(); };
  }
  const pglite = (a.db as unknown as { $client: { listen(ch: string, cb: (p: string) => void): Promise<() => Promise<void>> } }).$client;
  return pglite.listen(LIVE_CHANNEL, on);
}
