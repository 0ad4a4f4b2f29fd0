// Status store of the sync loop: the connection and progress state the top bar and sync panel show,
// and its subscribers. The outbox counts are not kept here (use-sync-state.ts reads them from Dexie).
import type { OutboxCounts } from '../outbox';
import { publishSyncSignal } from '../../lib/sync-signal';

/** Short codes the UI translates (sync.errors.<code>). */
export type SyncErrorCode = 'quota_exceeded' | 'server_error' | 'network' | null;

export type SyncState = {
  /** null until the first request answered or failed. */
  online: boolean | null;
  pending: number;
  rejected: number;
  sending: boolean;
  lastSyncAt: string | null;
  needsSignIn: boolean;
  error: SyncErrorCode;
  /** The server answers, but slowly (an answer took SLOW_ANSWER_MS or more, or a request timed out). */
  slow: boolean;
  /** false until the outbox has been counted once: "All synced" needs a count, never a guess. */
  countsKnown: boolean;
};

/** What the loop itself knows (the counts come from the outbox). */
export type CoreState = Omit<SyncState, 'pending' | 'rejected' | 'countsKnown'>;

export const INITIAL_CORE: CoreState = { online: null, sending: false, lastSyncAt: null, needsSignIn: false, error: null, slow: false };

export class StatusStore {
  private core: CoreState = INITIAL_CORE;
  private subs = new Set<() => void>();

  /** `publishSignal`: mirror sending / error to sync-signal.ts (the app's one engine does). */
  constructor(private readonly publishSignal = false) {}

  get = (): CoreState => this.core;

  subscribe = (fn: () => void): (() => void) => {
    this.subs.add(fn);
    return () => this.subs.delete(fn);
  };

  /** A change made by this tab's loop. */
  set(patch: Partial<CoreState>): void {
    this.core = { ...this.core, ...patch };
    if (this.publishSignal) publishSyncSignal({ sending: this.core.sending, error: this.core.error });
    this.notify();
  }

  /** The leader tab's state, mirrored in a follower tab. */
  replace(core: CoreState): void {
    this.core = { ...core };
    this.notify();
  }

  private notify(): void {
    for (const fn of this.subs) fn();
  }
}

/** Pending / rejected as the top bar shows them, and whether the outbox has been read at all. */
export type StatusCounts = { pending: number; rejected: number; known: boolean };

/**
 * The count shown: the last read of the outbox plus writes announced after that read started
 * (so the render that shows "saved" already shows one more waiting).
 */
export function shownCounts(read: { counts: OutboxCounts; writesAtStart: number } | null, writesNow: number): StatusCounts {
  if (!read) return { pending: writesNow > 0 ? 1 : 0, rejected: 0, known: false };
  const unseen = Math.max(0, writesNow - read.writesAtStart);
  return { pending: read.counts.pending + read.counts.sending + unseen, rejected: read.counts.rejected, known: true };
}

export const sameCounts = (a: OutboxCounts, b: OutboxCounts) => a.pending === b.pending && a.sending === b.sending && a.rejected === b.rejected;
