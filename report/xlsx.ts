// The moi book as an Excel workbook (SpreadsheetML written here, zipped by ./zip) and as CSV. Headers are bilingual (Tamil / English) in
// both editions; numbers are stored as numbers and times as dates (Indian time), so the host can sort and sum.
import { moneyOf } from '../contract/money';
import { itemValue, type MoiBook } from './model';
import { reportLabels, type ReportLang } from './labels';
import { byVillageLabel, changeValue, csvTimeIndia, fieldLabel, indiaWallClockMs } from './readable';
import { zip } from './zip';

const ta = reportLabels.ta;
const en = reportLabels.en;
const both = (k: keyof typeof ta & keyof typeof en) => `${ta[k] as string} / ${en[k] as string}`;

type Col = { header: string; width: number; value: (g: MoiBook['gifts'][number], lang: ReportLang) => string | number | Date | null; numFmt?: string };
const date = (iso: string | null) => (iso ? new Date(iso) : null);
const DATE_FMT = 'dd-mm-yyyy hh:mm';
const RUPEES_FMT = '[$₹-4009]#,##,##0';

const giftColumns: Col[] = [
  { header: both('receipt'), width: 18, value: (g) => g.receiptNo },
  { header: both('counter'), width: 10, value: (g) => g.counterCode },
  { header: both('name'), width: 24, value: (g) => g.name },
  { header: both('initial'), width: 20, value: (g) => g.initial },
  { header: both('village'), width: 18, value: (g) => g.village },
  { header: both('mobile'), width: 13, value: (g) => g.mobile },
  { header: both('relation'), width: 16, value: (g, l) => reportLabels[l].relations[g.relation] },
  { header: both('mode'), width: 12, value: (g, l) => reportLabels[l].modes[g.mode] },
  // Money by the one definition (contract/money.ts): an item's row has 0 here and its estimate under approxValue.
  { header: both('amount'), width: 12, value: (g) => moneyOf(g), numFmt: RUPEES_FMT },
  { header: both('reference'), width: 16, value: (g) => g.reference },
  { header: both('item'), width: 20, value: (g) => g.item },
  { header: both('weight'), width: 10, value: (g) => g.weightGrams ?? null },
  { header: both('approxValue'), width: 12, value: (g) => (g.mode === 'item' ? itemValue(g) : null), numFmt: RUPEES_FMT },
  { header: both('note'), width: 20, value: (g) => g.note },
  { header: both('enteredAt'), width: 17, value: (g) => date(g.enteredAt), numFmt: DATE_FMT },
  { header: both('staff'), width: 16, value: (g) => g.enteredByName },
  { header: both('flagsCol'), width: 22, value: (g, l) => (g.flags ?? []).map((f) => reportLabels[l].flags[f]).join('; ') },
  // The village the book files the gift under (spellings of one place joined): last, so other columns keep their places.
  { header: both('bookVillage'), width: 18, value: (g) => g.bookVillage },
];

type Fmt = 'rupees' | 'date';
type Cell = string | number | Date | null | undefined;
type SheetSpec = { name: string; columns: { header: string; width: number; fmt?: Fmt }[]; rows: Cell[][] };

function sheet(name: string, columns: SheetSpec['columns']): SheetSpec {
  return { name, columns, rows: [] };
}

