// The sync loop: one per device across tabs (Web Locks leader election; every tab drains alone
// where locks are missing, and the atomic pending→sending claim still keeps them apart). It pushes
// the outbox in seq order (batches ≤ 500), uploads pending profile pictures, then pulls the
// server's change log into Dexie. A successful request, not navigator.onLine, decides "online".
import Dexie from 'dexie';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { MAX_PUSH_BATCH, type Change, type ChangeType, type PullResponse, type PushBody, type PushResult } from '../../contract/sync';
import { apiFetch, ApiRequestError } from '../lib/api';
import { db as appDb, type MoiDb, type OutboxRow } from './db';
import { entityKey, latestPerEntity, mergeChange } from './merge';
import { maybePruneOutbox } from './outbox-prune';
import { lazyLiveQuery } from './lazy-live';
import { ScopeWatch, backfillScope } from './pull-scope';
import { dueForPush, nextRetryIn, releaseRetryHolds, settlePushResults } from './push-retry';
import { publishSyncSignal } from './sync-signal';
import { META, deviceIdOf, metaGet, metaSet, notifyOutboxWrite, onOutboxWrite, onQuotaError, outboxCounts, isQuotaError, unsyncedEntities, type OutboxCounts } from './outbox';

/** How long the loop waits for this answer (it adapts to a slow server, see SyncEngine.timed). */
export type RequestOptions = { timeoutMs?: number };

export type SyncTransport = {
  push(body: PushBody, opts?: RequestOptions): Promise<{ results: PushResult[] }>;
  /** `types`: only those change types (a back-fill of a scope that grew, pull-scope.ts). */
  pull(since: number, limit: number, types?: ChangeType[], opts?: RequestOptions): Promise<PullResponse>;
  uploadProfileImage(userId: string, file: Blob, mime: string): Promise<{ profileImagePath: string }>;
  /** A cheap request that tells a slow server from no server after a timeout (GET /moi/health). */
  health?(opts?: RequestOptions): Promise<unknown>;
};

const extOf = (mime: string) => (mime.split('/')[1] ?? 'png').replace('jpeg', 'jpg').replace(/[^a-z0-9]/g, '');

export const httpTransport: SyncTransport = {
  push: (body, opts) => apiFetch('/moi/sync/push', { method: 'POST', json: body, timeoutMs: opts?.timeoutMs ?? 60_000 }),
  pull: (since, limit, types, opts) => apiFetch(`/moi/sync/pull?since=${since}&limit=${limit}${types?.length ? `&types=${types.join(',')}` : ''}`, { timeoutMs: opts?.timeoutMs ?? 60_000 }),
  health: (opts) => apiFetch('/moi/health', { timeoutMs: opts?.timeoutMs ?? 10_000 }),
  uploadProfileImage: (userId, file, mime) => {
    const fd = new FormData();
    fd.append('id', userId);
    fd.append('file', file, `profile.${extOf(mime)}`);
    return apiFetch('/moi/user/uploadProfileImage', { method: 'POST', body: fd, timeoutMs: 60_000 });
  },
};

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

type CoreState = Omit<SyncState, 'pending' | 'rejected' | 'countsKnown'>;

export const BACKOFF_MIN_MS = 5_000;
export const BACKOFF_MAX_MS = 300_000;
/** While healthy the loop still pulls now and then so a counter sees staff and counter changes. */
export const IDLE_POLL_MS = 60_000;
/** A `sending` claim older than this belonged to a page that closed mid-request. */
export const STALE_SENDING_MS = 90_000;
/** After a write, wait this long for more before pushing (a burst becomes one request). */
export const WRITE_COALESCE_MS = 150;
/** First timeout of a push or pull; it grows when the server is slow (never past MAX). */
export const REQUEST_TIMEOUT_MS = 30_000;
export const MAX_REQUEST_TIMEOUT_MS = 300_000;
/** An answer slower than this makes the status say "slow connection". */
export const SLOW_ANSWER_MS = 5_000;
/** A slow server gets batches (and pull pages) no smaller than these. */
export const MIN_PUSH_BATCH = 10;
export const MIN_PULL_LIMIT = 100;
/** After a timed-out request while the server still answers: try again this soon (no growing backoff). */
export const SLOW_RETRY_MS = 1_000;

