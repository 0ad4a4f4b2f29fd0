// A printout as a few kinds of block (text, label–value row, rule, QR, inverted banner), laid out
// and drawn on a canvas with the browser's own text shaping (Tamil conjuncts and vowel signs come
// out as on screen), then thresholded to the printer's dots: 384 wide on 58 mm, 576 on 80 mm.
import QRCode from 'qrcode';
import { threshold, type Raster } from './escpos';

export type PaperWidth = '58' | '80';
/** Printable dots across the roll at 203 dpi (8 dots a millimetre). */
export const PAPER_DOTS: Record<PaperWidth, number> = { '58': 384, '80': 576 };

export type Align = 'left' | 'center' | 'right';
export type Block =
  | { kind: 'text'; text: string; size: number; bold?: boolean; align?: Align; mono?: boolean }
  | { kind: 'row'; label: string; value: string; size: number; bold?: boolean }
  | { kind: 'rule'; dashed?: boolean }
  | { kind: 'banner'; text: string; size: number }
  | { kind: 'qr'; text: string; /** dots per module */ scale: number }
  | { kind: 'space'; height: number };

export const FONT_FAMILY = '"Noto Sans Tamil", "Noto Sans", "DejaVu Sans", Roboto, sans-serif';
const MONO_FAMILY = '"DejaVu Sans Mono", "Noto Sans Mono", "Roboto Mono", monospace';
const fontOf = (size: number, bold?: boolean, mono?: boolean) => `${bold ? 700 : 400} ${size}px ${mono ? MONO_FAMILY : FONT_FAMILY}`;
/** Tamil has vowel signs above and below the line: more leading than Latin needs. */
const lineHeight = (size: number) => Math.ceil(size * 1.42);

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;

function makeCanvas(w: number, h: number): AnyCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(w, h);
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return c;
}
const context = (c: AnyCanvas): Ctx => {
  const ctx = c.getContext('2d', { willReadFrequently: true }) as Ctx | null;
  if (!ctx) throw new Error('no 2D canvas');
  return ctx;
};

/** The Tamil face in both weights before the first drawing (a canvas does not wait for fonts). */
export async function fontsReady(): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return;
  await Promise.all([document.fonts.load(fontOf(24), 'அஆ'), document.fonts.load(fontOf(24, true), 'அஆ')]).catch(() => undefined);
}

const graphemes = (s: string): string[] => {
  const Seg = (Intl as unknown as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  return Seg ? [...new Seg(undefined, { granularity: 'grapheme' }).segment(s)].map((g) => g.segment) : [...s];
};

/** Words to lines no wider than `max`; a word wider than a line breaks between letters (never inside one). */
export function wrap(ctx: Ctx, text: string, max: number): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (ctx.measureText(next).width <= max) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      if (ctx.measureText(word).width <= max) {
        line = word;
        continue;
      }
      line = '';
      for (const g of graphemes(word)) {
        if (line && ctx.measureText(line + g).width > max) {
          lines.push(line);
          line = g;
        } else line += g;
      }
    }
    lines.push(line);
  }
  return lines;
}

type Op = (ctx: Ctx, y: number) => void;

