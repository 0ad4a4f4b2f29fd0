// The moi book as an Excel workbook (exceljs) and as CSV. Headers are bilingual (Tamil / English) in
// both editions; numbers are stored as numbers and times as dates, so the host can sort and sum.
import ExcelJS from 'exceljs';
import type { MoiBook } from './model';
import { reportLabels, type ReportLang } from './labels';

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
  { header: both('amount'), width: 12, value: (g) => (g.mode === 'item' ? 0 : g.amount), numFmt: RUPEES_FMT },
  { header: both('reference'), width: 16, value: (g) => g.reference },
  { header: both('item'), width: 20, value: (g) => g.item },
  { header: both('weight'), width: 10, value: (g) => g.weightGrams ?? null },
  { header: both('approxValue'), width: 12, value: (g) => (g.mode === 'item' ? g.approxValue ?? (g.amount || null) : null), numFmt: RUPEES_FMT },
  { header: both('note'), width: 20, value: (g) => g.note },
  { header: both('enteredAt'), width: 17, value: (g) => date(g.enteredAt), numFmt: DATE_FMT },
  { header: both('staff'), width: 16, value: (g) => g.enteredByName },
];

function sheet(wb: ExcelJS.Workbook, name: string, headers: { header: string; width: number }[]) {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = headers.map((h) => ({ header: h.header, width: h.width }));
  ws.getRow(1).font = { bold: true };
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
  return ws;
}

export function buildWorkbook(book: MoiBook, lang: ReportLang): ExcelJS.Workbook {
  const L = reportLabels[lang];
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Moi';
  wb.created = new Date(book.generatedAt);

  const gifts = sheet(wb, ta.sheets.gifts, giftColumns);
  for (const g of book.gifts) gifts.addRow(giftColumns.map((c) => c.value(g, lang)));
  giftColumns.forEach((c, i) => { if (c.numFmt) gifts.getColumn(i + 1).numFmt = c.numFmt; });

  const summary = sheet(wb, ta.sheets.summary, [{ header: both('summary'), width: 28 }, { header: both('village'), width: 28 }, { header: both('count'), width: 12 }, { header: both('total'), width: 14 }]);
  const s = book.summary;
  const add = (group: string, label: string, count: number | null, total: number | null) => summary.addRow([group, label, count, total]);
  for (const v of s.byVillage) add(L.byVillage, v.label || L.noVillage, v.count, v.total);
  for (const m of s.byMode) add(L.byMode, L.modes[m.key as keyof typeof L.modes] ?? m.key, m.count, m.total);
  for (const c of s.byCounter) add(L.byCounter, c.label, c.count, c.total);
  for (const p of s.byStaff) add(L.byStaff, p.label, p.count, p.total);
  add(L.uncle, '', book.uncle.count, book.uncle.total);
  add(L.items, '', s.itemCount, s.itemApproxValue);
  add(L.giversCount, '', s.givers, null);
  add(L.grandTotal, lang === 'ta' ? s.grandTotalWordsTa : s.grandTotalWordsEn, s.givers - s.itemCount, s.grandTotal);
  summary.getColumn(4).numFmt = RUPEES_FMT;

  const audit = sheet(wb, ta.sheets.audit, [
    { header: both('receipt'), width: 18 }, { header: both('giver'), width: 22 }, { header: both('action'), width: 12 }, { header: both('by'), width: 16 },
    { header: both('at'), width: 17 }, { header: both('field'), width: 14 }, { header: both('before'), width: 18 }, { header: both('after'), width: 18 }, { header: both('reason'), width: 24 },
  ]);
  for (const c of book.corrections) {
    const changes = c.changes.length ? c.changes : [{ field: '', before: '', after: '' }];
    for (const ch of changes) audit.addRow([c.receiptNo, c.giver, L.actions[c.action], c.by, date(c.at), ch.field, ch.before, ch.after, c.reason]);
  }
  audit.getColumn(5).numFmt = DATE_FMT;

  const close = sheet(wb, ta.sheets.close, [
    { header: both('counter'), width: 10 }, { header: both('name'), width: 20 }, { header: both('denomination'), width: 14 }, { header: both('pieces'), width: 10 },
    { header: both('value'), width: 12 }, { header: both('expected'), width: 14 }, { header: both('counted'), width: 14 }, { header: both('difference'), width: 12 },
    { header: both('reason'), width: 24 }, { header: both('closedBy'), width: 16 }, { header: both('closedAt'), width: 17 },
  ]);
  for (const c of book.counterCloses) {
    if (!c.tally) {
      close.addRow([c.code, c.name, L.notClosed]);
      continue;
    }
    const t = c.tally;
    const counts = Object.entries(t.counts).filter(([, n]) => n > 0).sort((a, b) => Number(b[0].slice(1)) - Number(a[0].slice(1)));
    counts.forEach(([k, n], i) => {
      const d = Number(k.slice(1));
      close.addRow(i === 0
        ? [c.code, c.name, d, n, d * n, t.expectedCash, t.countedTotal, t.difference, t.reason ?? '', c.closedByName ?? '', date(t.closedAt)]
        : [c.code, c.name, d, n, d * n]);
    });
  }
  for (const col of [3, 5, 6, 7, 8]) close.getColumn(col).numFmt = RUPEES_FMT;
  close.getColumn(11).numFmt = DATE_FMT;
  return wb;
}

export async function renderXlsx(book: MoiBook, lang: ReportLang): Promise<Uint8Array> {
  return new Uint8Array(await buildWorkbook(book, lang).xlsx.writeBuffer());
}

/** One row per gift, the Gifts sheet's columns; UTF-8 with a BOM so Excel opens Tamil correctly. */
export function renderCsv(book: MoiBook, lang: ReportLang): Uint8Array {
  const esc = (v: string | number | Date | null) => {
    const s = v === null ? '' : v instanceof Date ? v.toISOString() : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [giftColumns.map((c) => esc(c.header)).join(','), ...book.gifts.map((g) => giftColumns.map((c) => esc(c.value(g, lang))).join(','))];
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}