/** 5 s doubling to 5 min, ±20 % jitter. `failures` counts consecutive failures (1 = first). */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export type SyncEngineOptions = {
  db?: MoiDb;
  transport?: SyncTransport;
  /** Elect one tab with navigator.locks when available (default true). */
  useLocks?: boolean;
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
};

type Channel = { postMessage(m: unknown): void; close(): void; onmessage: ((ev: MessageEvent) => void) | null };
type Msg = { kind: 'nudge' } | { kind: 'state'; state: CoreState } | { kind: 'drained' };

const TYPE_TABLE = {
  gift: 'gifts', event: 'events', counter: 'counters', user: 'users', audit: 'audits',
  membership: 'memberships', signup: 'signups', staffPin: 'staffPins',
} as const;

export class SyncEngine {
  readonly db: MoiDb;
  transport: SyncTransport;
  private opts: Required<Omit<SyncEngineOptions, 'db' | 'transport'>>;
  private core: CoreState = { online: null, sending: false, lastSyncAt: null, needsSignIn: false, error: null, slow: false };
  /** Current timeout of a push / pull and size of a push batch: both adapt to a slow server. */
  private timeoutMs: number;
  private pushBatch: number;
  private pullLimit: number;
  /** Size of the last push sent (a batch that timed out is halved from what was really sent). */
  private lastPushSize = 0;
  private timedOutKind: 'push' | 'pull' | null = null;
  /** Slowest answer of the pass under way (ms). */
  private passSlowest = 0;
  private subs = new Set<() => void>();
  private running = false;
  private leader = false;
  private draining: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private releaseLock: (() => void) | null = null;
  private lockAbort: AbortController | null = null;
  private channel: Channel | null = null;
  private cleanups: Array<() => void> = [];
  private followerWaiters: Array<() => void> = [];

  constructor(options: SyncEngineOptions = {}) {
    this.db = options.db ?? appDb;
    this.transport = options.transport ?? httpTransport;
    this.opts = {
      useLocks: options.useLocks ?? true,
      batchSize: Math.min(options.batchSize ?? MAX_PUSH_BATCH, MAX_PUSH_BATCH),
      pullLimit: options.pullLimit ?? 5000,
      random: options.random ?? Math.random,
      listenToWindow: options.listenToWindow ?? typeof window !== 'undefined',
      timers: options.timers ?? true,
      requestTimeoutMs: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      maxRequestTimeoutMs: options.maxRequestTimeoutMs ?? MAX_REQUEST_TIMEOUT_MS,
      slowRetryMs: options.slowRetryMs ?? SLOW_RETRY_MS,
    };
    this.timeoutMs = this.opts.requestTimeoutMs;
    this.pushBatch = this.opts.batchSize;
    this.pullLimit = this.opts.pullLimit;
    // Quota failures of any write are shown to the user through the state, never swallowed.
    onQuotaError(() => this.set({ error: 'quota_exceeded' }));
    void metaGet<string>(this.db, META.lastSyncAt).then((v) => { if (v && !this.core.lastSyncAt) this.set({ lastSyncAt: v }); }).catch(() => {});
  }

  // ---- state ----
  getCore = (): CoreState => this.core;
  subscribe = (fn: () => void): (() => void) => {
    this.subs.add(fn);
    return () => this.subs.delete(fn);
  };
  private set(patch: Partial<CoreState>): void {
    this.core = { ...this.core, ...patch };
    if (this === appEngine) publishSyncSignal({ sending: this.core.sending, error: this.core.error });
    for (const fn of this.subs) fn();
    if (this.leader) this.channel?.postMessage({ kind: 'state', state: this.core } satisfies Msg);
  }
  get isRunning() { return this.running; }
  get isLeader() { return this.leader; }

