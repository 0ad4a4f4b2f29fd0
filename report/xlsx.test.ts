import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildBook } from './model';
import { reportLabels } from './labels';
import { gifts as allGifts, sampleInput } from './fixtures';
import { renderCsv, renderXlsx } from './xlsx';

const book = buildBook(sampleInput(), { generatedAt: '2026-11-21T00:00:00.000Z' });
const live = allGifts.filter((g) => !g.deletedAt);

async function readBack(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return wb;
}

describe('the Excel workbook', () => {
  it('has the four bilingual sheets, each with a frozen header and an autofilter', async () => {
    const wb = await readBack(await renderXlsx(book, 'ta'));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['மொய் பட்டியல் · Gifts', 'சுருக்கம் · Summary', 'தணிக்கை · Audit', 'கணக்கு முடிப்பு · Counter close']);
    for (const ws of wb.worksheets) {
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(ws.autoFilter).toBeTruthy();
    }
    expect(wb.worksheets[0].getRow(1).getCell(3).value).toBe('பெயர் / Name');
    expect(wb.worksheets[0].getRow(1).getCell(3).font?.bold).toBe(true);
    // Amounts in Indian rupee grouping, times as date-times, column widths kept.
    expect(wb.worksheets[0].getRow(2).getCell(9).numFmt).toBe('[$₹-4009]#,##,##0');
    expect(wb.worksheets[0].getRow(2).getCell(15).numFmt).toBe('dd-mm-yyyy hh:mm');
    expect(wb.worksheets[0].getColumn(3).width).toBe(24);
  });

  it('is a zip whose entries a reader can open, deflated', async () => {
    const bytes = await renderXlsx(book, 'ta');
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    // The first entry is deflated (method 8).
    expect(bytes[8]).toBe(8);
    const wb = await readBack(bytes);
    expect(wb.creator).toBe('Moi');
  });

  it('holds one row per live gift, equal to the local data: Tamil intact, amounts as numbers, times as dates', async () => {
    const ws = (await readBack(await renderXlsx(book, 'en'))).worksheets[0];
    const rows = ws.getSheetValues().slice(2) as unknown[][]; // [0] unused, [1] header
    expect(rows).toHaveLength(live.length);
    const byReceipt = new Map(rows.map((r) => [r[1] as string, r]));
    for (const g of live) {
      const r = byReceipt.get(g.receiptNo)!;
      expect(r[3]).toBe(g.name);
      expect(r[5]).toBe(g.village);
      expect(typeof r[9]).toBe('number');
      expect(r[9]).toBe(g.mode === 'item' ? 0 : g.amount);
      expect(r[15]).toBeInstanceOf(Date);
      // Indian time (+05:30): a cell has no zone, so it holds the clock time in India.
      expect((r[15] as Date).getTime()).toBe(Date.parse(g.enteredAt) + 330 * 60_000);
    }
    const sum = rows.reduce((s, r) => s + (r[9] as number), 0);
    expect(sum).toBe(book.summary.grandTotal);
    const item = rows.find((r) => r[8] === 'Item')!;
    expect([item[11], item[12], item[13]]).toEqual(['தங்கச் சங்கிலி', 8, 48000]);
  });

  it('summarises, audits and closes as the book does', async () => {
    const wb = await readBack(await renderXlsx(book, 'ta'));
    const summary = wb.worksheets[1].getSheetValues().slice(2) as unknown[][];
    const grand = summary.find((r) => r[1] === 'மொத்த மொய்')!;
    expect(grand[4]).toBe(9807);
    expect(grand[2]).toBe('ஒன்பதாயிரத்து எண்ணூற்று ஏழு ரூபாய் மட்டும்');
    const audit = wb.worksheets[2].getSheetValues().slice(2) as unknown[][];
    expect(audit[0].slice(3, 10)).toEqual(['திருத்தம்', 'நிர்வாகி', new Date('2026-11-20T10:30:00.000Z'), 'தொகை', '101', '1001', 'தொகை தவறு']);
    const close = wb.worksheets[3].getSheetValues().slice(2) as unknown[][];
    expect(close[0].slice(1, 10)).toEqual(['A', 'முதல் கவுண்டர்', 500, 4, 2000, 2601, 2500, -101, 'ஒரு நோட்டு குறைவு']);
    expect(close.at(-1)!.slice(1, 4)).toEqual(['B', 'Counter B', 'இன்னும் மூடப்படவில்லை']);
  });
});

describe('the CSV file', () => {
  it('is UTF-8 with a BOM, one line per live gift, Tamil intact', () => {
    const bytes = renderCsv(book, 'ta');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(live.length + 1);
    expect(lines[0]).toContain('ரசீது எண் / Receipt');
    expect(lines.find((l) => l.startsWith('A-T1-0002'))).toContain('பொன்னம்மாள்');
  });
});

/** RFC 4180 fields of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; }
    else field += c;
  }
  return rows;
}

describe('the CSV file against formula injection (OWASP CSV injection)', () => {
  const hostile = { name: '=1+1', initial: '+91 cmd', village: '@SUM(A1)', note: '-2+3', item: '\t=HYPERLINK("x")', reference: '\r=1' };
  const input = sampleInput();
  input.gifts = input.gifts.map((g, i) => (i === 0 ? { ...g, ...hostile } : g));
  const text = new TextDecoder().decode(renderCsv(buildBook(input, { generatedAt: '2026-11-21T00:00:00.000Z' }), 'en')).replace(/^\uFEFF/, '');

  it('prefixes every text cell that starts with =, +, -, @, tab or CR with a quote, inside a quoted field', () => {
    const rows = csvRows(text);
    const col = (k: 'name' | 'initial' | 'village' | 'note' | 'item' | 'reference') => rows[0].indexOf(`${reportLabels.ta[k]} / ${reportLabels.en[k]}`);
    const row = rows.find((r) => r[col('name')] === "'=1+1")!;
    expect(row, text).toBeDefined();
    expect(row[col('initial')]).toBe("'+91 cmd");
    expect(row[col('village')]).toBe("'@SUM(A1)");
    expect(row[col('note')]).toBe("'-2+3");
    expect(row[col('item')]).toBe('\'\t=HYPERLINK("x")');
    expect(row[col('reference')]).toBe("'\r=1");
    // Quoted in the file too, so no reader splits or trims the prefix away.
    expect(text).toContain(`"'=1+1"`);
    expect(text).toContain(`"'@SUM(A1)"`);
    // No text cell anywhere in the file starts with a formula character.
    for (const r of rows) for (const cell of r) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('leaves numbers as numbers', () => {
    const rows = csvRows(text);
    const amountCol = csvRows(text)[0].indexOf(`${reportLabels.ta.amount} / ${reportLabels.en.amount}`);
    const row = rows.find((r) => r[0] === 'A-T1-0001')!;
    expect(row[amountCol]).toBe('1001');
    expect(text).toMatch(/,1001,/);
  });
});
