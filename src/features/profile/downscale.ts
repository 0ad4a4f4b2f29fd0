// Shrinks a picture chosen offline before it is kept on the device (longest side ≤ 1024 px,
// WebP where the browser encodes it, else JPEG). Where the browser cannot decode or draw
// (no createImageBitmap / canvas, e.g. jsdom), the original file is kept unchanged.
import { fitWithin, MAX_PICTURE_SIDE } from './profile-rules';

export type Downscaled = { blob: Blob; mime: string; width: number | null; height: number | null };

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => {
    try {
      canvas.toBlob((b) => resolve(b), type, quality);
    } catch {
      resolve(null);
    }
  });
}

export async function downscaleImage(file: Blob, max = MAX_PICTURE_SIDE): Promise<Downscaled> {
  const original: Downscaled = { blob: file, mime: file.type || 'image/jpeg', width: null, height: null };
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return original;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return original; // not decodable here (e.g. HEIC on some browsers): keep the file, the server decides
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, max);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return original;
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    for (const type of ['image/webp', 'image/jpeg']) {
      const blob = await canvasToBlob(canvas, type, 0.85);
      // toBlob falls back to PNG when it cannot encode the type asked for: accept only what was asked.
      if (blob && blob.type === type) return { blob, mime: type, width: size.width, height: size.height };
    }
    return original;
  } finally {
    bitmap.close();
  }
}
