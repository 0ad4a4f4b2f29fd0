// A workbook (.xlsx is a zip) is checked before anything inflates it (issue 30): a "zip bomb" of
// 1.6 MB took 63 s and 3 GB in the reader. The central directory's sizes must add up to no more
// than MAX_INFLATED; then each entry is inflated as a stream, nothing kept, and stopped as soon as it
// gives more than its header said (a header that lies). Memory stays at a few chunks; a bomb is
// refused after inflating at most its declared sizes. Runs on the device and in Node (the
// DecompressionStream of browsers and Node 18+).

/** What a workbook may hold once inflated: a 20,000-row book is about 10 MB. */
export const MAX_INFLATED = 64 * 1024 * 1024;

export type WorkbookProblem = 'not_xlsx' | 'too_large';
export class WorkbookError extends Error {
  constructor(readonly code: WorkbookProblem, message: string) {
    super(message);
    this.name = 'WorkbookError';
  }
}

const tooLarge = () => new WorkbookError('too_large', `The workbook would be more than ${MAX_INFLATED / 1024 / 1024} MB once opened`);
const notXlsx = (why: string) => new WorkbookError('not_xlsx', `Not an Excel workbook (.xlsx): ${why}`);

type Entry = { method: number; compressed: number; size: number; local: number };

function entries(b: Uint8Array): Entry[] {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // End of central directory: 22 bytes plus a comment of up to 65,535.
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--) {
    if (v.getUint32(i, true) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) throw notXlsx('no zip directory');
  const count = v.getUint16(eocd + 10, true);
  let at = v.getUint32(eocd + 16, true);
  if (count === 0xffff || at === 0xffffffff) throw tooLarge(); // zip64: far beyond any moi book
  const out: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > b.length || v.getUint32(at, true) !== 0x02014b50) throw notXlsx('a broken zip directory');
    const e = {
      method: v.getUint16(at + 10, true),
      compressed: v.getUint32(at + 20, true),
      size: v.getUint32(at + 24, true),
      local: v.getUint32(at + 42, true),
    };
    if (e.compressed === 0xffffffff || e.size === 0xffffffff) throw tooLarge();
    out.push(e);
    at += 46 + v.getUint16(at + 28, true) + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
  }
  return out;
}

/** Inflate `data` as a stream, counting; false as soon as it gives more than `limit` bytes. */
async function inflatesWithin(data: Uint8Array, limit: number): Promise<boolean> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => {});
        return false;
      }
    }
  } catch {
    throw notXlsx('a damaged entry');
  }
}

/** Throws WorkbookError when the bytes are no zip, or would inflate past MAX_INFLATED. */
export async function checkWorkbookZip(bytes: Uint8Array, max = MAX_INFLATED): Promise<void> {
  const list = entries(bytes);
  let declared = 0;
  for (const e of list) declared += e.size;
  if (declared > max) throw tooLarge();
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const e of list) {
    if (e.local + 30 > bytes.length || v.getUint32(e.local, true) !== 0x04034b50) throw notXlsx('a broken zip entry');
    const start = e.local + 30 + v.getUint16(e.local + 26, true) + v.getUint16(e.local + 28, true);
    const data = bytes.subarray(start, start + e.compressed);
    if (e.method === 0) {
      if (e.compressed !== e.size) throw tooLarge();
    } else if (e.method === 8) {
      if (!(await inflatesWithin(data, e.size))) throw tooLarge();
    } else {
      throw notXlsx(`an entry packed with method ${e.method}`);
    }
  }
}
