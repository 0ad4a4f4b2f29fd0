// Three-second entries (issue 18): the shortcut rules of the gift entry form, pure so they are
// tested on their own (shortcuts.test.ts, with property tests). The rules are documented in the
// README ("Entry shortcuts"); the form always shows the expansion before the gift is saved.
import { defaultVillageAliases } from '../../../../ledger/villages';

// ---------------------------------------------------------------- amounts

/** Unit words, Latin and Tamil: thousand (k, ஆ, ஆயிரம்), lakh (l, L, ல, லட்சம், lakh), hundred (h, நூ, நூறு). */
const UNITS: readonly { re: string; mult: number; decimals: number }[] = [
  { re: 'lakhs?|laks?|l|லட்சம்|லட்சத்து|லட்|ல', mult: 100_000, decimals: 5 },
  { re: 'k|ஆயிரம்|ஆயிரத்து|ஆ', mult: 1_000, decimals: 3 },
  { re: 'h|நூறு|நூ', mult: 100, decimals: 2 },
];
const AMOUNT_RE = new RegExp(
  `^(\\d{1,7})(?:\\.(\\d{1,5}))?\\s*(${UNITS.map((u) => u.re).join('|')})\\s*(\\d{0,5})$`,
  'i',
);

/**
 * What an amount as typed stands for, in whole rupees; null when it is not an amount.
 *  - digits, Indian or Western grouping allowed: "1001", "1,001", "1,00,001" → 1,001 / 1,00,001;
 *  - a number and a unit: "1k" → 1,000, "1.5k" → 1,500, "1l" / "1L" / "1 lakh" → 1,00,000, "2.5L" → 2,50,000,
 *    "5h" → 500; in Tamil "1ஆ" / "1ஆயிரம்" → 1,000, "1ல" / "1லட்சம்" → 1,00,000, "5நூ" → 500;
 *  - digits after the unit are added, below the unit only: "1k1" → 1,001 (ஆயிரத்து ஒன்று), "5k1" → 5,001,
 *    "1k116" → 1,116, "1l501" → 1,00,501, "5h1" → 501; "1k1000" is not an amount (1,000 is not below 1k).
 * A fraction finer than a rupee ("1.0005k") is not an amount. The upper limit is the form's rule, not this one.
 */
export function parseAmount(typed: string): number | null {
  const s = typed.trim();
  if (!s) return null;
  if (/^\d{1,3}(,\d{2,3})*$|^\d+$/.test(s)) {
    const n = Number(s.replace(/,/g, ''));
    return Number.isSafeInteger(n) && n >= 1 ? n : null;
  }
  const m = AMOUNT_RE.exec(s);
  if (!m) return null;
  const [, whole, frac = '', unitText, rest] = m;
  const unit = UNITS.find((u) => new RegExp(`^(?:${u.re})$`, 'i').test(unitText))!;
  if (frac.length > unit.decimals) return null;
  // Integer arithmetic: "1.5" × 1,000 as 1 × 1,000 + 5 × 100, so no floating-point error.
  const fracValue = frac ? Number(frac) * (unit.mult / 10 ** frac.length) : 0;
  if (!Number.isInteger(fracValue)) return null;
  const add = rest ? Number(rest) : 0;
  if (add >= unit.mult) return null;
  const n = Number(whole) * unit.mult + fracValue + add;
  return n >= 1 && Number.isSafeInteger(n) ? n : null;
}

/** Only digits typed: the amount as it will be saved needs no expansion line. */
export const isPlainDigits = (typed: string) => /^\d+$/.test(typed.trim());

/** What the amount field accepts while typing: digits, grouping, a decimal point, unit letters (Latin and Tamil). */
export const amountKeystrokes = (s: string, max = 16) => s.replace(/[^\d.,\s a-zA-Z\u0B80-\u0BFF]/g, '').slice(0, max);

/**
 * The quick amount chips: the amounts most given at this event (ties: the smaller first), filled up
 * with the customary ones so a new event has chips too.
 */
export function topAmounts(amounts: Iterable<number>, fallback: readonly number[], n = 4): number[] {
  const counts = new Map<number, number>();
  for (const a of amounts) if (a > 0) counts.set(a, (counts.get(a) ?? 0) + 1);
  const ranked = [...counts].filter(([, c]) => c >= 2).sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([a]) => a);
  const out = ranked.slice(0, n);
  for (const f of fallback) if (out.length < n && !out.includes(f)) out.push(f);
  return out;
}

// ---------------------------------------------------------------- villages

/** The key a shortcut or alias is looked up by: case, spaces and dots do not matter ("T. Mangalam" = "t.mangalam"). */
export const shortcutKey = (s: string) => s.normalize('NFC').toLowerCase().replace(/[\s.]+/g, '');

