// The moi book's pages as a paper moi book has them (issue 27 item 9), read back with pdftotext page by
// page: a village's title never stands alone at a page foot, a village that runs on names itself and
// says "… தொடர்ச்சி" / "(continued)" at the head of the next page, each list page carries its total,
// what was brought forward and what is carried on (the last one: the total to date = the grand total),
// the maternal uncle's rows and the blank pages have a village column, and each counter's annex gives
// cash, UPI, cheque and items.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gift } from '../contract/entities';
import { buildBook, type MoiBook } from './model';
import { sampleInput } from './fixtures';
import { reportLabels, type ReportLang } from './labels';
import { renderPdfNode } from './node';
import { rupees } from './pdf';

const NAMES = ['நெல்லையப்பன்', 'Karuppasamy', 'வெள்ளைச்சாமி', 'சுப்பிரமணியன்', 'பொன்னம்மாள்', 'Velmurugan', 'ஸ்ரீநிவாசன்', 'கௌசல்யா'];
const PLACES = ['அலங்காநல்லூர்', 'செக்கானூரணி', 'திருநெல்வேலி', 'Thirumangalam', 'மேலூர்'];
const AMOUNTS = [101, 201, 501, 1001, 2001, 5001];

function input() {
  const base = sampleInput();
  let seed = 11;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T,>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const extra: Gift[] = Array.from({ length: 220 }, (_, i) => ({
    ...base.gifts[0], id: `01900000-0000-7000-8000-f${String(i).padStart(11, '0')}`, receiptNo: `A-L-${String(i + 1).padStart(5, '0')}`,
    name: pick(NAMES), initial: 'மு.', village: pick(PLACES), amount: pick(AMOUNTS), mode: rnd() < 0.25 ? 'upi' : rnd() < 0.1 ? 'cheque' : 'cash',
    relation: i % 40 === 3 ? 'maternal_uncle' : 'relative', enteredAt: new Date(Date.parse('2026-11-20T05:00:00Z') + i * 1000).toISOString(), flags: undefined,
  }));
  return { ...base, gifts: [...base.gifts, ...extra] };
}

const book = buildBook(input(), { generatedAt: '2026-11-21T00:00:00.000Z', blankPages: 1 });
const pages: Record<ReportLang, string[]> = { ta: [], en: [] };
beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'moi-layout-'));
  for (const lang of ['ta', 'en'] as const) {
    const file = path.join(dir, `book-${lang}.pdf`);
    writeFileSync(file, await renderPdfNode(book, lang));
    pages[lang] = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
  }
}, 60_000);

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const amountOf = (s: string) => Number(s.replace(/[₹,]/g, ''));
const receiptsOn = (page: string): string[] => page.match(/A-(?:L|T1)-\d{4,5}/g) ?? [];
const titleOf = (L: (typeof reportLabels)[ReportLang], v: MoiBook['villages'][number]) => `${v.no}. ${v.village || L.noVillage} (${v.count})`;