export function workbookSheets(book: MoiBook, lang: ReportLang): SheetSpec[] {
  const L = reportLabels[lang];
  const gifts = sheet(ta.sheets.gifts, giftColumns.map((c) => ({ header: c.header, width: c.width, fmt: c.numFmt === RUPEES_FMT ? 'rupees' : c.numFmt === DATE_FMT ? 'date' : undefined })));
  for (const g of book.gifts) gifts.rows.push(giftColumns.map((c) => c.value(g, lang)));

  const summary = sheet(ta.sheets.summary, [{ header: both('summary'), width: 28 }, { header: both('village'), width: 28 }, { header: both('count'), width: 12 }, { header: both('total'), width: 14, fmt: 'rupees' }]);
  const s = book.summary;
  const add = (group: string, label: string, count: number | null, total: number | null) => summary.rows.push([group, label, count, total]);
  for (const v of s.byVillage) add(L.byVillage, byVillageLabel(L, v), v.count, v.total);
  for (const m of s.byMode) add(L.byMode, L.modes[m.key as keyof typeof L.modes] ?? m.key, m.count, m.total);
  for (const c of s.byCounter) add(L.byCounter, c.label, c.count, c.total);
  for (const p of s.byStaff) add(L.byStaff, p.label, p.count, p.total);
  add(L.uncle, '', book.uncle.count, book.uncle.total);
  add(L.items, L.approxValue, s.itemCount, s.itemApproxValue); // the items' estimate, labelled: never money, not in the grand total
  add(L.giversCount, '', s.givers, null);
  add(L.grandTotal, lang === 'ta' ? s.grandTotalWordsTa : s.grandTotalWordsEn, s.givers - s.itemCount, s.grandTotal);
  if (book.notOnServer > 0) add(L.notOnServer(book.notOnServer), '', book.notOnServer, null);

  const audit = sheet(ta.sheets.audit, [
    { header: both('receipt'), width: 18 }, { header: both('giver'), width: 22 }, { header: both('action'), width: 12 }, { header: both('by'), width: 16 },
    { header: both('at'), width: 17, fmt: 'date' }, { header: both('field'), width: 14 }, { header: both('before'), width: 18 }, { header: both('after'), width: 18 }, { header: both('reason'), width: 24 },
  ]);
  for (const c of book.corrections) {
    const changes = c.changes.length ? c.changes : [{ field: '', before: '', after: '' }];
    for (const ch of changes) {
      audit.rows.push([c.receiptNo, c.giver, L.actions[c.action], c.by, date(c.at), ch.field && fieldLabel(L, ch.field),
        changeValue(L, ch.field, ch.before, lang), changeValue(L, ch.field, ch.after, lang), c.reason]);
    }
  }

  const close = sheet(ta.sheets.close, [
    { header: both('counter'), width: 10 }, { header: both('name'), width: 20 }, { header: both('denomination'), width: 14, fmt: 'rupees' }, { header: both('pieces'), width: 10 },
    { header: both('value'), width: 12, fmt: 'rupees' }, { header: both('expected'), width: 14, fmt: 'rupees' }, { header: both('counted'), width: 14, fmt: 'rupees' },
    { header: both('difference'), width: 12, fmt: 'rupees' }, { header: both('reason'), width: 24 }, { header: both('closedBy'), width: 16 }, { header: both('closedAt'), width: 17, fmt: 'date' },
  ]);
  for (const c of book.counterCloses) {
    if (!c.tally) {
      close.rows.push([c.code, c.name, L.notClosed]);
      continue;
    }
    const t = c.tally;
    const counts = Object.entries(t.counts).filter(([, n]) => n > 0).sort((a, b) => Number(b[0].slice(1)) - Number(a[0].slice(1)));
    counts.forEach(([k, n], i) => {
      const d = Number(k.slice(1));
      close.rows.push(i === 0
        ? [c.code, c.name, d, n, d * n, t.expectedCash, t.countedTotal, t.difference, t.reason ?? '', c.closedByName ?? '', date(t.closedAt)]
        : [c.code, c.name, d, n, d * n]);
    });
  }
  return [gifts, summary, audit, close];
}

// SpreadsheetML written directly (shared strings, four cell styles): exceljs built a style object
// per cell and deflated in JavaScript, which took seconds for 20,000 gifts on a slow phone.
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
// eslint-disable-next-line no-control-regex -- characters XML 1.0 cannot carry
const XML_BAD = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlText = (s: string) => s.replace(XML_BAD, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const xmlAttr = (s: string) => xmlText(s).replace(/"/g, '&quot;');
const colName = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : colName(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));
/** Excel's serial day number (1900 system) of an instant's Indian wall-clock time (a cell has no zone). */
const excelDate = (d: Date) => indiaWallClockMs(d) / 86_400_000 + 25_569;
const STYLE = { plain: 0, head: 1, rupees: 2, date: 3 } as const;

function sheetXml(spec: SheetSpec, strings: Map<string, number>): string {
  const sst = (s: string) => {
    let i = strings.get(s);
    if (i === undefined) strings.set(s, (i = strings.size));
    return i;
  };
  const cols = spec.columns.map((c) => colName(spec.columns.indexOf(c)));
  const fmt = spec.columns.map((c) => (c.fmt ? STYLE[c.fmt] : 0));
  const out: string[] = [];
  const lastCol = cols[cols.length - 1];
  out.push(XML_HEAD, `<worksheet ${NS}><dimension ref="A1:${lastCol}${spec.rows.length + 1}"/>`,
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>',
    '<sheetFormatPr defaultRowHeight="15"/><cols>',
    spec.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join(''),
    '</cols><sheetData><row r="1">',
    spec.columns.map((c, i) => `<c r="${cols[i]}1" s="${STYLE.head}" t="s"><v>${sst(c.header)}</v></c>`).join(''),
    '</row>');
  for (let r = 0; r < spec.rows.length; r++) {
    const n = r + 2;
    let row = `<row r="${n}">`;
    const cells = spec.rows[r];
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i];
      if (v === null || v === undefined) continue;
      const s = fmt[i] ? ` s="${fmt[i]}"` : '';
      if (typeof v === 'number') row += Number.isFinite(v) ? `<c r="${cols[i]}${n}"${s}><v>${v}</v></c>` : '';
      else if (v instanceof Date) row += Number.isNaN(v.getTime()) ? '' : `<c r="${cols[i]}${n}" s="${STYLE.date}"><v>${excelDate(v)}</v></c>`;
      else row += `<c r="${cols[i]}${n}"${s} t="s"><v>${sst(v)}</v></c>`;
    }
    out.push(row, '</row>');
  }
  out.push(`</sheetData><autoFilter ref="A1:${lastCol}1"/></worksheet>`);
  return out.join('');
}

