// Read side of the counter screens: gifts of an event or of counters, search as you type (Tamil
// or English, with a phonetic fold so "murugan" finds "முருகன்"), totals by mode and counter,
// village suggestions, the likely-repeat check, audits, PINs and the signed-in user — all from
// the device's Dexie copy so every counter screen works offline.
// Speed: searching and totalling are single passes over an in-memory array with a cached,
// pre-normalised haystack per gift (≤ 50 ms per keystroke and ≤ 30 ms totals over 20,000 gifts).
import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { PaymentMode } from '../../contract/entities';
import { db as appDb, type LocalAudit, type LocalCounter, type LocalEvent, type LocalGift, type LocalSignup, type LocalUser, type MoiDb, type StaffPin } from './db';

// ---------------------------------------------------------------- search

const TA_VOWELS: Record<string, string> = {
  'அ': 'a', 'ஆ': 'aa', 'இ': 'i', 'ஈ': 'ii', 'உ': 'u', 'ஊ': 'uu', 'எ': 'e', 'ஏ': 'ee', 'ஐ': 'ai', 'ஒ': 'o', 'ஓ': 'oo', 'ஔ': 'au',
};
const TA_CONSONANTS: Record<string, string> = {
  'க': 'k', 'ங': 'ng', 'ச': 's', 'ஞ': 'nj', 'ட': 't', 'ண': 'n', 'த': 'th', 'ந': 'n', 'ப': 'p', 'ம': 'm', 'ய': 'y', 'ர': 'r',
  'ல': 'l', 'வ': 'v', 'ழ': 'zh', 'ள': 'l', 'ற': 'r', 'ன': 'n', 'ஜ': 'j', 'ஷ': 'sh', 'ஸ': 's', 'ஹ': 'h',
};
const TA_SIGNS: Record<string, string> = {
  'ா': 'aa', 'ி': 'i', 'ீ': 'ii', 'ு': 'u', 'ூ': 'uu', 'ெ': 'e', 'ே': 'ee', 'ை': 'ai', 'ொ': 'o', 'ோ': 'oo', 'ௌ': 'au',
};
const VIRAMA = '்';

/** Rough Tamil → Latin transliteration, only for matching (never shown). */
export function transliterateTamil(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    const c = TA_CONSONANTS[ch];
    if (c !== undefined) {
      out += c;
      const next = s[i + 1];
      if (next === VIRAMA) i++;
      else if (next !== undefined && TA_SIGNS[next] !== undefined) {
        out += TA_SIGNS[next];
        i++;
      } else out += 'a';
      continue;
    }
    out += TA_VOWELS[ch] ?? ch;
  }
  return out;
}

/**
 * Phonetic fold of Latin text so English spellings meet transliterated Tamil:
 * th/dh/d→t, g→k, b→p, ch/sh/c/j→s, zh→l, e≈i, o≈u, y≈i, h dropped, long vowels and doubled letters collapsed.
 */
export function phoneticFold(s: string): string {
  let x = s.toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/zh/g, 'l').replace(/ng/g, 'n').replace(/nj/g, 'n')
    .replace(/[dt]h/g, 't').replace(/[cs]h/g, 's').replace(/ksh/g, 'ts').replace(/ks/g, 'ts')
    .replace(/h/g, '')
    .replace(/g/g, 'k').replace(/d/g, 't').replace(/b/g, 'p').replace(/[cjz]/g, 's').replace(/q/g, 'k').replace(/f/g, 'p')
    .replace(/w/g, 'v').replace(/x/g, 'ts')
    .replace(/[ey]/g, 'i').replace(/o/g, 'u');
  x = x.replace(/(.)\1+/g, '$1');
  return x;
}

/** Lower-case, NFC, single spaces, no dots (so "M.Murugan" and "m murugan" meet). */
export const normalizeText = (s: string): string => s.normalize('NFC').toLowerCase().replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();

