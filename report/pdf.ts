// The moi book as a pdfmake document (A4 portrait, 30 mm binding gutter, running header, "page n of m").
// Tamil runs are set in Noto Sans Tamil's Tamil file and everything else in its Latin file (the
// self-hosted @fontsource files are split by script); pdfmake shapes Tamil through fontkit.
import type { MoiBook } from './model';
import { reportLabels, type ReportLang } from './labels';
import { changeValue, eventDateWords, fieldLabel, whenIndia as when } from './readable';

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
  const giftWidths = [40, 56, '*', 86, 58, 52, 46];
  const giftHeaders = [L.serial, L.receipt, L.name, L.initial, L.amount, L.mode, L.note];
  const giftRow = (r: MoiBook['uncle']['rows'][number]) => [
    cell(String(r.serial)), cell(r.receiptNo, SMALL), cell(r.name), cell(r.initial), r.mode === 'item' ? cell('—', { alignment: 'right' }) : money(r.amount), cell(L.modes[r.mode]), cell(r.note),
  ];

  // The gift lists (thousands of rows): horizontal rules and the outer frame only. Each inner vertical
  // rule is a vector per cell that pdfmake lays out and pdfkit draws; without them a 5,000-gift book
  // takes about a quarter less time. The blank pages for handwriting keep every column rule.
  const listLayout = { ...LINES, vLineWidth: (i: number, node: Node) => (i === 0 || i === node.table.widths.length ? 0.4 : 0) };
  const giftTable = (rows: Node[][]) => table(giftWidths, giftHeaders, rows, { layout: listLayout });
  const content: Node[] = [];
  // 1. Cover
  const hosts = book.event.hostNames ? [tx(`${L.hosts}: ${book.event.hostNames}`, { fontSize: 14, alignment: 'center', margin: [0, 0, 0, 6] })] : [];
  const scope = book.scope.counter ? `${L.scopeCounter} ${book.scope.counter.code} · ${book.scope.counter.name}` : book.scope.from || book.scope.to
    ? `${L.scopeRange}: ${book.scope.from ? when(book.scope.from, lang) : '…'} – ${book.scope.to ? when(book.scope.to, lang) : '…'}` : L.scopeAll;
  content.push(
    tx(L.book, { fontSize: 30, bold: true, alignment: 'center', margin: [0, 120, 0, 12] }),
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
  );
  // 2. Contents
  content.push({ toc: { title: heading(L.contents, false), numberStyle: { font: 'MoiLatin' } }, pageBreak: 'before' });
  // 3. Maternal uncle / ritual gifts
  content.push(heading(`${L.uncle} (${book.uncle.count})`, true, { pageBreak: 'before' }));
  content.push(giftTable([
    ...book.uncle.rows.map(giftRow),
    [cell(''), cell(''), cell(L.total, { bold: true, colSpan: 2 }), cell(''), money(book.uncle.total, { bold: true }), cell(''), cell('')],
  ]));
  // 4. Village-wise
  content.push(heading(L.villages, true, { pageBreak: 'before' }));
  if (book.first.count) {
    // The givers the host chose to print first: their village goes with the name (there is no village heading).
    content.push({ ...tx(`${L.firstGivers} (${book.first.count})`, { fontSize: 12, bold: true, margin: [0, 6, 0, 4] }), tocItem: true, tocMargin: [12, 0, 0, 0], headlineLevel: 1 });
    content.push(giftTable([
      ...book.first.rows.map((r) => giftRow({ ...r, name: [r.name, r.village].filter(Boolean).join(', ') })),
      [cell(''), cell(''), cell(`${L.firstGivers} — ${L.subtotal}`, { bold: true, colSpan: 2 }), cell(''), money(book.first.subtotal, { bold: true }), cell(''), cell('')],
    ]));
  }
  for (const v of book.villages) {
    const name = v.village || L.noVillage;
    content.push({ ...tx(`${v.no}. ${name} (${v.count})`, { fontSize: 12, bold: true, margin: [0, 6, 0, 4] }), tocItem: true, tocMargin: [12, 0, 0, 0], headlineLevel: 1 });
    content.push(giftTable([
      ...v.rows.map(giftRow),
      [cell(''), cell(''), cell(`${name} — ${L.subtotal}`, { bold: true, colSpan: 2 }), cell(''), money(v.subtotal, { bold: true }), cell(''), cell('')],
    ]));
  }
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
  content.push(...totals(L.byVillage, s.byVillage, (l) => l.label || L.noVillage));
  content.push(...totals(L.byMode, s.byMode, (l) => L.modes[l.key as keyof typeof L.modes] ?? l.key));
  content.push(...totals(L.byCounter, s.byCounter, (l) => l.label));
  content.push(...totals(L.byStaff, s.byStaff, (l) => l.label));
  // 7. Annexes
  content.push(heading(L.annexCounters, true, { pageBreak: 'before' }));
  for (const c of book.counterCloses) {
    content.push(tx(`${L.counter} ${c.code} · ${c.name}`, { fontSize: 12, bold: true, margin: [0, 6, 0, 4] }));
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
  // 8. Blank ruled pages
  for (let p = 0; p < book.blankPages; p++) {
    const rows = Array.from({ length: ROWS_PER_BLANK_PAGE }, () => giftHeaders.map(() => cell(' ', { fontSize: 11 })));
    content.push({ ...(p === 0 ? { ...heading(L.blankPages, true) } : { text: '' }), pageBreak: 'before' });
    content.push(table(giftWidths, giftHeaders, rows));
  }

  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: PAGE.margins,
    info: { title: `${L.book} — ${title}`, subject: book.event.id, creator: 'Moi' },
    defaultStyle: { font: 'MoiLatin', fontSize: 10, lineHeight: 1.15 },
    header: (page: number) => (page === 1 ? null : { ...tx(`${title} · ${L.book}`, { fontSize: 8, color: '#444444' }), margin: [PAGE.margins[0], 24, PAGE.margins[2], 0] }),
    footer: (page: number, pages: number) => ({ ...tx(L.pageOf(page, pages), { fontSize: 8, alignment: 'right', color: '#444444' }), margin: [PAGE.margins[0], 16, PAGE.margins[2], 0] }),
    content,
  };
}

