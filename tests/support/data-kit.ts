// The data test kit: a device database on fake-indexeddb with its identity (closed and deleted after
// each test by closeTestDevices), gift inputs, request timing and a sync engine without timers,
// locks or window listeners. Shared by the outbox, repository and sync adapters' tests.
import { MoiDb } from '../../src/data/db';
import type { NewGift } from '../../src/data/gifts-repo';
import { META, metaSet } from '../../src/data/outbox';
import { SyncEngine } from '../../src/data/sync/engine';
import { RequestTiming } from '../../src/data/sync/request-timing';
import type { SyncTransport } from '../../src/data/sync/transport';

export const EVENT = '0192f000-0000-7000-8000-000000000001';
export const COUNTER = '0192f000-0000-7000-8000-000000000002';

let n = 0;
const open: MoiDb[] = [];

/** An empty device database (no identity yet), closed and deleted by closeTestDevices. */
export async function testDb(prefix = 'moi-test', name = `${prefix}-${Date.now()}-${n++}`): Promise<MoiDb> {
  const db = new MoiDb(name);
  open.push(db);
  await db.open();
  return db;
}

/** A device database with a device id and device code, as after the first sign-in. */
export async function testDevice(code = 'S1', name?: string): Promise<MoiDb> {
  const db = await testDb('moi-device', name);
  await metaSet(db, META.deviceId, crypto.randomUUID());
  await metaSet(db, META.deviceCode, code);
  return db;
}

/** afterEach(closeTestDevices): every database a test opened is closed and deleted. */
export async function closeTestDevices(): Promise<void> {
  for (const d of open.splice(0)) {
    d.close();
    await d.delete();
  }
}

export const giftInput = (i: number, over: Partial<NewGift> = {}): NewGift => ({ eventId: EVENT, counterId: COUNTER, counterCode: 'A', name: `Giver ${i}`, village: 'மதுரை', amount: 101 + i, enteredBy: 'staff-1', ...over });

export const testTiming = (batchSize = 500, pullLimit = 5000) => new RequestTiming({ batchSize, pullLimit, requestTimeoutMs: 30_000, maxRequestTimeoutMs: 300_000 });

type EngineOptions = ConstructorParameters<typeof SyncEngine>[0];

/** A sync engine driven by the test: no timers, no Web Locks, no window listeners. */
export const testEngine = (db: MoiDb, transport: SyncTransport, extra: Partial<EngineOptions> = {}) =>
  new SyncEngine({ db, transport, useLocks: false, listenToWindow: false, timers: false, ...extra });
