// The app's one sync engine and the calls the rest of the app makes on it (sign-in starts it,
// sign-out stops it and waits for a pass under way, "Sync now" drains).
import { SyncEngine } from './engine';

let appEngine: SyncEngine | null = null;

/** The device's engine (created on first use). */
export function getSyncEngine(): SyncEngine {
  appEngine ??= new SyncEngine({ publishSignal: true });
  return appEngine;
}

export function startSync(): void {
  getSyncEngine().start();
}
export function stopSync(): void {
  appEngine?.stop();
}
/** Stop the loop and let a pass under way finish (sign-out clears the data after it). */
export async function stopSyncAndSettle(): Promise<void> {
  await appEngine?.stopAndSettle();
}
export function syncNow(opts: { releaseHolds?: boolean } = {}): Promise<void> {
  return getSyncEngine().syncNow(opts);
}
/** Re-pull one event's gifts from the server (the sync panel's "Repair this event"). */
export function repairEvent(eventId: string): Promise<boolean> {
  return getSyncEngine().repairEvent(eventId);
}
