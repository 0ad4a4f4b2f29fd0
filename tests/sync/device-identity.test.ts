// A tablet whose IndexedDB was lost (localStorage kept its device id and session) restores its
// device code and numbers from the REAL server before the next save, so it never issues a receipt
// number twice (issue 13). fake-indexeddb for the device, buildApp + PGlite (or PostgreSQL) behind.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../src/lib/api';
import { MoiDb } from '../../src/data/db';
import { ensureDeviceIdentity, hasDeviceCode, restoreDeviceIdentity } from '../../src/data/device-identity';
import { createGiftOn, RepoError, type NewGift } from '../../src/data/gifts-repo';
import { META, metaGet, metaSet } from '../../src/data/outbox';
import * as W from './world';

beforeAll(async () => {
  await W.startServer();
}, 120_000);
afterAll(async () => { await W.stopServer(); });

const dbs: MoiDb[] = [];
let n = 0;
async function freshDb(): Promise<MoiDb> {
  const db = new MoiDb(`moi-identity-${Date.now()}-${n++}`);
  dbs.push(db);
  await db.open();
  return db;
}
afterEach(async () => {
  for (const d of dbs.splice(0)) {
    d.close();
    await d.delete();
  }
  localStorage.clear();
});

const mkErr = (status: number, code: string, message: string) => new ApiRequestError(status, code as never, message);

describe('a lost device database', () => {
  it('restores the code and numbers from the server: the next receipt continues above the last and the server accepts it', async () => {
    const world = await W.newWorld(1);
    const dev = world.devices[0];
    localStorage.setItem('moi.deviceId', dev.deviceId);
    const gift = (i: number): NewGift => ({ eventId: world.eventId, counterId: world.counterId, counterCode: world.counterCode, name: `Giver ${i}`, village: 'Melur', amount: 101 + i, enteredBy: dev.userId });
    const pushAll = async (db: MoiDb) => {
      const rows = await db.outbox.orderBy('seq').toArray();
      return (await world.transport(0, mkErr).push({ deviceId: dev.deviceId, mutations: rows.map((r) => ({ id: r.id, seq: r.seq, name: r.name, args: r.args })) })).results;
    };

    // A day's work: three gifts saved and synced.
    const before = await freshDb();
    await restoreDeviceIdentity(before, { deviceId: dev.deviceId, code: dev.code });
    for (let i = 0; i < 3; i++) await createGiftOn(before, gift(i));
    expect((await pushAll(before)).map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    before.close();

    // The browser drops IndexedDB; localStorage still has the device id.
    const after = await freshDb();
    expect(await hasDeviceCode(after)).toBe(false);
    await expect(createGiftOn(after, gift(9))).rejects.toBeInstanceOf(RepoError);
    expect(await ensureDeviceIdentity(after, () => world.deviceMe(0))).toBe(true);
    expect(await metaGet(after, META.deviceCode)).toBe(dev.code);
    const next = await createGiftOn(after, gift(3));
    expect(next.receiptNo).toBe(`${world.counterCode}-${dev.code}-0004`);
    const [res] = await pushAll(after);
    expect(res.status).toBe('applied');
    const onServer = (await world.serverGifts()).map((g) => g.receiptNo).sort();
    expect(onServer).toEqual([1, 2, 3, 4].map((k) => `${world.counterCode}-${dev.code}-000${k}`));
    // The outbox seq also continues above what the server saw.
    expect((await after.outbox.toArray())[0].seq).toBe(4);
  });

  it('never lowers numbers the device already holds, and ignores an answer for another device id', async () => {
    const db = await freshDb();
    await metaSet(db, META.deviceId, 'dev-mine');
    await metaSet(db, META.receiptSeq, 12);
    await metaSet(db, META.seq, 30);
    await restoreDeviceIdentity(db, { deviceId: 'dev-mine', code: 'K4', highWater: { outboxSeq: 7, receiptSeq: 5, counters: [] } });
    expect([await metaGet(db, META.deviceCode), await metaGet(db, META.receiptSeq), await metaGet(db, META.seq)]).toEqual(['K4', 12, 30]);
    const other = await freshDb();
    await metaSet(other, META.deviceId, 'dev-mine');
    const ok = await ensureDeviceIdentity(other, async () => ({ deviceId: 'dev-else', code: 'Q1', highWater: { outboxSeq: 99, receiptSeq: 99, counters: [] } }));
    expect(ok).toBe(false);
    expect(await metaGet(other, META.deviceCode)).toBeUndefined();
    // Offline: not ready yet, nothing stored; the caller tries again.
    expect(await ensureDeviceIdentity(other, async () => { throw mkErr(0, 'network', 'offline'); })).toBe(false);
  });
});
