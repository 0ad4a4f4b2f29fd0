// A correction shows once in a gift's History on the device that made it (issue 31): the device
// writes its own audit row at once (History works offline); when the server's copy of the same
// change arrives with the pull, it takes the local row's place instead of standing beside it.
// The device on fake-indexeddb, its sync loop, and the REAL server through app.inject.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MoiDb } from '../../src/data/db';
import { createGiftOn, deleteGiftOn, restoreGiftOn, updateGiftOn } from '../../src/data/gifts-repo';
import { META, metaSet } from '../../src/data/outbox';
import { SyncEngine } from '../../src/data/sync/engine';
import { ApiRequestError } from '../../src/lib/api';
import * as W from './world';

beforeAll(async () => { await W.startServer(); }, 120_000);
afterAll(async () => { await W.stopServer(); });

const mkErr = (status: number, code: string, message: string) => new ApiRequestError(status, code as never, message);

const history = async (db: MoiDb, giftId: string) =>
  (await db.audits.where('giftId').equals(giftId).toArray()).sort((a, b) => (a.at < b.at ? -1 : 1)).map((a) => `${a.action}:${a.reason}:${a._pending}`);

it('each correction, deletion and restore is in History once after it synced, and at once before', async () => {
  const world = await W.newWorld(1);
  const me = world.devices[0];
  const db = new MoiDb(`moi-history-${Date.now()}`);
  await db.open();
  await metaSet(db, META.deviceId, me.deviceId);
  await metaSet(db, META.deviceCode, me.code);
  let online = true;
  const base = world.transport(0, mkErr);
  const offline = async () => { throw mkErr(0, 'network', 'offline'); };
  const engine = new SyncEngine({
    db, useLocks: false, listenToWindow: false, timers: false,
    transport: { ...base, push: (b) => (online ? base.push(b) : offline()), pull: (since, limit, types) => (online ? base.pull(since, limit, types) : offline()) },
  });
  const g = await createGiftOn(db, { eventId: world.eventId, counterId: world.counterId, counterCode: world.counterCode, name: 'முருகன்', amount: 101, enteredBy: me.userId });
  await engine.drain();

  // Offline, the correction is in History straight away (the device's own row).
  online = false;
  await updateGiftOn(db, g.id, { amount: 1001 }, 'typed 101 for 1001', me.userId);
  await engine.drain().catch(() => undefined);
  expect(await history(db, g.id)).toEqual(['update:typed 101 for 1001:1']);

  // Back online: pushed, pulled — once, the server's row.
  online = true;
  await engine.drain();
  expect(await history(db, g.id)).toEqual(['update:typed 101 for 1001:0']);

  // The same reason twice and a delete and restore, synced together: each once.
  await updateGiftOn(db, g.id, { amount: 1002 }, 'again', me.userId);
  await updateGiftOn(db, g.id, { amount: 1003 }, 'again', me.userId);
  await deleteGiftOn(db, g.id, 'entered twice', me.userId);
  await restoreGiftOn(db, g.id, 'not twice', me.userId);
  await engine.drain();
  expect(await history(db, g.id)).toEqual([
    'update:typed 101 for 1001:0', 'update:again:0', 'update:again:0', 'delete:entered twice:0', 'restore:not twice:0',
  ]);
  db.close();
  await db.delete();
}, 120_000);
