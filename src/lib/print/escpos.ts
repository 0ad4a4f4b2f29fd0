// ESC/POS bytes for a job that is one raster image: initialise, the image as `GS v 0` bands, feed, cut.
// Hand-written (about sixty lines) instead of @point-of-sale/receipt-printer-encoder: the receipt is
// all bitmap (these printers have no Tamil font), so the library's text, code pages and dithering
// (108 kB minified with its printer tables) would be dead weight, and its image path resizes and
// dithers where we need the canvas's own pixels, unchanged, on paper.

/** A 1-bit image: `bytesPerRow * 8 >= width`, rows top to bottom, bit 7 of each byte leftmost, 1 = black. */
export type Raster = { width: number; height: number; bytesPerRow: number; data: Uint8Array };

export const ESC = 0x1b;
export const GS = 0x1d;
export const LF = 0x0a;

/** Rows per `GS v 0` command: small enough for the buffer of a cheap printer, large enough to keep headers rare. */
export const BAND_ROWS = 64;

export const init = (): number[] => [ESC, 0x40];
/** `ESC d n`: print and feed n lines (clears the image from the tear bar / cutter). */
export const feedLines = (n: number): number[] => [ESC, 0x64, Math.max(0, Math.min(255, n))];
/** `GS V 66 0`: feed to the cutter and cut (partly); printers without a cutter ignore it. */
export const cut = (): number[] => [GS, 0x56, 0x42, 0x00];

/** `GS v 0 0 xL xH yL yH d…` for the rows [from, to) of the raster. */
function band(r: Raster, from: number, to: number): Uint8Array {
  const rows = to - from;
  const head = [GS, 0x76, 0x30, 0x00, r.bytesPerRow & 0xff, r.bytesPerRow >> 8, rows & 0xff, rows >> 8];
  const out = new Uint8Array(head.length + rows * r.bytesPerRow);
  out.set(head, 0);
  out.set(r.data.subarray(from * r.bytesPerRow, to * r.bytesPerRow), head.length);
  return out;
}

/** One printer job: the raster, then `feed` lines and a cut. */
export function encodeRasterJob(r: Raster, opts: { feed?: number; cut?: boolean } = {}): Uint8Array {
  if (r.data.length !== r.bytesPerRow * r.height) throw new Error('raster data does not match its size');
  const parts: (number[] | Uint8Array)[] = [init()];
  for (let y = 0; y < r.height; y += BAND_ROWS) parts.push(band(r, y, Math.min(r.height, y + BAND_ROWS)));
  parts.push(feedLines(opts.feed ?? 4));
  if (opts.cut !== false) parts.push(cut());
  const size = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * RGBA pixels (a canvas's ImageData) to 1 bit: a dot is black when its luminance over white is
 * below `threshold` (0–255). A higher threshold thickens strokes, which is how "darker" is printed
 * on any printer, whatever its own density command.
 */
export function threshold(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number, level = 160): Raster {
  const bytesPerRow = Math.ceil(width / 8);
  const data = new Uint8Array(bytesPerRow * height);
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    const outRow = y * bytesPerRow;
    for (let x = 0; x < width; x++) {
      const i = row + x * 4;
      const a = rgba[i + 3] / 255;
      // composite over white paper
      const lum = (0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2]) * a + 255 * (1 - a);
      if (lum < level) data[outRow + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  return { width, height, bytesPerRow, data };
}

/** Whether the dot at (x, y) is black. */
export const dotAt = (r: Raster, x: number, y: number): boolean => (r.data[y * r.bytesPerRow + (x >> 3)] & (0x80 >> (x & 7))) !== 0;
