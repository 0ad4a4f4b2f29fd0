// The moi book as a pdfmake document (A4 portrait, 30 mm binding gutter, running header, "page n of m").
// Tamil runs are set in Noto Sans Tamil's Tamil file and everything else in its Latin file (the
// self-hosted @fontsource files are split by script); pdfmake shapes Tamil through fontkit.
import { isMourning } from '../contract/function-tone';
import type { MoiBook } from './model';
import { reportLabels, type ReportLang } from './labels';
import { byVillageLabel, changeValue, eventDateWords, fieldLabel, whenIndia as when } from './readable';

/* eslint-disable @typescript-eslint/no-explicit-any -- pdfmake's document tree is untyped JSON */
type Node = any;

export type PdfFonts = { ta: Uint8Array; taBold: Uint8Array; latin: Uint8Array; latinBold: Uint8Array };

/** The part of pdfmake the book uses; the node build and the browser build both provide it. */
export type PdfMakeLike = {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  createPdf(doc: Node, options?: Node): { getBuffer(): Promise<Uint8Array>; getStream(): Promise<Node> };
};

export const PDF_FONT_FILES = { ta: 'moi-ta.woff', taBold: 'moi-ta-bold.woff', latin: 'moi-latin.woff', latinBold: 'moi-latin-bold.woff' } as const;
export const PDF_FONTS = {
  MoiTa: { normal: PDF_FONT_FILES.ta, bold: PDF_FONT_FILES.taBold, italics: PDF_FONT_FILES.ta, bolditalics: PDF_FONT_FILES.taBold },
  MoiLatin: { normal: PDF_FONT_FILES.latin, bold: PDF_FONT_FILES.latinBold, italics: PDF_FONT_FILES.latin, bolditalics: PDF_FONT_FILES.latinBold },
};

const MM = 72 / 25.4;
const GUTTER = 30 * MM;
export const PAGE = { width: 595.28, height: 841.89, margins: [GUTTER, 56, 14 * MM, 48] as [number, number, number, number] };

// Characters the Tamil file carries (its @fontsource unicode-range): Tamil, dandas, ZWJ/ZWNJ, ₹, ◌.
const TAMIL_FONT_CHAR = /[\u0964\u0965\u0B80-\u0BFF\u20B9\u25CC]|\u200C|\u200D/;

/** Splits text into runs for the two font files; spaces stay with the run they follow. */
export function scriptRuns(text: string): { text: string; font: 'MoiTa' | 'MoiLatin' }[] {
  const runs: { text: string; font: 'MoiTa' | 'MoiLatin' }[] = [];
  for (const ch of text) {
    const font = /\s/.test(ch) ? runs.at(-1)?.font ?? 'MoiLatin' : TAMIL_FONT_CHAR.test(ch) ? 'MoiTa' : 'MoiLatin';
    const last = runs.at(-1);
    if (last && last.font === font) last.text += ch;
    else runs.push({ text: ch, font });
  }
  return runs;
}

/** A text node in the right fonts. */
export function tx(text: string, style: Node = {}): Node {
  // Always an array of runs: the contents page copies a heading's text without its outer style.
  return { text: scriptRuns(text).map((r) => ({ text: r.text, font: r.font })), ...style };
}

const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
export const rupees = (n: number) => `${n < 0 ? '-' : ''}₹${grouped.format(Math.abs(n))}`;
const grams = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

const ROWS_PER_BLANK_PAGE = 28;
const LINES = { hLineWidth: () => 0.4, vLineWidth: () => 0.4, hLineColor: () => '#888888', vLineColor: () => '#888888', paddingTop: () => 2, paddingBottom: () => 2 };
const SMALL = { fontSize: 7.5 };
const RIGHT = { alignment: 'right' };


