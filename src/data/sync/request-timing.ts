// How long the sync loop waits for an answer and how much it asks for at once, adapted to the
// server: a slow server gets longer timeouts and smaller push batches / pull pages, a quick one
// gets them back. Pure bookkeeping (no Dexie, no network) so it is tested alone.
import { ApiRequestError } from '../../lib/api';
import type { RequestOptions } from './transport';

/** First timeout of a push or pull; it grows when the server is slow (never past MAX). */
export const REQUEST_TIMEOUT_MS = 30_000;
export const MAX_REQUEST_TIMEOUT_MS = 300_000;
/** An answer slower than this makes the status say "slow connection". */
export const SLOW_ANSWER_MS = 5_000;
/** A slow server gets batches (and pull pages) no smaller than these. */
export const MIN_PUSH_BATCH = 10;
export const MIN_PULL_LIMIT = 100;

export type RequestKind = 'push' | 'pull';

export type RequestTimingConfig = {
  batchSize: number;
  pullLimit: number;
  requestTimeoutMs: number;
  maxRequestTimeoutMs: number;
  /** Milliseconds since some origin (Date.now in the app; tests drive it). */
  now?: () => number;
};

export class RequestTiming {
  /** Current timeout of a push / pull. */
  timeoutMs: number;
  /** Current size of a push batch and of a pull page. */
  pushBatch: number;
  pullLimit: number;
  /** Size of the last push sent (a batch that timed out is halved from what was really sent). */
  private lastPushSize = 0;
  private timedOutKind: RequestKind | null = null;
  /** Slowest answer of the pass under way (ms). */
  private passSlowest = 0;
  private readonly now: () => number;

  constructor(private readonly cfg: RequestTimingConfig) {
    this.timeoutMs = cfg.requestTimeoutMs;
    this.pushBatch = cfg.batchSize;
    this.pullLimit = cfg.pullLimit;
    this.now = cfg.now ?? Date.now;
  }

  beginPass(): void {
    this.passSlowest = 0;
  }

  notePushSize(n: number): void {
    this.lastPushSize = n;
  }

  /**
   * Run one request with the current timeout and learn from its answer time: the timeout stays at
   * least 4× the slowest recent answer (so a server that takes 20 s is not cut off at 30 s), and
   * comes back down, halfway per answer, when answers are quick again.
   */
  async timed<T>(kind: RequestKind, request: (opts: RequestOptions) => Promise<T>): Promise<T> {
    const t0 = this.now();
    let result: T;
    try {
      result = await request({ timeoutMs: this.timeoutMs });
    } catch (e) {
      if (e instanceof ApiRequestError && e.code === 'timeout') this.timedOutKind = kind;
      throw e;
    }
    const ms = this.now() - t0;
    this.passSlowest = Math.max(this.passSlowest, ms);
    const wanted = Math.max(this.cfg.requestTimeoutMs, 4 * ms);
    this.timeoutMs = Math.min(this.cfg.maxRequestTimeoutMs, wanted >= this.timeoutMs ? wanted : Math.max(wanted, Math.round(this.timeoutMs / 2)));
    return result;
  }

  /** A pass succeeded: was it slow? If not, batches grow back towards their full size. */
  passSucceeded(): { slow: boolean } {
    const slow = this.passSlowest >= SLOW_ANSWER_MS;
    if (!slow) {
      this.pushBatch = Math.min(this.cfg.batchSize, this.pushBatch * 2);
      this.pullLimit = Math.min(this.cfg.pullLimit, this.pullLimit * 2);
    }
    return { slow };
  }

  /** A request timed out while the server still answers: wait longer and ask for less. */
  timedOutButServerAnswers(): void {
    this.timeoutMs = Math.min(this.cfg.maxRequestTimeoutMs, this.timeoutMs * 2);
    if (this.timedOutKind === 'push') this.pushBatch = Math.max(Math.min(MIN_PUSH_BATCH, this.cfg.batchSize), Math.floor(Math.min(this.pushBatch, this.lastPushSize) / 2));
    if (this.timedOutKind === 'pull') this.pullLimit = Math.max(MIN_PULL_LIMIT, Math.floor(this.pullLimit / 2));
  }
}