describe.each(['ta', 'en'] as const)('the book\'s pages (%s)', (lang) => {
  const L = reportLabels[lang];
  const pageOf = (receipt: string) => pages[lang].findIndex((p) => receiptsOn(p).includes(receipt));

  it('never leaves a village title alone at a page foot, and names a village that runs on at the head of the next page', () => {
    expect(book.villages.some((v) => pageOf(v.rows[0].receiptNo) !== pageOf(v.rows.at(-1)!.receiptNo))).toBe(true); // the sample runs over pages
    for (const v of book.villages) {
      const title = titleOf(L, v);
      const first = pageOf(v.rows[0].receiptNo);
      const last = pageOf(v.rows.at(-1)!.receiptNo);
      // The title's first appearance is on the page of its first gift.
      expect(pages[lang].findIndex((p, i) => i > 1 && p.includes(title)), title).toBe(first); // after the cover and contents
      const titleLine = (p: number) => pages[lang][p].split('\n').find((l) => l.includes(title)) ?? '';
      expect(titleLine(first)).not.toContain(L.continued);
      for (let p = first + 1; p <= last; p++) {
        // Each further page the village's rows are on opens with its title and the continuation mark.
        expect(titleLine(p), `${title} on page ${p + 1}`).toContain(L.continued);
        const firstRow = pages[lang][p].split('\n').findIndex((l) => receiptsOn(l).length > 0);
        expect(pages[lang][p].split('\n').findIndex((l) => l.includes(title))).toBeLessThan(firstRow);
      }
    }
  });

  it('carries each list page\'s total forward, and the last list page\'s total to date is the grand total', () => {
    const money = new Map([...book.uncle.rows, ...book.villages.flatMap((v) => v.rows)].map((r) => [r.receiptNo, r.mode === 'item' ? 0 : r.amount]));
    const foot = new RegExp(`${esc(L.pageTotal)}: (-?₹[\\d,]+) · (${esc(L.carriedForward)}|${esc(L.listTotal)}): (-?₹[\\d,]+)`);
    const head = new RegExp(`${esc(L.broughtForward)}: (-?₹[\\d,]+)`);
    const listPages = pages[lang].map((p, i) => ({ i, p, m: p.match(foot) })).filter((x) => x.m);
    expect(listPages.length).toBeGreaterThan(3);
    let run = 0;
    for (const [k, { i, p, m }] of listPages.entries()) {
      const onPage = receiptsOn(p).filter((r) => money.has(r)).reduce((s, r) => s + money.get(r)!, 0);
      expect(amountOf(m![1]), `page ${i + 1}'s total`).toBe(onPage);
      if (k === 0) expect(p).not.toMatch(head);
      else expect(amountOf(p.match(head)?.[1] ?? 'none'), `page ${i + 1} brought forward`).toBe(run);
      run += onPage;
      expect(amountOf(m![3])).toBe(run);
      expect(m![2]).toBe(k === listPages.length - 1 ? L.listTotal : L.carriedForward);
    }
    expect(run).toBe(book.summary.grandTotal);
    // Pages after the lists (items, summary, annexes) carry no page total.
    const summaryPage = pages[lang].findIndex((p) => p.includes(L.grandTotal));
    expect(summaryPage).toBeGreaterThan(listPages.at(-1)!.i);
    expect(pages[lang][summaryPage]).not.toMatch(foot);
  });

  it('gives the maternal uncle\'s rows and the blank pages a village column', () => {
    const unclePage = pages[lang][pageOf(book.uncle.rows[0].receiptNo)];
    const header = unclePage.split('\n').find((l) => l.includes(L.receipt)) ?? '';
    expect(header).toContain(L.village);
    for (const r of book.uncle.rows) {
      const line = unclePage.split('\n').find((l) => l.includes(r.receiptNo)) ?? '';
      expect(line, r.receiptNo).toContain(r.village);
    }
    const blank = pages[lang].find((p, i) => i > 1 && p.includes(L.blankPages))!;
    expect(blank).toContain(L.village);
    expect(blank).toContain(L.pageTotal);
  });

  it('writes a long Tamil name or village whole, never broken mid-word', () => {
    const text = pages[lang].join('\n');
    for (const word of [...NAMES, ...PLACES]) expect(text, word).toContain(word);
    expect(text).not.toMatch(/நெல்லையப்ப\s*$/m);
  });

  it('gives each counter\'s cash, UPI, cheque and items in the counters\' annex', () => {
    const annex = pages[lang].filter((p) => p.includes(L.annexCounters) || p.includes(L.expected)).join('\n');
    const a = book.counterCloses.find((c) => c.code === 'A')!;
    for (const m of ['cash', 'upi', 'cheque'] as const) {
      expect(a.byMode[m].count).toBeGreaterThan(0);
      expect(annex).toMatch(new RegExp(`${esc(L.modes[m])}\\s+${a.byMode[m].count}\\s+${esc(rupees(a.byMode[m].total))}`));
    }
    expect(annex).toMatch(new RegExp(`${esc(L.modes.item)}\\s+${a.byMode.item.count}\\s+—`));
  });
});