export function bookDocument(book: MoiBook, lang: ReportLang): Node {
  const L = reportLabels[lang];
  const title = (lang === 'ta' ? book.event.titleTa || book.event.titleEn : book.event.titleEn || book.event.titleTa) || L.book;
  // Table cells never reach the contents page, so a single-script cell stays one flat node (20k-gift
  // books have ~150k cells: one object each instead of two halves the garbage).
  // The table sets the cells' size (fontSize 9), and the document's default font is the Latin file:
  // a plain Latin cell is a bare string, the cheapest node pdfmake lays out.
  const cell = (s: string, style?: Node): Node => {
    const runs = scriptRuns(s);
    if (runs.length <= 1) {
      const font = runs[0]?.font ?? 'MoiLatin';
      if (!style) return font === 'MoiLatin' ? s : { text: s, font };
      return font === 'MoiLatin' ? { text: s, ...style } : { text: s, font, ...style };
    }
    return tx(s, style);
  };
  const head = (s: string) => tx(s, { bold: true, fontSize: 8.5, fillColor: '#eeeeee' });
  const money = (n: number, style?: Node) => cell(rupees(n), style ? { alignment: 'right', ...style } : RIGHT);
  const heading = (s: string, toc = true, extra: Node = {}) => ({ ...tx(s, { fontSize: 15, bold: true, margin: [0, 0, 0, 8] }), ...(toc ? { tocItem: true } : {}), ...extra });
  const table = (widths: (number | string)[], headers: string[], rows: Node[][], extra: Node = {}) => ({
    table: { headerRows: 1, widths, body: [headers.map(head), ...rows], dontBreakRows: true },
    fontSize: 9,
    layout: LINES,
    margin: [0, 0, 0, 10],
    ...extra,
  });
  // A correction in the book's words (the Noto Latin file has no arrows: ">" marks before > after).
  const change = (ch: MoiBook['corrections'][number]['changes'][number]) =>
    `${fieldLabel(L, ch.field)}: ${changeValue(L, ch.field, ch.before, lang) || '—'} > ${changeValue(L, ch.field, ch.after, lang) || '—'}`;
  // The gift lists. A village's rows sit under its heading (so no village column); the maternal uncle's
  // and the chosen givers' rows each name their village. Column widths leave the name ~120 pt, so a long
  // Tamil name (நெல்லையப்பன், சுப்பிரமணியன்) fits whole instead of breaking mid-word.
  const giftWidths = [38, 56, '*', 70, 58, 44, 44];
  const giftHeaders = [L.serial, L.receipt, L.name, L.initial, L.amount, L.mode, L.note];
  const villageWidths = [38, 50, '*', 50, 88, 58, 44];
  const villageHeaders = [L.serial, L.receipt, L.name, L.initial, L.village, L.amount, L.mode];
  type Row = MoiBook['uncle']['rows'][number];
  // Page totals: each gift row's amount cell is kept with its money; after layout its position says on
  // which page the row fell (see listPages).
  const marks: { node: Node; money: number; block: number }[] = [];
  // The id makes pdfmake put the page a row was finally placed on in its position (a row is laid out
  // apart, then moved to the next page when it does not fit); renderPdf keeps these ids out of the PDF.
  const mark = (node: Node, amount: number, block: number) => {
    node.id = `${ROW_MARK}${marks.length}`;
    marks.push({ node, money: amount, block });
    return node;
  };
  const amountCell = (r: Row, block: number) =>
    mark(r.mode === 'item' ? cell('—', { alignment: 'right' }) : money(r.amount), r.mode === 'item' ? 0 : r.amount, block);
  // Under the name, smaller: who the giver is beyond it (spouse's or father's name, title; issue 30), and the note where asked.
  const nameCell = (r: Row, under: string[]) => {
    const lines = under.filter(Boolean);
    return lines.length ? { stack: [cell(r.name), ...lines.map((l) => cell(l, { fontSize: 7.5, color: '#444444' }))] } : cell(r.name);
  };
  const giftRow = (r: Row, block: number) => [
    cell(String(r.serial)), cell(r.receiptNo, SMALL), nameCell(r, [r.identity]), cell(r.initial), amountCell(r, block), cell(L.modes[r.mode]), cell(r.note),
  ];
  // The note goes under the name where the village takes the note's column.
  const villageGiftRow = (r: Row, block: number) => [
    cell(String(r.serial)), cell(r.receiptNo, SMALL), nameCell(r, [r.identity, r.note]),
    cell(r.initial), cell(r.village || '—'), amountCell(r, block), cell(L.modes[r.mode]),
  ];
  // A subtotal row is marked too (money 0): a page holding only a block's last line is still one of its pages.
  const subtotalRow = (label: string, amount: number, block: number, cols: number, amountAt: number) => {
    const node = mark(money(amount, { bold: true }), 0, block);
    const row: Node[] = Array.from({ length: cols }, () => cell(''));
    row[2] = cell(label, { bold: true, colSpan: amountAt - 2 });
    row[amountAt] = node;
    return row;
  };

  // The gift lists (thousands of rows): horizontal rules and the outer frame only. Each inner vertical
  // rule is a vector per cell that pdfmake lays out and pdfkit draws; without them a 5,000-gift book
  // takes about a quarter less time. The blank pages for handwriting keep every column rule.
  const listLayout = { ...LINES, paddingLeft: () => 3, paddingRight: () => 3, vLineWidth: (i: number, node: Node) => (i === 0 || i === node.table.widths.length ? 0.4 : 0) };
  /**
   * A block of the list under its own title row. The title and the column headings are the table's
   * header rows, kept with the first gift (keepWithHeaderRows), so a title never stands alone at a page
   * foot, and repeated at the head of each page the block continues on, where "… தொடர்ச்சி" is written
   * beside it (listOverlay).
   */
  const titles: Node[] = [];
  const blockTable = (title: string, widths: (number | string)[], headers: string[], rows: Node[][]) => {
    const t = tx(title, { fontSize: 11, bold: true, colSpan: widths.length, tocItem: true, tocMargin: [12, 0, 0, 0] });
    titles.push(t);
    return {
      table: { headerRows: 2, keepWithHeaderRows: 1, dontBreakRows: true, widths, body: [[t, ...widths.slice(1).map(() => '')], headers.map(head), ...rows] },
      fontSize: 9,
      layout: listLayout,
      margin: [0, 4, 0, 10],
    };
  };
  const content: Node[] = [];
  // 1. Cover
  const hosts = book.event.hostNames ? [tx(`${L.hosts}: ${book.event.hostNames}`, { fontSize: 14, alignment: 'center', margin: [0, 0, 0, 6] })] : [];
  const scope = book.scope.counter ? `${L.scopeCounter} ${book.scope.counter.code} · ${book.scope.counter.name}` : book.scope.from || book.scope.to
    ? `${L.scopeRange}: ${book.scope.from ? when(book.scope.from, lang) : '…'} – ${book.scope.to ? when(book.scope.to, lang) : '…'}` : L.scopeAll;
  // A funeral's cover (issue 30): a line of homage, and nothing festive (the book is black and grey throughout).
  const memorial = isMourning(book.event.functionType) ? [tx(L.memorial, { fontSize: 14, alignment: 'center', margin: [0, 0, 0, 10] })] : [];
  // The hall's branding (issue 29): its logo and name above the title, a rule in its colour, its footer at
  // the foot of the cover. A funeral's cover keeps to black and grey (the hall's colour is not used).
  const brand = book.brand;
  const brandName = brand ? (lang === 'ta' ? brand.nameTa || brand.nameEn : brand.nameEn || brand.nameTa) : '';
  const brandColour = brand?.colour && !isMourning(book.event.functionType) ? brand.colour : '#444444';
  const brandHead: Node[] = brand ? [
    ...(brand.logo ? [{ image: brand.logo, fit: [160, 80], alignment: 'center', margin: [0, 0, 0, 8] }] : []),
    ...(brandName ? [tx(brandName, { fontSize: 16, bold: true, alignment: 'center', color: brandColour, margin: [0, 0, 0, 6] })] : []),
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 200, y2: 0, lineWidth: 2, lineColor: brandColour }], alignment: 'center', margin: [(PAGE.width - PAGE.margins[0] - PAGE.margins[2] - 200) / 2, 0, 0, 0] },
  ] : [];
  content.push(
    ...brandHead,
    tx(L.book, { fontSize: 30, bold: true, alignment: 'center', margin: [0, brand ? (brand.logo ? 24 : 60) : 120, 0, 12] }),
    ...memorial,
    tx(L.functions[book.event.functionType], { fontSize: 16, alignment: 'center', margin: [0, 0, 0, 6] }),
    tx(title, { fontSize: 22, bold: true, alignment: 'center', margin: [0, 0, 0, 18] }),
    ...hosts,
    tx(`${L.venue}: ${book.event.venue}`, { fontSize: 12, alignment: 'center', margin: [0, 0, 0, 4] }),
    tx(`${L.date}: ${eventDateWords(book.event.date, lang)}`, { fontSize: 12, alignment: 'center', margin: [0, 0, 0, 4] }),
    tx(`${L.scope}: ${scope}`, { fontSize: 12, alignment: 'center', margin: [0, 0, 0, 40] }),
    tx(`${L.bookNo}: ${book.bookNo}`, { fontSize: 9, alignment: 'center', color: '#555555' }),
    ...(book.provider ? [tx(`${L.preparedBy}: ${book.provider}`, { fontSize: 10, alignment: 'center', margin: [0, 8, 0, 0] })] : []),
    tx(`${L.generatedAt}: ${when(book.generatedAt, lang)}`, { fontSize: 9, alignment: 'center', color: '#555555', margin: [0, 4, 0, 0] }),
    ...(book.notOnServer > 0 ? [tx(L.notOnServer(book.notOnServer), { fontSize: 11, bold: true, alignment: 'center', color: '#b00020', margin: [40, 16, 40, 0] })] : []),
    ...(brand?.footer ? [tx(brand.footer, { fontSize: 10, alignment: 'center', color: brandColour, margin: [20, 40, 20, 0] })] : []),
  );
  // 2. Contents
  content.push({ toc: { title: heading(L.contents, false), numberStyle: { font: 'MoiLatin' } }, pageBreak: 'before' });
  // 3. Maternal uncle / ritual gifts
  content.push(heading(`${L.uncle} (${book.uncle.count})`, true, { pageBreak: 'before' }));
  // The maternal uncle's section (under its own page heading): one header row, kept with the first gift.
  const uncleRows = [...book.uncle.rows.map((r) => villageGiftRow(r, -1)), subtotalRow(L.total, book.uncle.total, -1, villageWidths.length, 5)];
  content.push({
    table: { headerRows: 1, keepWithHeaderRows: 1, dontBreakRows: true, widths: villageWidths, body: [villageHeaders.map(head), ...uncleRows] },
    fontSize: 9, layout: listLayout, margin: [0, 0, 0, 10],
  });
  // 4. Village-wise
  content.push(heading(L.villages, true, { pageBreak: 'before' }));
  if (book.first.count) {
    // The givers the host chose to print first: their village in its column (there is no village heading).
    content.push(blockTable(`${L.firstGivers} (${book.first.count})`, villageWidths, villageHeaders, [
      ...book.first.rows.map((r) => villageGiftRow(r, -2)),
      subtotalRow(`${L.firstGivers} — ${L.subtotal}`, book.first.subtotal, -2, villageWidths.length, 5),
    ]));
  }
  book.villages.forEach((v, i) => {
    const name = v.village || L.noVillage;
    content.push(blockTable(`${v.no}. ${name} (${v.count})`, giftWidths, giftHeaders, [
      ...v.rows.map((r) => giftRow(r, i)),
      subtotalRow(`${name} — ${L.subtotal}`, v.subtotal, i, giftWidths.length, 4),
    ]));
  });
  // 5. Items
  content.push(heading(`${L.items} (${book.items.length})`, true, { pageBreak: 'before' }));
  content.push(tx(L.itemsNote, { fontSize: 9, italics: true, margin: [0, 0, 0, 6] }));
  content.push(table([24, 58, '*', 50, 64, 110], [L.serial, L.receipt, L.item, L.weight, L.approxValue, L.giver], book.items.length
    ? book.items.map((i) => [cell(String(i.serial)), cell(i.receiptNo, { fontSize: 7.5 }), cell(i.item), cell(i.weightGrams == null ? '' : grams.format(i.weightGrams), { alignment: 'right' }),
        i.approxValue == null ? cell('') : money(i.approxValue), cell([i.giver, i.village].filter(Boolean).join(', '))])
    : [[cell(L.none, { colSpan: 6 }), cell(''), cell(''), cell(''), cell(''), cell('')]]));
  // 6. Summary
  const s = book.summary;
  const totals = (label: string, lines: MoiBook['summary']['byVillage'], name: (l: MoiBook['summary']['byVillage'][number]) => string) => [
    tx(label, { fontSize: 12, bold: true, margin: [0, 6, 0, 4] }),
    table(['*', 70, 90], [label, L.count, L.total], lines.map((l) => [cell(name(l)), cell(String(l.count), { alignment: 'right' }), money(l.total)])),
  ];
  content.push(heading(L.summary, true, { pageBreak: 'before' }));
  content.push(table(['*', 150], [L.summary, ''], [
    [cell(L.giversCount), cell(String(s.givers), { alignment: 'right' })],
    [cell(L.uncle), money(book.uncle.total)],
    // Items are never money: their number, and the estimate labelled as such (not in the grand total).
    [cell(L.items), cell(`${s.itemCount} · ${L.approxValue} ${rupees(s.itemApproxValue)}`, { alignment: 'right' })],
    [cell(L.grandTotal, { bold: true, fontSize: 12 }), money(s.grandTotal, { bold: true, fontSize: 12 })],
    [cell(`${L.inWords}: ${lang === 'ta' ? s.grandTotalWordsTa : s.grandTotalWordsEn}`, { colSpan: 2, bold: true }), cell('')],
  ]));
  content.push(...totals(L.byVillage, s.byVillage, (l) => byVillageLabel(L, l)));
  content.push(tx(L.byVillageNote, { fontSize: 8, italics: true, margin: [0, -6, 0, 8] }));
  content.push(...totals(L.byMode, s.byMode, (l) => L.modes[l.key as keyof typeof L.modes] ?? l.key));
  content.push(...totals(L.byCounter, s.byCounter, (l) => l.label));
  content.push(...totals(L.byStaff, s.byStaff, (l) => l.label));
  // 7. Annexes
  content.push(heading(L.annexCounters, true, { pageBreak: 'before' }));
  for (const c of book.counterCloses) {
    content.push(tx(`${L.counter} ${c.code} · ${c.name}`, { fontSize: 12, bold: true, margin: [0, 6, 0, 4] }));
    // What the counter took, by mode: cash, UPI and cheque money, and items counted apart (never money).
    content.push(table(['*', 70, 90], [L.byMode, L.count, L.total], (['cash', 'upi', 'cheque', 'item'] as const).map((m) => [
      cell(L.modes[m]), cell(String(c.byMode[m].count), RIGHT), m === 'item' ? cell('—', RIGHT) : money(c.byMode[m].total),
    ]).concat([[cell(L.total, { bold: true }), cell(String(c.byMode.cash.count + c.byMode.upi.count + c.byMode.cheque.count), { bold: true, alignment: 'right' }),
      money(c.byMode.cash.total + c.byMode.upi.total + c.byMode.cheque.total, { bold: true })]])));
    if (!c.tally) {
      content.push(tx(L.notClosed, { fontSize: 9, margin: [0, 0, 0, 8] }));
      continue;
    }
    const t = c.tally;
    const counts = Object.entries(t.counts).filter(([, n]) => n > 0).sort((a, b) => Number(b[0].slice(1)) - Number(a[0].slice(1)));
    content.push(table([90, 70, 90], [L.denomination, L.pieces, L.value], counts.map(([k, n]) => [cell(rupees(Number(k.slice(1)))), cell(String(n), { alignment: 'right' }), money(Number(k.slice(1)) * n)])));
    content.push(table(['*', 150], [L.counter, c.code], [
      [cell(L.float), money(c.float)],
      [cell(L.expected), money(t.expectedCash)], [cell(L.counted), money(t.countedTotal)], [cell(L.difference, { bold: true }), money(t.difference, { bold: true })],
      [cell(L.reason), cell(t.reason ?? '')], [cell(L.closedBy), cell(c.closedByName ?? '')], [cell(L.closedAt), cell(when(t.closedAt, lang))],
      ...(c.afterClose.count ? [[cell(L.flags.after_close), cell(`${c.afterClose.count} · ${rupees(c.afterClose.cash)}`, RIGHT)]] : []),
    ]));
    // The custody chain (issue 18): float → count → each handover, with how the receiver confirmed.
    const party = (kind: string, code: string, name: string) =>
      kind === 'counter' ? `${L.partyCounter} ${code}${name ? ` (${name})` : ''}` : kind === 'nominee' ? `${L.partyNominee} ${name}` : `${L.partyAdmin}${name ? ` (${name})` : ''}`;
    content.push(tx(L.custody, { fontSize: 10, bold: true, margin: [0, 2, 0, 2] }));
    content.push(c.chain.length ? table([90, 100, 60, 70, '*'], [L.handedFrom, L.handedTo, L.modes.cash, L.at, L.confirm], c.chain.map((s) => [
      cell(s.fromKind === 'counter' ? party('counter', s.fromCode, '') : party('event_admin', '', s.byName)),
      cell(party(s.toKind, s.toCode, s.toName)),
      money(s.cash),
      cell(when(s.at, lang)),
      cell(`${s.verified ? L.confirmMethods[s.method] : `${L.unconfirmed} (${L.confirmMethods[s.method]})`} · ${L.by}: ${s.byName}`),
    ])) : tx(L.custodyNone, { fontSize: 9, margin: [0, 0, 0, 8] }));
  }
  content.push(heading(L.annexCorrections, true, { pageBreak: 'before' }));
  content.push(table([50, 84, 54, 58, 60, '*'], [L.receipt, L.giver, L.action, L.by, L.at, `${L.field}: ${L.before} > ${L.after} · ${L.reason}`], book.corrections.length
    ? book.corrections.map((c) => [cell(c.receiptNo, { fontSize: 7.5 }), cell(c.giver), cell(L.actions[c.action]), cell(c.by), cell(when(c.at, lang), { fontSize: 7.5 }),
        cell([...c.changes.map(change), c.reason ? `${L.reason}: ${c.reason}` : ''].filter(Boolean).join('\n'))])
    : [[cell(L.none, { colSpan: 6 }), cell(''), cell(''), cell(''), cell(''), cell('')]]));
  content.push(heading(`${L.annexFlags} (${book.flagged.length})`, true, { pageBreak: 'before' }));
  content.push(tx(L.flagsNote, { fontSize: 9, italics: true, margin: [0, 0, 0, 6] }));
  content.push(table([50, '*', 40, 58, 110, 90], [L.receipt, L.giver, L.counter, L.amount, L.flagsCol, L.reviewed], book.flagged.length
    ? book.flagged.map((f) => [cell(f.receiptNo, SMALL), cell([f.giver, f.village].filter(Boolean).join(', ')), cell(f.counterCode), f.mode === 'item' ? cell(L.modes.item) : money(f.amount),
        cell(f.flags.map((k) => L.flags[k]).join('\n')), cell(f.reviewedAt ? `${f.reviewedBy ?? ''}\n${when(f.reviewedAt, lang)}` : L.notReviewed, SMALL)])
    : [[cell(L.none, { colSpan: 6 }), cell(''), cell(''), cell(''), cell(''), cell('')]]));
  // 8. Blank ruled pages: the list's columns for a hand-written gift (no receipt: none was printed), the
  // village among them, and a page-total line to fill in.
  const blankWidths = [38, '*', 62, 86, 64, 46];
  const blankHeaders = [L.serial, L.name, L.initial, L.village, L.amount, L.mode];
  for (let p = 0; p < book.blankPages; p++) {
    const rows = Array.from({ length: ROWS_PER_BLANK_PAGE }, () => blankHeaders.map(() => cell(' ', { fontSize: 11 })));
    rows.push([cell(''), cell(L.pageTotal, { bold: true, colSpan: 3, fontSize: 11 }), cell(''), cell(''), cell(' ', { fontSize: 11 }), cell('')]);
    content.push({ ...(p === 0 ? { ...heading(L.blankPages, true) } : { text: '' }), pageBreak: 'before' });
    content.push(table(blankWidths, blankHeaders, rows));
  }

  // After layout (pdfmake lays out the header and footer of every page once the content is placed), the
  // marked cells say which page each gift row fell on: the page's money, what was brought forward from
  // the list's earlier pages, and the block the page continues (its title row is repeated at the top).
  type ListPage = { total: number; before: number; continues: number | null; last: boolean };
  let pagesCache: Map<number, ListPage> | null = null;
  const listPages = (): Map<number, ListPage> => {
    if (pagesCache) return pagesCache;
    const out = new Map<number, ListPage>();
    const firstPageOf = new Map<number, number>();
    for (const m of marks) {
      const page = m.node.positions?.[0]?.pageNumber as number | undefined;
      if (!page) continue;
      if (!firstPageOf.has(m.block)) firstPageOf.set(m.block, page);
      const p = out.get(page);
      if (p) p.total += m.money;
      else out.set(page, { total: m.money, before: 0, continues: m.block !== -1 && firstPageOf.get(m.block)! < page ? m.block : null, last: false });
    }
    let run = 0;
    const pages = [...out.keys()].sort((a, b) => a - b);
    for (const n of pages) {
      const p = out.get(n)!;
      p.before = run;
      run += p.total;
    }
    if (pages.length) out.get(pages.at(-1)!)!.last = true;
    // A block's title (the contents' entry) is on the page of its first row: a repeated header row
    // would otherwise leave the contents pointing at the block's last page.
    titles.forEach((t, i) => {
      const page = firstPageOf.get(i === 0 && book.first.count ? -2 : book.first.count ? i - 1 : i);
      if (page && t.positions?.[0]) t.positions[0].pageNumber = page;
    });
    pagesCache = out;
    return out;
  };
  const contentWidth = PAGE.width - PAGE.margins[0] - PAGE.margins[2];
  const runningHeader = (page: number) => {
    if (page === 1) {
      pagesCache = null; // a new layout pass
      return null;
    }
    const lp = listPages().get(page);
    const brought = lp && lp.before > 0 ? tx(`${L.broughtForward}: ${rupees(lp.before)}`, { fontSize: 9, bold: true, alignment: 'right' }) : { text: '' };
    return { columns: [tx(`${title} · ${L.book}`, { fontSize: 8, color: '#444444', width: '*' }), { ...brought, width: 'auto' }], margin: [PAGE.margins[0], 24, PAGE.margins[2], 0] };
  };
  const pageFoot = (page: number, pages: number) => {
    const pageNo = tx(L.pageOf(page, pages), { fontSize: 8, alignment: 'right', color: '#444444' });
    const lp = listPages().get(page);
    if (!lp) return { ...pageNo, margin: [PAGE.margins[0], 16, PAGE.margins[2], 0] };
    const carried = lp.before + lp.total;
    const line = tx(`${L.pageTotal}: ${rupees(lp.total)} · ${lp.last ? L.listTotal : L.carriedForward}: ${rupees(carried)}`, { fontSize: 9, bold: true, width: '*' });
    return {
      stack: [
        { columns: [line, { ...pageNo, width: 'auto' }], columnGap: 8, margin: [PAGE.margins[0], 8, PAGE.margins[2], 0] },
        // "… தொடர்ச்சி" beside the block's title, repeated at the top of this page. The footer is the one
        // place pdfmake lets the book write on a page after its content is placed; the position is the
        // page's top margin (where a repeated header starts) less the footer's own top.
        ...(lp.continues !== null ? [{
          absolutePosition: { x: PAGE.margins[0], y: PAGE.margins[1] + 3 - (PAGE.height - PAGE.margins[3]) },
          columns: [tx(L.continued, { fontSize: 10, bold: true, alignment: 'right', width: contentWidth - 6 })],
        }] : []),
      ],
    };
  };
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: PAGE.margins,
    info: { title: `${L.book} — ${title}`, subject: book.event.id, creator: 'Moi' },
    defaultStyle: { font: 'MoiLatin', fontSize: 10, lineHeight: 1.15 },
    header: runningHeader,
    footer: pageFoot,
    content,
  };
}

