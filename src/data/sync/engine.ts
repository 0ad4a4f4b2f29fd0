// The replication core: one sync loop per device. It owns the schedule (drain on start, after each
// write, on `online` / visibility, on a live "changes" event, on a backoff or idle-poll timer), runs
// one pass at a time (push, then pull) and turns each pass's outcome into the status. The work is
// done by adapters: transport.ts (HTTP), leader.ts (one tab of the device leads), push.ts (outbox
// drain, pictures included), pull.ts (change log → Dexie), status.ts (state and
// subscribers), live.ts (server-sent "changes waiting"), request-timing.ts (slow-server adaptation).
// A successful request, not navigator.onLine and not the live stream, decides "online".
import { MAX_PUSH_BATCH, type Change, type ChangeType } from '../../../contract/sync';
import { ApiRequestError } from '../../lib/api';
import { db as appDb, type MoiDb } from '../db';
import { maybePruneOutbox } from '../outbox-prune';
import { META, isQuotaError, metaGet, metaSet, onOutboxWrite, onQuotaError } from '../outbox';
import { BACKOFF_MIN_MS, backoffDelay } from './backoff';
import { TabLeader, type Channel, type LeaderMsg, type Locks } from './leader';
import { LiveStream, openEventSource, type OpenLiveSource } from './live';
import { PullAdapter, readPullCursor } from './pull';
import { PushAdapter } from './push';
import { nextRetryIn, releaseRetryHolds } from './push-retry';
import { MAX_REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS, RequestTiming } from './request-timing';
import { StatusStore, type CoreState } from './status';
import { alreadyAt, httpTransport, type PullCursor, type SyncTransport } from './transport';

/** While no live stream is connected the loop still pulls now and then so a counter sees staff and counter changes. */
export const IDLE_POLL_MS = 60_000;
/** After a write, wait this long for more before pushing (a burst becomes one request). */
export const WRITE_COALESCE_MS = 150;
/** After a timed-out request while the server still answers: try again this soon (no growing backoff). */
export const SLOW_RETRY_MS = 1_000;

export { alreadyAt } from './transport';

export type SyncEngineOptions = {
  db?: MoiDb;
  transport?: SyncTransport;
  /** Elect one tab with navigator.locks when available (default true). */
  useLocks?: boolean;
  /** Test doubles of navigator.locks / BroadcastChannel (default: the browser's, when present). */
  locks?: Locks | null;
  openChannel?: () => Channel | null;
  batchSize?: number;
  pullLimit?: number;
  random?: () => number;
  /** Attach window listeners (online / visibility) — off in node tests. */
  listenToWindow?: boolean;
  /** Schedule timers (backoff / idle poll); off in deterministic tests. */
  timers?: boolean;
  /** First timeout of a push / pull (it adapts); tests make it short. */
  requestTimeoutMs?: number;
  /** The timeout never grows past this. */
  maxRequestTimeoutMs?: number;
  /** A slow-retry delay (SLOW_RETRY_MS); tests make it short. */
  slowRetryMs?: number;
  /** The idle poll while no live stream is connected (IDLE_POLL_MS); tests make it short. */
  idlePollMs?: number;
  /** Opens the live stream in the leader tab (default: EventSource where there is one; null: never). */
  live?: OpenLiveSource | null;
  /** Mirror sending / error to sync-signal.ts (the app's engine only). */
  publishSignal?: boolean;
};

type Opts = {
  batchSize: number; pullLimit: number; random: () => number; listenToWindow: boolean; timers: boolean;
  requestTimeoutMs: number; maxRequestTimeoutMs: number; slowRetryMs: number; idlePollMs: number;
};

export class SyncEngine {
  readonly db: MoiDb;
  /** Swappable (tests change the server's behaviour between passes). */
  transport: SyncTransport;
  private readonly opts: Opts;
  private readonly status: StatusStore;
  private readonly timing: RequestTiming;
  private readonly tabs: TabLeader;
  private readonly pusher: PushAdapter;
  private readonly puller: PullAdapter;
  private readonly live: LiveStream | null;
  private running = false;
  private draining: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerDue = 0;
  private writeTimer: ReturnType<typeof setTimeout> | null = null;
  private cleanups: Array<() => void> = [];
  private followerWaiters: Array<() => void> = [];
  /** Bumped by stop(): a pass begun before it writes no pulled page after it (sign-out clean-up). */
  private generation = 0;
  /** Passes begun so far (a pass begun after a live event pulls what it announced). */
  private passes = 0;

