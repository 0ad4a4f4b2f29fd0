// A gift's receipt to the device's printer: drawn, made 1-bit and encoded off the save's path, then
// queued (src/data/print-queue.ts). The first print of a gift has the gift's id as its job id, so
// queuing it twice prints it once; a reprint is a new job marked "DUPLICATE / நகல்".
import { uuidv7 } from '../../../../contract/ids';
import { recordReprint } from '../../../data/gifts-repo';
import { jobExists } from '../../../data/print-queue';
import { encodeRasterJob } from '../../../lib/print/escpos';
import { keepCanvas } from '../../../lib/print/print-doc';
import { printerSettings, queueJob } from '../../../lib/print/printer';
import { DENSITY_LEVEL, fontsReady, renderDoc } from '../../../lib/print/raster-doc';
import type { ReceiptData } from '../receipt/receipt-view';
import { receiptDoc } from './receipt-doc';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** Renders and queues one receipt; resolves with the job id once queued. */
export async function printReceipt(data: ReceiptData, giftId: string, opts: { t: T; lang: 'en' | 'ta'; duplicate?: boolean }): Promise<string> {
  const s = printerSettings();
  await fontsReady();
  const t0 = performance.now();
  const { canvas, raster } = renderDoc(receiptDoc(data, { t: opts.t, lang: opts.lang, paper: s.paper, duplicate: opts.duplicate }), { paper: s.paper, level: DENSITY_LEVEL[s.density] });
  const bytes = encodeRasterJob(raster);
  performance.measure?.('moi.print.render_encode', { start: t0, end: performance.now() });
  const id = opts.duplicate ? uuidv7() : giftId;
  keepCanvas(id, canvas);
  await queueJob({ id, kind: 'receipt', giftId, receiptNo: data.gift.receiptNo, duplicate: !!opts.duplicate, bytes });
  return id;
}

/**
 * The Print button on a gift: the first print if none was made on this device, else a duplicate,
 * kept in the gift's history (`by`: the signed-in user; `pinAuthorId`: staff switched in by PIN).
 * A gift saved on another device counts as printed there.
 */
export async function printOrReprint(data: ReceiptData, giftId: string, opts: { t: T; lang: 'en' | 'ta'; by: string; pinAuthorId?: string | null; savedHere?: boolean }): Promise<{ id: string; duplicate: boolean }> {
  const duplicate = opts.savedHere === false || await jobExists(giftId);
  const id = await printReceipt(data, giftId, { t: opts.t, lang: opts.lang, duplicate });
  if (duplicate) await recordReprint(giftId, opts.by, opts.pinAuthorId).catch(() => undefined);
  return { id, duplicate };
}

/** After a save, once the next giver's form is painted: the render must not delay it. */
export function afterPaint(fn: () => void): void {
  const ric = (window as unknown as { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number }).requestIdleCallback;
  if (ric) ric(fn, { timeout: 300 });
  else setTimeout(fn, 30);
}
