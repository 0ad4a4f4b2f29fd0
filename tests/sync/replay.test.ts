// Double delivery against the REAL server (issue 26: moved from src/data/outbox.test.ts, where it
// ran against the in-memory fake): a proxy delivers every push twice, and a retry of a batch the
// server stored whose answer was lost. Each gift and each correction takes effect once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MoiDb } from '../../src/data/db';
import { createGiftOn, deleteGiftOn, restoreGiftOn, updateGiftOn } from '../../src/data/gifts-repo';
import { META, metaSet, outboxCounts } from '../../src/data/outbox';
import { SyncEngine } from '../../src/data/sync/engine';
import { ApiRequestError } from '../../src/lib/api';
import * as W from './world';

beforeAll(async () => { await W.startServer(); }, 120_000);
afterAll(async () => { await W.stopServer(); });

const mkErr = (status: number, code: string, message: string) => new ApiRequestError(status, code as never, message);
let serial = 0;

async function deviceOf(world: W.World) {
  const db = new MoiDb(`moi-replay-${++serial}-${Date.now()}`);
  await db.open();
  await metaSet(db, META.deviceId, world.devices[0].deviceId);
  await metaSet(db, META.deviceCode, world.devices[0].code);
  return db;
}
const gift = (world: W.World, amount: number) => ({ eventId: world.eventId, counterId: world.counterId, counterCode: world.counterCode, name: 'மொய்', amount, enteredBy: world.devices[0].userId });

it('every push delivered twice: each gift and each correction applied once, the outbox drained', async () => {
  const world = await W.newWorld(1);
  const db = await deviceOf(world);
  const base = world.transport(0, mkErr);
  let pushes = 0;
  const engine = new SyncEngine({
    db, useLocks: false, listenToWindow: false, timers: false,
    transport: { ...base, push: async (b) => { pushes++; await base.push(b); return base.push(b); } },
  });
  const made: Array<{ id: string }> = [];
  for (let i = 0; i < 5; i++) made.push(await createGiftOn(db, gift(world, 101 + i)));
  await updateGiftOn(db, made[0].id, { amount: 1001 }, 'typo', world.devices[0].userId);
  // Not idempotent by content: a delete then a restore, applied again, would add two more audits.
  await deleteGiftOn(db, made[1].id, 'entered twice', world.devices[0].userId);
  await restoreGiftOn(db, made[1].id, 'not twice after all', world.devices[0].userId);
  await engine.drain();
  expect(pushes).toBeGreaterThan(0);
  expect(await outboxCounts(db)).toMatchObject({ pending: 0, sending: 0, rejected: 0 });
  const server = await world.serverGifts();
  expect(server.map((g) => g.id).sort()).toEqual(made.map((g) => g.id).sort());
  expect(server.find((g) => g.id === made[0].id)).toMatchObject({ amount: 1001, version: 2 });
  expect(server.find((g) => g.id === made[1].id)).toMatchObject({ deleted: false, version: 3 });
  expect(await world.appliedCount()).toBe(8);
  db.close();
});

it('a batch the server stored whose answer was lost: the resend answers duplicate and nothing doubles', async () => {
  const world = await W.newWorld(1);
  const db = await deviceOf(world);
  const base = world.transport(0, mkErr);
  let lose = true;
  const engine = new SyncEngine({
    db, useLocks: false, listenToWindow: false, timers: false,
    transport: { ...base, push: async (b) => { const r = await base.push(b); if (lose) { lose = false; throw mkErr(0, 'network', 'answer lost'); } return r; } },
  });
  for (let i = 0; i < 10; i++) await createGiftOn(db, gift(world, 501 + i));
  await engine.drain();
  await engine.drain();
  expect(await outboxCounts(db)).toMatchObject({ pending: 0, sending: 0, rejected: 0 });
  expect(await world.serverGifts()).toHaveLength(10);
  expect(await world.appliedCount()).toBe(10);
  db.close();
});
