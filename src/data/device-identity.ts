// This installation's identity in the device database: its device code and the high-water marks of
// the numbers it issues (outbox seq, receipt seq). The browser may lose IndexedDB (storage eviction,
// "clear site data") while localStorage keeps the device id, its secret and the signed-in user; the
// device must then never issue a receipt number again that it issued before. So whenever the meta
// lacks the device code while signed in — and at every sign-in — the marks the server knows of
// (GET /moi/devices/me, or the login answer) are restored before a save is allowed; until then the
// entry screen says "preparing this tablet" (useDeviceReady). The numbers only ever move up.
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceMeResponseSchema, type DeviceHighWater } from '../../contract/api';
import { apiFetch } from '../lib/api';
import { getDeviceId } from '../lib/device';
import { db as appDb, type MoiDb } from './db';
import { META } from './outbox';

export type DeviceIdentity = { deviceId: string; code: string; highWater?: DeviceHighWater | null };

/**
 * Store the device code for `deviceId` and raise the stored outbox and receipt seqs to at least the
 * server's marks (never lower them: the device may hold numbers the server has not seen yet).
 */
export async function restoreDeviceIdentity(db: MoiDb, id: DeviceIdentity): Promise<void> {
  await db.transaction('rw', [db.meta, db.outbox], async () => {
    const [storedId, seq, receiptSeq] = (await db.meta.bulkGet([META.deviceId, META.seq, META.receiptSeq])).map((r) => r?.value);
    // A code belongs to one device id: never put another installation's code next to ours.
    if (storedId && storedId !== id.deviceId) return;
    const last = await db.outbox.orderBy('seq').last();
    const hw = id.highWater;
    // Receipt numbers use one sequence per device across its counters (gifts-repo.formatReceipt),
    // so the highest over all counters is the mark; the per-counter marks are for reading.
    await db.meta.bulkPut([
      { key: META.deviceId, value: id.deviceId },
      { key: META.deviceCode, value: id.code },
      { key: META.seq, value: Math.max(Number(seq ?? 0), last?.seq ?? 0, hw?.outboxSeq ?? 0) },
      { key: META.receiptSeq, value: Math.max(Number(receiptSeq ?? 0), hw?.receiptSeq ?? 0) },
    ]);
  });
}

/** Does the device database know this installation's code (may a gift be saved)? */
export async function hasDeviceCode(db: MoiDb): Promise<boolean> {
  return !!(await db.meta.get(META.deviceCode))?.value;
}

/**
 * When the device database lacks the code (it was lost, or never set): ask the server for this
 * session's device and its marks, and restore them. True once the code is there. Network failures
 * answer false (the caller tries again); the device id the session signed in with must be ours.
 */
export async function ensureDeviceIdentity(db: MoiDb = appDb, fetchMe: () => Promise<unknown> = () => apiFetch('/moi/devices/me', { timeoutMs: 15_000 })): Promise<boolean> {
  if (await hasDeviceCode(db)) return true;
  let answer: unknown;
  try {
    answer = await fetchMe();
  } catch {
    return false;
  }
  const parsed = deviceMeResponseSchema.safeParse(answer);
  if (!parsed.success) return false;
  const stored = (await db.meta.get(META.deviceId))?.value as string | undefined;
  if (parsed.data.deviceId !== (stored ?? getDeviceId())) return false;
  await restoreDeviceIdentity(db, parsed.data);
  return hasDeviceCode(db);
}

let retry: ReturnType<typeof setTimeout> | null = null;

/** Keep trying ensureDeviceIdentity (every few seconds, and when the network returns) until it holds. */
export function watchDeviceIdentity(db: MoiDb = appDb): void {
  stopWatchingDeviceIdentity();
  let delay = 2000;
  const tick = async () => {
    retry = null;
    if (await ensureDeviceIdentity(db).catch(() => false)) return;
    retry = setTimeout(() => void tick(), delay);
    delay = Math.min(delay * 2, 60_000);
  };
  void tick();
}

export function stopWatchingDeviceIdentity(): void {
  if (retry) clearTimeout(retry);
  retry = null;
}

/** For the entry screen: undefined while reading, then whether a gift may be numbered on this device. */
export function useDeviceReady(db: MoiDb = appDb): boolean | undefined {
  return useLiveQuery(() => hasDeviceCode(db), [db]);
}