  constructor(options: SyncEngineOptions = {}) {
    this.db = options.db ?? appDb;
    this.transport = options.transport ?? httpTransport;
    this.opts = {
      batchSize: Math.min(options.batchSize ?? MAX_PUSH_BATCH, MAX_PUSH_BATCH),
      pullLimit: options.pullLimit ?? 5000,
      random: options.random ?? Math.random,
      listenToWindow: options.listenToWindow ?? typeof window !== 'undefined',
      timers: options.timers ?? true,
      requestTimeoutMs: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      maxRequestTimeoutMs: options.maxRequestTimeoutMs ?? MAX_REQUEST_TIMEOUT_MS,
      slowRetryMs: options.slowRetryMs ?? SLOW_RETRY_MS,
      idlePollMs: options.idlePollMs ?? IDLE_POLL_MS,
    };
    this.status = new StatusStore(options.publishSignal ?? false);
    this.timing = new RequestTiming(this.opts);
    this.tabs = new TabLeader(
      { elected: () => this.becomeLeader(), message: (m) => this.onMessage(m) },
      { useLocks: options.useLocks ?? true, locks: options.locks, openChannel: options.openChannel },
    );
    const transport = () => this.transport;
    this.pusher = new PushAdapter({ db: this.db, transport, timing: this.timing, random: this.opts.random, holdsLock: () => this.tabs.holdsLock });
    this.puller = new PullAdapter({ db: this.db, transport, timing: this.timing });
    const openLive = options.live === undefined ? openEventSource : options.live;
    this.live = openLive
      ? new LiveStream({ changes: (c) => this.onLiveChanges(c), connected: (on) => this.onLiveConnected(on) }, { open: openLive, random: this.opts.random })
      : null;
    // Quota failures of any write are shown to the user through the state, never swallowed.
    onQuotaError(() => this.set({ error: 'quota_exceeded' }));
    void metaGet<string>(this.db, META.lastSyncAt).then((v) => { if (v && !this.status.get().lastSyncAt) this.set({ lastSyncAt: v }); }).catch(() => {});
  }

  // ---- state ----
  getCore = (): CoreState => this.status.get();
  subscribe = (fn: () => void): (() => void) => this.status.subscribe(fn);
  private set(patch: Partial<CoreState>): void {
    this.status.set(patch);
    if (this.tabs.isLeader) this.tabs.post({ kind: 'state', state: this.status.get() });
  }
  get isRunning() { return this.running; }
  get isLeader() { return this.tabs.isLeader; }
  /**
   * The live stream is open and delivering (the idle poll is off meanwhile): this tab's own stream
   * when it leads, the leader's (as it last said over the channel) in a follower tab.
   */
  get isLive() { return this.tabs.isLeader ? !!this.live?.connected : this.leaderLive; }
  /** A follower's copy of the leader's live flag. */
  private leaderLive = false;

  // ---- lifecycle ----
  start(): void {
    if (this.running) return;
    this.running = true;
    this.set({ needsSignIn: false });
    this.cleanups.push(onOutboxWrite(() => {
      if (this.tabs.isLeader) this.afterWrite();
      else this.tabs.post({ kind: 'nudge' });
    }));
    this.tabs.start();
    // A tab opened after the leader: ask for its state and live flag.
    if (!this.tabs.isLeader) this.tabs.post({ kind: 'hello' });
  }

  /** stop(), then wait (at most `ms`) for a pass under way to end. */
  async stopAndSettle(ms = 5_000): Promise<void> {
    this.stop();
    const d = this.draining;
    if (d) await Promise.race([d.catch(() => {}), new Promise((r) => setTimeout(r, ms))]);
  }

