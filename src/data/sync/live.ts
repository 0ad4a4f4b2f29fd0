// Live adapter: a server-sent stream (GET /moi/sync/live, the session cookie) that says "changes
// are waiting in your scope" right after a commit (and once on connect). It carries no data: the
// loop pulls. It reconnects with backoff when it drops, and tells the loop whether it is connected
// (while it is not, the loop's idle poll is the fallback). Being connected says nothing about the
// outbox or the last sync, so it never changes the status the top bar shows.
import { LIVE_DEAD_MS, LIVE_EVENT, LIVE_PATH, LIVE_PING_EVENT } from '../../../contract/live';
import { API_BASE } from '../../lib/api';
import { jitteredBackoff } from './backoff';

export { LIVE_DEAD_MS, LIVE_PATH };
/** How often the stream checks that it heard the server lately. */
export const LIVE_WATCH_MS = 5_000;
/** First reconnect after a drop; doubles up to MAX (±20 % jitter). */
export const LIVE_RETRY_MIN_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 60_000;

/** The part of EventSource used here (tests pass a fake). */
export type LiveSource = {
  addEventListener(type: string, listener: (ev: Event) => void): void;
  close(): void;
};
export type OpenLiveSource = () => LiveSource | null;

/** The browser's EventSource on the live path; null where there is none (node, old browsers). */
export const openEventSource: OpenLiveSource = () => {
  if (typeof EventSource === 'undefined') return null;
  return new EventSource(`${API_BASE}${LIVE_PATH}`, { withCredentials: true });
};

export type LiveHandlers = {
  /** `cursor`: the server's position in this user's scope, opaque (undefined if absent). */
  changes(cursor: unknown): void;
  connected(on: boolean): void;
};

export type LiveOptions = {
  open?: OpenLiveSource;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
  /** The heartbeat watch: every LIVE_WATCH_MS (default setInterval; tests pass their own). */
  every?: (fn: () => void, ms: number) => unknown;
  stopEvery?: (t: unknown) => void;
  now?: () => number;
};

/** The cursor of a `changes` event's data ({"cursor": …}); undefined when it has none. */
export function cursorOfEvent(data: unknown): unknown {
  if (typeof data !== 'string' || !data) return undefined;
  try {
    const v = JSON.parse(data) as unknown;
    return v && typeof v === 'object' ? (v as { cursor?: unknown }).cursor : undefined;
  } catch {
    return undefined;
  }
}

export class LiveStream {
  private source: LiveSource | null = null;
  private active = false;
  private isConnected = false;
  private failures = 0;
  private timer: unknown = null;
  private readonly open: OpenLiveSource;
  private readonly random: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (t: unknown) => void;
  private readonly every: (fn: () => void, ms: number) => unknown;
  private readonly stopEvery: (t: unknown) => void;
  private readonly now: () => number;
  private watch: unknown = null;
  /** When the current stream last said anything (open, changes, ping). */
  private heardAt = 0;

  constructor(private readonly handlers: LiveHandlers, opts: LiveOptions = {}) {
    this.open = opts.open ?? openEventSource;
    this.random = opts.random ?? Math.random;
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
    this.every = opts.every ?? ((fn, ms) => {
      const t = setInterval(fn, ms);
      (t as { unref?: () => void }).unref?.();
      return t;
    });
    this.stopEvery = opts.stopEvery ?? ((t) => clearInterval(t as ReturnType<typeof setInterval>));
    this.now = opts.now ?? Date.now;
  }

  get connected(): boolean { return this.isConnected; }
  get running(): boolean { return this.active; }
  /** Milliseconds before the next reconnect, for tests and diagnostics (null: none waiting). */
  retryDelay: number | null = null;

  start(): void {
    if (this.active) return;
    this.active = true;
    this.failures = 0;
    this.watch = this.every(() => this.checkHeartbeat(), LIVE_WATCH_MS);
    this.connect();
  }

  stop(): void {
    this.active = false;
    if (this.watch !== null) this.stopEvery(this.watch);
    this.watch = null;
    this.cancelRetry();
    const s = this.source;
    this.source = null;
    s?.close();
    this.setConnected(false);
  }

  /** The network came back: do not wait out the backoff. */
  reconnectNow(): void {
    if (!this.active || this.source) return;
    this.cancelRetry();
    this.connect();
  }

  private connect(): void {
    const src = this.open();
    if (!src) return; // no EventSource here: the loop keeps polling
    this.source = src;
    this.heardAt = this.now();
    const mine = () => this.source === src;
    src.addEventListener('open', () => { if (mine()) { this.heardAt = this.now(); this.setConnected(true); } });
    src.addEventListener(LIVE_PING_EVENT, () => { if (mine()) this.heardAt = this.now(); });
    src.addEventListener(LIVE_EVENT, (ev) => {
      if (!mine()) return;
      this.heardAt = this.now();
      // The server sends one on connect: a stream that delivers is healthy, the backoff starts over.
      this.failures = 0;
      this.setConnected(true);
      this.handlers.changes(cursorOfEvent((ev as MessageEvent).data));
    });
    src.addEventListener('error', () => { if (mine()) this.drop(); });
  }

  /**
   * A stream that said nothing for LIVE_DEAD_MS (the server pings every LIVE_PING_MS) is dead even
   * if the browser never saw it close (a proxy, a network that went away quietly): drop it, which
   * reconnects with backoff and lets the idle poll take over meanwhile.
   */
  private checkHeartbeat(): void {
    if (!this.active || !this.source) return;
    if (this.now() - this.heardAt > LIVE_DEAD_MS) this.drop();
  }

  /** Dropped (network, server restart, 401…): close it (no browser retry at its own pace) and retry with backoff. */
  private drop(): void {
    const s = this.source;
    this.source = null;
    s?.close();
    this.setConnected(false);
    if (!this.active) return;
    this.failures++;
    const ms = jitteredBackoff(this.failures, LIVE_RETRY_MIN_MS, LIVE_RETRY_MAX_MS, this.random);
    this.retryDelay = ms;
    this.timer = this.setTimer(() => { this.timer = null; this.retryDelay = null; if (this.active && !this.source) this.connect(); }, ms);
  }

  private cancelRetry(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.retryDelay = null;
  }

  private setConnected(on: boolean): void {
    if (this.isConnected === on) return;
    this.isConnected = on;
    this.handlers.connected(on);
  }
}
