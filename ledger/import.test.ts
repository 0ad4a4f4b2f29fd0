import { fileFingerprint, guessColumns, parseAmount, parseCsv, parseSheet } from './import';

describe('reading an old moi book', () => {
  it('guesses columns from Tamil or English headers', () => {
    expect(guessColumns(['பக்கம்', 'பெயர்', 'இனிஷியல்', 'ஊர்', 'தொகை', 'கைபேசி'])).toEqual({ page: 0, name: 1, initial: 2, village: 3, amount: 4, mobile: 5 });
    expect(guessColumns(['Name', 'Father name', 'Village', 'Amount (Rs)'])).toEqual({ name: 0, initial: 1, village: 2, amount: 3 });
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
    expect(rows.map((r) => [r.row, r.error, r.duplicateOf])).toEqual([
      [2, null, null], [3, 'no_name', null], [4, 'bad_amount', null], [6, 'bad_mobile', null], [7, null, 2], [8, null, 2],
    ]);
    expect(rows[4]).toMatchObject({ mobile: '9876543210', amount: 1001, page: '2' });
  });

  it('reads CSV with quotes, and fingerprints a file by its bytes', () => {
    expect(parseCsv('Name,Amount\n"Murugan, M.",1001\r\nSelvi,"501"\n')).toEqual([['Name', 'Amount'], ['Murugan, M.', '1001'], ['Selvi', '501']]);
    const a = new TextEncoder().encode('a,b\n1,2\n');
    expect(fileFingerprint(a)).toBe(fileFingerprint(new TextEncoder().encode('a,b\n1,2\n')));
    expect(fileFingerprint(a)).not.toBe(fileFingerprint(new TextEncoder().encode('a,b\n1,3\n')));
  });
});
