// Matching givers across a host's events: is "M. Murugan, Melur" the same person as
// "முருகன் மு., மேலூர்"? Pure and shared: the server groups a host's gifts into people with it, the
// counter's hint looks a typed giver up with it (offline, on the device).
//
// A giver is compared on a folded key (ledger/fold.ts, Tamil and Latin meet), the initial's first
// letters, the village after the alias table, and the mobile. The answer is 'auto' (link without
// asking: everything agrees), 'offer' (probably the same, ask the host) or 'no'. Precision first:
// an automatic link needs name, village and initial (or mobile) to agree; any doubt is only offered.
// Two gifts of one function are never linked automatically: the same name and village twice in one
// book are more likely two people (a father and son, two cousins) than one person giving twice.
//
// Who the giver is beyond the name (issue 30), when both sides wrote it: a different spouse's or
// father's name parts two namesakes (never linked, never offered); the same one stands in for the
// initial. A different occupation or title only keeps an automatic link from being made: the pair is
// offered (one person with a new title is asked about, not split away silently, nor joined).
import { phoneticFold, transliterateTamil } from './fold';
import { defaultVillageAliases } from './villages';

export type GiverFields = {
  name: string; initial?: string | null; village?: string | null; mobile?: string | null;
  /** The spouse's or father's name, an occupation or title (issue 30); optional. */
  kinName?: string | null; title?: string | null;
};
/** A gift's giver and the function (event) it was given at. */
export type GiftGiver = GiverFields & { eventId?: string | null };
export type MatchDecision = 'auto' | 'offer' | 'no';

/** The compared form of a giver. */
export type GiverKey = {
  /** Folded name, no spaces. */
  name: string;
  /** Consonant skeleton of `name` (Tamil writes vowels English spellings drop: சுப்பிரமணியன் / Subramanian). */
  skeleton: string;
  /** First letter of each initial, folded ("M.K." → "mk"; "மு." → "m"); '' when none. */
  initial: string;
  /** The village's canonical folded key (after aliases); '' when none. */
  village: string;
  /** The last 10 digits of the mobile; '' when none. */
  mobile: string;
  /** The spouse's or father's name, folded like `name` ('' when none). */
  kin: string;
  /** The occupation or title, folded, no spaces ('' when none). */
  title: string;
};

const foldCache = new Map<string, string>();
/** The ledger's fold of one word: the list search's fold plus a few rules for names and places. */
export function foldWord(w: string): string {
  let f = foldCache.get(w);
  if (f !== undefined) return f;
  const latin = transliterateTamil(w.normalize('NFC')).toLowerCase()
    // ங்க is written "ng" in English: both become "nk" before the fold turns ng into n.
    .replace(/ngk/g, 'nk').replace(/ng/g, 'nk');
  f = phoneticFold(latin)
    // Tamil puts a vowel inside clusters English writes bare: பிரபு "pirapu" / Prabhu, சந்திரன் / Chandran.
    .replace(/([kptsvm])[iu]r/g, '$1r')
    // A final ை is "ai" or "a" in English (Madurai / Sivaganga).
    .replace(/ai$/, 'a');
  if (foldCache.size > 100_000) foldCache.clear();
  foldCache.set(w, f);
  return f;
}

