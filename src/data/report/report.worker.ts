// The report worker: reads the event from the device database, builds the moi book and renders it
// (pdfmake, the workbook writer), all off the main thread. The libraries load here, only when a report is made.
/// <reference lib="webworker" />
import { orgLogoPath } from '../../../contract/entities';
import { buildBook, type BookInput } from '../../../report/model';
import { PDF_FONT_FILES, renderPdf, type PdfMakeLike } from '../../../report/pdf';
import { woffToSfnt } from '../../../report/woff';
import { loadBookInputLocal } from './load-book-input';
import { REPORT_MIME, type ReportReply, type ReportRequest } from './protocol';

const post = (m: ReportReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

function base64(buf: Uint8Array): string {
  let s = '';
  for (let i = 0; i < buf.length; i += 0x8000) s += String.fromCharCode(...buf.subarray(i, i + 0x8000));
  return btoa(s);
}

async function fontBase64(url: string): Promise<string> {
  // Unpacked from woff once (see report/woff.ts): fontkit would inflate a table on every glyph it reads.
  return base64(await woffToSfnt(new Uint8Array(await (await fetch(url)).arrayBuffer())));
}

type BrowserPdfMake = PdfMakeLike & { addVirtualFileSystem(vfs: Record<string, string>): void; setProgressCallback(cb: (p: number) => void): void };

/** pdfmake and the four fonts, unpacked and handed to pdfmake's virtual file system. */
async function loadPdfmake(fontUrls: NonNullable<ReportRequest['fontUrls']>): Promise<BrowserPdfMake> {
  const [mod, ta, taBold, latin, latinBold] = await Promise.all([
    import('pdfmake/build/pdfmake'),
    fontBase64(fontUrls.ta), fontBase64(fontUrls.taBold), fontBase64(fontUrls.latin), fontBase64(fontUrls.latinBold),
  ]);
  const pdfmake = ((mod as { default?: unknown }).default ?? mod) as BrowserPdfMake;
  pdfmake.addVirtualFileSystem({ [PDF_FONT_FILES.ta]: ta, [PDF_FONT_FILES.taBold]: taBold, [PDF_FONT_FILES.latin]: latin, [PDF_FONT_FILES.latinBold]: latinBold });
  return pdfmake;
}

/**
 * A hall's logo for the book's cover (issue 29) as a data: URL the PDF can embed (PNG or JPEG; a WebP
 * logo is redrawn as PNG). Fetched from the server (the browser's cache keeps it for good); offline or
 * on any failure the cover goes without it (the hall's name and colour are still there).
 */
async function brandLogo(input: BookInput, apiBase: string): Promise<string | null> {
  const fileId = input.event.orgId ? input.event.brand?.logoFileId : null;
  if (!fileId) return null;
  try {
    const res = await fetch(`${apiBase}${orgLogoPath(fileId)}`, { credentials: 'same-origin' });
    if (!res.ok) return null;
    let blob = await res.blob();
    if (blob.type !== 'image/png' && blob.type !== 'image/jpeg') {
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
      blob = await canvas.convertToBlob({ type: 'image/png' });
    }
    return `data:${blob.type};base64,${base64(new Uint8Array(await blob.arrayBuffer()))}`;
  } catch {
    return null;
  }
}

async function make(req: ReportRequest): Promise<void> {
  post({ type: 'progress', stage: 'reading', fraction: 0.05 });
  // The PDF library and fonts load while the gifts are read and arranged (they do not depend on them).
  if (req.format === 'pdf' && !req.fontUrls) throw new Error('fonts-missing');
  const pdfReady = req.format === 'pdf' ? loadPdfmake(req.fontUrls!) : null;
  pdfReady?.catch(() => undefined); // awaited below; a failure is reported there
  const input = await loadBookInputLocal(req.eventId);
  if (!input) throw new Error('event-not-found');
  if (req.format === 'pdf') input.brandLogo = await brandLogo(input, req.apiBase ?? '');
  post({ type: 'progress', stage: 'building', fraction: 0.2 });
  const book = buildBook(input, { counterId: req.counterId, from: req.from, to: req.to, blankPages: req.blankPages, villageOrder: req.villageOrder, firstGiftIds: req.firstGiftIds, provider: req.provider });
  post({ type: 'progress', stage: 'rendering', fraction: 0.3 });
  let bytes: Uint8Array;
  if (req.format === 'pdf') {
    const pdfmake = await pdfReady!;
    // pdfmake reports progress per rendered item: pass on at most one message every 400 ms (each one
    // re-renders the page's progress bar, main-thread work on a slow phone).
    let last = 0;
    pdfmake.setProgressCallback((p) => {
      const now = performance.now();
      if (now - last < 400) return;
      last = now;
      post({ type: 'progress', stage: 'rendering', fraction: 0.3 + 0.65 * p });
    });
    bytes = await renderPdf(pdfmake, book, req.lang);
  } else {
    const { renderCsv, renderXlsx } = await import('../../../report/xlsx');
    bytes = req.format === 'xlsx' ? await renderXlsx(book, req.lang) : renderCsv(book, req.lang);
  }
  // The File is made here, off the page's thread (its bytes are copied once, into the browser's blob store).
  const file = new File([bytes as BlobPart], req.fileName ?? `moi.${req.format}`, { type: REPORT_MIME[req.format] });
  post({ type: 'done', file, gifts: book.gifts.length, total: book.summary.grandTotal });
}

// One report per worker: it ends itself once it has answered (ending it from the page is page work).
self.onmessage = (e: MessageEvent<ReportRequest>) => {
  make(e.data)
    .catch((err: unknown) => post({ type: 'error', message: err instanceof Error ? err.message : String(err) }))
    .finally(() => self.close());
};
