// The encoder read back by the stand-in printer's parser (written from the ESC/POS reference):
// what goes in as dots comes out as the same dots, in bands, initialised and cut.
import { describe, expect, it } from 'vitest';
import { parseEscPos } from '../../../tests/support/escpos-printer';
import { BAND_ROWS, dotAt, encodeRasterJob, threshold } from './escpos';

function pattern(width: number, height: number) {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const black = (x * 7 + y * 13) % 5 === 0 || x === y;
      rgba.set(black ? [0, 0, 0, 255] : [255, 255, 255, 255], i);
    }
  }
  return rgba;
}

describe('ESC/POS raster job', () => {
  it('prints the same dots it was given, in bands, initialised first and cut last', () => {
    const width = 384;
    const height = BAND_ROWS * 3 + 17;
    const r = threshold(pattern(width, height), width, height);
    const bytes = encodeRasterJob(r);
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect([...bytes.subarray(bytes.length - 4)]).toEqual([0x1d, 0x56, 0x42, 0x00]);
    const job = parseEscPos(bytes);
    expect(job.errors).toEqual([]);
    expect(job.initialised).toBe(true);
    expect(job.cut).toBe(true);
    expect(job.raster.width).toBe(width);
    expect(job.raster.height).toBe(height);
    let differing = 0;
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (!!job.raster.dots[y * width + x] !== dotAt(r, x, y)) differing++;
    expect(differing).toBe(0);
    // 4 bands of GS v 0: 8 header bytes each
    expect(bytes.length).toBe(2 + 4 * 8 + (width / 8) * height + 3 + 4);
  });

  it('thresholds luminance over white paper: grey below the level is black, transparent is paper', () => {
    const px = new Uint8ClampedArray([
      0, 0, 0, 255, // black
      200, 200, 200, 255, // light grey: paper
      120, 120, 120, 255, // dark grey: ink
      0, 0, 0, 0, // transparent: paper
    ]);
    const r = threshold(px, 4, 1, 160);
    expect([0, 1, 2, 3].map((x) => dotAt(r, x, 0))).toEqual([true, false, true, false]);
    // a darker setting inks the light grey too
    expect(dotAt(threshold(px, 4, 1, 210), 1, 0)).toBe(true);
  });

  it('a width that is not a multiple of 8 pads each row', () => {
    const r = threshold(pattern(10, 3), 10, 3);
    expect(r.bytesPerRow).toBe(2);
    const job = parseEscPos(encodeRasterJob(r, { cut: false }));
    expect(job.cut).toBe(false);
    expect(job.raster.width).toBe(16);
    expect(job.raster.height).toBe(3);
  });
});