type SearchKey = { raw: string; folded: string };
/** By object first (same array again), then by id + the searched fields (a re-read of the same rows). */
const keyCache = new WeakMap<LocalGift, SearchKey>();
const keyById = new Map<string, SearchKey & { sig: string }>();
/** Names and villages repeat a lot at one event: fold each distinct word once. */
const wordFold = new Map<string, string>();
function foldWord(w: string): string {
  let f = wordFold.get(w);
  if (f === undefined) {
    f = phoneticFold(transliterateTamil(w.normalize('NFC')));
    if (wordFold.size > 50_000) wordFold.clear();
    wordFold.set(w, f);
  }
  return f;
}

function searchKey(g: LocalGift): SearchKey {
  let k = keyCache.get(g);
  if (k) return k;
  const sig = `${g.name}\u0001${g.initial}\u0001${g.village}\u0001${g.receiptNo}\u0001${g.mobile}`;
  const byId = keyById.get(g.id);
  if (byId && byId.sig === sig) {
    keyCache.set(g, byId);
    return byId;
  }
  const raw = normalizeText(`${g.name} ${g.initial} ${g.village} ${g.receiptNo} ${g.mobile}`);
  const words = `${g.name} ${g.initial} ${g.village}`.split(/\s+/);
  let folded = '';
  for (const w of words) if (w) folded += (folded ? ' ' : '') + foldWord(w);
  k = { raw, folded };
  if (keyById.size > 200_000) keyById.clear();
  keyById.set(g.id, { ...k, sig });
  keyCache.set(g, k);
  return k;
}

/** Build the search keys ahead of the first keystroke, a slice at a time so the page stays responsive. */
export function warmSearchKeys(gifts: readonly LocalGift[], slice = 2000): () => void {
  let i = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const step = () => {
    const end = Math.min(gifts.length, i + slice);
    for (; i < end; i++) searchKey(gifts[i]);
    if (i < gifts.length) timer = setTimeout(step, 0);
  };
  timer = setTimeout(step, 50);
  return () => {
    if (timer) clearTimeout(timer);
  };
}

export type CompiledQuery = { terms: { raw: string; folded: string }[] } | null;

export function compileQuery(q: string): CompiledQuery {
  const n = normalizeText(q);
  if (!n) return null;
  return {
    terms: n.split(' ').map((raw) => {
      const latin = /^[a-z0-9]+$/.test(raw) && !/^\d+$/.test(raw);
      return { raw, folded: latin && raw.length >= 2 ? phoneticFold(raw) : '' };
    }),
  };
}

/** Every term must appear in the gift's name, initial, village, receipt number or mobile. */
export function matchesQuery(g: LocalGift, q: CompiledQuery): boolean {
  if (!q) return true;
  const k = searchKey(g);
  for (const t of q.terms) {
    if (k.raw.includes(t.raw)) continue;
    if (t.folded && k.folded.includes(t.folded)) continue;
    return false;
  }
  return true;
}

export type GiftFilter = {
  query?: string;
  counterIds?: readonly string[] | null;
  mode?: PaymentMode | null;
  /** ISO time: only gifts entered at or after it. */
  since?: string | null;
  deleted?: 'exclude' | 'only' | 'include';
};

/** Filter and sort newest first. One pass; the array is not mutated. */
export function filterGifts(gifts: readonly LocalGift[], f: GiftFilter): LocalGift[] {
  const q = compileQuery(f.query ?? '');
  const counters = f.counterIds && f.counterIds.length ? new Set(f.counterIds) : null;
  const del = f.deleted ?? 'exclude';
  const out: LocalGift[] = [];
  for (const g of gifts) {
    if (del === 'exclude' && g.deletedAt) continue;
    if (del === 'only' && !g.deletedAt) continue;
    if (counters && !counters.has(g.counterId)) continue;
    if (f.mode && g.mode !== f.mode) continue;
    if (f.since && g.enteredAt < f.since) continue;
    if (q && !matchesQuery(g, q)) continue;
    out.push(g);
  }
  out.sort((a, b) => (a.enteredAt < b.enteredAt ? 1 : a.enteredAt > b.enteredAt ? -1 : 0));
  return out;
}

