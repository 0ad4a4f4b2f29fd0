// Importing an old book (issue 12): a generated 5,000-row Excel file with Tamil and English rows,
// bad rows and duplicates, parsed as the device parses it and posted to the real server; importing
// the same file again imports nothing; only the host (not staff, not another host) can, and sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerImportResult, LedgerResponse } from '../../contract/ledger';
import { generateBookXlsx } from '../../ledger/fixtures';
import { fileFingerprint, findHeader, guessColumns, parseCsv, parseSheet, summarize, type SheetData } from '../../ledger/import';
import { readWorkbook } from '../../ledger/xlsx-read';
import { createTestApp, type TestApp } from '../test-utils';
import { buildWorld, type World } from '../domain/management/test-world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.app);
}, 180_000);
afterAll(async () => { await t?.close(); }, 60_000);

describe('importing an old moi book', () => {
  it('imports a 5,000-row workbook once, skipping bad rows and duplicates, and nothing on a second import', async () => {
    const book = await generateBookXlsx(5000);
    const [sheet] = await readWorkbook(book.bytes);
    const cols = guessColumns(sheet.rows[0]);
    expect(cols).toEqual({ page: 0, name: 1, initial: 2, village: 3, amount: 4, mobile: 5 });
    const parsed = parseSheet(sheet, cols);
    expect(parsed).toHaveLength(5000);
    expect(parsed.filter((r) => r.error)).toHaveLength(book.bad);
    expect(parsed.filter((r) => r.duplicateOf != null).length).toBeGreaterThanOrEqual(book.duplicates);
    const good = parsed.filter((r) => !r.error && r.duplicateOf == null);
    const body = {
      fileName: 'old-book.xlsx', fileHash: fileFingerprint(book.bytes), title: 'பழைய மொய் நோட்டு 2019', functionType: 'wedding', date: '2019-06-09',
      rows: good.map((r) => ({ sheet: sheet.name, row: r.row, page: r.page, name: r.name, initial: r.initial, village: r.village, mobile: r.mobile, amount: r.amount! })),
    };
    const first = await w.call('ow1', 'POST', '/moi/ledger/import', body);
    expect(first.statusCode).toBe(200);
    const r1 = first.json() as LedgerImportResult;
    expect(r1).toMatchObject({ imported: good.length, alreadyImported: 0, duplicates: 0 });
    // The same file again: nothing twice.
    const r2 = (await w.call('ow1', 'POST', '/moi/ledger/import', body)).json() as LedgerImportResult;
    expect(r2).toEqual({ eventId: r1.eventId, imported: 0, alreadyImported: good.length, duplicates: 0 });
    // The host's ledger now holds the book's givers; the past event is theirs, with the origin of each row.
    const l = (await w.call('ow1', 'GET', '/moi/ledger')).json() as LedgerResponse;
    const total = l.people.reduce((s, p) => s + p.received, 0);
    expect(total).toBe(good.reduce((s, r) => s + r.amount!, 0) + 501);
    expect(l.events.map((e) => e.id)).toContain(r1.eventId);
    const gifts = (await w.call('ow1', 'GET', `/moi/gifts?eventId=${r1.eventId}&limit=5`)).json() as { total: number };
    expect(gifts.total).toBe(good.length);
  }, 120_000);

  // Issue 27: a family's notebook as it reaches the host in Excel or CSV — a title above the headers, a
  // date on each row, a page subtotal, mobiles of 5 digits, and the grand total at the foot (in the
  // workbook a SUM formula with no label). Parsed and summed as the screen does, posted, posted again.
  const paperRows = [
    ['08/06/2019', 'முருகன்', 'க.', 'மேலூர்', 1001, ''],
    ['08/06/2019', 'Selvam', 'K', 'Theni', 501, '98765'],
    ['09/06/2019', 'ராஜா', 'ரா.', 'மதுரை', 2001, '9876543210'],
    ['09/06/2019', 'Kannan', 'S.', 'Vadipatti', 501, '12345'],
    ['09/06/2019', 'பாண்டி', '', 'உசிலம்பட்டி', 251, ''],
  ] as const;
  const PAPER = paperRows.reduce((s, r) => s + r[4], 0);
  const day = (d: string) => d.split('/').reverse().join('-');

  async function bookXlsx(): Promise<Uint8Array> {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('நோட்டு');
    ws.addRow(['செல்வி திருமண மொய் நோட்டு — 2019']);
    ws.mergeCells('A1:F1');
    ws.addRow([]);
    ws.addRow(['தேதி / Date', 'பெயர் / Name', 'இனிஷியல்', 'ஊர் / Village', 'தொகை / Amount', 'கைபேசி / Mobile']);
    paperRows.slice(0, 3).forEach((r) => ws.addRow([new Date(`${day(r[0])}T00:00:00Z`), r[1], r[2], r[3], r[4], r[5]]));
    ws.addRow(['', 'Sub total', '', '', { formula: 'SUM(E4:E6)', result: 3503 }, '']);
    paperRows.slice(3).forEach((r) => ws.addRow([new Date(`${day(r[0])}T00:00:00Z`), r[1], r[2], r[3], r[4], r[5]]));
    ws.addRow(['', '', '', '', { formula: 'SUM(E4:E6,E8:E9)', result: PAPER }, '']);
    return new Uint8Array(await wb.xlsx.writeBuffer() as ArrayBuffer);
  }
  const bookCsv = () => new TextEncoder().encode([
    'செல்வி திருமண மொய் நோட்டு — 2019,,,,,',
    'தேதி,பெயர்,இனிஷியல்,ஊர்,தொகை,கைபேசி',
    ...paperRows.slice(0, 3).map((r) => r.join(',')),
    ',பக்க மொத்தம்,,,3503,',
    ...paperRows.slice(3).map((r) => r.join(',')),
    `,மொத்தம்,,,"${PAPER.toLocaleString('en-IN')}",`,
  ].join('\n'));

  // Two hosts: one book in both forms would be a copy of the first on the same days (caught as duplicates).
  for (const [kind, host] of [['xlsx', 'ow1'], ['csv', 'ow2']] as const) {
    it(`a ${kind} book with a title, dates per row, a subtotal, a total and bad mobiles imports the paper total once`, async () => {
      const bytes = kind === 'xlsx' ? await bookXlsx() : bookCsv();
      const [sheet]: SheetData[] = kind === 'xlsx' ? await readWorkbook(bytes) : [{ name: 'CSV', rows: parseCsv(new TextDecoder().decode(bytes)) }];
      const h = findHeader(sheet.rows);
      expect(h.cols).toMatchObject({ date: 0, name: 1, village: 3, amount: 4, mobile: 5 });
      const parsed = parseSheet(sheet, h.cols, h.row);
      const sum = summarize(parsed, {});
      expect(sum.setAside).toMatchObject({ title: 1, total: 2 });
      expect(sum.total).toBe(PAPER);
      expect(sum.bookTotal?.amount).toBe(PAPER);
      const body = {
        fileName: `selvi-2019.${kind}`, fileHash: fileFingerprint(bytes), title: 'செல்வி திருமணம்', functionType: 'wedding', date: sum.dates!.common,
        rows: sum.rows.map(({ date, ...r }) => ({ sheet: sheet.name, ...r, ...(date ? { date } : {}) })),
      };
      const r1 = (await w.call(host, 'POST', '/moi/ledger/import', body)).json() as LedgerImportResult;
      expect(r1).toMatchObject({ imported: paperRows.length, alreadyImported: 0, duplicates: 0 });
      const list = async () => (await w.call(host, 'GET', `/moi/gifts?eventId=${r1.eventId}&limit=50`)).json() as { total: number; totals: { sum: number }; gifts: { name: string; mobile: string; enteredAt: string }[] };
      const got = await list();
      // The money of the paper book, not double; the 5-digit mobiles came in without a mobile; each gift on its own date.
      expect(got.totals.sum).toBe(PAPER);
      expect(got.gifts.find((g) => g.name === 'Kannan')).toMatchObject({ mobile: '' });
      expect(got.gifts.find((g) => g.name === 'முருகன்')!.enteredAt.slice(0, 10)).toBe('2019-06-08');
      expect(got.gifts.find((g) => g.name === 'பாண்டி')!.enteredAt.slice(0, 10)).toBe('2019-06-09');
      // The same file again adds nothing.
      const r2 = (await w.call(host, 'POST', '/moi/ledger/import', body)).json() as LedgerImportResult;
      expect(r2).toEqual({ eventId: r1.eventId, imported: 0, alreadyImported: paperRows.length, duplicates: 0 });
      expect((await list()).totals.sum).toBe(PAPER);
    });
  }

  it('a copy of the book typed into another file on the same date is caught as duplicates', async () => {
    const rows = [{ sheet: 'Sheet1', row: 2, name: 'Murugan', initial: 'K', village: 'Melur', amount: 777 }, { sheet: 'Sheet1', row: 3, name: 'Murugan', initial: 'K', village: 'Melur', amount: 778 }];
    const a = (await w.call('ow1', 'POST', '/moi/ledger/import', { fileName: 'a.csv', fileHash: 'aaaa-1', title: 'Book', functionType: 'other', date: '2018-01-01', rows: rows.slice(0, 1) })).json() as LedgerImportResult;
    expect(a.imported).toBe(1);
    const b = (await w.call('ow1', 'POST', '/moi/ledger/import', { fileName: 'b.csv', fileHash: 'bbbb-2', title: 'Book', functionType: 'other', date: '2018-01-01', rows: rows.map((r) => ({ ...r, name: 'முருகன்', initial: 'க.', village: 'மேலூர்' })) })).json() as LedgerImportResult;
    expect(b).toMatchObject({ imported: 1, duplicates: 1 });
  });

  it('only a host imports into their own ledger; bad bodies answer 400', async () => {
    const body = { fileName: 'x.csv', fileHash: 'cccc-3', title: 'Book', functionType: 'other', date: '2018-01-01', rows: [{ sheet: 'S', row: 2, name: 'Raja', amount: 101 }] };
    expect((await w.call('st1', 'POST', '/moi/ledger/import', body)).statusCode).toBe(403);
    expect((await w.call('anon', 'POST', '/moi/ledger/import', body)).statusCode).toBe(401);
    expect((await w.call('ow1', 'POST', '/moi/ledger/import', { ...body, rows: [{ sheet: 'S', row: 2, name: '', amount: 0 }] })).statusCode).toBe(400);
    expect((await w.call('ow1', 'POST', '/moi/ledger/import', { ...body, date: 'yesterday' })).statusCode).toBe(400);
    const r = (await w.call('ow2', 'POST', '/moi/ledger/import', body)).json() as LedgerImportResult;
    expect(r.imported).toBe(1);
    // ow2's import is in ow2's ledger only.
    const l1 = (await w.call('ow1', 'GET', '/moi/ledger')).json() as LedgerResponse;
    expect(l1.events.map((e) => e.id)).not.toContain(r.eventId);
    expect((await w.call('ow1', 'GET', `/moi/gifts?eventId=${r.eventId}`)).statusCode).toBe(404);
  });
});
