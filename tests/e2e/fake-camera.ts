// A fake camera for Chromium (issue 30, the giver's QR at the counter): the code a page shows, as the
// browser draws it, written as a one-frame .y4m video that Chromium plays in a loop as the camera
// (--use-file-for-fake-video-capture). The counter's scan then reads it as it would a phone held up.
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const W = 640;
const H = 480;

/** Chromium's flags for a camera that shows `file` and is allowed without asking. */
export const fakeCameraArgs = (file: string) => ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`];

/** The grey levels (BT.601 luma) of the SVG matched by `selector`, drawn on white, 640×480, base64. */
async function lumaOf(page: Page, selector: string): Promise<string> {
  return page.evaluate(async ([sel, w, h]) => {
    const svg = document.querySelector(sel) as SVGSVGElement | null;
    if (!svg) throw new Error(`no ${sel}`);
    const clone = svg.cloneNode(true) as SVGSVGElement;
    clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    clone.setAttribute('width', '360');
    clone.setAttribute('height', '360');
    const url = URL.createObjectURL(new Blob([clone.outerHTML], { type: 'image/svg+xml' }));
    const img = new Image();
    await new Promise<void>((ok, fail) => { img.onload = () => ok(); img.onerror = () => fail(new Error('svg image')); img.src = url; });
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, h);
    ctx.drawImage(img, (w - 360) / 2, (h - 360) / 2, 360, 360);
    URL.revokeObjectURL(url);
    const d = ctx.getImageData(0, 0, w, h).data;
    const y = new Uint8Array(w * h);
    for (let i = 0; i < w * h; i++) y[i] = Math.round(0.299 * d[4 * i] + 0.587 * d[4 * i + 1] + 0.114 * d[4 * i + 2]);
    let s = '';
    for (let i = 0; i < y.length; i += 0x8000) s += String.fromCharCode(...y.subarray(i, i + 0x8000));
    return btoa(s);
  }, [selector, W, H] as const);
}

/** Writes the QR `selector` shows on `page` as a .y4m camera file. */
export async function writeQrVideo(page: Page, selector: string, file: string): Promise<void> {
  const y = Buffer.from(await lumaOf(page, selector), 'base64');
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F15:1 Ip A1:1 C420jpeg\n`), Buffer.from('FRAME\n'), y, chroma, chroma]));
}