const TAMIL = /[\u0B80-\u0BFF]/;
/** Ids of the gift rows' amount cells (page totals): not named destinations in the PDF. */
const ROW_MARK = 'moi~r';
const TEXT_LAYER = Symbol.for('moi.pdf.textLayer');
const PENDING = Symbol.for('moi.pdf.pendingTamilRun');
const LAYER_FONTS = Symbol.for('moi.pdf.layerFonts');
const PAGE_OPS = Symbol.for('moi.pdf.pageOps');
const RUPEE = 0x20b9;
/** What the drawn Tamil glyphs read as: a zero-width space (an empty mapping makes pdf.js fall back to the glyph codes). */
const ZWSP = [0x200b];

/* The part of pdfkit's embedded font the text layer uses (pdfkit's EmbeddedFont, fontkit inside). */
type Glyph = { id: number; advanceWidth: number };
type EmbeddedFont = {
  id: string; scale: number; unicode: number[][]; widths: number[];
  font: { glyphForCodePoint(cp: number): Glyph; unitsPerEm: number };
  subset: { includeGlyph(id: number): number };
  ref(): unknown; toUnicodeCmap(): unknown;
  constructor: new (doc: Node, font: EmbeddedFont['font'], id: string) => EmbeddedFont;
};
type PendingRun = { text: string; width: number; font: EmbeddedFont; size: number; at: string | null };

