// What the page drew for a print job and what the printer printed, compared dot for dot (the
// receipt, close sheet and slip e2e tests; the page keeps its canvases in window.__moiPrintCanvases
// in the e2e build).
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PrintedJob, PrintedRaster } from '../support/escpos-printer';

/** The canvas the page drew for a job, as the printer's dots (black where luminance < 160, darkness "normal"). */
export async function canvasDots(page: Page, jobId: string): Promise<PrintedRaster> {
  const r = await page.evaluate((id) => {
    const c = (window as unknown as { __moiPrintCanvases: Record<string, OffscreenCanvas> }).__moiPrintCanvases[id];
    const img = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let s = '';
    for (let i = 0; i < img.data.length; i += 4) {
      const a = img.data[i + 3] / 255;
      const lum = (0.299 * img.data[i] + 0.587 * img.data[i + 1] + 0.114 * img.data[i + 2]) * a + 255 * (1 - a);
      s += lum < 160 ? '1' : '0';
    }
    return { width: c.width, height: c.height, s };
  }, jobId);
  return { width: r.width, height: r.height, dots: Uint8Array.from(r.s, (ch) => (ch === '1' ? 1 : 0)) };
}

/** Ids of the jobs the page drew, oldest first (uuidv7 sorts by time). */
export const jobIds = (page: Page) => page.evaluate(() => Object.keys((window as unknown as { __moiPrintCanvases?: object }).__moiPrintCanvases ?? {}).sort());

/** How many dots the printed job and the page's canvas disagree on (the sizes must match first). */
export function differingDots(job: PrintedJob, canvas: PrintedRaster): number {
  expect(job.raster.width).toBe(canvas.width);
  expect(job.raster.height).toBe(canvas.height);
  let n = 0;
  for (let i = 0; i < canvas.dots.length; i++) if (job.raster.dots[i] !== canvas.dots[i]) n++;
  return n;
}

/** The QR code on the printed paper, read as a phone's camera would (null when none reads). */
export function decodeQr(job: PrintedJob): string | null {
  const { width, height, dots } = job.raster;
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < dots.length; i++) {
    rgba.fill(dots[i] ? 0 : 255, i * 4, i * 4 + 3);
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, width, height)?.data ?? null;
}
