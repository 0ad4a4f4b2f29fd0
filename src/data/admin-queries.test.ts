// Totals arithmetic of the owner / admin screens: live gifts only, per mode, per counter, per hour.
import { describe, expect, it } from 'vitest';
import { computeBreakdown, computeTotals, hourKey } from './admin-queries';
import type { LocalGift } from './db';

let n = 0;
function gift(p: Partial<LocalGift>): LocalGift {
  n += 1;
  return {
    id: `g${n}`, eventId: 'e1', counterId: 'cA', receiptNo: `A-T1-${n}`, name: 'Murugan', initial: '', village: 'Madurai', mobile: '',
    relation: 'other', mode: 'cash', amount: 101, reference: '', item: '', note: '', enteredAt: '2026-11-22T04:30:00.000Z', enteredBy: 'u1',
    receivedAt: null, version: 1, deletedAt: null, deletedBy: null, deleteReason: null, _pending: 0, ...p,
  };
}

describe('computeTotals', () => {
  it('sums live gifts per mode, counts items and unsynced gifts, and leaves deleted gifts out of every sum', () => {
    const t = computeTotals([
      gift({ amount: 101 }),
      gift({ amount: 501, mode: 'upi', _pending: 1 }),
      gift({ amount: 1001, mode: 'cheque' }),
      gift({ amount: 0, mode: 'item', item: 'Silver lamp' }),
      gift({ amount: 5001, deletedAt: '2026-11-22T05:00:00.000Z', deleteReason: 'twice' }),
    ]);
    expect(t).toEqual({ count: 4, sum: 1603, cash: 101, upi: 501, cheque: 1001, item: 0, items: 1, pending: 1, deleted: 1 });
  });
  it('is all zeros for no gifts', () => {
    expect(computeTotals([]).sum).toBe(0);
    expect(computeTotals([]).count).toBe(0);
  });
});

describe('computeBreakdown', () => {
  it('lists every counter of the event (even one with no gifts) with its own totals', () => {
    const b = computeBreakdown([gift({ counterId: 'cA', amount: 201 }), gift({ counterId: 'cA', amount: 100, mode: 'upi' }), gift({ counterId: 'cB', amount: 1001 })], ['cA', 'cB', 'cC']);
    expect(b.byCounter.map((c) => [c.counterId, c.count, c.sum, c.cash])).toEqual([['cA', 2, 301, 201], ['cB', 1, 1001, 1001], ['cC', 0, 0, 0]]);
    expect(b.totals.sum).toBe(1302);
  });
  it('groups by mode in a fixed order and by hour in time order, without deleted gifts', () => {
    const b = computeBreakdown([
      gift({ enteredAt: '2026-11-22T06:10:00.000Z', amount: 500 }),
      gift({ enteredAt: '2026-11-22T04:59:00.000Z', amount: 101, mode: 'cheque' }),
      gift({ enteredAt: '2026-11-22T04:01:00.000Z', amount: 201 }),
      gift({ enteredAt: '2026-11-22T04:02:00.000Z', amount: 999, deletedAt: '2026-11-22T07:00:00.000Z' }),
    ]);
    expect(b.byMode).toEqual([
      { mode: 'cash', count: 2, sum: 701 },
      { mode: 'upi', count: 0, sum: 0 },
      { mode: 'cheque', count: 1, sum: 101 },
      { mode: 'item', count: 0, sum: 0 },
    ]);
    expect(b.byHour.map((h) => [h.hour, h.count, h.sum])).toEqual([
      [hourKey('2026-11-22T04:01:00.000Z'), 2, 302],
      [hourKey('2026-11-22T06:10:00.000Z'), 1, 500],
    ]);
    expect(b.lastEnteredAt).toBe('2026-11-22T06:10:00.000Z');
    expect(b.totals.deleted).toBe(1);
  });
});