const TAMIL = /[\u0B80-\u0BFF]/;
const ACTUAL_TEXT = Symbol.for('moi.pdf.actualText');
const PENDING_TEXT = Symbol.for('moi.pdf.pendingActualText');

/**
 * The text layer of Tamil words in logical order. pdfkit writes a shaped word's glyphs in visual order
 * and maps each glyph back to its own characters, so a vowel sign drawn before its consonant comes out
 * first ("மே" is copied or extracted as "ேம"), and conjunct glyphs map to partial text. Each Tamil text
 * run pdfmake draws is wrapped in a marked-content span whose ActualText is the run's real text (PDF
 * 1.5, §14.9.4), which copy/paste, search and pdftotext use instead of the glyphs. pdfmake draws every
 * run through its document's text(); the browser build bundles its own pdfkit, so the prototype is
 * taken from a one-line probe document of the same pdfmake and patched once.
 */
async function withActualText(pdfmake: PdfMakeLike): Promise<void> {
  const probe = await pdfmake.createPdf({ content: [' '], defaultStyle: { font: 'MoiLatin' } }).getStream();
  const proto = Object.getPrototypeOf(probe) as Node;
  probe.end?.();
  if (proto[ACTUAL_TEXT]) return;
  // The span goes inside the run's own graphics state (between BT and ET, after pdfkit's q/cm):
  // readers take the span's position from the glyphs under the CTM in force at its end.
  const text = proto.text as (this: Node, s: unknown, ...rest: unknown[]) => unknown;
  const addContent = proto.addContent as (this: Node, data: string) => unknown;
  proto.text = function actualText(this: Node, s: unknown, ...rest: unknown[]) {
    if (typeof s !== 'string' || !TAMIL.test(s)) return text.call(this, s, ...rest);
    this[PENDING_TEXT] = utf16Hex(s);
    try {
      return text.call(this, s, ...rest);
    } finally {
      this[PENDING_TEXT] = undefined;
    }
  };
  proto.addContent = function spanAround(this: Node, data: string) {
    const actual = this[PENDING_TEXT] as string | undefined;
    if (!actual) return addContent.call(this, data);
    if (data === 'BT') addContent.call(this, `/Span <</ActualText <${actual}>>> BDC`);
    const r = addContent.call(this, data);
    if (data === 'ET') addContent.call(this, 'EMC');
    return r;
  };
  proto[ACTUAL_TEXT] = true;
}

/** A PDF text string as hex: UTF-16BE with its byte order mark. */
function utf16Hex(s: string): string {
  let out = 'FEFF';
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return out;
}

export async function renderPdf(pdfmake: PdfMakeLike, book: MoiBook, lang: ReportLang): Promise<Uint8Array> {
  pdfmake.setFonts(PDF_FONTS);
  await withActualText(pdfmake);
  return new Uint8Array(await pdfmake.createPdf(bookDocument(book, lang)).getBuffer());
}

/** Any document through the book's fonts and text layer (the Tamil corpus test). */
export async function renderDocument(pdfmake: PdfMakeLike, doc: Node): Promise<Uint8Array> {
  pdfmake.setFonts(PDF_FONTS);
  await withActualText(pdfmake);
  return new Uint8Array(await pdfmake.createPdf(doc).getBuffer());
}
