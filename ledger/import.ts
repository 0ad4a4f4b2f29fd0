// Bringing an old moi book in (issues 12, 27): pure parsing of spreadsheet rows (from Excel or CSV)
// into gifts: find the header row and guess the columns (Tamil or English headers), check each row
// (name, amount, mobile, date), set aside what is not a gift (titles, totals, blank rows: a total
// imported as a giver doubles the book), and flag duplicates inside the file. The device parses
// and previews; the server stores (server/domain/ledger-import.ts) and skips any file/sheet/row it
// already holds.
import { giverKey } from './match';

export type Cell = string | number | boolean | Date | null | undefined;
export type SheetData = { name: string; rows: Cell[][] };

export const importFields = ['name', 'initial', 'kinName', 'title', 'village', 'amount', 'mobile', 'page', 'date', 'note'] as const;
export type ImportField = (typeof importFields)[number];
/** Column index per field (0-based); -1 or absent: not in this file. */
export type ColumnMap = Partial<Record<ImportField, number>>;

const headerWords: Record<ImportField, RegExp> = {
  name: /^(name|giver|பெயர்|பேர்)/i,
  // A column "Initial / father's name" is the initial's (it comes first); one of its own is the spouse's or father's name (issue 30).
  initial: /(initial|இனிஷியல்|இன்ஷியல்)/i,
  kinName: /(father|spouse|husband|wife|s\/o|w\/o|தந்தை|கணவர்|மனைவி|த\/பெ|க\/பெ)/i,
  title: /(occupation|profession|title|designation|job|தொழில்|பதவி|பட்டம்|உத்தியோகம்)/i,
  village: /(village|town|place|ஊர்|கிராமம்)/i,
  amount: /(amount|moi|rs|rupees|₹|தொகை|மொய்|ரூ)/i,
  mobile: /(mobile|phone|cell|கைபேசி|செல்|போன்)/i,
  page: /(page|பக்கம்)/i,
  date: /(date|தேதி|நாள்)/i,
  note: /(note|remark|குறிப்பு)/i,
};

/** Guess the columns from a header row; a field matches the first header that names it. */
export function guessColumns(header: readonly Cell[]): ColumnMap {
  const map: ColumnMap = {};
  const used = new Set<number>();
  for (const f of importFields) {
    const i = header.findIndex((h, k) => !used.has(k) && typeof h === 'string' && headerWords[f].test(h.trim()));
    if (i >= 0) {
      map[f] = i;
      used.add(i);
    }
  }
  return map;
}

const HEADER_SCAN = 15;
/**
 * The header row of a sheet: among its first rows, the one that names the most columns, a name and
 * an amount first. A title written above the headers ("மொய் நோட்டு — திருமணம் 2019") names one at
 * most, so it never wins over the real header row.
 */
export function findHeader(rows: readonly Cell[][]): { row: number; cols: ColumnMap } {
  let best = { row: 0, cols: guessColumns(rows[0] ?? []), score: -1 };
  for (let i = 0; i < Math.min(rows.length, HEADER_SCAN); i++) {
    const cols = guessColumns(rows[i] ?? []);
    const n = Object.keys(cols).length;
    const score = n + (cols.name != null && cols.amount != null ? 10 : 0);
    if (n >= 2 && score > best.score) best = { row: i, cols, score };
  }
  return { row: best.row, cols: best.cols };
}

const text = (c: Cell): string => {
  if (c == null) return '';
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  return String(c).normalize('NFC').replace(/\s+/g, ' ').trim();
};

/** "₹1,001", "1001/-", "1,001.00", "Rs. 501" → whole rupees; null when not a positive whole amount. */
export function parseAmount(c: Cell): number | null {
  if (typeof c === 'number') return Number.isInteger(c) && c > 0 && c <= 10_000_000 ? c : null;
  const s = text(c).replace(/^(rs\.?|₹|ரூ\.?)\s*/i, '').replace(/\/-$/, '').replace(/,/g, '').replace(/\.0+$/, '').trim();
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && n <= 10_000_000 ? n : null;
}

