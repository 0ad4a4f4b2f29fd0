// Read-side queries for the owner / admin screens (events with totals, one event's totals by
// counter and mode, charts, counters and their tallies, deleted gifts). Everything reads the
// device's Dexie copy, so these screens work offline; the sync engine's pull keeps it fresh.
// The totals arithmetic is a pure function (computeTotals) so it is tested on its own.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { addGiftToTotals, zeroTotals, type Totals } from '../../contract/admin';
import { moneyOf } from '../../contract/money';
import type { PaymentMode } from '../../contract/entities';
import { db, type LocalCounter, type LocalEvent, type LocalGift, type LocalUser } from './db';
import { META } from './outbox';
import { getSyncEngine, syncNow } from './sync/app';

/** The contract's Totals, and what only the device knows: `pending`, gifts not yet accepted by the server. */
export type DeviceTotals = Totals & { pending: number };

export type CounterTotals = DeviceTotals & { counterId: string };
export type ModeTotals = { mode: PaymentMode; count: number; sum: number };
export type HourTotals = { hour: string; count: number; sum: number };

export type EventBreakdown = {
  totals: DeviceTotals;
  byCounter: CounterTotals[];
  byMode: ModeTotals[];
  byHour: HourTotals[];
  /** Latest enteredAt among the live gifts, or null. */
  lastEnteredAt: string | null;
};

export const emptyTotals = (): DeviceTotals => ({ ...zeroTotals(), pending: 0 });

function add(t: DeviceTotals, g: LocalGift): void {
  addGiftToTotals(t, g);
  if (!g.deletedAt && g._pending === 1) t.pending += 1;
}

/** Totals over live gifts (deleted ones are only counted in `deleted`). */
export function computeTotals(gifts: readonly LocalGift[]): DeviceTotals {
  const t = emptyTotals();
  for (const g of gifts) add(t, g);
  return t;
}

const MODES: PaymentMode[] = ['cash', 'upi', 'cheque', 'item'];