/**
 * The text layer of Tamil words in logical order, which poppler (pdftotext, evince), PDFium (Chrome,
 * Android) and pdf.js (Firefox, most web viewers) all read. pdfkit writes a shaped word's glyphs in
 * visual order and maps each glyph back to its own characters, so a vowel sign drawn before its
 * consonant comes out first ("பெ" as "ெப") and conjunct glyphs map to partial text; pdf.js reads
 * glyphs that way whatever the PDF says (it ignores ActualText). So, as OCR'd PDFs do:
 * - the drawn glyphs of each Tamil run carry no text: their font's ToUnicode maps them to nothing visible (the
 *   ₹ sign apart, which also stands alone in amounts) but a zero-width space, and they sit in a span whose ActualText is empty
 *   for the readers that honour it;
 * - under them, the run's characters in typed order are written invisibly (text render mode 3) in a
 *   second copy of the font whose glyphs map to exactly their characters, one glyph per character,
 *   squeezed (Tz) to the drawn run's width so a selection covers the visible word.
 * pdfmake draws every run through its document's text(); the browser build bundles its own pdfkit, so
 * the prototype is taken from a one-line probe document of the same pdfmake and patched once (with
 * its page's prototype: see batchPageWrites).
 */
async function patchPdfkit(pdfmake: PdfMakeLike): Promise<void> {
  const probe = await pdfmake.createPdf({ content: [' '], defaultStyle: { font: 'MoiLatin' } }).getStream();
  const proto = Object.getPrototypeOf(probe) as Node;
  const pageProto = probe.page ? Object.getPrototypeOf(probe.page) as Node : null;
  probe.end?.();
  if (proto[TEXT_LAYER]) return;
  if (pageProto) batchPageWrites(pageProto);
  const text = proto.text as (this: Node, s: unknown, ...rest: unknown[]) => unknown;
  const addContent = proto.addContent as (this: Node, data: string) => unknown;
  proto.text = function tamilText(this: Node, s: unknown, ...rest: unknown[]) {
    // pdfmake names a destination after every node with an id; the rows' marks need none.
    const options = rest[2] as { destination?: unknown; textWidth?: number } | undefined;
    if (typeof options?.destination === 'string' && options.destination.startsWith(ROW_MARK)) delete options.destination;
    if (typeof s !== 'string' || !TAMIL.test(s)) return text.call(this, s, ...rest);
    const font = this._font as EmbeddedFont;
    silence(font);
    this[PENDING] = { text: s, width: options?.textWidth ?? 0, font, size: this._fontSize as number, at: null } satisfies PendingRun;
    try {
      return text.call(this, s, ...rest);
    } finally {
      this[PENDING] = undefined;
    }
  };
  // Inside the run's own graphics state (pdfkit's q … cm … BT … ET … Q): the span around BT … ET, and
  // the invisible copy after it, at the run's start (its first Tm).
  proto.addContent = function layered(this: Node, data: string) {
    const run = this[PENDING] as PendingRun | undefined;
    if (!run) return addContent.call(this, data);
    if (data === 'BT') addContent.call(this, '/Span <</ActualText <FEFF>>> BDC');
    else if (run.at === null && data.endsWith(' Tm')) run.at = data;
    const r = addContent.call(this, data);
    if (data === 'ET') {
      addContent.call(this, 'EMC');
      invisibleRun(this, run, (d) => addContent.call(this, d));
    }
    return r;
  };
  proto[TEXT_LAYER] = true;
}

