// A workbook that is a "zip bomb" is refused before it is opened (issue 30): quickly, with bounded
// memory, whether its zip directory admits the size or lies about it; a real workbook still opens.
import { deflateRawSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateBookXlsx } from './fixtures';
import { readWorkbook } from './xlsx-read';
import { checkWorkbookZip, MAX_INFLATED, WorkbookError } from './zip-guard';

/** A one-entry zip: `data` deflated, the directory saying `declared` bytes once inflated. */
function zipOf(name: string, data: Buffer, declared: number): Uint8Array {
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18); local.writeUInt32LE(declared, 22); local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20); central.writeUInt32LE(declared, 24); central.writeUInt16LE(n.length, 28); central.writeUInt32LE(0, 42);
  const cdAt = local.length + n.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(1, 8); end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + n.length, 12); end.writeUInt32LE(cdAt, 16);
  return new Uint8Array(Buffer.concat([local, n, data, central, n, end]));
}

/** Deflated zeros that inflate to `mb` MB from about mb kB: one flushed block of 1 MB repeated. */
function zeros(mb: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: mb }, () => block), deflateRawSync(Buffer.alloc(0))]);
}

async function refusal(bytes: Uint8Array): Promise<{ error: unknown; ms: number; grewMb: number }> {
  const rss = process.memoryUsage().rss;
  const t0 = performance.now();
  const error = await readWorkbook(bytes).then(() => null, (e: unknown) => e);
  return { error, ms: performance.now() - t0, grewMb: (process.memoryUsage().rss - rss) / 1024 / 1024 };
}

describe('a zip bomb workbook', () => {
  const bomb = zeros(3000); // 3 GB of zeros in about 3 MB

  it('saying its size (3 GB) is refused at once, nothing inflated', async () => {
    const r = await refusal(zipOf('xl/worksheets/sheet1.xml', bomb, 3000 * 1024 * 1024));
    expect(r.error).toBeInstanceOf(WorkbookError);
    expect((r.error as WorkbookError).code).toBe('too_large');
    expect(r.ms).toBeLessThan(1000);
  });

  it('lying about its size is stopped as soon as it inflates past what it said, in bounded memory', async () => {
    const r = await refusal(zipOf('xl/worksheets/sheet1.xml', bomb, 1024 * 1024));
    expect((r.error as WorkbookError).code).toBe('too_large');
    expect(r.ms).toBeLessThan(5000);
    expect(r.grewMb).toBeLessThan(200);
  });

  it('many entries that add up past the cap are refused', async () => {
    await expect(checkWorkbookZip(zipOf('a.xml', zeros(2), MAX_INFLATED + 1))).rejects.toMatchObject({ code: 'too_large' });
  });

  it('a file that is no zip is not a workbook; a real workbook opens', async () => {
    await expect(readWorkbook(new TextEncoder().encode('name,amount\nMurugan,501\n'))).rejects.toMatchObject({ code: 'not_xlsx' });
    const book = await generateBookXlsx(50);
    const [sheet] = await readWorkbook(book.bytes);
    expect(sheet.rows.length).toBeGreaterThan(50);
  });
});