  stop(): void {
    this.generation++;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.writeTimer) clearTimeout(this.writeTimer);
    this.writeTimer = null;
    for (const c of this.cleanups.splice(0)) c();
    this.live?.stop();
    this.tabs.stop();
    for (const w of this.followerWaiters.splice(0)) w();
  }

  private becomeLeader(): void {
    if (!this.running) return;
    this.leaderLive = false;
    if (this.opts.listenToWindow && typeof window !== 'undefined') {
      const onOnline = () => { this.failures = 0; this.live?.reconnectNow(); void this.drain(); };
      const onVisible = () => { if (document.visibilityState === 'visible') void this.drain(); };
      window.addEventListener('online', onOnline);
      document.addEventListener('visibilitychange', onVisible);
      this.cleanups.push(() => { window.removeEventListener('online', onOnline); document.removeEventListener('visibilitychange', onVisible); });
    }
    this.live?.start();
    void this.drain();
  }

  private onMessage(m: LeaderMsg): void {
    if (m.kind === 'nudge' && this.tabs.isLeader) void this.drain().then(() => this.tabs.post({ kind: 'drained' }));
    else if (m.kind === 'state' && !this.tabs.isLeader) this.status.replace(m.state);
    else if (m.kind === 'drained' && !this.tabs.isLeader) for (const w of this.followerWaiters.splice(0)) w();
    else if (m.kind === 'live' && !this.tabs.isLeader) this.leaderLive = m.on;
    else if (m.kind === 'hello' && this.tabs.isLeader) {
      this.tabs.post({ kind: 'state', state: this.status.get() });
      this.tabs.post({ kind: 'live', on: !!this.live?.connected });
    }
  }

  // ---- live ----

  /**
   * The server committed something in this user's scope: pull now. A pass under way may have pulled
   * before that commit was visible, so the decision waits for it to end; then no request when a
   * pass begun after the event already ran, or the stored cursor is at the announced one (the event
   * of this device's own push, pulled meanwhile).
   */
  private onLiveChanges(cursor: unknown): void {
    if (!this.running || !this.tabs.isLeader) return;
    const passesBefore = this.passes;
    const covered = () => !this.running || this.passes > passesBefore;
    void (async () => {
      if (this.draining) await this.draining.catch(() => {});
      if (covered()) return;
      if (cursor !== undefined) {
        const mine = await readPullCursor(this.db).catch(() => undefined);
        if (covered() || alreadyAt(mine, cursor)) return;
      }
      void this.drain();
    })();
  }

  /** While the stream is down, the idle poll is the fallback (a backoff already waiting stays). */
  private onLiveConnected(on: boolean): void {
    if (this.tabs.isLeader) this.tabs.post({ kind: 'live', on });
    if (!on && !this.timer && this.running) this.schedule(this.opts.idlePollMs);
  }

  /**
   * Drain now (push then pull). In a follower tab it asks the leader and waits (≤ 30 s).
   * `releaseHolds`: the person pressed "Sync now", so entries waiting out a retry delay go too
   * (screens that refresh on a timer leave the backoff alone).
   */
  async syncNow(opts: { releaseHolds?: boolean } = {}): Promise<void> {
    if (opts.releaseHolds) await releaseRetryHolds(this.db);
    if (!this.running) {
      await this.drain();
      return;
    }
    if (this.tabs.isLeader) {
      this.failures = 0;
      await this.drain();
      return;
    }
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, 30_000);
      this.followerWaiters.push(() => { clearTimeout(t); resolve(); });
      this.tabs.post({ kind: 'nudge' });
    });
  }

  /** One drain at a time per engine; a request arriving mid-drain runs one more pass after it. */
  drain(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          await this.runOnce();
        } while (this.again && !this.status.get().needsSignIn);
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  private schedule(ms: number): void {
    if (!this.opts.timers || !this.running || !this.tabs.isLeader) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDue = Date.now() + ms;
    this.timer = setTimeout(() => { this.timer = null; void this.drain(); }, ms);
  }

  /**
   * A write just committed. Online: drain now. After a network failure: try again within 5 s
   * instead of at once, so a counter keying gifts offline does not fight a failing request per gift.
   */
  private afterWrite(): void {
    if (this.status.get().online !== false) {
      // Coalesce a burst of writes (150 ms) into one push instead of racing each commit.
      if (!this.opts.timers) {
        void this.drain();
      } else if (!this.writeTimer) {
        this.writeTimer = setTimeout(() => { this.writeTimer = null; void this.drain(); }, WRITE_COALESCE_MS);
      }
      return;
    }
    if (!this.timer || this.timerDue > Date.now() + BACKOFF_MIN_MS) this.schedule(BACKOFF_MIN_MS);
  }

  private async runOnce(): Promise<void> {
    this.passes++;
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    this.set({ sending: true });
    this.timing.beginPass();
    const generation = this.generation;
    try {
      await this.pusher.pushAll();
      await this.puller.pullAll(() => generation !== this.generation);
      const now = new Date().toISOString();
      await metaSet(this.db, META.lastSyncAt, now);
      this.failures = 0;
      const { slow } = this.timing.passSucceeded();
      this.set({ online: true, slow, lastSyncAt: now, error: this.status.get().error === 'quota_exceeded' ? 'quota_exceeded' : null, needsSignIn: false });
      // Entries the server could not store come back when their retry delay ends (push-retry.ts).
      // The idle poll only while no live stream tells this device when to pull.
      const retryIn = await nextRetryIn(this.db);
      const idle = this.opts.idlePollMs;
      if (!this.live?.connected) this.schedule(Math.min(idle, retryIn ?? idle));
      else if (retryIn !== null) this.schedule(Math.min(idle, retryIn));
      await maybePruneOutbox(this.db);
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 401) {
        // Stop, keep every outbox row as it is, and ask the user to sign in again.
        this.set({ needsSignIn: true, online: true });
        this.stop();
        return;
      }
      if (e instanceof ApiRequestError && e.code === 'timeout' && (await this.serverAnswers())) {
        // Slow, not offline: the server is there (it may even have stored the batch; the mutation
        // ids make a resend harmless). Wait longer, send less, and try again soon.
        this.timing.timedOutButServerAnswers();
        this.set({ online: true, slow: true, error: null });
        this.schedule(this.opts.slowRetryMs);
        return;
      }
      if (isQuotaError(e)) this.set({ error: 'quota_exceeded' });
      else if (e instanceof ApiRequestError && e.isNetwork) this.set({ online: false, slow: false, error: null });
      else this.set({ online: e instanceof ApiRequestError ? true : this.status.get().online, error: 'server_error' });
      this.failures++;
      this.schedule(backoffDelay(this.failures, this.opts.random));
    } finally {
      this.set({ sending: false });
    }
  }

  /** After a timeout: does the server answer a cheap request (GET /moi/health)? */
  private async serverAnswers(): Promise<boolean> {
    if (!this.transport.health) return false;
    try {
      // Cheap, but the server is slow: give it a few seconds even when the sync timeout is short.
      await this.transport.health({ timeoutMs: Math.min(10_000, Math.max(5_000, this.timing.timeoutMs)) });
      return true;
    } catch (e) {
      // Any HTTP answer (even 503 "database down") is a server that is there.
      return e instanceof ApiRequestError && !e.isNetwork;
    }
  }

  // ---- agreement with the server (agreement.ts) ----

  /**
   * Re-pull one event's gifts (the device's differ from the server's figures), then run a pass so
   * fresh figures arrive to compare with. Waits for a pass of this tab under way first. False when
   * it could not complete (signed out meanwhile, or overtaken by other tabs' passes each time).
   */
  async repairEvent(eventId: string): Promise<boolean> {
    if (this.draining) await this.draining.catch(() => {});
    const generation = this.generation;
    const done = await this.puller.repairEvent(eventId, () => generation !== this.generation);
    if (done) await this.syncNow();
    return done;
  }

  // ---- pull (exposed for tests and the e2e hook) ----

  /** Apply one page of changes and advance the cursor in the same transaction (null: a back-fill page). */
  applyChanges(changes: Change[], cursor: PullCursor | null): Promise<void> {
    return this.puller.applyChanges(changes, cursor);
  }

  /** Delete the local rows of `type` a complete back-fill did not list, keeping rows with unsynced work. */
  pruneOutOfScope(type: ChangeType, keep: ReadonlySet<string>): Promise<number> {
    return this.puller.pruneOutOfScope(type, keep);
  }
}
