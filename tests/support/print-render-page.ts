// The app's receipt printing code (receipt blocks → canvas → 1-bit raster → ESC/POS) bundled with
// esbuild into a blank Chromium page with the app's Tamil font, for the print benchmark and for
// looking at rasters without a server. `window.__printRender(spec)` renders one receipt.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';

export type RenderSpec = {
  lang: 'en' | 'ta';
  paper: '58' | '80';
  duplicate?: boolean;
  gift: { receiptNo: string; name: string; initial?: string; village?: string; amount: number; mode: string; receiptToken?: string };
};
export type RenderResult = { width: number; height: number; /** one char per dot, '1' black */ dots: string; bytes: number; ms: number };

const ENTRY = `
import { en } from './src/locales/en';
import { ta } from './src/locales/ta';
import { receiptDoc } from './src/features/gifts/print/receipt-doc';
import { renderDoc, fontsReady } from './src/lib/print/raster-doc';
import { encodeRasterJob, dotAt } from './src/lib/print/escpos';
const cats = { en, ta };
const tOf = (lang) => (key, opts = {}) => {
  let v = key.split('.').reduce((o, k) => (o == null ? o : o[k]), cats[lang]);
  if (typeof v !== 'string') v = key;
  return v.replace(/{{(\\w+)}}/g, (_, k) => String(opts[k] ?? ''));
};
window.__printRender = async (spec) => {
  await fontsReady();
  const data = {
    gift: { initial: '', village: '', reference: '', item: '', deletedAt: null, enteredAt: '2026-11-27T05:30:00.000Z', ...spec.gift },
    event: { titleTa: 'செல்வம் – மீனாட்சி திருமணம்', titleEn: 'Selvam weds Meenakshi', functionType: 'wedding', date: '2026-11-27', venue: 'மீனாட்சி மஹால், மதுரை', hostNames: 'Selvam & Meenakshi', thankYouNote: 'தங்கள் வருகைக்கு நன்றி!' },
    counter: { code: 'A', name: 'Main entrance' },
    staffName: 'Kavitha',
  };
  const t0 = performance.now();
  const blocks = receiptDoc(data, { t: tOf(spec.lang), lang: spec.lang, paper: spec.paper, duplicate: spec.duplicate });
  const { raster } = renderDoc(blocks, { paper: spec.paper });
  const bytes = encodeRasterJob(raster);
  const ms = performance.now() - t0;
  let dots = '';
  for (let y = 0; y < raster.height; y++) for (let x = 0; x < raster.width; x++) dots += dotAt(raster, x, y) ? '1' : '0';
  return { width: raster.width, height: raster.height, dots, bytes: bytes.length, ms };
};
`;

export async function openPrintRenderPage(browser: Browser): Promise<Page> {
  const out = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true, format: 'iife', write: false, platform: 'browser', logLevel: 'silent',
    loader: { '.css': 'empty' },
    define: {
      'process.env.NODE_ENV': '"production"',
      __MOI_CONFIG__: JSON.stringify({ publicUrl: 'https://moi.example.in' }),
      'import.meta.env': JSON.stringify({ PROD: true, DEV: false }),
    },
  });
  const req = createRequire(import.meta.url);
  const font = (w: number) => readFileSync(req.resolve(`@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-${w}-normal.woff2`)).toString('base64');
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html><head><style>
    @font-face { font-family: 'Noto Sans Tamil'; font-weight: 400; src: url(data:font/woff2;base64,${font(400)}) format('woff2'); }
    @font-face { font-family: 'Noto Sans Tamil'; font-weight: 700; src: url(data:font/woff2;base64,${font(700)}) format('woff2'); }
  </style></head><body></body></html>`);
  await page.addScriptTag({ content: out.outputFiles[0].text });
  return page;
}

export const renderReceipt = (page: Page, spec: RenderSpec): Promise<RenderResult> =>
  page.evaluate((s) => (window as unknown as { __printRender(s: RenderSpec): Promise<RenderResult> }).__printRender(s), spec);
