// Session lifecycle of the data layer: what happens on sign-in, app start, and sign-out.
import type { LoginResponse } from '../../contract/api';
import type { User } from '../../contract/entities';
import { getDeviceId } from '../lib/device';
import { clearAllDrafts } from '../lib/drafts';
import { db as appDb, type MoiDb } from './db';
import { restoreDeviceIdentity, stopWatchingDeviceIdentity, watchDeviceIdentity } from './device-identity';
import { META, metaGet, metaSet } from './outbox';
import { startSync, stopSync } from './sync-engine';

/** Store who signed in and this installation's device code; ask for persistent storage; start syncing. */
export async function afterSignInOn(db: MoiDb, res: LoginResponse, deviceId: string = getDeviceId()): Promise<void> {
  await db.transaction('rw', [db.meta, db.users, db.gifts, db.events, db.counters, db.audits, db.staffPins, db.memberships, db.signups], async () => {
    await metaSet(db, META.deviceId, deviceId);
    const previous = await metaGet<string>(db, META.pullUserId);
    if (previous !== res.user.id) {
      // Another person on this device: forget what the previous one could see (never unsynced rows), pull afresh.
      for (const t of [db.gifts, db.events, db.counters, db.audits, db.staffPins, db.memberships, db.signups, db.users]) {
        await t.filter((r: { _pending?: 0 | 1 }) => r._pending !== 1).delete();
      }
      await metaSet(db, META.pullCursor, 0);
      await db.meta.delete(META.pullScope);
      await metaSet(db, META.pullUserId, res.user.id);
      // Nor the previous person's half-typed givers or cash counts (a session that expired never signed out).
      if (previous) clearAllDrafts();
    }
    await db.users.put({ ...res.user, _pending: 0 });
    await metaSet(db, META.user, res.user.id);
  });
  // The device code, and numbers never below what the server saw from this device (device-identity.ts).
  if (res.device && (!res.device.deviceId || res.device.deviceId === deviceId)) {
    await restoreDeviceIdentity(db, { ...res.device, deviceId });
  }
  await metaSet(db, META.persisted, await requestPersist());
}

export async function afterSignIn(res: LoginResponse): Promise<void> {
  await afterSignInOn(appDb, res);
  startSync();
}

/** navigator.storage.persist(); false when unsupported or refused. */
export async function requestPersist(): Promise<boolean> {
  try {
    const s = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (!s?.persist) return false;
    if (s.persisted && (await s.persisted())) return true;
    return await s.persist();
  } catch {
    return false;
  }
}

export type StorageInfo = { usage: number | null; quota: number | null; persisted: boolean | null };
export async function storageInfo(): Promise<StorageInfo> {
  const s = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  let usage: number | null = null;
  let quota: number | null = null;
  let persisted: boolean | null = null;
  try {
    const est = await s?.estimate?.();
    usage = est?.usage ?? null;
    quota = est?.quota ?? null;
    persisted = s?.persisted ? await s.persisted() : null;
  } catch {
    // unknown stays null
  }
  return { usage, quota, persisted };
}

/** App start with a stored user: start the loop (it drains at once) and make sure the device code is there. */
export function resumeSession(_user: User): void {
  startSync();
  // The device database may have been lost while localStorage kept the session: restore its code first.
  watchDeviceIdentity();
}

/** Refuse sign-out while unsynced work exists that has not been exported since it was written. */
export async function beforeSignOutOn(db: MoiDb): Promise<{ ok: true } | { ok: false; pending: number }> {
  const unsynced = (await db.outbox.orderBy('seq').toArray()).filter((r) => r.state !== 'done');
  if (unsynced.length === 0) return { ok: true };
  const exportedThrough = (await metaGet<number>(db, META.exportedThroughSeq)) ?? 0;
  if (unsynced.every((r) => r.seq <= exportedThrough)) return { ok: true };
  return { ok: false, pending: unsynced.length };
}
export const beforeSignOut = () => beforeSignOutOn(appDb);

/** Stop the loop; the outbox stays (it belongs to the device and is pushed at the next sign-in). */
export async function afterSignOut(): Promise<void> {
  stopSync();
  stopWatchingDeviceIdentity();
  await appDb.meta.delete(META.user);
}