/** Lays the blocks out for `width` dots: the drawing operations and the height they take. */
function layout(ctx: Ctx, blocks: Block[], width: number, margin: number): { ops: { y: number; draw: Op }[]; height: number } {
  const inner = width - 2 * margin;
  const ops: { y: number; draw: Op }[] = [];
  let y = margin;
  for (const b of blocks) {
    if (b.kind === 'space') {
      y += b.height;
    } else if (b.kind === 'rule') {
      const at = y + 6;
      ops.push({ y: at, draw: (c, yy) => {
        c.fillStyle = '#000';
        if (!b.dashed) return c.fillRect(margin, yy, inner, 2);
        for (let x = margin; x < width - margin; x += 12) c.fillRect(x, yy, 6, 2);
      } });
      y += 14;
    } else if (b.kind === 'text') {
      ctx.font = fontOf(b.size, b.bold, b.mono);
      const lh = lineHeight(b.size);
      for (const line of wrap(ctx, b.text, inner)) {
        const font = fontOf(b.size, b.bold, b.mono);
        const align = b.align ?? 'left';
        ops.push({ y, draw: (c, yy) => {
          c.font = font;
          c.textAlign = align;
          c.fillText(line, align === 'left' ? margin : align === 'right' ? width - margin : width / 2, yy + lh / 2);
        } });
        y += lh;
      }
    } else if (b.kind === 'row') {
      ctx.font = fontOf(b.size, b.bold);
      const lh = lineHeight(b.size);
      const font = fontOf(b.size, b.bold);
      const labelW = ctx.measureText(b.label).width;
      const valueW = ctx.measureText(b.value).width;
      if (labelW + valueW + 16 <= inner) {
        ops.push({ y, draw: (c, yy) => {
          c.font = font;
          c.textAlign = 'left';
          c.fillText(b.label, margin, yy + lh / 2);
          c.textAlign = 'right';
          c.fillText(b.value, width - margin, yy + lh / 2);
        } });
        y += lh;
      } else {
        // too long for one line: the label (wrapped if it is wider than the paper), then the value right-aligned below it
        for (const line of wrap(ctx, b.label, inner)) {
          ops.push({ y, draw: (c, yy) => {
            c.font = font;
            c.textAlign = 'left';
            c.fillText(line, margin, yy + lh / 2);
          } });
          y += lh;
        }
        for (const line of wrap(ctx, b.value, inner)) {
          ops.push({ y, draw: (c, yy) => {
            c.font = font;
            c.textAlign = 'right';
            c.fillText(line, width - margin, yy + lh / 2);
          } });
          y += lh;
        }
      }
    } else if (b.kind === 'banner') {
      ctx.font = fontOf(b.size, true);
      const lh = lineHeight(b.size);
      const lines = wrap(ctx, b.text, inner - 16);
      const h = lines.length * lh + 8;
      const top = y;
      const font = fontOf(b.size, true);
      ops.push({ y: top, draw: (c, yy) => {
        c.fillStyle = '#000';
        c.fillRect(margin, yy, inner, h);
        c.fillStyle = '#fff';
        c.font = font;
        c.textAlign = 'center';
        lines.forEach((line, i) => c.fillText(line, width / 2, yy + 4 + i * lh + lh / 2));
        c.fillStyle = '#000';
      } });
      y += h + 6;
    } else {
      const qr = QRCode.create(b.text, { errorCorrectionLevel: 'M' });
      const n = qr.modules.size;
      const side = n * b.scale;
      const x0 = Math.floor((width - side) / 2);
      const top = y + 4 * b.scale;
      ops.push({ y: top, draw: (c, yy) => {
        c.fillStyle = '#000';
        for (let r = 0; r < n; r++) for (let col = 0; col < n; col++) if (qr.modules.data[r * n + col]) c.fillRect(x0 + col * b.scale, yy + r * b.scale, b.scale, b.scale);
      } });
      y = top + side + 4 * b.scale;
    }
  }
  return { ops, height: Math.ceil(y + margin) };
}

export type Rendered = { canvas: AnyCanvas; raster: Raster };

/**
 * The printout drawn at the paper's width in dots and made 1-bit (`level`: the darkness threshold,
 * see threshold()). Text is black on white; the canvas keeps its grey edges for comparison.
 */
export function renderDoc(blocks: Block[], opts: { paper: PaperWidth; level?: number; margin?: number }): Rendered {
  const width = PAPER_DOTS[opts.paper];
  const margin = opts.margin ?? 8;
  const measure = context(makeCanvas(1, 1));
  const { ops, height } = layout(measure, blocks, width, margin);
  const canvas = makeCanvas(width, height);
  const ctx = context(canvas);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.textBaseline = 'middle';
  for (const op of ops) op.draw(ctx, op.y);
  const img = ctx.getImageData(0, 0, width, height);
  return { canvas, raster: threshold(img.data, width, height, opts.level) };
}

/** Darkness setting → threshold: a higher level inks more of each letter's grey edge. */
export const DENSITY_LEVEL = { light: 120, normal: 160, dark: 200 } as const;
export type Density = keyof typeof DENSITY_LEVEL;
