import { describe, expect, it } from 'vitest';
import { filterGifts, searchText } from './gift-filter';

const base = { counterId: 'cA', mode: 'cash', enteredAt: '2026-11-22T05:00:00.000Z', mobile: '', initial: '' };
const gifts = [
  { ...base, name: 'முருகன்', initial: 'மு.', village: 'மதுரை', receiptNo: 'A-T1-0001' },
  { ...base, name: 'Murugan', initial: 'M.', village: 'Usilampatti', receiptNo: 'A-T1-0002', mobile: '9876543210' },
  { ...base, name: 'Lakshmi', village: 'Melur', receiptNo: 'B-T2-0001', counterId: 'cB', mode: 'upi', enteredAt: '2026-11-22T09:00:00.000Z' },
];

describe('filterGifts', () => {
  it('finds Tamil and English names, ignoring case', () => {
    expect(filterGifts(gifts, { q: 'முருக' }).map((g) => g.receiptNo)).toEqual(['A-T1-0001']);
    expect(filterGifts(gifts, { q: 'MURU' }).map((g) => g.receiptNo)).toEqual(['A-T1-0002']);
  });
  it('matches initial with name regardless of dots and spaces, the village, receipt number and mobile', () => {
    expect(filterGifts(gifts, { q: 'm. murugan' }).map((g) => g.receiptNo)).toEqual(['A-T1-0002']);
    expect(filterGifts(gifts, { q: 'மதுரை' })).toHaveLength(1);
    expect(filterGifts(gifts, { q: 'b-t2' }).map((g) => g.name)).toEqual(['Lakshmi']);
    expect(filterGifts(gifts, { q: '98765' }).map((g) => g.name)).toEqual(['Murugan']);
  });
  it('filters by counter, mode and time', () => {
    expect(filterGifts(gifts, { counterId: 'cB' }).map((g) => g.name)).toEqual(['Lakshmi']);
    expect(filterGifts(gifts, { mode: 'cash' })).toHaveLength(2);
    expect(filterGifts(gifts, { from: '2026-11-22T08:00:00.000Z' }).map((g) => g.name)).toEqual(['Lakshmi']);
    expect(filterGifts(gifts, { q: 'zzz' })).toEqual([]);
  });
  it('gives the same answers with a prebuilt search index', () => {
    const index = gifts.map(searchText);
    for (const q of ['முருக', 'MURU', 'm. murugan', 'மதுரை', 'b-t2', '98765', 'zzz']) {
      expect(filterGifts(gifts, { q }, index)).toEqual(filterGifts(gifts, { q }));
    }
  });
});
