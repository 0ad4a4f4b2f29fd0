// A tiny, Dexie-free mirror of the sync loop's state for code that must not load the database
// (the PWA prompts on public pages): is the outbox sending, and is there a storage error.
import { useSyncExternalStore } from 'react';

export type SyncSignal = { sending: boolean; error: string | null };
let signal: SyncSignal = { sending: false, error: null };
const subs = new Set<() => void>();

export function publishSyncSignal(patch: Partial<SyncSignal>): void {
  const next = { ...signal, ...patch };
  if (next.sending === signal.sending && next.error === signal.error) return;
  signal = next;
  for (const fn of subs) fn();
}
export const getSyncSignal = (): SyncSignal => signal;
export function subscribeSyncSignal(fn: () => void): () => void {
  subs.add(fn);
  return () => subs.delete(fn);
}
export function useSyncSignal(): SyncSignal {
  return useSyncExternalStore(subscribeSyncSignal, getSyncSignal, getSyncSignal);
}
