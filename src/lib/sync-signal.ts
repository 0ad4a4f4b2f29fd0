// A tiny, Dexie-free mirror of the sync loop's state for code that must not load the database
// (the PWA prompts on public pages): is the outbox sending, and is there a storage error.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

export type SyncSignal = { sending: boolean; error: string | null };
export const syncSignalStore = createStore<SyncSignal>()(() => ({ sending: false, error: null }));

export function publishSyncSignal(patch: Partial<SyncSignal>): void {
  const cur = syncSignalStore.getState();
  const next = { ...cur, ...patch };
  if (next.sending === cur.sending && next.error === cur.error) return;
  syncSignalStore.setState(next, true);
}
export const getSyncSignal = (): SyncSignal => syncSignalStore.getState();
export function useSyncSignal(): SyncSignal {
  return useStore(syncSignalStore);
}
