// A device whose user is newly assigned to a counter receives that counter's older gifts: the
// device on fake-indexeddb, its sync loop, and the REAL server (buildApp + PGlite, or PostgreSQL
// with TEST_DATABASE_URL) through app.inject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ChangeType, PullScope } from '../../contract/sync';
import { ApiRequestError } from '../../src/lib/api';
import { MoiDb } from '../../src/data/db';
import { createGiftOn, updateGiftOn } from '../../src/data/gifts-repo';
import { META, metaGet, metaSet } from '../../src/data/outbox';
import { ScopeWatch } from '../../src/data/sync/pull-scope';
import { SyncEngine } from '../../src/data/sync/engine';
import type { SyncTransport } from '../../src/data/sync/transport';
import { createTestApp } from '../../server/test-utils';
import * as F from './fixtures';

let server: { app: FastifyInstance; close(): Promise<void> };
const mkErr = (status: number, code: string, message: string) => new ApiRequestError(status, code as never, message);

beforeAll(async () => {
  server = await createTestApp();
}, 180_000);
afterAll(async () => { await server?.close(); });

const dbs: MoiDb[] = [];
let serial = 0;
async function signedInDevice(user: { username: string; password: string }) {
  const app = server.app;
  const deviceId = crypto.randomUUID();
  const l = await F.loginCookie(app, user.username, user.password, deviceId);
  const db = new MoiDb(`moi-scope-${serial++}`);
  dbs.push(db);
  await db.open();
  await metaSet(db, META.deviceId, deviceId);
  await metaSet(db, META.deviceCode, l.device?.code ?? 'Z1');
  return { db, transport: F.injectTransport(app, () => l.cookie, mkErr) };
}
const engine = (db: MoiDb, transport: SyncTransport) =>
  new SyncEngine({ db, transport, useLocks: false, listenToWindow: false, timers: false, pullLimit: 3 });

afterAll(async () => {
  for (const d of dbs) {
    d.close();
    await d.delete();
  }
});

async function counterDay() {
  const app = server.app;
  const suffix = crypto.randomUUID().slice(0, 8);
  const admin = await F.seedUser(app, `adm${suffix}`, 'event_admin');
  const kavi = await F.seedUser(app, `kavi${suffix}`, 'counter_staff');
  const ravi = await F.seedUser(app, `ravi${suffix}`, 'counter_staff');
  const eventId = await F.seedEvent(app, { adminIds: [admin.id] });
  const counterA = await F.seedCounter(app, eventId, { code: 'A', staffIds: [kavi.id] });
  const counterB = await F.seedCounter(app, eventId, { code: 'B', staffIds: [ravi.id] });
  const adminCookie = (await F.loginCookie(app, admin.username, admin.password)).cookie;
  const assign = async (counterId: string, userIds: string[]) => {
    const res = await app.inject({ method: 'PUT', url: `/moi/counters/${counterId}/staff`, headers: { cookie: adminCookie }, payload: { userIds } });
    expect(res.statusCode, res.body).toBe(200);
  };
  // Ravi keys five gifts at counter B before Kavi is ever assigned there.
  const r = await signedInDevice(ravi);
  const bGifts = [];
  for (let i = 0; i < 5; i++) bGifts.push(await createGiftOn(r.db, { eventId, counterId: counterB, counterCode: 'B', name: `B கொடை ${i}`, amount: 1000 + i, enteredBy: ravi.id }));
  await engine(r.db, r.transport).drain();
  return { eventId, counterA, counterB, kavi, ravi, bGifts, assign };
}

describe('a scope that grows', () => {
  it('newly assigned to counter B, the device receives B’s gifts keyed before the assignment, and keeps its own unsynced edit', async () => {
    const day = await counterDay();
    const k = await signedInDevice(day.kavi);
    const mine = await createGiftOn(k.db, { eventId: day.eventId, counterId: day.counterA, counterCode: 'A', name: 'A கொடை', amount: 501, enteredBy: day.kavi.id });
    const e = engine(k.db, k.transport);
    await e.drain();
    expect(await k.db.gifts.where('counterId').equals(day.counterB).count()).toBe(0);
    const before = await metaGet<PullScope>(k.db, META.pullScope);
    expect(before?.gift).toBeTruthy();

    // Kavi corrects her gift; the server has not seen the correction yet when the back-fill runs.
    await updateGiftOn(k.db, mine.id, { amount: 5001 }, 'typo', day.kavi.id);
    const holdEdits: SyncTransport = { ...k.transport, push: async (b) => k.transport.push({ ...b, mutations: b.mutations.filter((m) => m.name !== 'gift.update') }) };
    await day.assign(day.counterB, [day.ravi.id, day.kavi.id]);
    e.transport = holdEdits;
    await e.drain();

    const bHere = await k.db.gifts.where('counterId').equals(day.counterB).toArray();
    expect(bHere.map((g) => g.id).sort()).toEqual(day.bGifts.map((g) => g.id).sort());
    expect(bHere.every((g) => g._pending === 0 && g.name.startsWith('B கொடை'))).toBe(true);
    expect((await k.db.counters.get(day.counterB))?.staffIds).toContain(day.kavi.id);
    // The back-fill re-sent counter A's gifts too; the local correction was not overwritten.
    expect(await k.db.gifts.get(mine.id)).toMatchObject({ amount: 5001, _pending: 1 });
    const after = await metaGet<PullScope>(k.db, META.pullScope);
    expect(after?.gift).not.toBe(before?.gift);

    // Nothing changes now: the next pass pulls only what is new, with no second back-fill.
    const pulls: Array<ChangeType[] | undefined> = [];
    e.transport = { ...holdEdits, pull: (s, l, t) => { pulls.push(t); return k.transport.pull(s, l, t); } };
    await e.drain();
    expect(pulls.every((t) => t === undefined)).toBe(true);
  }, 120_000);

  it('a back-fill cut off midway runs again on the next pass and completes', async () => {
    const day = await counterDay();
    const k = await signedInDevice(day.kavi);
    const e = engine(k.db, k.transport);
    await e.drain();
    const before = await metaGet<PullScope>(k.db, META.pullScope);
    await day.assign(day.counterB, [day.ravi.id, day.kavi.id]);

    let backfillPages = 0;
    e.transport = {
      ...k.transport,
      pull: async (s, l, t) => {
        if (t && ++backfillPages === 2) throw new ApiRequestError(0, 'network', 'Failed to fetch');
        return k.transport.pull(s, l, t);
      },
    };
    await e.drain();
    expect(e.getCore().online).toBe(false);
    // Not covered yet: the stored fingerprints still describe the old scope.
    expect(await metaGet<PullScope>(k.db, META.pullScope)).toEqual(before);

    await e.drain();
    expect(e.getCore().online).toBe(true);
    expect((await k.db.gifts.where('counterId').equals(day.counterB).toArray()).map((g) => g.id).sort()).toEqual(day.bGifts.map((g) => g.id).sort());
    expect((await metaGet<PullScope>(k.db, META.pullScope))?.gift).not.toBe(before?.gift);
  }, 120_000);
});

