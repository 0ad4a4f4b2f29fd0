// The moi book's villages (issue 27 item 5): which typed spellings are one village, and under what name
// it is printed. Shared by the book (report/model.ts, made by the PWA's worker and the server's CLI) and
// the export dialog's figures, so every place counts the same villages.
//
// 1. The village alias table (its seeded groups, the hosts' own, and what the ledger's phonetic fold
//    joins) makes spellings of one place one village: Madurai and மதுரை.
// 2. On top of it, the host's rules stored on the event (event.bookVillages): each prints the village
//    `from` — every spelling the table joins to it — as `to`. A merge is a rule whose `to` is another
//    village of the book, a rename one whose `to` is a new name. Rules apply in order, a later rule for
//    the same village replacing an earlier one; chains are followed (A → B, B → C prints A as C) and a
//    loop stops where it would come back.
// 3. A village is printed under the name a rule gave it, else the spelling typed most often (a Tamil one
//    on a tie, then Tamil alphabetical order).
import type { BookVillageRule } from '../contract/entities';
import { aliasIndex, villageKey } from '../ledger/match';

const TAMIL_LETTER = /[\u0B80-\u0BFF]/;
const collator = new Intl.Collator('ta', { sensitivity: 'base', numeric: true });

/** A village as typed, trimmed and single-spaced (the book's unit of spelling). */
export const cleanVillage = (v: string | null | undefined): string => (v ?? '').trim().replace(/\s+/g, ' ');

/** Rules as stored: names cleaned, empty ones and those that name one village twice dropped, one rule per `from` spelling (the later kept, in its place). */
export function cleanVillageRules(rules: readonly BookVillageRule[]): BookVillageRule[] {
  const out = new Map<string, BookVillageRule>();
  for (const r of rules) {
    const from = cleanVillage(r.from);
    const to = cleanVillage(r.to);
    if (!from || !to || from === to) continue;
    out.delete(from);
    out.set(from, { from, to });
  }
  return [...out.values()];
}

export type VillageGrouping = {
  /** The village a typed spelling belongs to ('' for none given). */
  keyOf: (typed: string) => string;
  /** The name the book prints a village under. */
  nameOf: (key: string) => string;
  /** keyOf then nameOf: the village the book files this spelling under. */
  bookVillage: (typed: string) => string;
  /** The spellings typed for a village, most typed first, with how many gifts typed each. */
  spellingsOf: (key: string) => Array<{ spelling: string; count: number }>;
};

/**
 * The book's villages for these typed spellings (one per gift: the counts decide the printed name),
 * the hosts' alias groups and the event's rules.
 */
export function villageGrouping(typed: Iterable<string>, aliasGroups: readonly (readonly string[])[] = [], rules: readonly BookVillageRule[] = []): VillageGrouping {
  const aliases = aliasIndex(aliasGroups);
  const baseKeys = new Map<string, string>();
  const baseKey = (v: string) => {
    let k = baseKeys.get(v);
    if (k === undefined) baseKeys.set(v, (k = v ? villageKey(v, aliases) || v : ''));
    return k;
  };
  // One rule per village (by its alias key): the later replaces the earlier.
  const ruleOf = new Map<string, string>();
  const fromSpelling = new Map<string, string>();
  for (const r of rules) {
    const from = cleanVillage(r.from);
    const to = cleanVillage(r.to);
    if (!from || !to) continue;
    ruleOf.set(baseKey(from), to);
    fromSpelling.set(baseKey(from), from);
  }
  const resolved = new Map<string, { key: string; named?: string }>();
  const resolve = (v: string) => {
    let r = resolved.get(v);
    if (r) return r;
    let key = baseKey(v);
    let named: string | undefined;
    const seen = new Set<string>();
    for (let to = ruleOf.get(key); to !== undefined && !seen.has(key); to = ruleOf.get(key)) {
      seen.add(key);
      named = to;
      key = baseKey(to);
    }
    resolved.set(v, (r = { key, named }));
    return r;
  };
  // The name each rule gives the village it ends in (the last rule wins where two name one village).
  const named = new Map<string, string>();
  for (const from of fromSpelling.values()) {
    const r = resolve(from);
    if (r.named) named.set(r.key, r.named);
  }
  const spellings = new Map<string, Map<string, number>>();
  for (const raw of typed) {
    const v = cleanVillage(raw);
    const k = resolve(v).key;
    const m = spellings.get(k) ?? new Map<string, number>();
    m.set(v, (m.get(v) ?? 0) + 1);
    spellings.set(k, m);
  }
  const byUse = (a: [string, number], b: [string, number]) =>
    b[1] - a[1] || Number(TAMIL_LETTER.test(b[0])) - Number(TAMIL_LETTER.test(a[0])) || collator.compare(a[0], b[0]);
  const names = new Map<string, string>();
  const nameOf = (k: string) => {
    let n = names.get(k);
    if (n === undefined) names.set(k, (n = named.get(k) ?? [...(spellings.get(k) ?? [])].sort(byUse)[0]?.[0] ?? k));
    return n;
  };
  const keyOf = (v: string) => resolve(cleanVillage(v)).key;
  return {
    keyOf,
    nameOf,
    bookVillage: (v) => nameOf(keyOf(v)),
    spellingsOf: (k) => [...(spellings.get(k) ?? [])].sort(byUse).map(([spelling, count]) => ({ spelling, count })),
  };
}

/**
 * The host's rules with one more (the export dialog's merge or rename): `rule.from`'s earlier rule is
 * replaced, and a rule that sent `rule.to`'s village elsewhere is dropped, so the village being named
 * stays where it is and no loop is made (rename Madurai to மதுரை after merging மதுரை into Madurai).
 */
export function addVillageRule(rules: readonly BookVillageRule[], rule: BookVillageRule, aliasGroups: readonly (readonly string[])[] = []): BookVillageRule[] {
  const base = villageGrouping([], aliasGroups).keyOf;
  const from = base(rule.from);
  const to = base(rule.to);
  return cleanVillageRules([...rules.filter((r) => base(r.from) !== from && base(r.from) !== to), rule]);
}
