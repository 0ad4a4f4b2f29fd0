// Bringing an old moi book in (issue 12): pure parsing of spreadsheet rows (from Excel or CSV) into
// gifts: pick the columns (guessed from Tamil or English headers), check each row (name, amount,
// mobile), and flag duplicates inside the file. The device parses and previews; the server stores
// (server/domain/ledger-import.ts) and skips any file/sheet/row it already holds.
import { giverKey } from './match';

export type Cell = string | number | boolean | Date | null | undefined;
export type SheetData = { name: string; rows: Cell[][] };

export const importFields = ['name', 'initial', 'village', 'amount', 'mobile', 'page', 'note'] as const;
export type ImportField = (typeof importFields)[number];
/** Column index per field (0-based); -1 or absent: not in this file. */
export type ColumnMap = Partial<Record<ImportField, number>>;

const headerWords: Record<ImportField, RegExp> = {
  name: /^(name|giver|பெயர்|பேர்)/i,
  initial: /(initial|father|spouse|இனிஷியல்|இன்ஷியல்|தந்தை|கணவர்)/i,
  village: /(village|town|place|ஊர்|கிராமம்)/i,
  amount: /(amount|moi|rs|rupees|₹|தொகை|மொய்|ரூ)/i,
  mobile: /(mobile|phone|cell|கைபேசி|செல்|போன்)/i,
  page: /(page|பக்கம்)/i,
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

export type RowError = 'no_name' | 'bad_amount' | 'bad_mobile';

export type ParsedRow = {
  /** 1-based row number in the sheet (as Excel shows it). */
  row: number;
  name: string;
  initial: string;
  village: string;
  mobile: string;
  amount: number | null;
  page: string;
  note: string;
  error: RowError | null;
  /** The earlier row of the same file this one repeats (same giver, same amount), if any. */
  duplicateOf: number | null;
};

/** Rows of a sheet after the header row (`headerRows` rows skipped); blank rows are left out. */
export function parseSheet(sheet: SheetData, cols: ColumnMap, headerRows = 1): ParsedRow[] {
  const get = (r: Cell[], f: ImportField) => (cols[f] != null && cols[f]! >= 0 ? r[cols[f]!] : null);
  const out: ParsedRow[] = [];
  const seen = new Map<string, number>();
  sheet.rows.forEach((r, i) => {
    if (i < headerRows) return;
    if (!r || r.every((c) => text(c) === '')) return;
    const name = text(get(r, 'name'));
    const amount = parseAmount(get(r, 'amount'));
    const mobileRaw = text(get(r, 'mobile')).replace(/\D/g, '');
    const mobile = mobileRaw.length > 10 && mobileRaw.startsWith('91') ? mobileRaw.slice(-10) : mobileRaw;
    const error: RowError | null = !name ? 'no_name' : amount == null ? 'bad_amount' : mobile && mobile.length !== 10 ? 'bad_mobile' : null;
    const row: ParsedRow = {
      row: i + 1, name, initial: text(get(r, 'initial')), village: text(get(r, 'village')), mobile: error === 'bad_mobile' ? mobileRaw : mobile,
      amount, page: text(get(r, 'page')), note: text(get(r, 'note')), error, duplicateOf: null,
    };
    if (!error) {
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