describe('a scope that shrinks', () => {
  it('taken off counter B, the device drops B’s gifts and counter, keeps counter A’s, and keeps a B gift whose correction is not yet pushed', async () => {
    const day = await counterDay();
    await day.assign(day.counterB, [day.ravi.id, day.kavi.id]);
    const k = await signedInDevice(day.kavi);
    const mine = await createGiftOn(k.db, { eventId: day.eventId, counterId: day.counterA, counterCode: 'A', name: 'A கொடை', amount: 501, enteredBy: day.kavi.id });
    const e = engine(k.db, k.transport);
    await e.drain();
    expect(await k.db.gifts.where('counterId').equals(day.counterB).count()).toBe(5);
    expect(await k.db.counters.get(day.counterB)).toBeTruthy();
    expect((await k.db.counters.get(day.counterB))?.status).toBe('open');

    // At B, Kavi keys a gift and corrects it; both reach the server (the device keeps its own audit row).
    const atB = await createGiftOn(k.db, { eventId: day.eventId, counterId: day.counterB, counterCode: 'B', name: 'B by Kavi', amount: 301, enteredBy: day.kavi.id });
    await updateGiftOn(k.db, atB.id, { amount: 311 }, 'typo', day.kavi.id);
    await e.drain();
    expect((await k.db.outbox.toArray()).every((r) => r.state === 'done')).toBe(true);
    expect(await k.db.audits.where('giftId').equals(atB.id).count()).toBeGreaterThan(0);
    // She corrects another; that correction is held back (not pushed) while she is taken off B.
    const held = day.bGifts[0];
    await updateGiftOn(k.db, held.id, { amount: 9999 }, 'typo', day.kavi.id);
    e.transport = { ...k.transport, push: async (b) => k.transport.push({ ...b, mutations: b.mutations.filter((m) => m.name !== 'gift.update') }) };
    await day.assign(day.counterB, [day.ravi.id]);
    await e.drain();

    const bHere = await k.db.gifts.where('counterId').equals(day.counterB).toArray();
    expect(bHere.map((g) => g.id)).toEqual([held.id]);
    expect(bHere[0]).toMatchObject({ amount: 9999, _pending: 1 });
    expect(await k.db.counters.get(day.counterB)).toBeUndefined();
    expect(await k.db.gifts.get(mine.id)).toMatchObject({ name: 'A கொடை', _pending: 0 });
    expect(await k.db.counters.get(day.counterA)).toBeTruthy();
    expect(await k.db.events.get(day.eventId)).toBeTruthy();
    // Audits of B go too (also the one this device wrote for its synced correction); the held correction's stays.
    expect(await k.db.audits.where('giftId').equals(atB.id).count()).toBe(0);
    expect((await k.db.audits.toArray()).every((a) => a.giftId === held.id)).toBe(true);
    expect(await k.db.audits.where('giftId').equals(held.id).count()).toBeGreaterThan(0);
  }, 120_000);
});

describe('which types a pass back-fills', () => {
  const s = (gift: string, user = 'u1'): PullScope => ({ gift, audit: gift, user });
  it('a fresh device (cursor 0) adopts the first page’s scope and back-fills nothing', () => {
    const w = new ScopeWatch(undefined, 0);
    w.see(s('g1'));
    w.see(s('g1'));
    expect(w.staleTypes).toEqual([]);
    expect(w.covered(undefined)).toEqual(s('g1'));
  });
  it('a device that pulled before fingerprints existed back-fills every type once', () => {
    const w = new ScopeWatch(undefined, 812);
    w.see(s('g1'));
    expect(w.staleTypes).toEqual(['audit', 'gift', 'user']);
  });
  it('a scope that changes between two pages of one pass is caught; only the changed types are stored anew', () => {
    const w = new ScopeWatch(s('g1'), 40);
    w.see(s('g1'));
    w.see(s('g2'));
    expect(w.staleTypes).toEqual(['audit', 'gift']);
    expect(w.covered(s('g3', 'u9'))).toEqual({ gift: 'g3', audit: 'g3', user: 'u1' });
  });
  it('an older server without fingerprints changes nothing', () => {
    const w = new ScopeWatch(s('g1'), 40);
    w.see(undefined);
    expect(w.staleTypes).toEqual([]);
    expect(w.covered(undefined)).toEqual(s('g1'));
  });
});
