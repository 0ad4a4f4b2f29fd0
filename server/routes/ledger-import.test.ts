// Importing an old book (issue 12): a generated 5,000-row Excel file with Tamil and English rows,
// bad rows and duplicates, parsed as the device parses it and posted to the real server; importing
// the same file again imports nothing; only the host (not staff, not another host) can, and sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerImportResult, LedgerResponse } from '../../contract/ledger';
import { generateBookXlsx } from '../../ledger/fixtures';
import { fileFingerprint, guessColumns, parseSheet } from '../../ledger/import';
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