const words = (s: string) => s.normalize('NFC').replace(/[.,/\\()\-_'"]+/g, ' ').split(/\s+/).filter(Boolean);
const TA_LETTER = /[\u0B80-\u0BFF]/;
/** One initial-like token: a single Latin letter, or one Tamil letter with its sign ("மு"). */
function isInitialToken(raw: string): boolean {
  if (/^[A-Za-z]$/.test(raw)) return true;
  return TA_LETTER.test(raw) && raw.length <= 2 && !/்$/.test(raw);
}

/** First letters of the initials ("M.", "M", "மு.", "M.K.", "Muthu" all start with m). */
function initialLetters(s: string): string {
  let out = '';
  for (const w of words(s)) {
    const f = foldWord(w);
    if (f) out += f[0];
  }
  return out;
}

export type AliasIndex = Map<string, string>;
const compactFold = (s: string) => words(s).map(foldWord).join('');

/** Folded spelling → canonical folded key of its alias group. */
export function aliasIndex(extra: readonly (readonly string[])[] = []): AliasIndex {
  const m: AliasIndex = new Map();
  for (const group of [...defaultVillageAliases, ...extra]) {
    const keys = group.map(compactFold).filter(Boolean);
    if (!keys.length) continue;
    // A host's group that shares a spelling with a seeded one joins it.
    const canon = keys.map((k) => m.get(k)).find((c) => c !== undefined) ?? keys[0];
    for (const k of keys) m.set(k, canon);
  }
  return m;
}
const defaultAliases = aliasIndex();

export function villageKey(village: string | null | undefined, aliases: AliasIndex = defaultAliases): string {
  if (!village) return '';
  const k = compactFold(village);
  return aliases.get(k) ?? k;
}

export function giverKey(g: GiverFields, aliases: AliasIndex = defaultAliases): GiverKey {
  // "M. Murugan" / "Murugan M": initial-like tokens in the name field count as the initial.
  const nameWords: string[] = [];
  const initialWords: string[] = [];
  const tokens = g.name.normalize('NFC').split(/\s+|(?<=\.)/).filter(Boolean);
  for (const w of tokens) {
    const bare = w.replace(/[.,]+/g, '');
    if (!bare) continue;
    // A bare Tamil letter ("ரா Prabhu") is an initial only beside another word.
    if (isInitialToken(bare) && (w.endsWith('.') || /^[A-Za-z]$/.test(bare) || tokens.length > 1)) initialWords.push(bare);
    else nameWords.push(bare);
  }
  const name = (nameWords.length ? nameWords : initialWords).map(foldWord).join('');
  const initial = initialLetters(g.initial ?? '') || (nameWords.length ? initialLetters(initialWords.join(' ')) : '');
  const digits = (g.mobile ?? '').replace(/\D/g, '');
  return {
    name,
    skeleton: name.replace(/[aeiou]/g, ''),
    initial,
    village: villageKey(g.village, aliases),
    mobile: digits.length >= 10 ? digits.slice(-10) : '',
    kin: g.kinName ? compactFold(g.kinName) : '',
    title: g.title ? compactFold(g.title) : '',
  };
}

/** Edit distance (with adjacent swaps), giving up above `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}

type NameMatch = 'same' | 'typo' | 'diff';
type FieldMatch = 'same' | 'close' | 'unknown' | 'diff';
// Names and villages repeat a lot in a host's books (a few hundred distinct ones among thousands of
// gifts): each distinct pair is compared once.
const pairCache = new Map<string, NameMatch | FieldMatch>();
function cached<T extends NameMatch | FieldMatch>(kind: string, a: string, b: string, f: () => T): T {
  const k = a < b ? `${kind}${a}\u0000${b}` : `${kind}${b}\u0000${a}`;
  let v = pairCache.get(k) as T | undefined;
  if (v === undefined) {
    v = f();
    if (pairCache.size > 200_000) pairCache.clear();
    pairCache.set(k, v);
  }
  return v;
}
function nameMatch(a: GiverKey, b: GiverKey): NameMatch {
  if (!a.name || !b.name) return 'diff';
  if (a.name === b.name) return 'same';
  // Lengths more than 2 apart never match (both rules below need it): no pair key built, nothing cached.
  if (Math.abs(a.name.length - b.name.length) > 2) return 'diff';
  return cached('n', a.name, b.name, () => namePair(a, b));
}
function namePair(a: GiverKey, b: GiverKey): NameMatch {
  if (a.skeleton.length >= 4 && a.skeleton === b.skeleton && Math.abs(a.name.length - b.name.length) <= 2) return 'same';
  const len = Math.min(a.name.length, b.name.length);
  if (len < 4) return 'diff';
  const d = editDistance(a.name, b.name, 2);
  if (d <= 1 || (d === 2 && len >= 8)) return 'typo';
  return 'diff';
}

function villageMatch(a: string, b: string): FieldMatch {
  if (!a || !b) return 'unknown';
  if (a === b) return 'same';
  return cached('v', a, b, () => (Math.min(a.length, b.length) >= 5 && editDistance(a, b, 1) <= 1 ? 'close' : 'diff'));
}
function initialMatch(a: string, b: string): FieldMatch {
  if (!a || !b) return 'unknown';
  if (a === b) return 'same';
  // "M." against "M.K.": the shorter is the start of the longer.
  if (a.startsWith(b) || b.startsWith(a)) return 'close';
  return 'diff';
}

/** The spouse's / father's name on both sides: the same (a typo allowed), another, or not known. */
function kinMatch(a: string, b: string): FieldMatch {
  if (!a || !b) return 'unknown';
  if (a === b) return 'same';
  return cached('k', a, b, () => {
    const len = Math.min(a.length, b.length);
    if (len >= 4 && a.replace(/[aeiou]/g, '') === b.replace(/[aeiou]/g, '')) return 'same';
    return len >= 4 && editDistance(a, b, 1) <= 1 ? 'same' : 'diff';
  });
}

/** Same giver? See the file header for the rules. */
export function matchKeys(a: GiverKey, b: GiverKey): MatchDecision {
  const name = nameMatch(a, b);
  if (name === 'diff') return 'no';
  const kin = kinMatch(a.kin ?? '', b.kin ?? '');
  if (kin === 'diff') return 'no';
  const d = matchCore(a, b, name, kin === 'same');
  // Another title on both sides: at most offered.
  if (d === 'auto' && a.title && b.title && a.title !== b.title && kinMatch(a.title, b.title) === 'diff') return 'offer';
  return d;
}

function matchCore(a: GiverKey, b: GiverKey, name: NameMatch, sameKin: boolean): MatchDecision {
  const mobile: FieldMatch = !a.mobile || !b.mobile ? 'unknown' : a.mobile === b.mobile ? 'same' : 'diff';
  // The same spouse's or father's name stands in for a missing initial.
  const initial = sameKin && (!a.initial || !b.initial) ? 'same' : initialMatch(a.initial, b.initial);
  const village = villageMatch(a.village, b.village);
  if (mobile === 'same') {
    if (initial === 'diff') return 'offer';
    return name === 'same' ? 'auto' : 'offer';
  }
  if (village === 'diff' || initial === 'diff') return 'no';
  if (name === 'same' && village === 'same' && initial === 'same') return mobile === 'diff' ? 'offer' : 'auto';
  if (name === 'same') {
    if (village === 'same') return 'offer'; // initial missing on one side, or "M." vs "M.K."
    if (initial === 'same' || initial === 'close') return 'offer'; // village misspelt or missing
    return village === 'close' ? 'offer' : 'no';
  }
  // A misspelt name: offered only when village and initial do not disagree.
  if (village === 'same' && initial !== 'unknown') return 'offer';
  if (village === 'same' && mobile !== 'diff') return 'offer';
  if (village !== 'unknown' && initial === 'same') return 'offer';
  return 'no';
}

export const matchGivers = (a: GiverFields, b: GiverFields, aliases: AliasIndex = defaultAliases): MatchDecision =>
  matchKeys(giverKey(a, aliases), giverKey(b, aliases));

/** Distinct keys of a person, with the person they belong to. */
type Entry<P> = { key: GiverKey; sig: string; person: P };
const sigOf = (k: GiverKey) => `${k.name}|${k.initial}|${k.village}|${k.mobile}|${k.kin ?? ''}|${k.title ?? ''}`;

export type Candidate<P> = { person: P; decision: Exclude<MatchDecision, 'no'> };

/**
 * People indexed for lookup: add each person's spellings, then ask who a giver may be. Blocks by
 * mobile, by village + the name's first letter and by exact name, so a lookup compares tens of
 * spellings, not all of them (20,000 gifts group in well under a second).
 */
export class GiverIndex<P> {
  private blocks = new Map<string, Entry<P>[]>();
  private seen = new Set<string>();
  /** The functions each person already has a gift from. */
  private eventsOf = new Map<P, Set<string>>();
  constructor(readonly aliases: AliasIndex = defaultAliases) {}

  /** Has `person` a gift from `eventId` in this index? */
  holds(person: P, eventId: string | null | undefined): boolean {
    return !!eventId && !!this.eventsOf.get(person)?.has(eventId);
  }

  private blockKeys(k: GiverKey): string[] {
    const out = [`n:${k.name}`, `v:${k.village}|${k.name.slice(0, 1)}`];
    if (k.skeleton.length >= 4) out.push(`s:${k.skeleton}`);
    if (k.mobile) out.push(`m:${k.mobile}`);
    return out;
  }

  /** Add a spelling of `person`; `eventId`: the function of the gift it comes from. */
  add(person: P, g: GiverFields | GiverKey, personId: string = String(person), eventId?: string | null): void {
    if (eventId) {
      const evs = this.eventsOf.get(person);
      if (evs) evs.add(eventId);
      else this.eventsOf.set(person, new Set([eventId]));
    }
    const key = 'skeleton' in g ? g : giverKey(g, this.aliases);
    const sig = `${personId}#${sigOf(key)}`;
    if (this.seen.has(sig)) return;
    this.seen.add(sig);
    const e: Entry<P> = { key, sig, person };
    for (const b of this.blockKeys(key)) {
      const list = this.blocks.get(b);
      if (list) list.push(e);
      else this.blocks.set(b, [e]);
    }
  }

  /**
   * The people this giver may be, best first (auto before offer); each person once. `eventId`: the
   * function of the gift looked up; a person who already gave there is only offered.
   */
  lookup(g: GiverFields | GiverKey, eventId?: string | null): Candidate<P>[] {
    const key = 'skeleton' in g ? g : giverKey(g, this.aliases);
    const best = new Map<P, Exclude<MatchDecision, 'no'>>();
    const done = new Set<Entry<P>>();
    for (const b of this.blockKeys(key)) {
      for (const e of this.blocks.get(b) ?? []) {
        if (done.has(e)) continue;
        done.add(e);
        if (best.get(e.person) === 'auto') continue;
        const d = matchKeys(key, e.key);
        if (d !== 'no') best.set(e.person, d === 'auto' || best.get(e.person) === 'auto' ? 'auto' : 'offer');
      }
    }
    const out = [...best].map(([person, decision]) => ({ person, decision: decision === 'auto' && this.holds(person, eventId) ? 'offer' as const : decision }));
    out.sort((x, y) => (x.decision === y.decision ? 0 : x.decision === 'auto' ? -1 : 1));
    return out;
  }
}

export type Grouping = {
  /** For each record (by index), the index of its person. */
  personOf: number[];
  /** Number of people. */
  people: number;
  /** Pairs of people that are probably one, to offer the host (each pair once, lower index first). */
  offers: [number, number][];
};

/**
 * Group records into people: a record joins the first person it matches automatically, else starts
 * a new person; doubtful matches become offers. `fixed` pins records to a person index (host-confirmed links).
 */
export function groupGivers(records: readonly GiftGiver[], aliases: AliasIndex = defaultAliases): Grouping {
  const index = new GiverIndex<number>(aliases);
  const personOf: number[] = new Array(records.length);
  const offerSet = new Set<string>();
  const offers: [number, number][] = [];
  let people = 0;
  for (let i = 0; i < records.length; i++) {
    const key = giverKey(records[i], aliases);
    const cands = index.lookup(key, records[i].eventId);
    const auto = cands.find((c) => c.decision === 'auto');
    const p = auto ? auto.person : people++;
    personOf[i] = p;
    index.add(p, key, String(p), records[i].eventId);
    for (const c of cands) {
      if (c.person === p) continue;
      const a = Math.min(c.person, p);
      const b = Math.max(c.person, p);
      const k = `${a}:${b}`;
      if (!offerSet.has(k)) {
        offerSet.add(k);
        offers.push([a, b]);
      }
    }
  }
  return { personOf, people, offers };
}
