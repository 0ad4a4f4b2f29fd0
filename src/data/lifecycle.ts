// Session lifecycle of the data layer: what happens on sign-in, app start, and sign-out. A shared
// tablet keeps no one's synced data past their session (forgetSyncedDataOn), only unsynced work.
import type { ChangeType } from '../../contract/sync';
import { ENTITY_TABLE, entityKey } from './entities';
import type { LoginResponse } from '../../contract/api';
import type { User } from '../../contract/entities';
import { getDeviceId } from '../lib/device';
import { clearAllDrafts } from '../lib/drafts';
import { db as appDb, type MoiDb } from './db';
import { restoreDeviceIdentity, stopWatchingDeviceIdentity, watchDeviceIdentity } from './device-identity';
import type { Table } from 'dexie';
import { useEffect, useState } from 'react';
import { META, metaGet, metaSet, onOutboxWrite, unsyncedEntities } from './outbox';
import { SERVER_FIGURES } from './sync/agreement';
import { startSync, stopSyncAndSettle } from './sync/app';

/** The profile-picture cache of the service worker (sw/sw.ts): pictures of people this device saw. */
export const PROFILE_IMAGE_CACHE = 'profile-images';

/**
 * Forget what a signed-in person pulled: every synced row (gifts, users and their mobiles, audits,
 * staff PIN hashes, events, counters, memberships, sign-ups, nominees and handovers, ledger hint lines), the outbox's done entries (they hold
 * the same gifts' details), the pull cursor and scope (the next person pulls afresh) and the service
 * worker's cached pictures. Kept: entries not yet accepted by the server with the rows that show
 * them, their files, and the device identity (device id and code, outbox and receipt sequences:
 * a receipt number is never issued twice).
 */
export async function forgetSyncedDataOn(db: MoiDb): Promise<void> {
  const tables = [db.gifts, db.events, db.counters, db.audits, db.staffPins, db.memberships, db.signups, db.users, db.nominees, db.handovers, db.ledgerHints];
  await db.transaction('rw', [...tables, db.outbox, db.meta], async () => {
    const unsynced = await unsyncedEntities(db);
    // The event and counter an unsynced gift or counter change belongs to stay, so it still shows.
    const needed = new Set(unsynced);
    for (const r of await db.outbox.where('state').anyOf('pending', 'sending', 'rejected').toArray()) {
      const a = (r.args ?? {}) as { eventId?: unknown; counterId?: unknown };
      if (typeof a.eventId === 'string') needed.add(entityKey('event', a.eventId));
      if (typeof a.counterId === 'string') needed.add(entityKey('counter', a.counterId));
    }
    const keep = (type: ChangeType, r: { id: string; _pending?: 0 | 1; giftId?: string }) =>
      needed.has(entityKey(type, r.id)) || (type === 'audit' ? !!r.giftId && unsynced.has(entityKey('gift', r.giftId)) : r._pending === 1);
    for (const [type, tableName] of Object.entries(ENTITY_TABLE) as [ChangeType, string][]) {
      await (db.table(tableName) as Table<{ id: string; _pending?: 0 | 1; giftId?: string }, string>).filter((r) => !keep(type, r)).delete();
    }
    await db.outbox.where('state').equals('done').delete();
    await metaSet(db, META.pullCursor, 0);
    await db.meta.bulkDelete([META.pullScope, META.pullUserId, META.user, META.lastSyncAt, SERVER_FIGURES]);
  });
  await clearProfileImageCache();
}

/** Drop the service worker's cached profile pictures (they are served with no session otherwise). */
export async function clearProfileImageCache(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(PROFILE_IMAGE_CACHE);
  } catch {
    // no Cache Storage here (tests, old browsers): nothing cached to drop
  }
}

/** Store who signed in and this installation's device code; ask for persistent storage; start syncing. */
export async function afterSignInOn(db: MoiDb, res: LoginResponse, deviceId: string = getDeviceId()): Promise<void> {
  const previous = await metaGet<string>(db, META.pullUserId);
  // Another person on this device (the previous session expired, or never signed out): the same
  // clean-up as a sign-out, and their half-typed givers or cash counts go too.
  if (previous && previous !== res.user.id) {
    await forgetSyncedDataOn(db);
    clearAllDrafts();
  }
  await db.transaction('rw', [db.meta, db.users], async () => {
    await metaSet(db, META.deviceId, deviceId);
    if ((await metaGet<string>(db, META.pullUserId)) !== res.user.id) {
      await metaSet(db, META.pullCursor, 0);
      await db.meta.delete(META.pullScope);
      await metaSet(db, META.pullUserId, res.user.id);
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

/** The storage estimate for a screen: read at once, every minute and after every 20th saved change. */
export function useStorageInfo(): StorageInfo | null {
  const [info, setInfo] = useState<StorageInfo | null>(null);
  useEffect(() => {
    let alive = true;
    let writes = 0;
    const read = () => void storageInfo().then((i) => { if (alive) setInfo(i); });
    read();
    const id = setInterval(read, 60_000);
    const off = onOutboxWrite(() => { if (++writes % 20 === 0) read(); });
    return () => { alive = false; clearInterval(id); off(); };
  }, []);
  return info;
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

/**
 * Stop the loop (waiting for a pass under way, so nothing it pulls lands after the clean-up), then
 * forget the person's synced data. Unsynced entries stay: they belong to the device and are pushed
 * at the next sign-in (the sign-out itself was refused unless they were exported).
 */
export async function afterSignOutOn(db: MoiDb): Promise<void> {
  await stopSyncAndSettle();
  stopWatchingDeviceIdentity();
  await forgetSyncedDataOn(db);
}
export const afterSignOut = () => afterSignOutOn(appDb);
