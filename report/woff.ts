// WOFF (1.0) → plain SFNT (TrueType/OpenType) for pdfmake. fontkit reads a WOFF by inflating a table
// each time it asks for it, and it asks for the whole 'glyf' table once per glyph it decodes (for
// its box, its outline, its subset): a book with a few hundred distinct glyphs inflated the Tamil
// glyf table hundreds of times. Unpacked once here, the font is read in place.

type WoffTable = { tag: number; offset: number; compLength: number; origLength: number; checksum: number };

function parse(woff: Uint8Array): { flavor: number; tables: WoffTable[] } {
  const v = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (v.getUint32(0) !== 0x774f4646) throw new Error('not a WOFF file');
  const n = v.getUint16(12);
  const tables: WoffTable[] = [];
  for (let i = 0; i < n; i++) {
    const at = 44 + i * 20;
    tables.push({ tag: v.getUint32(at), offset: v.getUint32(at + 4), compLength: v.getUint32(at + 8), origLength: v.getUint32(at + 12), checksum: v.getUint32(at + 16) });
  }
  return { flavor: v.getUint32(4), tables };
}

function build(flavor: number, tables: { tag: number; checksum: number; data: Uint8Array }[]): Uint8Array {
  const n = tables.length;
  const pad = (x: number) => (x + 3) & ~3;
  const headerSize = 12 + 16 * n;
  const out = new Uint8Array(headerSize + tables.reduce((s, t) => s + pad(t.data.length), 0));
  const v = new DataView(out.buffer);
  const log2 = Math.floor(Math.log2(n));
  v.setUint32(0, flavor);
  v.setUint16(4, n);
  v.setUint16(6, 2 ** log2 * 16);
  v.setUint16(8, log2);
  v.setUint16(10, n * 16 - 2 ** log2 * 16);
  let at = headerSize;
  tables.forEach((t, i) => {
    const rec = 12 + i * 16;
    v.setUint32(rec, t.tag);
    v.setUint32(rec + 4, t.checksum);
    v.setUint32(rec + 8, at);
    v.setUint32(rec + 12, t.data.length);
    out.set(t.data, at);
    at += pad(t.data.length);
  });
  return out;
}

/** With a synchronous zlib inflate (Node's zlib.inflateSync). */
export function woffToSfntSync(woff: Uint8Array, inflate: (zlib: Uint8Array) => Uint8Array): Uint8Array {
  const { flavor, tables } = parse(woff);
  return build(flavor, tables.map((t) => {
    const raw = woff.subarray(t.offset, t.offset + t.compLength);
    return { tag: t.tag, checksum: t.checksum, data: t.compLength < t.origLength ? inflate(raw) : raw };
  }));
}

/** With the platform's DecompressionStream ('deflate' is zlib, as WOFF stores its tables). */
export async function woffToSfnt(woff: Uint8Array): Promise<Uint8Array> {
  const { flavor, tables } = parse(woff);
  const inflate = async (raw: Uint8Array) =>
    new Uint8Array(await new Response(new Blob([raw as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'))).arrayBuffer());
  return build(flavor, await Promise.all(tables.map(async (t) => {
    const raw = woff.subarray(t.offset, t.offset + t.compLength);
    return { tag: t.tag, checksum: t.checksum, data: t.compLength < t.origLength ? await inflate(raw) : raw };
  })));
}
