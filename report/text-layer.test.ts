// Searching the moi book for a Tamil name (issue 27 item 7): pdf.js (Firefox, most web viewers) reads a
// PDF's glyphs as drawn, so a shaped Tamil word came out in visual order ("ெபான்னம்மாள்") and only a few
// names could be found. The book carries an invisible text layer in typed order under the drawn glyphs;
// pdf.js, PDFium (Chrome's and Android's viewer; here its WebAssembly build) and poppler must each find 30
// hard names, each exactly as often as the book prints it (the drawn glyphs must not read as a second,
// garbled copy), whole (no break inside a name) and in typed order.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFiumLibrary } from '@hyzyla/pdfium';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gift } from '../contract/entities';
import { buildBook } from './model';
import { sampleInput } from './fixtures';
import { renderPdfNode } from './node';

const NAMES = [
  'ஸ்ரீநிவாசன்', 'பொன்னம்மாள்', 'வெள்ளைச்சாமி', 'நெல்லையப்பன்', 'சுப்பிரமணியன்', 'கௌசல்யா', 'ஜெயக்குமார்', 'ஷண்முகசுந்தரம்', 'ஹரிஹரன்', 'லக்ஷ்மி',
  'ஔவையார்', 'பௌர்ணமி', 'தெய்வானை', 'சொக்கலிங்கம்', 'மெய்யப்பன்', 'கோமதி', 'சேதுராமன்', 'வைத்தீஸ்வரன்', 'க்ஷேத்ரபாலன்', 'ஸ்ரீதேவி',
  'பேச்சியம்மாள்', 'மொக்கைச்சாமி', 'நொண்டிச்சாமி', 'ஜோதிலட்சுமி', 'ஷைலஜா', 'ஹேமலதா', 'பைரவன்', 'கைலாசம்', 'தொண்டைமான்', 'ஐயனார்',
];
const VILLAGES = ['திருநெல்வேலி', 'கொடைக்கானல்', 'தேவகோட்டை', 'கோவில்பட்டி', 'சோழவந்தான்'];

const READERS = ['pdfjs', 'pdfium', 'poppler'] as const;
const texts: Record<(typeof READERS)[number], string> = { pdfjs: '', pdfium: '', poppler: '' };
beforeAll(async () => {
  const base = sampleInput();
  const gifts: Gift[] = NAMES.map((name, i) => ({
    ...base.gifts[0], id: `01900000-0000-7000-8000-e${String(i).padStart(11, '0')}`, receiptNo: `A-S-${String(i + 1).padStart(4, '0')}`, name, initial: '',
    village: VILLAGES[i % VILLAGES.length], amount: 1001, enteredAt: new Date(Date.parse('2026-11-20T05:00:00Z') + i * 1000).toISOString(), flags: undefined,
  }));
  const book = buildBook({ ...base, gifts, audits: [] }, { generatedAt: '2026-11-21T00:00:00.000Z', blankPages: 0 });
  const bytes = await renderPdfNode(book, 'ta');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'moi-text-layer-')), 'book.pdf');
  writeFileSync(file, bytes);
  texts.poppler = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? '\n' : '') : '')).join(''));
  }
  texts.pdfjs = pages.join('\n');
  await doc.destroy();
  // PDFium: each page's text as FPDFText_GetText gives it (what Chrome's find and copy work on).
  const pdfium = await PDFiumLibrary.init();
  try {
    const pdf = await pdfium.loadDocument(new Uint8Array(bytes));
    texts.pdfium = [...pdf.pages()].map((page) => page.getText()).join('\n');
    pdf.destroy();
  } finally {
    pdfium.destroy();
  }
}, 60_000);

const count = (text: string, word: string) => text.split(word).length - 1;

describe('the book\'s Tamil text layer', () => {
  it.each(READERS)('%s finds every one of 30 hard names and 5 villages, as often as the book prints them', (reader) => {
    const text = texts[reader];
    const missing = [...NAMES, ...VILLAGES].filter((w) => !text.includes(w));
    expect(missing).toEqual([]);
    // Each name is printed once (its village page); a village in its title, subtotal line and summary line.
    for (const name of NAMES) expect(count(text, name), name).toBe(1);
    for (const v of VILLAGES) expect(count(text, v), v).toBe(count(reader === 'poppler' ? texts.pdfjs : texts.poppler, v));
  });

  it.each(READERS)('%s keeps the space after a Tamil word before Latin text, digits and brackets (a search for the phrase finds it)', (reader) => {
    // Zero-width spaces (what the drawn glyphs read as) are skipped by Chrome's find; gone here too.
    const text = texts[reader].replace(/\u200b/g, '');
    // The contents page's village lines "கொடைக்கானல் (6)", the cover's date, the page numbers.
    const phrases = [...VILLAGES.map((v) => `${v} (6)`), 'நவம்பர் 2026', 'பக்கம் 1 / '];
    expect(phrases.filter((p) => !text.includes(p))).toEqual([]);
    // No Tamil word runs into the Latin, digit or bracket that follows it.
    expect(text.match(/[\u0B80-\u0BFF][0-9A-Za-z(/–—·]/g) ?? []).toEqual([]);
  });

  it.each(['pdfjs', 'pdfium'] as const)('%s reads no word in drawn (visual) order: no vowel sign before its consonant, no break inside a name', (reader) => {
    const text = texts[reader];
    expect(text.replace(/\u200b/g, '')).not.toMatch(/(^|[^\u0B80-\u0BFF])[\u0BC6-\u0BC8]/m);
    expect(count(text, 'ெப')).toBe(0);
    // A name is one unbroken run of Tamil letters: nothing (space, line end, zero-width space) inside it.
    const words = new Set(text.match(/[\u0B80-\u0BFF]+/g));
    expect(NAMES.filter((n) => !words.has(n))).toEqual([]);
  });
});