  // ---- lifecycle ----
  start(): void {
    if (this.running) return;
    this.running = true;
    this.set({ needsSignIn: false });
    this.channel = openChannel();
    if (this.channel) {
      this.channel.onmessage = (ev) => this.onMessage(ev.data as Msg);
    }
    this.cleanups.push(onOutboxWrite(() => {
      if (this.leader) this.afterWrite();
      else this.channel?.postMessage({ kind: 'nudge' } satisfies Msg);
    }));
    const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
    if (this.opts.useLocks && locks?.request) {
      this.lockAbort = new AbortController();
      locks.request('moi-sync', { signal: this.lockAbort.signal }, () => new Promise<void>((resolve) => {
        this.releaseLock = resolve;
        this.becomeLeader();
      })).catch(() => { /* aborted on stop */ });
    } else {
      this.becomeLeader();
    }
  }

  /** Bumped by stop(): a pass begun before it writes no pulled page after it (sign-out clean-up). */
  private generation = 0;

  /** stop(), then wait (at most `ms`) for a pass under way to end. */
  async stopAndSettle(ms = 5_000): Promise<void> {
    this.stop();
    const d = this.draining;
    if (d) await Promise.race([d.catch(() => {}), new Promise((r) => setTimeout(r, ms))]);
  }

  stop(): void {
    this.generation++;
    this.running = false;
    this.leader = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.writeTimer) clearTimeout(this.writeTimer);
    this.writeTimer = null;
    for (const c of this.cleanups.splice(0)) c();
    this.lockAbort?.abort();
    this.lockAbort = null;
    this.releaseLock?.();
    this.releaseLock = null;
    this.channel?.close();
    this.channel = null;
    for (const w of this.followerWaiters.splice(0)) w();
  }

  private becomeLeader(): void {
    if (!this.running) return;
    this.leader = true;
    if (this.opts.listenToWindow && typeof window !== 'undefined') {
      const onOnline = () => { this.failures = 0; void this.drain(); };
      const onVisible = () => { if (document.visibilityState === 'visible') void this.drain(); };
      window.addEventListener('online', onOnline);
      document.addEventListener('visibilitychange', onVisible);
      this.cleanups.push(() => { window.removeEventListener('online', onOnline); document.removeEventListener('visibilitychange', onVisible); });
    }
    void this.drain();
  }

  private onMessage(m: Msg): void {
    if (!m || typeof m !== 'object') return;
    if (m.kind === 'nudge' && this.leader) void this.drain().then(() => this.channel?.postMessage({ kind: 'drained' } satisfies Msg));
    else if (m.kind === 'state' && !this.leader) {
      this.core = { ...m.state };
      for (const fn of this.subs) fn();
    } else if (m.kind === 'drained' && !this.leader) {
      for (const w of this.followerWaiters.splice(0)) w();
    }
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
    if (this.leader) {
      this.failures = 0;
      await this.drain();
      return;
    }
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, 30_000);
      this.followerWaiters.push(() => { clearTimeout(t); resolve(); });
      this.channel?.postMessage({ kind: 'nudge' } satisfies Msg);
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
        } while (this.again && !this.core.needsSignIn);
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  private timerDue = 0;
  private schedule(ms: number): void {
    if (!this.opts.timers || !this.running || !this.leader) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDue = Date.now() + ms;
    this.timer = setTimeout(() => { this.timer = null; void this.drain(); }, ms);
  }

  /**
   * A write just committed. Online: drain now. After a network failure: try again within 5 s
   * instead of at once, so a counter keying gifts offline does not fight a failing request per gift.
   */
  private writeTimer: ReturnType<typeof setTimeout> | null = null;
  private afterWrite(): void {
    if (this.core.online !== false) {
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
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    this.set({ sending: true });
    this.passSlowest = 0;
    try {
      await this.pushAll();
      await this.pullAll();
      const now = new Date().toISOString();
      await metaSet(this.db, META.lastSyncAt, now);
      this.failures = 0;
      const slow = this.passSlowest >= SLOW_ANSWER_MS;
      // Answers came back quickly again: batches grow back to their full size.
      if (!slow) {
        this.pushBatch = Math.min(this.opts.batchSize, this.pushBatch * 2);
        this.pullLimit = Math.min(this.opts.pullLimit, this.pullLimit * 2);
      }
      this.set({ online: true, slow, lastSyncAt: now, error: this.core.error === 'quota_exceeded' ? 'quota_exceeded' : null, needsSignIn: false });
      // Entries the server could not store come back when their retry delay ends (push-retry.ts).
      this.schedule(Math.min(IDLE_POLL_MS, (await nextRetryIn(this.db)) ?? IDLE_POLL_MS));
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
        this.timeoutMs = Math.min(this.opts.maxRequestTimeoutMs, this.timeoutMs * 2);
        if (this.timedOutKind === 'push') this.pushBatch = Math.max(Math.min(MIN_PUSH_BATCH, this.opts.batchSize), Math.floor(Math.min(this.pushBatch, this.lastPushSize) / 2));
        if (this.timedOutKind === 'pull') this.pullLimit = Math.max(MIN_PULL_LIMIT, Math.floor(this.pullLimit / 2));
        this.set({ online: true, slow: true, error: null });
        this.schedule(this.opts.slowRetryMs);
        return;
      }
      if (isQuotaError(e)) this.set({ error: 'quota_exceeded' });
      else if (e instanceof ApiRequestError && e.isNetwork) this.set({ online: false, slow: false, error: null });
      else this.set({ online: e instanceof ApiRequestError ? true : this.core.online, error: 'server_error' });
      this.failures++;
      this.schedule(backoffDelay(this.failures, this.opts.random));
    } finally {
      this.set({ sending: false });
    }
  }

  /**
   * Run one request with the current timeout and learn from its answer time: the timeout stays at
   * least 4× the slowest recent answer (so a server that takes 20 s is not cut off at 30 s), and
   * comes back down, halfway per answer, when answers are quick again.
   */
  private async timed<T>(kind: 'push' | 'pull', request: (opts: RequestOptions) => Promise<T>): Promise<T> {
    const t0 = Date.now();
    let result: T;
    try {
      result = await request({ timeoutMs: this.timeoutMs });
    } catch (e) {
      if (e instanceof ApiRequestError && e.code === 'timeout') this.timedOutKind = kind;
      throw e;
    }
    const ms = Date.now() - t0;
    this.passSlowest = Math.max(this.passSlowest, ms);
    const wanted = Math.max(this.opts.requestTimeoutMs, 4 * ms);
    this.timeoutMs = Math.min(this.opts.maxRequestTimeoutMs, wanted >= this.timeoutMs ? wanted : Math.max(wanted, Math.round(this.timeoutMs / 2)));
    return result;
  }

  /** After a timeout: does the server answer a cheap request (GET /moi/health)? */
  private async serverAnswers(): Promise<boolean> {
    if (!this.transport.health) return false;
    try {
      // Cheap, but the server is slow: give it a few seconds even when the sync timeout is short.
      await this.transport.health({ timeoutMs: Math.min(10_000, Math.max(5_000, this.timeoutMs)) });
      return true;
    } catch (e) {
      // Any HTTP answer (even 503 "database down") is a server that is there.
      return e instanceof ApiRequestError && !e.isNetwork;
    }
  }

  // ---- push ----

  /** Put back rows left `sending` by a page that closed mid-request (or, as leader, any). */
  private async recoverStale(): Promise<void> {
    const cutoff = Date.now() - STALE_SENDING_MS;
    const elected = this.leader && !!this.releaseLock; // holding the lock: nobody else is sending
    await this.db.outbox.where('state').equals('sending').modify((r) => {
      if (elected || !r.sendingSince || r.sendingSince < cutoff) {
        r.state = 'pending';
        r.sendingSince = null;
      }
    });
  }

  /** Atomically move the next pending rows (seq order) to `sending`. Two drainers never claim the same row. */
  private async claim(): Promise<OutboxRow[]> {
    return this.db.transaction('rw', this.db.outbox, async () => {
      const rows = await this.db.outbox.where('[state+seq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
        .filter(dueForPush(Date.now())).limit(this.pushBatch).toArray();
      const now = Date.now();
      for (const r of rows) { r.state = 'sending'; r.sendingSince = now; }
      await this.db.outbox.bulkPut(rows);
      return rows;
    });
  }

  private async release(rows: OutboxRow[], err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    const code = err instanceof ApiRequestError ? err.code : null;
    const is401 = err instanceof ApiRequestError && err.status === 401;
    await this.db.transaction('rw', this.db.outbox, async () => {
      const current = await this.db.outbox.bulkGet(rows.map((r) => r.id));
      const next: OutboxRow[] = [];
      for (const cur of current) {
        if (!cur || cur.state !== 'sending') continue;
        // A 401 leaves the row exactly as it was (no attempt counted).
        next.push(is401
          ? { ...cur, state: 'pending', sendingSince: null }
          : { ...cur, state: 'pending', sendingSince: null, attempts: cur.attempts + 1, lastError: message, lastErrorCode: code });
      }
      await this.db.outbox.bulkPut(next);
    });
  }

  private async pushAll(): Promise<void> {
    await this.recoverStale();
    const deviceId = await deviceIdOf(this.db);
    for (;;) {
      const batch = this.pushBatch;
      const rows = await this.claim();
      if (rows.length === 0) return;
      const pictures = rows.filter((r) => r.name === 'profile.picture');
      const others = rows.filter((r) => r.name !== 'profile.picture');
      if (others.length) {
        let results: PushResult[];
        try {
          this.lastPushSize = others.length;
          // sentAt: the server measures this device's clock offset for entries that carry none.
          ({ results } = await this.timed('push', (o) => this.transport.push({ deviceId, sentAt: new Date().toISOString(), mutations: others.map((r) => ({ id: r.id, seq: r.seq, name: r.name, args: r.args })) }, o)));
        } catch (e) {
          await this.release(rows, e);
          throw e;
        }
        await this.applyResults(others, results);
      }
      for (const p of pictures) await this.uploadPicture(p);
      if (rows.length < batch) return;
    }
  }

  private async applyResults(rows: OutboxRow[], results: PushResult[]): Promise<void> {
    await this.db.transaction('rw', [this.db.outbox, this.db.gifts, this.db.counters, this.db.users, this.db.signups], async () => {
      const current = await this.db.outbox.bulkGet(rows.map((r) => r.id));
      const { next, accepted } = settlePushResults(current, results, { now: Date.now(), backoff: (n) => backoffDelay(n, this.opts.random) });
      await this.db.outbox.bulkPut(next);
      await this.clearPendingFlags([...new Set(accepted)]);
    });
  }

  /** Clear `_pending` on entities that no longer have any unsynced mutation. */
  private async clearPendingFlags(entities: string[]): Promise<void> {
    if (entities.length === 0) return;
    const stillOpen = new Set<string>();
    await this.db.outbox.where('entity').anyOf(entities).each((r) => { if (r.state !== 'done' && r.entity) stillOpen.add(r.entity); });
    const byTable = new Map<string, string[]>();
    for (const ent of entities) {
      if (stillOpen.has(ent)) continue;
      const i = ent.indexOf(':');
      const type = ent.slice(0, i);
      const tableName = type === 'gift' ? 'gifts' : type === 'counter' ? 'counters' : type === 'user' ? 'users' : type === 'signup' ? 'signups' : null;
      if (!tableName) continue;
      const list = byTable.get(tableName) ?? [];
      list.push(ent.slice(i + 1));
      byTable.set(tableName, list);
    }
    for (const [tableName, ids] of byTable) await this.db.table(tableName).where('id').anyOf(ids).modify({ _pending: 0 });
  }

  private async uploadPicture(row: OutboxRow): Promise<void> {
    const args = row.args as { userId: string; fileId: string; mime: string };
    const file = await this.db.files.get(args.fileId);
    if (!file) {
      await this.db.outbox.update(row.id, { state: 'rejected', sendingSince: null, lastError: 'The picture is no longer on this device', lastErrorCode: 'not_found' });
      return;
    }
    let res: { profileImagePath: string };
    try {
      res = await this.transport.uploadProfileImage(args.userId, file.blob, file.mime);
    } catch (e) {
      if (e instanceof ApiRequestError && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 408 && e.status !== 429) {
        await this.db.outbox.update(row.id, { state: 'rejected', sendingSince: null, attempts: row.attempts + 1, lastError: e.message, lastErrorCode: e.code });
        return;
      }
      await this.release([row], e);
      throw e;
    }
    await this.db.transaction('rw', [this.db.outbox, this.db.users, this.db.files], async () => {
      await this.db.outbox.update(row.id, { state: 'done', sendingSince: null, attempts: row.attempts + 1, lastError: null, lastErrorCode: null });
      await this.db.users.where('id').equals(args.userId).modify({ profileImagePath: res.profileImagePath });
      await this.db.files.delete(args.fileId);
      await this.clearPendingFlags([`user:${args.userId}`]);
    });
  }

  // ---- pull ----

  private async pullAll(): Promise<void> {
    const generation = this.generation;
    const stopped = () => generation !== this.generation;
    const cursor = (await metaGet<number>(this.db, META.pullCursor)) ?? 0;
    const scope = await ScopeWatch.load(this.db, cursor);
    const pull = (since: number) => this.timed('pull', (o) => this.transport.pull(since, this.pullLimit, undefined, o));
    let next: Promise<PullResponse> | null = pull(cursor);
    while (next) {
      const page: PullResponse = await next;
      // Ask for the following page while this one is written to IndexedDB (network and disk overlap).
      next = page.hasMore ? pull(page.cursor) : null;
      next?.catch(() => {}); // a failure surfaces when awaited
      if (stopped()) return; // signed out meanwhile: this page belongs to nobody now
      scope.see(page.scope);
      await this.applyChanges(page.changes, page.cursor);
    }
    // Rows of a scope that grew (a counter or event newly given) are older than the cursor.
    // Rows of a scope that shrank (taken off a counter or an event) leave the device.
    if (stopped()) return;
    await backfillScope(this.db, scope, (s, l, t) => this.timed('pull', (o) => this.transport.pull(s, l, t, o)), this.pullLimit,
      async (changes) => { if (!stopped()) await this.applyChanges(changes, null); },
      (type, keep) => this.pruneOutOfScope(type, keep));
  }

  /** Delete the local rows of `type` a complete back-fill did not list, keeping rows with unsynced work. */
  async pruneOutOfScope(type: ChangeType, keep: ReadonlySet<string>): Promise<number> {
    const tableName = TYPE_TABLE[type as keyof typeof TYPE_TABLE];
    if (!tableName) return 0;
    const d = this.db;
    const table = d.table(tableName);
    return d.transaction('rw', [table, d.outbox], async () => {
      const unsynced = await unsyncedEntities(d);
      const ids = (await table.toCollection().primaryKeys()) as string[];
      const candidates = ids.filter((id) => !keep.has(id) && !unsynced.has(entityKey(type, id)));
      if (!candidates.length) return 0;
      const rows = (await table.bulkGet(candidates)) as ({ _pending?: number; giftId?: string } | undefined)[];
      // An audit written on this device keeps _pending for good (the server stores its own copy under
      // another id): it stays only while its gift still has unsynced work.
      const held = (r: { _pending?: number; giftId?: string }) =>
        type === 'audit' ? !!r.giftId && unsynced.has(entityKey('gift', r.giftId)) : r._pending === 1;
      const gone = candidates.filter((_, i) => rows[i] && !held(rows[i]!));
      await table.bulkDelete(gone);
      return gone.length;
    });
  }

  /** Apply one page of changes and advance the cursor in the same transaction (null: a back-fill page, the cursor stays). */
  async applyChanges(changes: Change[], cursor: number | null): Promise<void> {
    const d = this.db;
    await d.transaction('rw', [d.gifts, d.events, d.counters, d.users, d.audits, d.memberships, d.signups, d.staffPins, d.outbox, d.meta], async () => {
      const unsynced = await unsyncedEntities(d);
      const groups = new Map<string, Change[]>();
      for (const c of latestPerEntity(changes)) {
        const list = groups.get(c.type) ?? [];
        list.push(c);
        groups.set(c.type, list);
      }
      for (const [type, list] of groups) {
        const tableName = TYPE_TABLE[type as keyof typeof TYPE_TABLE];
        if (!tableName) continue;
        const table = d.table(tableName);
        const locals = await table.bulkGet(list.map((c) => c.id));
        const puts: unknown[] = [];
        const dels: string[] = [];
        list.forEach((c, i) => {
          const decision = mergeChange(locals[i] as { id: string } | undefined, c as { row?: { id: string }; deleted?: true }, unsynced.has(entityKey(type, c.id)));
          if (decision.op === 'put') puts.push(decision.row);
          else if (decision.op === 'delete') dels.push(c.id);
        });
        if (puts.length) await table.bulkPut(puts);
        if (dels.length) await table.bulkDelete(dels);
      }
      if (cursor !== null) await d.meta.put({ key: META.pullCursor, value: cursor });
    });
  }
}

