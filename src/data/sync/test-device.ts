// Test helpers of the sync adapters' tests: a device database on fake-indexeddb with its identity,
// and gift inputs. Not used by the app.
import { MoiDb } from '../db';
import type { NewGift } from '../gifts-repo';
import { META, metaSet } from '../outbox';
import { RequestTiming } from './request-timing';

export const EVENT = '0192f000-0000-7000-8000-000000000001';
export const COUNTER = '0192f000-0000-7000-8000-000000000002';

let n = 0;
const open: MoiDb[] = [];

export async function testDevice(code = 'S1'): Promise<MoiDb> {
  const db = new MoiDb(`moi-adapter-${Date.now()}-${n++}`);
  open.push(db);
  await db.open();
  await metaSet(db, META.deviceId, crypto.randomUUID());
  await metaSet(db, META.deviceCode, code);
  return db;
}

export async function closeTestDevices(): Promise<void> {
  for (const d of open.splice(0)) {
    d.close();
    await d.delete();
  }
}

export const giftInput = (i: number): NewGift => ({ eventId: EVENT, counterId: COUNTER, counterCode: 'A', name: `Giver ${i}`, village: 'மதுரை', amount: 101 + i, enteredBy: 'staff-1' });

export const testTiming = (batchSize = 500, pullLimit = 5000) => new RequestTiming({ batchSize, pullLimit, requestTimeoutMs: 30_000, maxRequestTimeoutMs: 300_000 });
