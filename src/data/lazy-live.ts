// Live reads kept off the save's critical path. A Dexie liveQuery re-runs its query at once after
// every write that touches what it read: on the entry screen each gift save (and each sync step
// after it) would re-count the outbox and re-read the event's recent gifts while the next save
// waits for the main thread. These reads only feed a badge and an in-memory copy, so they run a
// little later instead: at most once per `delayMs`, at an idle moment, one at a time.
import Dexie, { type ObservabilitySet } from 'dexie';
import { db as appDb, type LocalGift, type MoiDb } from './db';
import { eventGiftsSince } from './gift-queries';

export type LazyLiveOptions = {
  /** After a write, wait at least this long before re-reading (more writes meanwhile: one read). */
  delayMs?: number;
  /** Longest wait for an idle moment before reading anyway. */
  idleTimeoutMs?: number;
};

type IdleWindow = { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (h: number) => void };

function whenIdle(fn: () => void, timeout: number): () => void {
  const w = (typeof window !== 'undefined' ? window : undefined) as IdleWindow | undefined;
  if (w?.requestIdleCallback) {
    const h = w.requestIdleCallback(fn, { timeout });
    return () => w.cancelIdleCallback?.(h);
  }
  const h = setTimeout(fn, 0);
  return () => clearTimeout(h);
}

/** Does a storage-mutated notice touch one of these tables of this database? */
export function touches(parts: ObservabilitySet, dbName: string, tables: readonly string[]): boolean {
  const prefixes = tables.map((t) => `idb://${dbName}/${t}/`);
  return Object.keys(parts).some((k) => prefixes.some((p) => k.startsWith(p)));
}

/**
 * Run `querier` now, then again after writes to `tables` (this tab or another), lazily; hand each
 * result to `onValue`. A failed read is retried on the next write. Returns the unsubscribe.
 */
export function lazyLiveQuery<T>(
  db: MoiDb, tables: readonly string[], querier: () => Promise<T>, onValue: (v: T) => void, opts: LazyLiveOptions = {},
): () => void {
  const delayMs = opts.delayMs ?? 250;
  const idleTimeoutMs = opts.idleTimeoutMs ?? 1000;
  let live = true;
  let running = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let cancelIdle: (() => void) | null = null;

  const run = async () => {
    cancelIdle = null;
    if (!live) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const v = await querier();
      if (live) onValue(v);
    } catch {
      // the next write tries again
    } finally {
      running = false;
      if (again && live) {
        again = false;
        schedule();
      }
    }
  };
  const schedule = () => {
    if (timer || cancelIdle || !live) return;
    timer = setTimeout(() => {
      timer = null;
      cancelIdle = whenIdle(() => void run(), idleTimeoutMs);
    }, delayMs);
  };
  const onMutated = (parts: ObservabilitySet) => {
    if (touches(parts, db.name, tables)) schedule();
  };
  Dexie.on.storagemutated.subscribe(onMutated);
  void run();
  return () => {
    live = false;
    Dexie.on.storagemutated.unsubscribe(onMutated);
    if (timer) clearTimeout(timer);
    cancelIdle?.();
  };
}

/**
 * The event's gifts of the last `windowMs` (for the likely-repeat check on save), kept in memory and
 * refreshed lazily after writes to gifts. The form adds what it saved itself, so a refresh that
 * comes a moment later never lets a just-saved gift slip past the check.
 */
export function subscribeRecentGiftsLazy(eventId: string, windowMs: number, onChange: (gifts: LocalGift[]) => void, db: MoiDb = appDb): () => void {
  return lazyLiveQuery(db, ['gifts'], () => eventGiftsSince(eventId, Date.now() - windowMs, db), onChange);
}
