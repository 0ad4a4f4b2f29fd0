// Any printout other than a gift's receipt (the close sheet, the handover slip) to the device's
// receipt printer: drawn on a canvas at the paper's width with the device's darkness, made 1-bit and
// queued like a receipt (src/data/print-queue.ts), so it waits for a printer that is off.
import { uuidv7 } from '../../../contract/ids';
import type { PrintJobKind } from '../../data/print-queue';
import { encodeRasterJob } from './escpos';
import { printerSettings, queueJob } from './printer';
import { DENSITY_LEVEL, fontsReady, renderDoc, type Block, type PaperWidth } from './raster-doc';

/** Test builds only (MOI_E2E_HOOK, localStorage moi.e2e): each job's canvas, for the end-to-end pixel check. */
export function keepCanvas(id: string, canvas: unknown): void {
  if (typeof __MOI_E2E_HOOK__ === 'undefined' || !__MOI_E2E_HOOK__) return;
  try {
    if (localStorage.getItem('moi.e2e') !== '1') return;
  } catch {
    return;
  }
  const w = window as unknown as { __moiPrintCanvases?: Record<string, unknown> };
  (w.__moiPrintCanvases ??= {})[id] = canvas;
}

/** Renders `doc` for the device's paper width and queues it; resolves with the job id once queued (not printed). */
export async function printDoc(doc: (paper: PaperWidth) => Block[], kind: PrintJobKind = 'sheet'): Promise<string> {
  const s = printerSettings();
  await fontsReady();
  const { canvas, raster } = renderDoc(doc(s.paper), { paper: s.paper, level: DENSITY_LEVEL[s.density] });
  const id = uuidv7();
  keepCanvas(id, canvas);
  await queueJob({ id, kind, duplicate: false, bytes: encodeRasterJob(raster) });
  return id;
}
