// The book as a reader sees it (issue 27 item 4): people by name, times in Indian time in every
// format, the cover's date as people write it and no internal id, corrections in words.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBook, type BookInput } from './model';
import { event, sampleInput } from './fixtures';
import { reportLabels, type ReportLang } from './labels';
import { renderPdfNode } from './node';
import { eventDateWords } from './readable';
import { renderCsv, renderXlsx } from './xlsx';

// A device that holds only one of the users: Suresh (u-s2, counter B) and the admin are not on it.
const deviceInput = (): BookInput => ({ ...sampleInput(), people: { 'u-s1': 'கண்ணன்' } });
const book = buildBook(deviceInput(), { generatedAt: '2026-11-21T00:00:00.000Z', blankPages: 0 });
const UNKNOWN_IDS = ['u-s2', 'u-admin'];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const col = (k: 'staff' | 'enteredAt' | 'receipt') => `${reportLabels.ta[k]} / ${reportLabels.en[k]}`;

const pdfText: Record<ReportLang, string[]> = { ta: [], en: [] };
beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'moi-readable-'));
  for (const lang of ['ta', 'en'] as const) {
    const file = path.join(dir, `book-${lang}.pdf`);
    writeFileSync(file, await renderPdfNode(book, lang));
    pdfText[lang] = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
  }
}, 60_000);

async function sheets(lang: ReportLang) {
  const bytes = await renderXlsx(book, lang);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return wb.worksheets.map((ws) => (ws.getSheetValues().slice(1) as unknown[][]).map((r) => (r ?? []).slice(1)));
}

function csv(lang: ReportLang): string[][] {
  // The sample has no quotes, commas or line breaks inside fields.
  return new TextDecoder().decode(renderCsv(book, lang)).replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(','));
}

describe('the cover', () => {
  it('gives the date as people write it, in the book\'s language, and no internal id', () => {
    expect(eventDateWords('2026-11-27', 'ta')).toBe('27 நவம்பர் 2026');
    expect(eventDateWords('2026-11-27', 'en')).toBe('27 November 2026');
    expect(eventDateWords('2026-01-05', 'en')).toBe('5 January 2026');
    const [coverTa] = pdfText.ta;
    const [coverEn] = pdfText.en;
    expect(coverTa).toContain('20 நவம்பர் 2026');
    expect(coverEn).toContain('20 November 2026');
    for (const cover of [coverTa, coverEn]) {
      expect(cover).not.toContain(event.date);
      expect(cover).not.toContain(event.id);
      expect(cover).not.toMatch(UUID);
    }
  });
});

describe('people are printed by name', () => {
  it('in the PDF: the names the device holds, and never an id for one it does not', () => {
    for (const lang of ['ta', 'en'] as const) {
      const all = pdfText[lang].join('\n');
      expect(all).toContain('கண்ணன்');
      for (const id of UNKNOWN_IDS) expect(all).not.toContain(id);
      expect(all).not.toMatch(UUID);
    }
  });

  it('in Excel and CSV: the staff column says the name, or — for a user the device does not hold', async () => {
    const [gifts, summary, audit] = await sheets('en');
    const staff = gifts[0].indexOf(col('staff'));
    const receipt = gifts[0].indexOf(col('receipt'));
    const byReceipt = new Map(gifts.slice(1).map((r) => [r[receipt], r]));
    expect(byReceipt.get('A-T1-0001')![staff]).toBe('கண்ணன்');
    expect(byReceipt.get('A-T1-0003')![staff]).toBe('—'); // Karthik, keyed by u-s2
    expect(audit[1][3]).toBe('—'); // corrected by the admin, not on this device
    for (const cell of [...gifts, ...summary, ...audit].flat()) {
      if (typeof cell !== 'string') continue;
      expect(UNKNOWN_IDS).not.toContain(cell);
      expect(cell).not.toMatch(UUID);
    }
    const rows = csv('en');
    const csvStaff = rows[0].indexOf(col('staff'));
    expect(rows.find((r) => r[0] === 'A-T1-0003')![csvStaff]).toBe('—');
    expect(rows.flat().filter((c) => UNKNOWN_IDS.includes(c))).toEqual([]);
  });
});

describe('times are Indian time (Asia/Kolkata) in every format', () => {
  // The first gift was entered at 04:00 UTC = 09:30 in India; the edit at 05:00 UTC = 10:30; the deletion at 06:00 UTC = 11:30.
  it('Excel: the date-time cells hold the Indian wall-clock time', async () => {
    const [gifts, , audit] = await sheets('en');
    const at = gifts[0].indexOf(col('enteredAt'));
    const receipt = gifts[0].indexOf(col('receipt'));
    const first = gifts.find((r) => r[receipt] === 'A-T1-0001')!;
    // A spreadsheet has no zone: the cell is the clock time read in India (exceljs hands it back as that time "in UTC").
    expect((first[at] as Date).toISOString()).toBe('2026-11-20T09:30:00.000Z');
    expect((audit[1][4] as Date).toISOString()).toBe('2026-11-20T10:30:00.000Z');
  });

  it('CSV: the entry time is the Indian date and time, not a UTC instant', () => {
    const rows = csv('en');
    const at = rows[0].indexOf(col('enteredAt'));
    expect(rows.find((r) => r[0] === 'A-T1-0001')![at]).toBe('2026-11-20 09:30');
    expect(rows.flat().filter((c) => ISO_TIME.test(c))).toEqual([]);
  });

  it('PDF: the corrections annex prints readable Indian times and field names, no raw ISO time or key', () => {
    for (const lang of ['ta', 'en'] as const) {
      const all = pdfText[lang].join('\n');
      expect(all).not.toMatch(ISO_TIME);
      // The annex's own page (the contents page names it too).
      const annex = pdfText[lang].filter((p) => p.includes(reportLabels[lang].annexCorrections)).at(-1)!;
      expect(annex).toBeDefined();
      expect(annex).toContain('11:30');
      expect(annex).toContain(reportLabels[lang].deleted);
      expect(annex).not.toContain('deletedAt');
      expect(annex).not.toMatch(/\bamount\b/);
    }
    expect(pdfText.en.filter((p) => p.includes('Annex 2')).at(-1)!.replace(/\s+/g, ' ')).toContain('20 Nov 2026, 11:30 am');
  });
});

describe('the Excel audit sheet', () => {
  it('labels each changed field in the book\'s language and gives times readably, never raw keys', async () => {
    for (const lang of ['ta', 'en'] as const) {
      const [, , audit] = await sheets(lang);
      const L = reportLabels[lang];
      const [edit, deletion] = audit.slice(1);
      expect(edit.slice(5, 8)).toEqual([L.amount, '101', '1001']);
      expect(deletion[5]).toBe(L.deleted);
      expect(deletion[7]).not.toMatch(ISO_TIME);
      expect(deletion[7]).toContain('11:30');
      expect(audit.flat()).not.toContain('deletedAt');
      expect(audit.flat()).not.toContain('amount');
    }
  });
});