// ---------------------------------------------------------------- totals

export type Totals = { count: number; sum: number; cash: number; upi: number; cheque: number; itemCount: number; itemValue: number };
export const zeroTotals = (): Totals => ({ count: 0, sum: 0, cash: 0, upi: 0, cheque: 0, itemCount: 0, itemValue: 0 });

/** Totals of live (not deleted) gifts. */
export function computeGiftTotals(gifts: readonly LocalGift[]): Totals {
  const t = zeroTotals();
  for (const g of gifts) {
    if (g.deletedAt) continue;
    t.count++;
    t.sum += g.amount;
    if (g.mode === 'cash') t.cash += g.amount;
    else if (g.mode === 'upi') t.upi += g.amount;
    else if (g.mode === 'cheque') t.cheque += g.amount;
    else {
      t.itemCount++;
      t.itemValue += g.amount;
    }
  }
  return t;
}

export function totalsByCounter(gifts: readonly LocalGift[]): Map<string, Totals> {
  const m = new Map<string, Totals>();
  for (const g of gifts) {
    if (g.deletedAt) continue;
    let t = m.get(g.counterId);
    if (!t) m.set(g.counterId, (t = zeroTotals()));
    t.count++;
    t.sum += g.amount;
    if (g.mode === 'cash') t.cash += g.amount;
    else if (g.mode === 'upi') t.upi += g.amount;
    else if (g.mode === 'cheque') t.cheque += g.amount;
    else {
      t.itemCount++;
      t.itemValue += g.amount;
    }
  }
  return m;
}

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
  const from = new Date(now - REPEAT_WINDOW_MS).toISOString();
  const recent = await db.gifts.where('[eventId+enteredAt]').between([p.eventId, from], [p.eventId, '\uffff']).toArray();
  return pickRepeat(recent, p, now);
}

/**
 * Keep the last 10 minutes of an event's gifts in memory (updated on every change, without
 * re-rendering anyone) so the repeat check on save is a lookup, not a database read.
 */
export function subscribeRecentGifts(eventId: string, onChange: (gifts: LocalGift[]) => void, db: MoiDb = appDb): () => void {
  const sub = liveQuery(() => {
    const from = new Date(Date.now() - REPEAT_WINDOW_MS).toISOString();
    return db.gifts.where('[eventId+enteredAt]').between([eventId, from], [eventId, '\uffff']).toArray();
  }).subscribe({ next: onChange, error: () => undefined });
  return () => sub.unsubscribe();
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
  if (scope.counterIds) return scope.counterIds.length ? db.gifts.where('counterId').anyOf([...scope.counterIds]).toArray() : [];
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
    const ent = (r as { entity?: string | null }).entity;
    if (ent && ent.startsWith('gift:')) s.add(ent.slice(5));
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
    const mine = rows.filter((r) => (r as { entity?: string | null }).entity === `gift:${giftId}` || (r.args as { id?: string })?.id === giftId);
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

export function useEventsMap(): Map<string, LocalEvent> | undefined {
  return useLiveQuery(async () => new Map((await appDb.events.toArray()).map((e) => [e.id, e])), []);
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

/** Expected cash of a counter: the sum of its live cash gifts. */
export async function counterCash(counterId: string, db: MoiDb = appDb): Promise<number> {
  let sum = 0;
  await db.gifts.where('counterId').equals(counterId).each((g) => {
    if (!g.deletedAt && g.mode === 'cash') sum += g.amount;
  });
  return sum;
}
export function useCounterCash(counterId: string | null | undefined): number | undefined {
  return useLiveQuery(() => (counterId ? counterCash(counterId) : 0), [counterId]);
}

export function useRecentSignups(limit = 20): LocalSignup[] | undefined {
  return useLiveQuery(() => appDb.signups.orderBy('createdAt').reverse().limit(limit).toArray(), [limit]);
}
