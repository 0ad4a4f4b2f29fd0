// Read side of the counter screens: gifts of an event or of counters, totals by mode and counter,
// village suggestions, the likely-repeat check, audits, PINs and the signed-in user — all from
// the device's Dexie copy so every counter screen works offline. Search as you type and totals are
// pure functions in lib/gift-search (re-exported here), so the shared gift list can use them too.
import { entityKey, parseEntityKey } from './entities';
import { useLiveQuery } from 'dexie-react-hooks';
import { policyActorFrom, type PolicyActor } from '../../contract/policy';
import { normalizeText, phoneticFold, transliterateTamil } from '../lib/gift-search';
import { db as appDb, type LocalAudit, type LocalCounter, type LocalEvent, type LocalGift, type LocalSignup, type LocalUser, type MoiDb, type StaffPin } from './db';
import { rowsWithAnyKey } from './rows-with-any-key';

// ---------------------------------------------------------------- search and totals (pure, in lib/)

export {
  compileQuery, computeGiftTotals, filterGifts, matchesQuery, normalizeText, phoneticFold, totalsByCounter, transliterateTamil, warmSearchKeys,
  type CompiledQuery, type GiftFilter,
} from '../lib/gift-search';

// ---------------------------------------------------------------- repeat detection

export const REPEAT_WINDOW_MS = 10 * 60 * 1000;

export type RepeatProbe = { eventId: string; name: string; village: string; amount: number };

const sameText = (a: string, b: string) => normalizeText(a) === normalizeText(b);

/** Pure check over candidate gifts: same name, village and amount within the window. */
export function pickRepeat(candidates: readonly LocalGift[], p: RepeatProbe, now: number = Date.now()): LocalGift | null {
  const from = new Date(now - REPEAT_WINDOW_MS).toISOString();
  let best: LocalGift | null = null;
  for (const g of candidates) {
    if (g.eventId !== p.eventId || g.deletedAt || g.enteredAt < from) continue;
    if (g.amount !== p.amount || !sameText(g.name, p.name) || !sameText(g.village, p.village)) continue;
    if (!best || g.enteredAt > best.enteredAt) best = g;
  }
  return best;
}

/** A likely repeat at this event in the last 10 minutes (indexed range read: cheap at any size). */
export async function findLikelyRepeat(p: RepeatProbe, now: number = Date.now(), db: MoiDb = appDb): Promise<LocalGift | null> {
  const recent = await eventGiftsSince(p.eventId, now - REPEAT_WINDOW_MS, db);
  return pickRepeat(recent, p, now);
}

/** An event's gifts entered since `since` (epoch ms): an indexed range read, cheap at any size. */
export function eventGiftsSince(eventId: string, since: number, db: MoiDb = appDb): Promise<LocalGift[]> {
  return db.gifts.where('[eventId+enteredAt]').between([eventId, new Date(since).toISOString()], [eventId, '\uffff']).toArray();
}

// ---------------------------------------------------------------- villages

/** Distinct villages of an event's gifts, most used first. */
export async function eventVillages(eventId: string, db: MoiDb = appDb): Promise<string[]> {
  const counts = new Map<string, number>();
  await db.gifts.where('eventId').equals(eventId).each((g) => {
    const v = g.village.trim();
    if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  });
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([v]) => v);
}

/** Suggestions for what the staff has typed: prefix matches first, then contains, Tamil or English. */
export function suggestVillages(villages: readonly string[], typed: string, limit = 8): string[] {
  const q = normalizeText(typed);
  if (!q) return villages.slice(0, limit);
  const fq = /^[a-z ]+$/.test(q) ? phoneticFold(q) : '';
  const prefix: string[] = [];
  const inner: string[] = [];
  for (const v of villages) {
    const n = normalizeText(v);
    if (n === q) continue;
    const f = fq ? phoneticFold(transliterateTamil(v)) : '';
    if (n.startsWith(q) || (fq && f.startsWith(fq))) prefix.push(v);
    else if (n.includes(q) || (fq && f.includes(fq))) inner.push(v);
    if (prefix.length >= limit) break;
  }
  return [...prefix, ...inner].slice(0, limit);
}

// ---------------------------------------------------------------- loads and live hooks

export type GiftScope = { eventId?: string | null; counterIds?: readonly string[] | null; all?: boolean };

/** Gifts of one event, or of some counters, or (all) every gift on the device. */
export async function loadScopeGifts(scope: GiftScope, db: MoiDb = appDb): Promise<LocalGift[]> {
  if (scope.eventId) {
    const rows = await db.gifts.where('eventId').equals(scope.eventId).toArray();
    if (scope.counterIds && scope.counterIds.length) {
      const s = new Set(scope.counterIds);
      return rows.filter((g) => s.has(g.counterId));
    }
    return rows;
  }
  if (scope.counterIds) return scope.counterIds.length ? rowsWithAnyKey(db.gifts, 'counterId', scope.counterIds) : [];
  if (scope.all) return db.gifts.toArray();
  return [];
}

/** Live gifts of a scope (undefined while loading). */
export function useScopeGifts(scope: GiftScope): LocalGift[] | undefined {
  const key = `${scope.eventId ?? ''}|${(scope.counterIds ?? []).join(',')}|${scope.all ? 1 : 0}|${scope.counterIds ? 1 : 0}`;
  return useLiveQuery(() => loadScopeGifts(scope), [key]);
}

