// The push (issue 26: one path): a batch of gift.create is written by one insert in a savepoint;
// when that write fails in the database, the run's gifts are written one by one so only the
// culprit is rejected, and nothing is applied twice. Replays answer from the device's cursor. Its
// change-log NOTIFY is deferred (migration 0010) and the live hub announces many commits in one.
// On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test-utils';
import { uuidv7 } from '../../contract/ids';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';
import { LIVE_CHANNEL } from '../live';

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
    // Timing-free: the hub's announce is held while three gifts commit (a note about their gifts
    // heard then came from a push itself), then the three commits are handed to it together and go
    // out as one. Other notes (the ledger matcher's, after the gifts) may come and go meanwhile.
    const live = (app as unknown as { live: { announce(n: { t: number; ge: Set<string>; gc: Set<string> }): void; flushAnnounced(): Promise<void> } }).live;
    expect(live).toBeDefined();
    type Heard = { t: number; ge?: string[]; gc?: string[] };
    const heard: Heard[] = [];
    const held: Array<{ t: number; ge: Set<string>; gc: Set<string> }> = [];
    // Notes about this counter from these pushes' transactions or later ones: an earlier test's commits
    // (announced before the hold, their 25 ms timer still running) carry smaller transaction ids.
    const aboutTheseGifts = () => heard.filter((n) => (n.ge?.includes(eventId) || n.gc?.includes(counterId)) && n.t >= Math.min(...held.map((h) => h.t)));
    // What the earlier tests' pushes handed the hub goes out now, before anyone listens.
    await live.flushAnnounced();
    const announce = live.announce.bind(live);
    live.announce = (n) => { held.push(n); };
    const listen = await listenFor(app, (p) => heard.push(JSON.parse(p) as Heard));
    try {
      const gs = [gift(), gift(), gift()];
      await Promise.all(gs.map((g) => push([mut(g)])));
      await new Promise((r) => setTimeout(r, 300));
      expect(aboutTheseGifts()).toEqual([]); // the pushes committed without a NOTIFY of their own
      expect(held).toHaveLength(3); // … and each handed its commit to the hub
      for (const n of held) announce(n);
      await live.flushAnnounced();
      await new Promise((r) => setTimeout(r, 300));
      const notes = aboutTheseGifts();
      expect(notes).toHaveLength(1);
      expect(notes[0].ge).toContain(eventId);
      expect(notes[0].gc).toContain(counterId);
      expect(notes[0].t).toBe(Math.max(...held.map((n) => n.t)));
    } finally {
      live.announce = announce;
      await listen();
    }
  });
});

describe(`single-gift pushes, one after another (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  // Whatever changes between two pushes of a tablet (its counter, device, assignment, session) is
  // seen at the next push.
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

describe(`the device's last applied seq (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  // Replicache's rule: a mutation at or below the device's cursor was answered before and answers
  // the same again; a rejected one is resent under a new seq (the device's Retry).
  const at = (s: number, args: ReturnType<typeof gift>, id: string = randomUUID()) => ({ id, seq: s, name: 'gift.create', args });
  type Answer = { results: Array<{ status: string; code?: string }>; lastSeq?: number };

  it('answers lastSeq; a replayed rejection answers the same rejection, and the same mutation under a new seq is evaluated again', async () => {
    const wrongCounter = { ...gift(), counterId: randomUUID() };
    const m = at(++seq, wrongCounter);
    const first = (await push([m])).json() as Answer;
    expect(first.results[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
    expect(first.lastSeq).toBe(m.seq);
    const replay = (await push([m])).json() as Answer;
    expect(replay.results[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
    // Corrected and retried under a new seq (the same mutation id): applied.
    const fixed = { ...m, seq: ++seq, args: { ...wrongCounter, counterId } };
    expect(((await push([fixed])).json() as Answer).results[0].status).toBe('applied');
    expect(await stored([wrongCounter.id])).toBe(1);
  });

  it('a mutation at or below the cursor that was applied answers duplicate and is not applied again', async () => {
    const g = gift();
    const upd = { id: randomUUID(), seq: 0, name: 'gift.update', args: { id: g.id, baseVersion: 1, patch: { note: 'first' }, reason: 'typo' } };
    const batch = [at(++seq, g), { ...upd, seq: ++seq }];
    expect(((await push(batch)).json() as Answer).results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(((await push(batch)).json() as Answer).results.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    const audit = await app.db.execute(sql`select count(*)::int as n from gift_audit where gift_id = ${g.id} and action = 'update'`);
    expect((audit as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(1);
  });

  it('a gift.create whose seq fell below the cursor while its gift never arrived is applied by its own id, never lost', async () => {
    const late = gift();
    const lowSeq = ++seq;
    const later = gift();
    expect(((await push([at(++seq, later)])).json() as Answer).results[0].status).toBe('applied');
    const r = (await push([at(lowSeq, late)])).json() as Answer;
    expect(r.results[0].status).toBe('applied');
    expect(await stored([late.id, later.id])).toBe(2);
    expect(((await push([at(lowSeq, late)])).json() as Answer).results[0].status).toBe('duplicate');
  });

  it('a seq out of range is rejected alone and does not move the cursor', async () => {
    const g = gift();
    const r = (await push([{ ...at(0, gift()), seq: -5 }, at(++seq, g)])).json() as Answer;
    expect(r.results.map((x) => x.status)).toEqual(['rejected', 'applied']);
    expect(r.lastSeq).toBe(seq);
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
