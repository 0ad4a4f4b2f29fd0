// Live adapter: a server-sent stream (GET /moi/sync/live, the session cookie) that says "changes
// are waiting in your scope" right after a commit (and once on connect). It carries no data: the
// loop pulls. It reconnects with backoff when it drops, and tells the loop whether it is connected
// (while it is not, the loop's idle poll is the fallback). Being connected says nothing about the
// outbox or the last sync, so it never changes the status the top bar shows.
import { LIVE_EVENT, LIVE_PATH } from '../../../contract/live';
import { API_BASE } from '../../lib/api';
import { jitteredBackoff } from './backoff';

export { LIVE_PATH };
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

  constructor(private readonly handlers: LiveHandlers, opts: LiveOptions = {}) {
    this.open = opts.open ?? openEventSource;
    this.random = opts.random ?? Math.random;
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  }

  get connected(): boolean { return this.isConnected; }
  get running(): boolean { return this.active; }
  /** Milliseconds before the next reconnect, for tests and diagnostics (null: none waiting). */
  retryDelay: number | null = null;

  start(): void {
    if (this.active) return;
    this.active = true;
    this.failures = 0;
    this.connect();
  }

  stop(): void {
    this.active = false;
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
    const mine = () => this.source === src;
    src.addEventListener('open', () => { if (mine()) this.setConnected(true); });
    src.addEventListener(LIVE_EVENT, (ev) => {
      if (!mine()) return;
      // The server sends one on connect: a stream that delivers is healthy, the backoff starts over.
      this.failures = 0;
      this.setConnected(true);
      this.handlers.changes(cursorOfEvent((ev as MessageEvent).data));
    });
    src.addEventListener('error', () => { if (mine()) this.drop(); });
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
