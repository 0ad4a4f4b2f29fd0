// The list search (gift lists, the ledger's people, the person picker) with an initial typed beside
// the name (issue 27): "K. Murugan" and "Murugan K" find முருகன் with initial க, as "க. முருகன்"
// always did; a letter that starts none of the words after the name finds no one. The server's gift search uses the same terms (gift-search.test.ts).
import { compileQuery, matchesQuery } from './gift-search';

const person = (id: string, name: string, initial: string, village: string) =>
  ({ id, name, initial, village, receiptNo: '', mobile: '', counterId: '', mode: 'cash' as const, amount: 0, approxValue: null, enteredAt: '', deletedAt: null });

describe('searching a name with its initial', () => {
  const murugan = person('p1', 'முருகன்', 'க', 'மேலூர்');
  const other = person('p2', 'முருகன்', 'ம', 'மதுரை');
  const found = (q: string) => [murugan, other].filter((p) => matchesQuery(p, compileQuery(q))).map((p) => p.id);

  it('finds the Tamil initial from a Latin letter before or after the name', () => {
    expect(found('K. Murugan')).toEqual(['p1']);
    expect(found('Murugan K')).toEqual(['p1']);
    expect(found('k murugan')).toEqual(['p1']);
    expect(found('க. முருகன்')).toContain('p1');
    expect(found('M. Murugan')).toContain('p2');
    // A letter that starts no word after the name finds no one.
    expect(found('S. Murugan')).toEqual([]);
    expect(found('Murugan')).toEqual(['p1', 'p2']);
  });
});