/** A mobile as books write it ("+91 98765 43210", "098765-43210") → its 10 digits; `ok` false when it is not one. */
export function parseMobile(raw: string): { mobile: string; ok: boolean } {
  const digits = raw.replace(/\D/g, '');
  const ten = digits.length > 10 && /^(91|0)/.test(digits) ? digits.slice(-10) : digits;
  return ten.length === 10 || !ten ? { mobile: ten, ok: true } : { mobile: digits, ok: false };
}

const pad2 = (n: number) => String(n).padStart(2, '0');
function dayOf(y: number, m: number, d: number): string | null {
  const t = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || y > 2200 || t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

/**
 * A row's date as books write it: an Excel date, an Excel day number, "2019-06-09", or day first
 * ("9/6/2019", "09-06-19", "9.6.2019"); '' when empty, null when not a real day.
 */
export function parseDay(c: Cell): string | null {
  if (c == null || c === '') return '';
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? null : c.toISOString().slice(0, 10);
  // Excel's day number (a date column the sheet did not format as a date): days since 1899-12-30.
  if (typeof c === 'number') return c > 20_000 && c < 80_000 && Number.isInteger(c) ? new Date(Date.UTC(1899, 11, 30) + c * 86_400_000).toISOString().slice(0, 10) : null;
  const s = text(c);
  if (!s) return '';
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s);
  if (m) return dayOf(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(s);
  if (!m) return null;
  const y = m[3].length === 2 ? 2000 + +m[3] - (2000 + +m[3] > new Date().getUTCFullYear() + 1 ? 100 : 0) : +m[3];
  return dayOf(y, +m[2], +m[1]);
}

/** Problems of a giver's row: without a name or an amount it cannot be imported until fixed; a bad mobile or date is left out of it. */
export type RowError = 'no_name' | 'bad_amount' | 'bad_mobile' | 'bad_date';
/** Rows that are not gifts: a title or a repeated header, a total or subtotal, an empty row. */
export type SetAsideReason = 'title' | 'total' | 'blank';

export type ParsedRow = {
  /** 1-based row number in the sheet (as Excel shows it). */
  row: number;
  name: string;
  initial: string;
  village: string;
  /** The spouse's or father's name, an occupation or title ('' when the book has no such column). */
  kinName: string;
  title: string;
  /** 10 digits, '' for none; the digits as written when `error` is bad_mobile. */
  mobile: string;
  amount: number | null;
  page: string;
  /** The row's own date (yyyy-mm-dd), '' when the file has none for it; the text as written when `error` is bad_date. */
  date: string;
  note: string;
  error: RowError | null;
  /** Not a gift: left out of the import unless the host includes it. */
  setAside: SetAsideReason | null;
  /** A total row: how many rows above it its amount adds up ('word': it says so instead). */
  totalOf: number | 'word' | null;
  /** The earlier row of the same file this one repeats (same giver, same amount), if any. */
  duplicateOf: number | null;
};

// Words a total, subtotal or carried-forward row is labelled with, in any cell but the note.
const TOTAL_WORDS = /(மொத்த|கூட்டுத்\s?தொகை|கூட்டல்|தொடர்ச்சி|\b(sub[\s-]*)?totals?\b|\bgrand\b|\b(carried|brought)\s+(forward|over)\b|^\s*[cb]\s*\/\s*f\b)/i;
// A named row is taken for an unlabelled total only after this many rows: round amounts repeat
// (₹500 + ₹500 = ₹1,000) and a giver must not be set aside for it.
const NAMED_TOTAL_RUN = 10;
const hasLetter = /[\p{L}]/u;

/**
 * The rows of a sheet below its header row (`headerRow`, 0-based): each giver's row checked, and
 * every other row set aside with its reason — what is above the header (a title), a repeated header,
 * a total / subtotal / carried-forward row (labelled so, or whose amount is the sum of the rows
 * above it since the previous total, or of all rows so far), an empty row.
 */
export function parseSheet(sheet: SheetData, cols: ColumnMap, headerRow = 0): ParsedRow[] {
  const at = (f: ImportField) => (cols[f] != null && cols[f]! >= 0 ? cols[f]! : -1);
  const get = (r: Cell[], f: ImportField) => (at(f) >= 0 ? r[at(f)] : null);
  const out: ParsedRow[] = [];
  const seen = new Map<string, number>();
  const headerKeys = Object.keys(cols).length;
  // Amounts written since the last total row, and since the top: what a total row would say.
  let run = 0;
  let runRows = 0;
  let all = 0;
  let allRows = 0;
  sheet.rows.forEach((r = [], i) => {
    if (i === headerRow) return;
    const cells = r.map(text);
    const name = text(get(r, 'name'));
    const amountCell = get(r, 'amount');
    const amount = parseAmount(amountCell);
    const m = parseMobile(text(get(r, 'mobile')));
    const dateCell = get(r, 'date');
    const day = parseDay(dateCell);
    const row: ParsedRow = {
      row: i + 1, name, initial: text(get(r, 'initial')), kinName: text(get(r, 'kinName')), title: text(get(r, 'title')), village: text(get(r, 'village')), mobile: m.mobile, amount,
      page: text(get(r, 'page')), date: day ?? text(dateCell), note: text(get(r, 'note')),
      error: null, setAside: null, totalOf: null, duplicateOf: null,
    };
    const noteAt = at('note');
    if (cells.every((c) => c === '')) row.setAside = 'blank';
    else if (i < headerRow) row.setAside = 'title';
    else if (cells.some((c, k) => k !== noteAt && TOTAL_WORDS.test(c))) { row.setAside = 'total'; row.totalOf = 'word'; }
    else if (amount != null && (!hasLetter.test(name) || runRows >= NAMED_TOTAL_RUN) && ((runRows >= 2 && amount === run) || (allRows >= 2 && amount === all))) {
      row.setAside = 'total';
      row.totalOf = amount === run && runRows >= 2 ? runRows : allRows;
    } else if (headerKeys >= 2 && amount == null && Object.keys(guessColumns(r)).length >= Math.max(2, headerKeys - 1)) row.setAside = 'title';
    else if (amount == null && text(amountCell) === '' && cells.filter(Boolean).length === 1 && at('name') >= 0 && cells[at('name')] === '') row.setAside = 'title';
    if (row.setAside === 'total') { run = 0; runRows = 0; }
    if (row.setAside) { out.push(row); return; }
    row.error = !name ? 'no_name' : amount == null ? 'bad_amount' : !m.ok ? 'bad_mobile' : day == null ? 'bad_date' : null;
    if (amount != null) { run += amount; runRows++; all += amount; allRows++; }
    if (name && amount != null) {
      const k = giverKey(row);
      const sig = `${k.name}|${k.initial}|${k.village}|${amount}`;
      const first = seen.get(sig);
      if (first != null) row.duplicateOf = first;
      else seen.set(sig, row.row);
    }
    out.push(row);
  });
  return out;
}

/** What the host changed on a row in the preview. */
export type RowFix = { name?: string; amount?: string; mobile?: string; date?: string; include?: boolean };

/** A row as it will be sent: a bad mobile or date is left out (the gift keeps the function's date). */
export type ImportRow = { row: number; name: string; initial: string; kinName: string; title: string; village: string; mobile: string; amount: number; page: string; date: string; note: string };

/**
 * A previewed row after the host's fixes: what is imported, or null when it is left out. Imported
 * by default: a giver's row with a name and an amount that does not repeat an earlier row; a set-aside
 * row or a repeat only when the host ticks it. A mobile or date that cannot be read never holds the
 * money back: the row is imported without it (or with what the host typed, once it reads).
 */
export function resolveRow(r: ParsedRow, fix: RowFix | undefined): ImportRow | null {
  const name = (fix?.name ?? r.name).trim();
  const amount = fix?.amount !== undefined ? parseAmount(fix.amount) : r.amount;
  const blocked = r.error === 'no_name' || r.error === 'bad_amount';
  const include = fix?.include ?? (!r.setAside && !blocked && r.duplicateOf == null);
  if (!include || !name || amount == null) return null;
  // Read again whatever the row's first problem was: a row without a name may have a bad mobile too.
  const m = parseMobile(fix?.mobile ?? r.mobile);
  const day = parseDay(fix?.date ?? r.date);
  return { row: r.row, name, initial: r.initial, kinName: r.kinName, title: r.title, village: r.village, mobile: m.ok ? m.mobile : '', amount, page: r.page, date: day ?? '', note: r.note };
}

export type ImportSummary = {
  rows: ImportRow[];
  /** Money of the rows imported. */
  total: number;
  /** How many rows were set aside, by reason (unless the host ticked them back). */
  setAside: Record<SetAsideReason, number>;
  /** Giver rows left out (a problem, a repeat, or unticked), and their money. */
  leftOut: number;
  leftOutMoney: number;
  /** The book's own total: its last total row, when no total row above it is larger (a grand total, not a page's subtotal). */
  bookTotal: { row: number; amount: number } | null;
  /** The rows' own dates: the first, the last and the commonest. */
  dates: { first: string; last: string; common: string } | null;
};

export function summarize(parsed: readonly ParsedRow[], fixes: Readonly<Record<number, RowFix>>): ImportSummary {
  const rows: ImportRow[] = [];
  const setAside: Record<SetAsideReason, number> = { title: 0, total: 0, blank: 0 };
  let total = 0;
  let leftOut = 0;
  let leftOutMoney = 0;
  let lastTotal: ImportSummary['bookTotal'] = null;
  let largest = 0;
  const days = new Map<string, number>();
  for (const r of parsed) {
    if (r.setAside === 'total' && r.amount != null) {
      lastTotal = { row: r.row, amount: r.amount };
      largest = Math.max(largest, r.amount);
    }
    const ok = resolveRow(r, fixes[r.row]);
    if (ok) {
      rows.push(ok);
      total += ok.amount;
      if (ok.date) days.set(ok.date, (days.get(ok.date) ?? 0) + 1);
    } else if (r.setAside) setAside[r.setAside]++;
    else { leftOut++; leftOutMoney += r.amount ?? 0; }
  }
  const sorted = [...days.keys()].sort();
  const common = [...days].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  return { rows, total, setAside, leftOut, leftOutMoney, bookTotal: lastTotal && lastTotal.amount >= largest ? lastTotal : null, dates: common ? { first: sorted[0], last: sorted[sorted.length - 1], common } : null };
}

/** A short content hash of the file (FNV-1a, 64-bit as two halves): the same file is the same import. */
export function fileFingerprint(bytes: Uint8Array): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    h1 = Math.imul(h1 ^ bytes[i], 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ bytes[bytes.length - 1 - i], 0x01000193) >>> 0;
  }
  return `${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')}-${bytes.length}`;
}

/** A CSV file's rows (RFC 4180 quoting; comma or semicolon or tab, whichever the first line uses). */
export function parseCsv(src: string): Cell[][] {
  const s = src.replace(/^\uFEFF/, '');
  const firstLine = s.slice(0, s.indexOf('\n') >>> 0);
  const sep = [',', ';', '\t'].map((c) => [c, firstLine.split(c).length] as const).sort((a, b) => b[1] - a[1])[0][0];
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') { cell += '"'; i++; }
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) { row.push(cell); cell = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(cell); rows.push(row); row = []; cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows;
}