/** Gift ids whose mutation the server refused (the outbox entity is `gift:<id>`). */
export async function rejectedGiftIds(db: MoiDb = appDb): Promise<Set<string>> {
  const rows = await db.outbox.where('state').equals('rejected').toArray();
  const s = new Set<string>();
  for (const r of rows) {
    const ent = parseEntityKey((r as { entity?: string | null }).entity);
    if (ent?.type === 'gift') s.add(ent.id);
    else if (r.name.startsWith('gift.')) s.add((r.args as { id: string }).id);
  }
  return s;
}
const EMPTY_SET = new Set<string>();
export function useRejectedGiftIds(): Set<string> {
  return useLiveQuery(() => rejectedGiftIds(), [], EMPTY_SET);
}

export type RejectedInfo = { code: string | null; message: string | null };
/** The refusal of the latest rejected mutation of one gift, if any. */
export function useGiftRejection(giftId: string | null | undefined): RejectedInfo | null {
  return useLiveQuery(async () => {
    if (!giftId) return null;
    const rows = await appDb.outbox.where('state').equals('rejected').toArray();
    const mine = rows.filter((r) => (r as { entity?: string | null }).entity === entityKey('gift', giftId) || (r.args as { id?: string })?.id === giftId);
    const last = mine.sort((a, b) => b.seq - a.seq)[0];
    return last ? { code: last.lastErrorCode, message: last.lastError } : null;
  }, [giftId], null);
}

export function useGift(id: string | null | undefined): LocalGift | undefined {
  return useLiveQuery(() => (id ? appDb.gifts.get(id) : undefined), [id]);
}

/** A gift's audit rows, oldest first. */
export function useGiftAudits(giftId: string | null | undefined): LocalAudit[] | undefined {
  return useLiveQuery(async () => (giftId ? (await appDb.audits.where('giftId').equals(giftId).toArray()).sort((a, b) => (a.at < b.at ? -1 : 1)) : []), [giftId]);
}

export function useEventRow(id: string | null | undefined): LocalEvent | undefined {
  return useLiveQuery(() => (id ? appDb.events.get(id) : undefined), [id]);
}

export function useCounterRow(id: string | null | undefined): LocalCounter | undefined {
  return useLiveQuery(() => (id ? appDb.counters.get(id) : undefined), [id]);
}

/** Counters the user works at: assigned ones (counter staff), or every counter on the device for admins. */
export async function countersFor(user: Pick<LocalUser, 'id' | 'role'>, db: MoiDb = appDb): Promise<LocalCounter[]> {
  const all = await db.counters.toArray();
  const mine = user.role === 'counter_staff' ? all.filter((c) => c.staffIds.includes(user.id)) : all;
  return mine.sort((a, b) => a.code.localeCompare(b.code));
}
export function useCountersFor(user: Pick<LocalUser, 'id' | 'role'> | null | undefined): LocalCounter[] | undefined {
  return useLiveQuery(() => (user ? countersFor(user) : []), [user?.id, user?.role]);
}

/** The signed-in user's policy scope (contract/policy.ts) from the events and counters on this device. */
export function usePolicyActor(user: Pick<LocalUser, 'id' | 'role'> | null | undefined): PolicyActor | null | undefined {
  return useLiveQuery(async () => (user ? policyActorFrom(user, await appDb.events.toArray(), await appDb.counters.toArray()) : null), [user?.id, user?.role]);
}

/** The signed-in user as the data layer keeps it (meta `user` holds the id, or the row). */
export async function signedInUser(db: MoiDb = appDb): Promise<LocalUser | null> {
  const v = (await db.meta.get('user'))?.value as string | LocalUser | undefined;
  if (!v) return null;
  if (typeof v === 'string') return (await db.users.get(v)) ?? null;
  return (await db.users.get(v.id)) ?? v;
}
export function useSignedInUser(): LocalUser | null | undefined {
  return useLiveQuery(() => signedInUser(), []);
}

export function useUsersMap(): Map<string, LocalUser> {
  return useLiveQuery(async () => new Map((await appDb.users.toArray()).map((u) => [u.id, u])), [], new Map());
}

export function useStaffPins(counterId: string | null | undefined): StaffPin[] | undefined {
  return useLiveQuery(() => (counterId ? appDb.staffPins.where('counterId').equals(counterId).toArray() : []), [counterId]);
}

/** Expected cash of a counter: the sum of its live cash gifts (not those that arrived after a close). */
export async function counterCash(counterId: string, db: MoiDb = appDb): Promise<number> {
  let sum = 0;
  await db.gifts.where('counterId').equals(counterId).each((g) => {
    if (!g.deletedAt && g.mode === 'cash' && !g.flags?.includes('after_close')) sum += g.amount;
  });
  return sum;
}
export function useCounterCash(counterId: string | null | undefined): number | undefined {
  return useLiveQuery(() => (counterId ? counterCash(counterId) : 0), [counterId]);
}

export function useRecentSignups(limit = 20): LocalSignup[] | undefined {
  return useLiveQuery(() => appDb.signups.orderBy('createdAt').reverse().limit(limit).toArray(), [limit]);
}