/**
 * A page's content stream written once per page instead of once per operator. pdfkit turns every
 * operator string into its own Buffer (Buffer.from(op + '\n')); in the browser build that is a
 * polyfilled Buffer, allocated and filled byte by byte, and a 5,000-gift book writes about a million
 * of them (a third of its time). Here each operator is copied into one growing byte array per page,
 * handed to pdfkit when the page's stream is next given bytes or ends: the same bytes, in the same order.
 */
function batchPageWrites(pageProto: Node): void {
  const write = pageProto.write as (this: Node, chunk: unknown) => unknown;
  const end = pageProto.end as (this: Node) => unknown;
  const flush = (page: Node) => {
    const ops = page[PAGE_OPS] as PageBytes | undefined;
    if (!ops?.length) return;
    page[PAGE_OPS] = undefined;
    write.call(page, ops.bytes.subarray(0, ops.length));
  };
  pageProto.write = function batched(this: Node, chunk: unknown) {
    if (typeof chunk !== 'string') {
      flush(this);
      return write.call(this, chunk);
    }
    const ops: PageBytes = (this[PAGE_OPS] ??= { bytes: new Uint8Array(1 << 16), length: 0 });
    const need = ops.length + chunk.length + 1;
    if (need > ops.bytes.length) {
      const grown = new Uint8Array(Math.max(need, ops.bytes.length * 2));
      grown.set(ops.bytes.subarray(0, ops.length));
      ops.bytes = grown;
    }
    // pdfkit's 'binary': each character's low byte, and a newline after each operator.
    const { bytes } = ops;
    let at = ops.length;
    for (let i = 0; i < chunk.length; i++) bytes[at++] = chunk.charCodeAt(i);
    bytes[at++] = 10;
    ops.length = at;
    return undefined;
  };
  pageProto.end = function flushed(this: Node) {
    flush(this);
    return end.call(this);
  };
}
type PageBytes = { bytes: Uint8Array; length: number };