function openChannel(): Channel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  try {
    return new BroadcastChannel('moi-sync') as unknown as Channel;
  } catch {
    return null;
  }
}

// ---- the app's engine and hooks ----

let appEngine: SyncEngine | null = null;
/** The device's engine (created on first use). */
export function getSyncEngine(): SyncEngine {
  appEngine ??= new SyncEngine();
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

const sameCounts = (a: OutboxCounts, b: OutboxCounts) => a.pending === b.pending && a.sending === b.sending && a.rejected === b.rejected;

/**
 * Writes announced (notifyOutboxWrite, right after each commit) that no finished count has seen
 * yet. The status adds them to the last count at once, so the render that shows "saved" already
 * shows one more waiting: the lazy re-count below only corrects the figure a moment later.
 */
let outboxWrites = 0;
onOutboxWrite(() => { outboxWrites++; });

/** Pending / rejected as the top bar shows them, and whether the outbox has been read at all. */
export type StatusCounts = { pending: number; rejected: number; known: boolean };

/** The count shown: the last read plus writes announced after that read started. Exported for tests. */
export function shownCounts(read: { counts: OutboxCounts; writesAtStart: number } | null, writesNow: number): StatusCounts {
  if (!read) return { pending: writesNow > 0 ? 1 : 0, rejected: 0, known: false };
  const unseen = Math.max(0, writesNow - read.writesAtStart);
  return { pending: read.counts.pending + read.counts.sending + unseen, rejected: read.counts.rejected, known: true };
}

/**
 * Status for the top bar and sync panel: connectivity, counts and last successful sync. Updates
 * arrive as transitions and the counts are re-read lazily (lazy-live.ts): a save and the sync
 * steps after it must not put a status re-render or an outbox count ahead of the next save.
 * A committed write bumps the waiting count synchronously (an urgent update, batched by React
 * with the form's own "saved"), so "All synced" never shows while anything waits.
 */
export function useSyncState(): SyncState {
  const engine = getSyncEngine();
  const [core, setCore] = useState<CoreState>(engine.getCore);
  useEffect(() => {
    setCore(engine.getCore());
    return engine.subscribe(() => startTransition(() => setCore(engine.getCore())));
  }, [engine]);
  const [read, setRead] = useState<{ counts: OutboxCounts; writesAtStart: number } | null>(null);
  const [writes, setWrites] = useState(outboxWrites);
  useEffect(() => {
    const d = engine.db;
    // The module's counter above subscribed first (import time), so it already counts this write.
    const offWrite = onOutboxWrite(() => setWrites(outboxWrites));
    setWrites(outboxWrites);
    const offLive = lazyLiveQuery(d, ['outbox'], async () => {
      const writesAtStart = outboxWrites;
      return { counts: await d.transaction('r', d.outbox, () => outboxCounts(d)), writesAtStart };
    }, (r) => {
      startTransition(() => setRead((prev) => (prev && prev.writesAtStart === r.writesAtStart && sameCounts(prev.counts, r.counts) ? prev : r)));
    });
    return () => { offWrite(); offLive(); };
  }, [engine]);
  const shown = shownCounts(read, Math.max(writes, read?.writesAtStart ?? 0));
  return useMemo(() => ({ ...core, pending: shown.pending, rejected: shown.rejected, countsKnown: shown.known }), [core, shown.pending, shown.rejected, shown.known]);
}

export { outboxCounts, notifyOutboxWrite };
