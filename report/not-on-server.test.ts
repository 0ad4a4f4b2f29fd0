// A book made on a device while some of its gifts have not reached the server says so on its cover
// and in the Excel summary (issue 31); a book with everything on the server says nothing of it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildBook } from './model';
import { sampleInput } from './fixtures';
import { renderPdfNode } from './node';
import { renderXlsx } from './xlsx';

async function coverText(notOnServer: number, lang: 'ta' | 'en'): Promise<string> {
  const book = buildBook({ ...sampleInput(), notOnServer }, { generatedAt: '2026-11-21T00:00:00.000Z', blankPages: 0 });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'moi-pending-')), `book-${lang}.pdf`);
  writeFileSync(file, await renderPdfNode(book, lang));
  return execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('a book made before every gift reached the server', () => {
  it('says on its cover how many gifts had not reached the server, in English and Tamil', async () => {
    expect(await coverText(3, 'en')).toContain('3 gifts on this device had not yet reached the server');
    expect(await coverText(3, 'ta')).toContain('3 மொய் பதிவுகள் இன்னும் சேவையகத்தை அடையவில்லை');
    expect(await coverText(0, 'en')).not.toContain('reached the server');
  }, 60_000);

  it('and in the Excel summary', async () => {
    const book = buildBook({ ...sampleInput(), notOnServer: 1 }, { generatedAt: '2026-11-21T00:00:00.000Z', blankPages: 0 });
    const bytes = await renderXlsx(book, 'en');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const cells = wb.worksheets.flatMap((ws) => (ws.getSheetValues() as unknown[][]).flat().map(String));
    expect(cells.some((c) => c.includes('1 gift on this device had not yet reached the server'))).toBe(true);
  });
});