const hourCache = new Map<string, string>();
/** Hour bucket (local time of the device) as `YYYY-MM-DDTHH`, sortable. Cached per minute of the ISO time. */
export function hourKey(iso: string): string {
  const minute = iso.slice(0, 16);
  const hit = hourCache.get(minute);
  if (hit) return hit;
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  const key = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}`;
  if (hourCache.size > 50_000) hourCache.clear();
  hourCache.set(minute, key);
  return key;
}

/** Totals of one event, by counter (every given counter appears, even with no gifts), by mode and by hour. */
export function computeBreakdown(gifts: readonly LocalGift[], counterIds: readonly string[] = []): EventBreakdown {
  const totals = emptyTotals();
  const byCounter = new Map<string, CounterTotals>();
  for (const id of counterIds) byCounter.set(id, { ...emptyTotals(), counterId: id });
  const byMode = new Map<PaymentMode, ModeTotals>(MODES.map((m) => [m, { mode: m, count: 0, sum: 0 }]));
  const byHour = new Map<string, HourTotals>();
  let last: string | null = null;
  for (const g of gifts) {
    add(totals, g);
    let c = byCounter.get(g.counterId);
    if (!c) {
      c = { ...emptyTotals(), counterId: g.counterId };
      byCounter.set(g.counterId, c);
    }
    add(c, g);
    if (g.deletedAt) continue;
    const m = byMode.get(g.mode)!;
    m.count += 1;
    m.sum += moneyOf(g); // money only: the item row counts its gifts, never their estimate
    const key = hourKey(g.enteredAt);
    const h = byHour.get(key) ?? { hour: key, count: 0, sum: 0 };
    h.count += 1;
    h.sum += moneyOf(g);
    byHour.set(key, h);
    if (!last || g.enteredAt > last) last = g.enteredAt;
  }
  return {
    totals,
    byCounter: [...byCounter.values()],
    byMode: [...byMode.values()],
    byHour: [...byHour.values()].sort((a, b) => a.hour.localeCompare(b.hour)),
    lastEnteredAt: last,
  };
}

// ---------- live hooks ----------

const byDateDesc = (a: LocalEvent, b: LocalEvent) => b.date.localeCompare(a.date) || (a.titleEn ?? a.titleTa ?? '').localeCompare(b.titleEn ?? b.titleTa ?? '');

/** Events on this device (the pull sends only those the user may see), newest date first. */
export function useEventsLive(): LocalEvent[] | undefined {
  return useLiveQuery(async () => (await db.events.toArray()).sort(byDateDesc), []);
}

/** Counters of one event (or of every event when eventId is omitted), by code. */
export function useCountersLive(eventId?: string | null): LocalCounter[] | undefined {
  return useLiveQuery(async () => {
    const rows = eventId ? await db.counters.where('eventId').equals(eventId).toArray() : await db.counters.toArray();
    return rows.sort((a, b) => a.code.localeCompare(b.code));
  }, [eventId ?? null]);
}

/** Users on this device by id (names for "entered by", "closed by", staff). */
export function useUsersMapLive(): Map<string, LocalUser> {
  return useLiveQuery(async () => new Map((await db.users.toArray()).map((u) => [u.id, u])), [], new Map()) ?? new Map();
}

/** Totals per event for every event on the device. */
export function useTotalsByEventLive(): Map<string, DeviceTotals> | undefined {
  return useLiveQuery(async () => {
    const map = new Map<string, DeviceTotals>();
    await db.gifts.each((g) => {
      let t = map.get(g.eventId);
      if (!t) {
        t = emptyTotals();
        map.set(g.eventId, t);
      }
      add(t, g);
    });
    return map;
  }, []);
}

/** One event's breakdown, recomputed whenever a gift or counter of the device changes. */
export function useEventBreakdownLive(eventId: string | null | undefined): EventBreakdown | undefined {
  return useLiveQuery(async () => {
    if (!eventId) return computeBreakdown([]);
    const [gifts, counters] = await Promise.all([
      db.gifts.where('eventId').equals(eventId).toArray(),
      db.counters.where('eventId').equals(eventId).toArray(),
    ]);
    return computeBreakdown(gifts, counters.sort((a, b) => a.code.localeCompare(b.code)).map((c) => c.id));
  }, [eventId ?? null]);
}

/** What each of these counters took, by the one money definition (cash, UPI, cheque; items counted apart): the close sheet's takings. */
export function useCounterTakingsLive(counterIds: readonly string[]): Map<string, Totals> | undefined {
  const key = [...counterIds].sort().join(',');
  return useLiveQuery(async () => {
    const out = new Map<string, Totals>();
    if (!key) return out;
    await db.gifts.where('counterId').anyOf(key.split(',')).each((g) => {
      let t = out.get(g.counterId);
      if (!t) out.set(g.counterId, (t = zeroTotals()));
      addGiftToTotals(t, g);
    });
    return out;
  }, [key]);
}

/** Live cash expected at a counter: the sum of its live cash gifts (for the close-counter tally). */
export function useCounterCashLive(counterId: string | null | undefined): number | undefined {
  return useLiveQuery(async () => {
    if (!counterId) return 0;
    let sum = 0;
    await db.gifts.where('counterId').equals(counterId).each((g) => {
      if (!g.deletedAt && g.mode === 'cash' && !g.flags?.includes('after_close')) sum += g.amount;
    });
    return sum;
  }, [counterId ?? null]);
}

/** Gifts of an event that need (or had) the admin's review, newest first: the reconciliation list. */
export function useFlaggedGiftsLive(eventId: string | null | undefined): LocalGift[] | undefined {
  return useLiveQuery(async () => {
    if (!eventId) return [];
    const rows = await db.gifts.where('eventId').equals(eventId).filter((g) => !!g.flags?.length && !g.deletedAt).toArray();
    return rows.sort((a, b) => (a.reviewedAt ? 1 : 0) - (b.reviewedAt ? 1 : 0) || b.enteredAt.localeCompare(a.enteredAt));
  }, [eventId ?? null]);
}

/** afterCloseByCounter over every gift on the device. */
export function useAfterCloseLive(): Map<string, { count: number; cash: number }> | undefined {
  return useLiveQuery(async () => afterCloseByCounter(await db.gifts.filter((g) => !!g.flags?.includes('after_close')).toArray()), []);
}

/** Per counter: live gifts that arrived after it closed (not in its closing count). */
export function afterCloseByCounter(gifts: readonly LocalGift[]): Map<string, { count: number; cash: number }> {
  const out = new Map<string, { count: number; cash: number }>();
  for (const g of gifts) {
    if (g.deletedAt || !g.flags?.includes('after_close')) continue;
    const cur = out.get(g.counterId) ?? { count: 0, cash: 0 };
    cur.count++;
    if (g.mode === 'cash') cur.cash += g.amount;
    out.set(g.counterId, cur);
  }
  return out;
}

// ---------- freshness ----------

/** Push and pull now; rejects when the server could not be reached (the screen keeps local data). */
export async function refreshFromServer(): Promise<void> {
  await syncNow();
  if (getSyncEngine().getCore().online === false) throw new Error('offline');
}

/**
 * While an owner's screen is visible, pull every `ms` so other counters' gifts show up promptly
 * (the sync loop's own idle poll is slower). Not while the live stream is connected: it pulls
 * right after each commit in this user's scope (sync/live.ts). Failures are ignored: the screen
 * shows local data.
 */
export function useLivePull(ms = 15_000): void {
  useEffect(() => {
    const tick = () => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      if (getSyncEngine().isLive) return;
      void syncNow().catch(() => undefined);
    };
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  }, [ms]);
}

/**
 * Whether this device has finished a whole sync pass (push and every pull page) since its user
 * signed in: the time of the last one is kept in meta and dropped at sign-out. undefined while read.
 * Until then an empty local copy means "not loaded yet", not "nothing there".
 */
export function useFirstSyncDone(): boolean | undefined {
  return useLiveQuery(async () => !!(await db.meta.get(META.lastSyncAt))?.value, []);
}

/**
 * Run `fn` each time a pull moved this device's cursor (in any tab: the cursor is written with each
 * pulled page), at most once per `minMs`. For screens that show server figures rather than the
 * device's copy (the app admin's dashboard): with the live stream they refresh right after a
 * commit in the user's scope, without it at the idle poll. Not on mount: the screen loads itself.
 */
export function useAfterPull(fn: () => void, minMs = 1_000): void {
  const cursor = useLiveQuery(async () => (await db.meta.get(META.pullCursor))?.value ?? null, []);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const seen = useRef<unknown>(undefined);
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (cursor === undefined) return;
    const first = seen.current === undefined;
    seen.current = cursor;
    if (first || timer.current) return;
    const run = () => { timer.current = null; last.current = Date.now(); fnRef.current(); };
    const wait = last.current + minMs - Date.now();
    if (wait <= 0) run();
    else timer.current = setTimeout(run, wait);
  }, [cursor, minMs]);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);
}

// ---------- gift rows for lists ----------

export type GiftRowLive = LocalGift & { counterCode: string; pending: boolean; eventTitle: string };

/**
 * Gifts for a list: of one event, or of every event on the device when eventId is null.
 * `deleted`: false → live gifts only; true → deleted gifts only.
 */
export function useGiftRowsLive(eventId: string | null | undefined, deleted: boolean, allEvents = false): GiftRowLive[] | undefined {
  return useLiveQuery(async () => {
    if (!eventId && !allEvents) return [];
    const [gifts, counters, events] = await Promise.all([
      eventId ? db.gifts.where('eventId').equals(eventId).toArray() : db.gifts.toArray(),
      db.counters.toArray(),
      db.events.toArray(),
    ]);
    const code = new Map(counters.map((c) => [c.id, c.code]));
    const title = new Map(events.map((e) => [e.id, e.titleEn || e.titleTa || '']));
    const out: GiftRowLive[] = [];
    for (const g of gifts) {
      if (!!g.deletedAt !== deleted) continue;
      out.push({ ...g, counterCode: code.get(g.counterId) ?? '?', pending: g._pending === 1, eventTitle: title.get(g.eventId) ?? '' });
    }
    return out;
  }, [eventId ?? null, deleted, allEvents]);
}
