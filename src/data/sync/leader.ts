// Leader election across the tabs of one device: the tab holding the Web Lock 'moi-sync' runs the
// loop (and the live stream); the others talk to it over the BroadcastChannel 'moi-sync' (a write
// in a follower nudges the leader; the leader mirrors its state and says when a drain ended).
// Where Web Locks are missing every tab leads (the outbox's atomic pending→sending claim keeps
// their pushes apart).
import type { CoreState } from './status';

/**
 * `live`: whether the leader's live stream is connected (a follower then skips its screens' own
 * polling: the leader pulls on each event, into the database every tab reads). `hello`: a tab that
 * starts asks the leader for its state and live flag.
 */
export type LeaderMsg = { kind: 'nudge' } | { kind: 'state'; state: CoreState } | { kind: 'drained' } | { kind: 'live'; on: boolean } | { kind: 'hello' };

/** The part of BroadcastChannel used here (tests pass an in-memory pair). */
export type Channel = { postMessage(m: unknown): void; close(): void; onmessage: ((ev: MessageEvent) => void) | null };

/** The part of navigator.locks used here. */
export type Locks = { request(name: string, opts: { signal: AbortSignal }, cb: () => Promise<void>): Promise<unknown> };

export type LeaderHandlers = {
  /** This tab was elected: start syncing. */
  elected(): void;
  /** A message from another tab. */
  message(m: LeaderMsg): void;
};

export type LeaderOptions = {
  /** Elect with Web Locks when available (default true). */
  useLocks?: boolean;
  /** Defaults: navigator.locks and a BroadcastChannel, when the environment has them. */
  locks?: Locks | null;
  openChannel?: () => Channel | null;
};

export const LOCK_NAME = 'moi-sync';
export const CHANNEL_NAME = 'moi-sync';

function defaultLocks(): Locks | null {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks?.request ? (locks as unknown as Locks) : null;
}

export function openBroadcastChannel(): Channel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  try {
    return new BroadcastChannel(CHANNEL_NAME) as unknown as Channel;
  } catch {
    return null;
  }
}

export class TabLeader {
  private leader = false;
  private releaseLock: (() => void) | null = null;
  private lockAbort: AbortController | null = null;
  private channel: Channel | null = null;
  private active = false;

  constructor(private readonly handlers: LeaderHandlers, private readonly opts: LeaderOptions = {}) {}

  get isLeader(): boolean { return this.leader; }
  /** Elected through the lock: no other tab of this device is sending. */
  get holdsLock(): boolean { return this.leader && !!this.releaseLock; }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.channel = (this.opts.openChannel ?? openBroadcastChannel)();
    if (this.channel) this.channel.onmessage = (ev) => {
      const m = ev.data as LeaderMsg;
      if (m && typeof m === 'object') this.handlers.message(m);
    };
    const locks = this.opts.locks === undefined ? defaultLocks() : this.opts.locks;
    if ((this.opts.useLocks ?? true) && locks) {
      this.lockAbort = new AbortController();
      locks.request(LOCK_NAME, { signal: this.lockAbort.signal }, () => new Promise<void>((resolve) => {
        if (!this.active) { resolve(); return; } // granted just as this tab stopped: pass it on
        this.releaseLock = resolve;
        this.elect();
      })).catch(() => { /* aborted on stop */ });
    } else {
      this.elect();
    }
  }

  private elect(): void {
    if (!this.active) return;
    this.leader = true;
    this.handlers.elected();
  }

  post(m: LeaderMsg): void {
    this.channel?.postMessage(m);
  }

  stop(): void {
    this.active = false;
    this.leader = false;
    this.lockAbort?.abort();
    this.lockAbort = null;
    this.releaseLock?.();
    this.releaseLock = null;
    this.channel?.close();
    this.channel = null;
  }
}
