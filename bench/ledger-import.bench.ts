// ledger.import.5k — an old moi book of 5,000 rows (Excel, Tamil and English, bad rows and
// duplicates): reading the workbook and checking the rows as the device does (ledger/import.ts),
// then the server storing it as a past event of the host (POST /moi/ledger/import, PGlite in memory).
import { generateBookXlsx } from '../ledger/fixtures';
import { fileFingerprint, guessColumns, parseSheet } from '../ledger/import';
import { readWorkbook } from '../ledger/xlsx-read';
import { createTestApp, createUser, login } from '../server/test-utils';

const t = await createTestApp();
await createUser(t.app, { username: 'host', password: 'host-password-1', role: 'event_owner' });
const { cookie } = await login(t.app, 'host', 'host-password-1');
const book = await generateBookXlsx(5000);

const t0 = performance.now();
const [sheet] = await readWorkbook(book.bytes);
const rows = parseSheet(sheet, guessColumns(sheet.rows[0])).filter((r) => !r.error && r.duplicateOf == null);
const t1 = performance.now();
const res = await t.app.inject({
  method: 'POST', url: '/moi/ledger/import', headers: { cookie },
  payload: {
    fileName: 'book.xlsx', fileHash: fileFingerprint(book.bytes), title: 'Old book', functionType: 'wedding', date: '2019-06-09',
    rows: rows.map((r) => ({ sheet: sheet.name, row: r.row, page: r.page, name: r.name, initial: r.initial, village: r.village, mobile: r.mobile, amount: r.amount! })),
  },
});
const t2 = performance.now();
console.log(`(parse ${Math.round(t1 - t0)} ms, server ${Math.round(t2 - t1)} ms: ${res.body})`);
console.log(`bench ledger.import.5k: ${Math.round(t2 - t0)} ms`);
await t.close();
