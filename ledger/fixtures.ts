// Generated giver records for benchmarks and tests: a host's books where each of `people` givers
// appears several times, spelt the ways real books spell them (Tamil / English, initials, short forms).
import vocabulary from '../vocabulary/moi-vocabulary.json';
import type { GiverFields } from './match';

type Pair = [string, string];

export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` gift-like records from about n / 5 people. */
export function generateGivers(n: number, seed = 1): (GiverFields & { amount: number; person: number })[] {
  const rand = seededRandom(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const names = [...vocabulary.givenNames.male, ...vocabulary.givenNames.female] as Pair[];
  const initials = vocabulary.initials as Pair[];
  const places = vocabulary.places as Pair[];
  const people = Array.from({ length: Math.max(1, Math.round(n / 5)) }, () => ({
    name: pick(names), initial: pick(initials), place: pick(places), mobile: rand() < 0.3 ? `9${Math.floor(100000000 + rand() * 899999999)}` : '',
  }));
  return Array.from({ length: n }, () => {
    const p = Math.floor(rand() * people.length);
    const g = people[p];
    const ta = rand() < 0.5;
    return {
      person: p,
      name: ta ? g.name[0] : g.name[1],
      initial: ta ? g.initial[0] : g.initial[1].replace(rand() < 0.5 ? '.' : '', ''),
      village: rand() < 0.5 ? g.place[0] : g.place[1],
      mobile: rand() < 0.5 ? g.mobile : '',
      amount: pick(vocabulary.customaryAmounts),
    };
  });
}

/**
 * An old moi book as an .xlsx (exceljs): a header row in Tamil and English, then `n` rows of
 * Tamil and English names; every 50th row is bad (no name, a word for an amount, a short mobile)
 * and every 40th repeats the row before it (a duplicate). Returns the bytes and what it holds.
 */
export async function generateBookXlsx(n: number, seed = 5): Promise<{ bytes: Uint8Array; bad: number; duplicates: number }> {
  const { default: ExcelJS } = await import('exceljs');
  const rand = seededRandom(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const names = [...vocabulary.givenNames.male, ...vocabulary.givenNames.female] as Pair[];
  const initials = vocabulary.initials as Pair[];
  const places = vocabulary.places as Pair[];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('மொய் நோட்டு');
  ws.addRow(['பக்கம் / Page', 'பெயர் / Name', 'இனிஷியல் / Initial', 'ஊர் / Village', 'தொகை / Amount', 'கைபேசி / Mobile']);
  let bad = 0;
  let duplicates = 0;
  let prev: (string | number)[] | null = null;
  for (let i = 1; i <= n; i++) {
    const page = Math.ceil(i / 25);
    let row: (string | number)[];
    if (i % 40 === 0 && prev) {
      row = [...prev];
      duplicates++;
    } else {
      const ta = rand() < 0.5;
      const nm = pick(names), ini = pick(initials), pl = pick(places);
      const amount = pick(vocabulary.customaryAmounts);
      row = [page, ta ? nm[0] : nm[1], ta ? ini[0] : ini[1], ta ? pl[0] : pl[1], rand() < 0.3 ? `₹${amount.toLocaleString('en-IN')}` : amount, rand() < 0.2 ? `9${String(Math.floor(rand() * 1e9)).padStart(9, '0')}` : ''];
      if (i % 50 === 0) {
        const kind = (i / 50) % 3;
        if (kind === 0) row[1] = '';
        else if (kind === 1) row[4] = 'ஆயிரம்';
        else row[5] = '98765';
        bad++;
      }
    }
    ws.addRow(row);
    prev = row;
  }
  const buf = await wb.xlsx.writeBuffer();
  return { bytes: new Uint8Array(buf as ArrayBuffer), bad, duplicates };
}