/** A valid abbreviation: 1–12 letters or digits (Latin or Tamil), no spaces. */
export const isShortcutAbbr = (s: string) => /^[\p{L}\p{M}\p{N}.]{1,12}$/u.test(s.trim());

/** The ledger's village aliases as shortcut → the place's first (Tamil) spelling. */
const aliasMap: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const group of defaultVillageAliases) for (const a of group.slice(1)) m.set(shortcutKey(a), group[0]);
  return m;
})();

export type VillageShortcuts = Readonly<Record<string, string>>;

/**
 * The village a typed text stands for, or null: the event's own abbreviations first (the event
 * admin's or staff's: "mdu" → மதுரை), then the ledger's aliases ("kovai" → கோயம்புத்தூர்). Only a
 * whole typed word expands, never a prefix, so a new village is never replaced by a known one.
 */
export function expandVillage(typed: string, eventShortcuts: VillageShortcuts | null | undefined): string | null {
  const k = shortcutKey(typed);
  if (!k) return null;
  if (eventShortcuts) {
    for (const [abbr, village] of Object.entries(eventShortcuts)) {
      if (shortcutKey(abbr) === k) return village === typed.trim() ? null : village;
    }
  }
  const a = aliasMap.get(k);
  return a && a !== typed.trim() ? a : null;
}

/** Villages ordered for this counter: those most used here first, then the rest of the event's. */
export function villagesForCounter(counterVillages: readonly string[], eventVillages: readonly string[]): string[] {
  const seen = new Set(counterVillages);
  return [...counterVillages, ...eventVillages.filter((v) => !seen.has(v))];
}

// ---------------------------------------------------------------- names

export type NameSuggestion = { name: string; initial: string; village: string; mobile: string; source: 'event' | 'ledger' };

const fold = (s: string) => s.normalize('NFC').toLowerCase().replace(/[\s.]+/g, '');

/**
 * The givers to suggest from, prepared once (not per keystroke): this event's first, then the
 * ledger's people, each name folded once and their positions sorted by folded name, so a typed
 * prefix is found by binary search, whatever the ledger's size (20,000 people at a big host's counter).
 */
export type SuggestionIndex = { items: readonly NameSuggestion[]; folded: readonly string[]; byName: Uint32Array };

export function suggestionIndex(eventGivers: readonly NameSuggestion[], ledgerPeople: readonly NameSuggestion[]): SuggestionIndex {
  const items = eventGivers.length ? (ledgerPeople.length ? [...eventGivers, ...ledgerPeople] : eventGivers) : ledgerPeople;
  const folded = items.map((p) => fold(p.name));
  const byName = new Uint32Array(items.length);
  for (let i = 0; i < byName.length; i++) byName[i] = i;
  byName.sort((a, b) => (folded[a] < folded[b] ? -1 : folded[a] > folded[b] ? 1 : a - b));
  return { items, folded, byName };
}

/**
 * Givers whose name starts with what is typed (2 characters at least), from this event's gifts and
 * the ledger's people, each name-initial-village once, the event's first; at most `limit`.
 */
export function suggestNames(typed: string, eventGivers: readonly NameSuggestion[], ledgerPeople: readonly NameSuggestion[], limit = 4): NameSuggestion[] {
  return suggestFrom(suggestionIndex(eventGivers, ledgerPeople), typed, limit);
}

/** suggestNames over a prepared index: the same givers in the same order. */
export function suggestFrom(ix: SuggestionIndex, typed: string, limit = 4): NameSuggestion[] {
  const q = fold(typed);
  if (q.length < 2) return [];
  const { items, folded, byName } = ix;
  // The first position whose folded name is not below the prefix; matches follow it contiguously.
  let lo = 0;
  let hi = byName.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (folded[byName[mid]] < q) lo = mid + 1;
    else hi = mid;
  }
  const hits: number[] = [];
  for (let i = lo; i < byName.length && folded[byName[i]].startsWith(q); i++) hits.push(byName[i]);
  // In list order (the event's givers first), as a scan of the list would meet them.
  hits.sort((a, b) => a - b);
  const out: NameSuggestion[] = [];
  const seen = new Set<string>();
  for (const i of hits) {
    const p = items[i];
    const key = `${folded[i]}|${fold(p.initial)}|${fold(p.village)}`;
    if (seen.has(key)) continue;
    // Exactly what is typed, with nothing more to fill in: no suggestion needed.
    if (folded[i] === q && !p.initial && !p.village) continue;
    seen.add(key);
    out.push(p);
    if (out.length >= limit) break;
  }
  return out;
}
