// The Tamil shaping test of issue 11: words that break weak shapers go through the book's PDF path
// (pdfmake, the same fonts, the same script runs), are rasterised by pdftoppm, and each is compared
// with Chromium's rendering of the same word in the same font. A deliberately unshaped rendering
// (each code point drawn on its own, as a weak shaper would) must fail the same comparison.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFonts, pdfmakeForTests, renderPdfNode } from './node';
import { renderDocument, tx } from './pdf';
import { buildBook } from './model';
import { sampleInput } from './fixtures';

const TAMIL_CORPUS = [
  // vowel signs written before or around the consonant
  'கெ', 'கே', 'கை', 'கொ', 'கோ', 'கௌ', 'செ', 'தே', 'பை', 'மொ', 'னோ', 'ளௌ',
  // conjuncts and grantha
  'க்ஷ', 'ஸ்ரீ', 'ஜ்', 'ஷ்', 'ஸ்', 'ஹ்', 'க்ஷே', 'ஜோ', 'ஷை', 'ஹெ',
  // words
  'சொத்து', 'கௌரவம்', 'ஸ்ரீநிவாசன்', 'க்ஷேத்திரம்', 'திருநெல்வேலி', 'பொன்னம்மாள்', 'வெள்ளைச்சாமி',
  'கொடைக்கானல்', 'தேவகோட்டை', 'மேலூர்', 'பெரியகுளம்', 'சோழவந்தான்', 'கோவில்பட்டி', 'ஜெயக்குமார்',
  'ஷண்முகசுந்தரம்', 'ஹரிஹரன்', 'லக்ஷ்மி', 'ஸ்ரீரங்கம்', 'வைகை', 'மொய்', 'பௌர்ணமி', 'நெய்வேலி',
  'கை கொடுத்தல்', 'தொண்ணூற்று ஒன்பது', 'ஐநூற்று ஒன்று', 'ஔவையார்',
];

const DPI = 96;
const PT = 36; // 36 pt at 96 dpi = 48 px
const PX = (PT * DPI) / 72;

type Glyphs = { w: number; h: number; ink: Uint8Array };

/** Crops a grey bitmap (0 = black) to its ink and keeps ink as 1. */
function crop(grey: Uint8Array, width: number, height: number): Glyphs {
  let x0 = width, y0 = height, x1 = -1, y1 = -1;
  const dark = (x: number, y: number) => grey[y * width + x] < 128;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (dark(x, y)) {
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  if (x1 < 0) return { w: 0, h: 0, ink: new Uint8Array() };
  const w = x1 - x0 + 1, h = y1 - y0 + 1;
  const ink = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) ink[y * w + x] = dark(x0 + x, y0 + y) ? 1 : 0;
  return { w, h, ink };
}

/** Same box within a few pixels: a misplaced vowel sign moves a whole glyph and changes the box. */
const sameBox = (a: Glyphs, b: Glyphs) => Math.abs(a.w - b.w) <= Math.max(2, 0.02 * a.w) && Math.abs(a.h - b.h) <= 2;

/** Share of ink pixels (boxes aligned top-left, inside both boxes) with no ink in the other image within 1 px. */
function pixelDifference(a: Glyphs, b: Glyphs): number {
  if (!a.w || !b.w) return 1;
  const w = Math.min(a.w, b.w), h = Math.min(a.h, b.h);
  const near = (g: Glyphs, x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx, yy = y + dy;
      if (xx >= 0 && yy >= 0 && xx < g.w && yy < g.h && g.ink[yy * g.w + xx]) return true;
    }
    return false;
  };
  let miss = 0, total = 0;
  for (const [p, q] of [[a, b], [b, a]] as const) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    if (!p.ink[y * p.w + x]) continue;
    total++;
    if (!near(q, x, y)) miss++;
  }
  return total ? miss / total : 1;
}

