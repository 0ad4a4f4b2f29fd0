import { fileFingerprint, findHeader, guessColumns, parseAmount, parseCsv, parseDay, parseSheet, resolveRow, summarize, type Cell } from './import';

describe('reading an old moi book', () => {
  it('guesses columns from Tamil or English headers', () => {
    expect(guessColumns(['பக்கம்', 'பெயர்', 'இனிஷியல்', 'ஊர்', 'தொகை', 'கைபேசி'])).toEqual({ page: 0, name: 1, initial: 2, village: 3, amount: 4, mobile: 5 });
    // A father's name is the giver's kin (issue 30), no longer taken for the initial.
    expect(guessColumns(['Name', 'Father name', 'Village', 'Amount (Rs)'])).toEqual({ name: 0, kinName: 1, village: 2, amount: 3 });
    expect(guessColumns(['Name', 'Initial', 'Village', 'Amount (Rs)'])).toEqual({ name: 0, initial: 1, village: 2, amount: 3 });
  });

  it('reads amounts the way books write them, and refuses the rest', () => {
    expect(['₹1,001', '1001/-', '1,001.00', 'Rs. 501', 'ரூ. 101', 2001].map(parseAmount)).toEqual([1001, 1001, 1001, 501, 101, 2001]);
    expect(['ஆயிரம்', '', '-5', '10.5', 0, 1.5].map(parseAmount)).toEqual([null, null, null, null, null, null]);
  });

  it('flags bad rows and duplicates, keeps each row’s number and page', () => {
    const rows = parseSheet({ name: 'S', rows: [
      ['Page', 'Name', 'Village', 'Amount', 'Mobile'],
      [1, 'Murugan', 'Melur', 1001, ''],
      [1, '', 'Melur', 501, ''],
      [1, 'Selvam', 'Theni', 'thousand', ''],
      [],
      [2, 'Raja', 'Madurai', 101, '98765'],
      [2, 'முருகன்', 'மேலூர்', '₹1,001', '+91 98765 43210'], // the same giver in Tamil on another page: offered as a repeat
      [1, 'Murugan', 'Melur', 1001, ''],
    ] }, { page: 0, name: 1, village: 2, amount: 3, mobile: 4 });
    expect(rows.map((r) => [r.row, r.setAside ?? r.error, r.duplicateOf])).toEqual([
      [2, null, null], [3, 'no_name', null], [4, 'bad_amount', null], [5, 'blank', null], [6, 'bad_mobile', null], [7, null, 2], [8, null, 2],
    ]);
    expect(rows[5]).toMatchObject({ mobile: '9876543210', amount: 1001, page: '2' });
  });

  it('reads CSV with quotes, and fingerprints a file by its bytes', () => {
    expect(parseCsv('Name,Amount\n"Murugan, M.",1001\r\nSelvi,"501"\n')).toEqual([['Name', 'Amount'], ['Murugan, M.', '1001'], ['Selvi', '501']]);
    const a = new TextEncoder().encode('a,b\n1,2\n');
    expect(fileFingerprint(a)).toBe(fileFingerprint(new TextEncoder().encode('a,b\n1,2\n')));
    expect(fileFingerprint(a)).not.toBe(fileFingerprint(new TextEncoder().encode('a,b\n1,3\n')));
  });

  // The book an old family notebook becomes in Excel: a title above the headers, a date per row, a page
  // subtotal, bad mobiles, a grand total at the foot (issue 27: the total imported as a giver doubled the book).
  const book: Cell[][] = [
    ['செல்வி திருமண மொய் நோட்டு — 2019'],
    [],
    ['வ.எண்', 'தேதி', 'பெயர்', 'இனிஷியல்', 'ஊர்', 'தொகை', 'கைபேசி'],
    [1, '08/06/2019', 'முருகன்', 'க.', 'மேலூர்', 1001, ''],
    [2, '08/06/2019', 'Selvam', 'K', 'Theni', '₹501', '98765'],
    [3, '09/06/2019', 'ராஜா', 'ரா.', 'மதுரை', 2001, '+91 98765 43210'],
    ['', '', 'பக்க மொத்தம்', '', '', '3,503', ''],
    [4, '09-06-2019', 'Kannan', 'S.', 'Vadipatti', 501, '12345'],
    [5, '31/02/2019', 'Lakshmi', 'P.', 'Melur', 1116, ''],
    [6, '09/06/2019', 'பாண்டி', '', 'உசிலம்பட்டி', 251, ''],
    ['', '', '', '', '', 5371, ''],
  ];
  const PAPER = 1001 + 501 + 2001 + 501 + 1116 + 251;

  it('finds the header under a title row, and a date column', () => {
    const h = findHeader(book);
    expect(h.row).toBe(2);
    expect(h.cols).toEqual({ date: 1, name: 2, initial: 3, village: 4, amount: 5, mobile: 6 });
    // Column guessing from the first row (what the screen did) found nothing to import.
    expect(guessColumns(book[0]).name).toBeUndefined();
  });

  it('reads dates as books write them', () => {
    expect(['08/06/2019', '9-6-19', '2019-06-09', '09.06.2019', new Date(Date.UTC(2019, 5, 9)), 43625, '', null].map(parseDay))
      .toEqual(['2019-06-08', '2019-06-09', '2019-06-09', '2019-06-09', '2019-06-09', '2019-06-09', '', '']);
    expect(['31/02/2019', 'next Sunday', '2019'].map(parseDay)).toEqual([null, null, null]);
  });

  it('sets titles, totals and blank rows aside with the reason; the import adds up to the paper total, not double', () => {
    const h = findHeader(book);
    const rows = parseSheet({ name: 'S', rows: book }, h.cols, h.row);
    const aside = rows.filter((r) => r.setAside).map((r) => [r.row, r.setAside, r.totalOf]);
    expect(aside).toEqual([[1, 'title', null], [2, 'blank', null], [7, 'total', 'word'], [11, 'total', 6]]);
    expect(rows.filter((r) => !r.setAside).map((r) => [r.row, r.date, r.error])).toEqual([
      [4, '2019-06-08', null], [5, '2019-06-08', 'bad_mobile'], [6, '2019-06-09', null], [8, '2019-06-09', 'bad_mobile'], [9, '31/02/2019', 'bad_date'], [10, '2019-06-09', null],
    ]);
    const sum = summarize(rows, {});
    expect(sum.total).toBe(PAPER);
    expect(sum.rows).toHaveLength(6);
    expect(sum.bookTotal).toEqual({ row: 11, amount: PAPER });
    expect(sum.setAside).toEqual({ title: 1, total: 2, blank: 1 });
    expect(sum.dates).toEqual({ first: '2019-06-08', last: '2019-06-09', common: '2019-06-09' });
    // A bad mobile never holds the money back: imported without it, or with the one the host types.
    expect(sum.rows.find((r) => r.row === 5)).toMatchObject({ mobile: '', amount: 501 });
    expect(resolveRow(rows.find((r) => r.row === 5)!, { mobile: '98765 43211' })).toMatchObject({ mobile: '9876543211' });
    // An unreadable date: the function's date ('' here), or the one typed.
    expect(sum.rows.find((r) => r.row === 9)).toMatchObject({ date: '', amount: 1116 });
    expect(resolveRow(rows.find((r) => r.row === 9)!, { date: '28/02/2019' })).toMatchObject({ date: '2019-02-28' });
    // A row without a name and with a bad mobile, once named, still goes without the bad mobile.
    const both = parseSheet({ name: 'S', rows: [['Name', 'Amount', 'Mobile', 'Date'], ['', 501, '12345', '31/02/2019']] }, { name: 0, amount: 1, mobile: 2, date: 3 })[0];
    expect(both.error).toBe('no_name');
    expect(resolveRow(both, { name: 'Raja', include: true })).toMatchObject({ name: 'Raja', mobile: '', date: '' });
    // A set-aside row comes in only when ticked (and named).
    expect(summarize(rows, { 7: { include: true } }).total).toBe(PAPER + 3503);
    expect(summarize(rows, { 11: { include: true } }).total).toBe(PAPER);
    expect(summarize(rows, { 11: { include: true, name: 'Someone' } }).total).toBe(PAPER * 2);
  });

  it('knows a total by its word in Tamil or English, or by adding up the rows since the last one', () => {
    const cols = { name: 0, amount: 1 };
    const sheet = (extra: Cell[][]) => parseSheet({ name: 'S', rows: [['Name', 'Amount'], ['A', 501], ['B', 1001], ...extra] }, cols);
    for (const word of ['மொத்தம்', 'Total', 'கூட்டுத்தொகை', 'Sub total', 'SUBTOTAL', 'Grand Total', 'c/f']) {
      expect(sheet([[word, 99]]).at(-1)).toMatchObject({ setAside: 'total', totalOf: 'word' });
    }
    // Unlabelled: the sum of the rows above; a page later, the sum since that subtotal or of all rows.
    const r = sheet([['', 1502], ['C', 201], ['D', 101], ['', 302], ['', 1804]]);
    expect(r.map((x) => x.setAside)).toEqual([null, null, 'total', null, null, 'total', 'total']);
    // A giver whose amount happens to equal the rows above stays a giver (₹500 + ₹500, then ₹1,000).
    expect(parseSheet({ name: 'S', rows: [['Name', 'Amount'], ['A', 500], ['B', 500], ['C', 1000]] }, cols).map((x) => x.setAside)).toEqual([null, null, null]);
    // A repeated header row further down is a heading, not a giver with a bad amount.
    expect(sheet([['Name', 'Amount']]).at(-1)).toMatchObject({ setAside: 'title' });
  });
});
