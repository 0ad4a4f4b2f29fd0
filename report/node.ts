// Node host for the moi book (CLI, tests, benchmarks): pdfmake's node build and the font files
// read from @fontsource/noto-sans-tamil, the same files the PWA serves.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { PDF_FONT_FILES, renderDocument, renderPdf, type PdfFonts, type PdfMakeLike } from './pdf';
import type { MoiBook } from './model';
import type { ReportLang } from './labels';
import { woffToSfntSync } from './woff';

const require = createRequire(import.meta.url);

export function nodeFonts(): PdfFonts {
  const file = (name: string) => new Uint8Array(readFileSync(require.resolve(`@fontsource/noto-sans-tamil/files/${name}`)));
  return {
    ta: file('noto-sans-tamil-tamil-400-normal.woff'),
    taBold: file('noto-sans-tamil-tamil-700-normal.woff'),
    latin: file('noto-sans-tamil-latin-400-normal.woff'),
    latinBold: file('noto-sans-tamil-latin-700-normal.woff'),
  };
}

type NodePdfMake = PdfMakeLike & {
  virtualfs: { writeFileSync(name: string, data: Buffer): void };
  setUrlAccessPolicy(cb: (url: string) => boolean): void;
  setLocalAccessPolicy(cb: (path: string) => boolean): void;
};

let ready: NodePdfMake | null = null;
function pdfmakeNode(): NodePdfMake {
  if (ready) return ready;
  const pm = require('pdfmake') as NodePdfMake;
  // The book never fetches anything: fonts come from the virtual file system only.
  pm.setUrlAccessPolicy(() => false);
  pm.setLocalAccessPolicy(() => false);
  const fonts = nodeFonts();
  // Unpacked from woff once (see ./woff): fontkit would inflate a table on every glyph it reads.
  for (const k of Object.keys(PDF_FONT_FILES) as (keyof PdfFonts)[]) pm.virtualfs.writeFileSync(PDF_FONT_FILES[k], Buffer.from(woffToSfntSync(fonts[k], (z) => inflateSync(z))));
  ready = pm;
  return pm;
}

export const renderPdfNode = (book: MoiBook, lang: ReportLang) => renderPdf(pdfmakeNode(), book, lang);
/** For tests that print other documents (the Tamil corpus) through the very same pdfmake and fonts. */
export const pdfmakeForTests = (): PdfMakeLike => pdfmakeNode();
/** Any other pdfmake document (the GST invoice, issue 29) through the same pdfmake and fonts. */
export const renderDocumentNode = (doc: Parameters<typeof renderDocument>[1]) => renderDocument(pdfmakeNode(), doc);