function readPgm(file: string): { width: number; height: number; data: Uint8Array } {
  const buf = readFileSync(file);
  // P5\n<w> <h>\n<max>\n<bytes>
  let pos = 0;
  const fields: string[] = [];
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(buf[pos]))) pos++;
    let s = '';
    while (!/\s/.test(String.fromCharCode(buf[pos]))) s += String.fromCharCode(buf[pos++]);
    fields.push(s);
  }
  pos++;
  return { width: Number(fields[1]), height: Number(fields[2]), data: new Uint8Array(buf.subarray(pos)) };
}

const TOLERANCE = 0.05;
let dir: string;
let browser: Browser;
let pdfGlyphs: Glyphs[];
let chromeGlyphs: Glyphs[];
let unshapedGlyphs: Glyphs[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'moi-tamil-'));
  // The PDF path: one word a page, set with the book's own text helper and fonts.
  const doc = {
    pageSize: { width: 900, height: 120 },
    pageMargins: [20, 20, 20, 20],
    defaultStyle: { font: 'MoiLatin' },
    content: TAMIL_CORPUS.map((w, i) => ({ ...tx(w, { fontSize: PT }), ...(i ? { pageBreak: 'before' } : {}) })),
  };
  writeFileSync(path.join(dir, 'corpus.pdf'), await renderDocument(pdfmakeForTests(), doc));
  execFileSync('pdftoppm', ['-r', String(DPI), '-gray', path.join(dir, 'corpus.pdf'), path.join(dir, 'w')]);
  const pages = readdirSync(dir).filter((f) => f.endsWith('.pgm')).sort();
  expect(pages).toHaveLength(TAMIL_CORPUS.length);
  pdfGlyphs = pages.map((f) => {
    const p = readPgm(path.join(dir, f));
    return crop(p.data, p.width, p.height);
  });

  // Chromium: the same woff files through @font-face, drawn on a canvas at the same pixel size.
  const fonts = nodeFonts();
  const b64 = (u: Uint8Array) => Buffer.from(u).toString('base64');
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  await page.setContent(`<style>
    @font-face { font-family: MoiTa; src: url(data:font/woff;base64,${b64(fonts.ta)}) format('woff'); }
    @font-face { font-family: MoiLatin; src: url(data:font/woff;base64,${b64(fonts.latin)}) format('woff'); }
  </style><p style="font-family: MoiTa">அ</p>`);
  const drawn = await page.evaluate(async ({ words, px }) => {
    await document.fonts.load(`${px}px MoiTa`, 'அ');
    const draw = (w: string, unshaped: boolean) => {
      const c = document.createElement('canvas');
      c.width = 900 * 96 / 72;
      c.height = 160;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, c.width, c.height);
      ctx.fillStyle = '#000';
      ctx.font = `${px}px MoiTa, MoiLatin`;
      ctx.textBaseline = 'alphabetic';
      if (!unshaped) ctx.fillText(w, 20, 100);
      else {
        // What a weak shaper does: code points in logical order, one after another.
        let x = 20;
        for (const ch of w) {
          ctx.fillText(ch, x, 100);
          x += ctx.measureText(ch).width;
        }
      }
      // Cropped here: sending whole canvases back is slow. Same rule as crop() in node (green < 128).
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let x0 = c.width, y0 = c.height, x1 = -1, y1 = -1;
      for (let y = 0; y < c.height; y++) for (let x = 0; x < c.width; x++) if (d[(y * c.width + x) * 4 + 1] < 128) {
        x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
      if (x1 < 0) return { w: 0, h: 0, ink: '' };
      let ink = '';
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) ink += d[(y * c.width + x) * 4 + 1] < 128 ? '1' : '0';
      return { w: x1 - x0 + 1, h: y1 - y0 + 1, ink };
    };
    return { shaped: words.map((w) => draw(w, false)), unshaped: words.map((w) => draw(w, true)) };
  }, { words: TAMIL_CORPUS, px: PX });
  const glyphs = (d: { w: number; h: number; ink: string }): Glyphs => ({ w: d.w, h: d.h, ink: Uint8Array.from(d.ink, (ch) => (ch === '1' ? 1 : 0)) });
  chromeGlyphs = drawn.shaped.map(glyphs);
  unshapedGlyphs = drawn.unshaped.map(glyphs);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Tamil in the moi book PDF', () => {
  it('has a corpus of at least 40 hard words', () => {
    expect(new Set(TAMIL_CORPUS).size).toBeGreaterThanOrEqual(40);
  });

  it('draws every corpus word as Chromium draws it in the same font', () => {
    const scores = TAMIL_CORPUS.map((_, i) => pixelDifference(pdfGlyphs[i], chromeGlyphs[i]));
    console.log(`Tamil corpus: ${TAMIL_CORPUS.length} words, PDF vs Chromium differences ${Math.min(...scores).toFixed(3)} … ${Math.max(...scores).toFixed(3)} (tolerance ${TOLERANCE})`);
    if (process.env.TAMIL_DEBUG) console.log(TAMIL_CORPUS.map((w, i) => `${w} pdf ${pdfGlyphs[i].w}x${pdfGlyphs[i].h} chrome ${chromeGlyphs[i].w}x${chromeGlyphs[i].h} unshaped ${unshapedGlyphs[i].w}x${unshapedGlyphs[i].h}`).join("\n"));
    const bad = TAMIL_CORPUS.map((w, i) => ({ w, d: scores[i], box: sameBox(pdfGlyphs[i], chromeGlyphs[i]), pdf: [pdfGlyphs[i].w, pdfGlyphs[i].h], chrome: [chromeGlyphs[i].w, chromeGlyphs[i].h] }))
      .filter((r) => r.d > TOLERANCE || !r.box);
    expect(bad).toEqual([]);
  });

  it('would catch a weak shaper: words with vowel signs before the consonant fail when drawn unshaped', () => {
    const preBase = /[\u0BC6\u0BC7\u0BC8\u0BCA\u0BCB\u0BCC]/;
    const words = TAMIL_CORPUS.map((w, i) => ({ w, i })).filter(({ w }) => preBase.test(w));
    expect(words.length).toBeGreaterThanOrEqual(20);
    const scores = words.map(({ i }) => pixelDifference(unshapedGlyphs[i], chromeGlyphs[i]));
    console.log(`unshaped vs Chromium: ${Math.min(...scores).toFixed(3)} … ${Math.max(...scores).toFixed(3)}`);
    // Each check on its own catches it: the box, and the pixels inside the common box.
    expect(words.filter(({ i }) => sameBox(unshapedGlyphs[i], chromeGlyphs[i])).map(({ w }) => w)).toEqual([]);
    expect(words.filter((_, k) => scores[k] <= TOLERANCE).map(({ w }) => w)).toEqual([]);
  });

  it('gives every corpus word back in logical order from the text layer (copy, search, pdftotext)', () => {
    // pdfkit alone writes glyphs in visual order ("மே" comes out as "ேம"): the book wraps each Tamil run
    // in an ActualText span with its real text (report/pdf.ts).
    const pages = TAMIL_CORPUS.map((_, i) => execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), path.join(dir, 'corpus.pdf'), '-'], { encoding: 'utf8' }).trim());
    expect(pages.map((p, i) => (p === TAMIL_CORPUS[i] ? '' : `${TAMIL_CORPUS[i]} → ${p}`)).filter(Boolean)).toEqual([]);
  });

  it('puts the village headings and the grand total in the PDF\'s text', async () => {
    const book = buildBook(sampleInput(), { blankPages: 1 });
    for (const lang of ['ta', 'en'] as const) {
      const file = path.join(dir, `book-${lang}.pdf`);
      writeFileSync(file, await renderPdfNode(book, lang));
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('1. அலங்காநல்லூர் (1)'); // the uncle's gift is in his own section
      expect(text).toContain('3. மேலூர் (2)');
      expect(text).toContain('Madurai (1)');
      expect(text).toContain('₹9,807');
      expect(text).toContain(lang === 'ta' ? 'ஒன்பதாயிரத்து எண்ணூற்று ஏழு ரூபாய் மட்டும்' : 'Nine Thousand Eight Hundred Seven Rupees Only');
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
      expect(text).toContain(lang === 'ta' ? `பக்கம் ${pages} / ${pages}` : `Page ${pages} of ${pages}`);
    }
  });
});
