// A minimal ZIP writer for the workbook: entries deflated by the platform's own CompressionStream
// ('deflate-raw': Chromium and Node 20 both have it, and it is native code, unlike a JS deflate), or
// stored when a platform lacks it. No streaming, no ZIP64: a moi book is a few megabytes.

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

async function deflateRaw(data: Uint8Array): Promise<Uint8Array | null> {
  if (typeof CompressionStream !== 'function') return null;
  try {
    const stream = new Blob([data as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return null;
  }
}

export type ZipEntry = { name: string; data: Uint8Array };

/** The entries as one .zip file (deflated where that makes them smaller). */
export async function zip(entries: ZipEntry[], when = new Date()): Promise<Uint8Array> {
  const enc = new TextEncoder();
  const dosTime = (when.getHours() << 11) | (when.getMinutes() << 5) | (when.getSeconds() >> 1);
  const dosDate = ((Math.max(1980, when.getFullYear()) - 1980) << 9) | ((when.getMonth() + 1) << 5) | when.getDate();
  const packed = await Promise.all(entries.map(async (e) => {
    const deflated = e.data.length > 64 ? await deflateRaw(e.data) : null;
    const useDeflate = !!deflated && deflated.length < e.data.length;
    return { name: enc.encode(e.name), crc: crc32(e.data), size: e.data.length, body: useDeflate ? deflated : e.data, method: useDeflate ? 8 : 0 };
  }));
  const localSize = packed.reduce((s, p) => s + 30 + p.name.length + p.body.length, 0);
  const centralSize = packed.reduce((s, p) => s + 46 + p.name.length, 0);
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  let at = 0;
  const offsets: number[] = [];
  for (const p of packed) {
    offsets.push(at);
    view.setUint32(at, 0x04034b50, true);
    view.setUint16(at + 4, 20, true);
    view.setUint16(at + 6, 0x0800, true); // UTF-8 names
    view.setUint16(at + 8, p.method, true);
    view.setUint16(at + 10, dosTime, true);
    view.setUint16(at + 12, dosDate, true);
    view.setUint32(at + 14, p.crc, true);
    view.setUint32(at + 18, p.body.length, true);
    view.setUint32(at + 22, p.size, true);
    view.setUint16(at + 26, p.name.length, true);
    view.setUint16(at + 28, 0, true);
    out.set(p.name, at + 30);
    out.set(p.body, at + 30 + p.name.length);
    at += 30 + p.name.length + p.body.length;
  }
  const central = at;
  packed.forEach((p, i) => {
    view.setUint32(at, 0x02014b50, true);
    view.setUint16(at + 4, 20, true);
    view.setUint16(at + 6, 20, true);
    view.setUint16(at + 8, 0x0800, true);
    view.setUint16(at + 10, p.method, true);
    view.setUint16(at + 12, dosTime, true);
    view.setUint16(at + 14, dosDate, true);
    view.setUint32(at + 16, p.crc, true);
    view.setUint32(at + 20, p.body.length, true);
    view.setUint32(at + 24, p.size, true);
    view.setUint16(at + 28, p.name.length, true);
    // extra, comment, disk, internal attributes: 0; external attributes: 0
    view.setUint32(at + 42, offsets[i], true);
    out.set(p.name, at + 46);
    at += 46 + p.name.length;
  });
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, packed.length, true);
  view.setUint16(at + 10, packed.length, true);
  view.setUint32(at + 12, at - central, true);
  view.setUint32(at + 16, central, true);
  return out;
}