/** The drawn font's glyphs read as nothing (the logical copy carries the text); ₹ keeps its character. */
function silence(font: EmbeddedFont): void {
  const f = font as EmbeddedFont & { [TEXT_LAYER]?: true };
  if (f[TEXT_LAYER]) return;
  f[TEXT_LAYER] = true;
  const cmap = font.toUnicodeCmap;
  font.toUnicodeCmap = function silent(this: EmbeddedFont) {
    const kept = this.unicode;
    this.unicode = kept.map((cps, gid) => (gid === 0 || cps.includes(RUPEE) ? cps : ZWSP));
    try {
      return cmap.call(this);
    } finally {
      this.unicode = kept;
    }
  };
}

function invisibleRun(doc: Node, run: PendingRun, add: (data: string) => void): void {
  const fonts: Map<EmbeddedFont, EmbeddedFont> = (doc[LAYER_FONTS] ??= new Map());
  let layer = fonts.get(run.font);
  if (!layer) {
    // pdfkit derives the subset's tag from the id's letters and digits (F1 → …); F9n stays a valid name.
    layer = new run.font.constructor(doc, run.font.font, `F9${run.font.id.replace(/\D/g, '')}`);
    doc._fontFamilies[`moi-text-layer-${layer.id}`] = layer;
    fonts.set(run.font, layer);
  }
  if (doc.page.fonts[layer.id] == null) doc.page.fonts[layer.id] = layer.ref();
  // One glyph per character; a space (the Tamil file has none) as the .notdef glyph read as a space, a quarter em wide.
  const parts: string[] = [];
  let hex = '';
  let width = 0;
  for (const ch of run.text) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x20) {
      // A real space character, not only a gap: PDFium turns no gap at the end of a run into a space, so a
      // Tamil word ran into what followed ("நவம்பர்2026", "கொடைக்கானல்(6)"). The layer's .notdef glyph (never
      // seen: the copy is invisible) reads as the space, its advance turned into a quarter em.
      layer.unicode[0] = [0x20];
      parts.push(`<${hex}0000>`, String(+(layer.widths[0] - 250).toFixed(2)));
      hex = '';
      width += 250;
      continue;
    }
    const glyph = layer.font.glyphForCodePoint(cp);
    if (!glyph || glyph.id === 0) continue;
    const gid = layer.subset.includeGlyph(glyph.id);
    layer.widths[gid] ??= glyph.advanceWidth * layer.scale;
    layer.unicode[gid] ??= [cp];
    hex += gid.toString(16).padStart(4, '0');
    width += glyph.advanceWidth * layer.scale;
  }
  if (hex) parts.push(`<${hex}>`);
  if (!parts.length || !run.at) return;
  const natural = (width * run.size) / 1000;
  const squeeze = natural > 0 && run.width > 0 ? Math.max(1, Math.min(400, (run.width / natural) * 100)) : 100;
  add('BT');
  add(run.at);
  add(`/${layer.id} ${run.size} Tf`);
  add('3 Tr');
  if (Math.abs(squeeze - 100) > 0.5) add(`${squeeze.toFixed(1)} Tz`);
  add(`[${parts.join(' ')}] TJ`);
  add('ET');
}

export async function renderPdf(pdfmake: PdfMakeLike, book: MoiBook, lang: ReportLang): Promise<Uint8Array> {
  pdfmake.setFonts(PDF_FONTS);
  await patchPdfkit(pdfmake);
  return new Uint8Array(await pdfmake.createPdf(bookDocument(book, lang)).getBuffer());
}

/** Any document through the book's fonts and text layer (the Tamil corpus test). */
export async function renderDocument(pdfmake: PdfMakeLike, doc: Node): Promise<Uint8Array> {
  pdfmake.setFonts(PDF_FONTS);
  await patchPdfkit(pdfmake);
  return new Uint8Array(await pdfmake.createPdf(doc).getBuffer());
}
