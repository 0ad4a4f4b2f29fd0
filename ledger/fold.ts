// Phonetic folding of Tamil and Latin text, shared by the list search (src/lib/gift-search.ts) and
// the ledger's matching of givers across events (ledger/match.ts). Pure; imports nothing.

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
export const normalizeText = (s: string): string => s.normalize('NFC').toLowerCase().replace(/[.,\s]+/g, ' ').trim();

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

/** The folded words of one field, space separated ('' for none). */
export function foldWords(s: string): string {
  if (!s) return '';
  if (!/\s/.test(s)) return foldWord(s);
  let out = '';
  for (const w of s.split(/\s+/)) if (w) out += (out ? ' ' : '') + foldWord(w);
  return out;
}

/** A gift's folded name, initial and village, as the list search (device) and the gift search (server) match them. */
export function foldGiver(g: { name: string; initial: string; village: string }): string {
  return [foldWords(g.name), foldWords(g.initial), foldWords(g.village)].filter(Boolean).join(' ');
}

/** One search term: matched as typed (normalised) in the raw fields, or, for Latin words, folded in the folded ones. */
export type SearchTerm = { raw: string; folded: string };

/**
 * The words of a search box: every word must match. null when nothing was typed. A single Latin
 * letter is an initial ("K. Murugan", "Murugan K"): folded, it finds a folded word after the name
 * that starts with it, so it meets a Tamil initial ("க." folds to "ka").
 */
export function searchTerms(q: string): SearchTerm[] | null {
  const n = normalizeText(q);
  if (!n) return null;
  return n.split(' ').map((raw) => {
    const latin = /^[a-z0-9]+$/.test(raw) && !/^\d+$/.test(raw);
    if (!latin) return { raw, folded: '' };
    const folded = phoneticFold(raw);
    return { raw, folded: raw.length >= 2 ? folded : folded ? ` ${folded}` : '' };
  });
}