const STYLES_XML = `${XML_HEAD}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`
  + `<numFmts count="2"><numFmt numFmtId="164" formatCode="${xmlAttr(RUPEES_FMT)}"/><numFmt numFmtId="165" formatCode="${xmlAttr(DATE_FMT)}"/></numFmts>`
  + '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
  + '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
  + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
  + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
  + '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
  + '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>'
  + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

export async function renderXlsx(book: MoiBook, lang: ReportLang): Promise<Uint8Array> {
  const sheets = workbookSheets(book, lang);
  const strings = new Map<string, number>();
  const sheetFiles = sheets.map((s) => sheetXml(s, strings));
  const sstParts: string[] = [XML_HEAD, `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.size}" uniqueCount="${strings.size}">`];
  for (const s of strings.keys()) sstParts.push(/^\s|\s$/.test(s) ? `<si><t xml:space="preserve">${xmlText(s)}</t></si>` : `<si><t>${xmlText(s)}</t></si>`);
  sstParts.push('</sst>');
  const quoted = (name: string) => `'${name.replace(/'/g, "''")}'`;
  const workbook = `${XML_HEAD}<workbook ${NS}><bookViews><workbookView/></bookViews><sheets>`
    + sheets.map((s, i) => `<sheet name="${xmlAttr(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')
    + '</sheets><definedNames>'
    + sheets.map((s, i) => `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${xmlText(quoted(s.name))}!$A$1:$${colName(s.columns.length - 1)}$1</definedName>`).join('')
    + '</definedNames></workbook>';
  const rel = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/${type}" Target="${target}"/>`;
  const rels = (body: string) => `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${body}</Relationships>`;
  const n = sheets.length;
  const created = new Date(book.generatedAt);
  const files: Record<string, string> = {
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
      + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
      + sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')
      + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
      + '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
      + '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>',
    '_rels/.rels': rels(rel('rId1', 'officeDocument/2006/relationships/officeDocument', 'xl/workbook.xml')
      + rel('rId2', 'package/2006/relationships/metadata/core-properties', 'docProps/core.xml')),
    'docProps/core.xml': `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`
      + `<dc:creator>Moi</dc:creator><dc:title>${xmlText(`${reportLabels[lang].book} — ${book.event.title}`)}</dc:title>`
      + (Number.isNaN(created.getTime()) ? '' : `<dcterms:created xsi:type="dcterms:W3CDTF">${created.toISOString()}</dcterms:created>`)
      + '</cp:coreProperties>',
    'xl/workbook.xml': workbook,
    'xl/_rels/workbook.xml.rels': rels(sheets.map((_, i) => rel(`rId${i + 1}`, 'officeDocument/2006/relationships/worksheet', `worksheets/sheet${i + 1}.xml`)).join('')
      + rel(`rId${n + 1}`, 'officeDocument/2006/relationships/styles', 'styles.xml')
      + rel(`rId${n + 2}`, 'officeDocument/2006/relationships/sharedStrings', 'sharedStrings.xml')),
    'xl/styles.xml': STYLES_XML,
    'xl/sharedStrings.xml': sstParts.join(''),
  };
  sheetFiles.forEach((x, i) => { files[`xl/worksheets/sheet${i + 1}.xml`] = x; });
  const enc = new TextEncoder();
  return zip(Object.entries(files).map(([name, text]) => ({ name, data: enc.encode(text) })), created);
}

/** Text a spreadsheet would run as a formula (OWASP "CSV injection"): leading =, +, -, @, tab or CR. */
const FORMULA_LEAD = /^[=+\-@\t\r]/;

/** One row per gift, the Gifts sheet's columns; UTF-8 with a BOM so Excel opens Tamil correctly. */
export function renderCsv(book: MoiBook, lang: ReportLang): Uint8Array {
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const esc = (v: string | number | Date | null) => {
    if (typeof v === 'number') return String(v);
    const s = v === null ? '' : v instanceof Date ? csvTimeIndia(v) : v;
    // A giver's name or note is typed by anyone at the counter: a leading quote makes it text in
    // Excel, LibreOffice and Sheets, and quoting the field keeps the quote where a reader sees it.
    if (FORMULA_LEAD.test(s)) return quote(`'${s}`);
    return /[",\r\n]/.test(s) ? quote(s) : s;
  };
  const lines = [giftColumns.map((c) => esc(c.header)).join(','), ...book.gifts.map((g) => giftColumns.map((c) => esc(c.value(g, lang))).join(','))];
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}
