// The one Totals arithmetic (contract/admin.ts) that the server's event totals, the device's
// screens and the gift lists add gifts with.
import { describe, expect, it } from 'vitest';
import { addGiftToTotals, addToTotals, totalsSchema, zeroTotals } from './admin';

describe('addToTotals', () => {
  it('adds a live money gift to count, sum and its mode; an item gift to count, item (its estimate) and items (their number), never to sum', () => {
    const t = zeroTotals();
    addToTotals(t, 'cash', 501, false);
    addToTotals(t, 'upi', 1001, false);
    addToTotals(t, 'cheque', 2001, false);
    addToTotals(t, 'item', 0, false);
    addToTotals(t, 'item', 5000, false);
    expect(t).toEqual({ count: 5, sum: 3503, cash: 501, upi: 1001, cheque: 2001, item: 5000, items: 2, deleted: 0 });
    expect(totalsSchema.parse(t)).toEqual(t);
  });

  it('adds a stored gift by the one money definition: an item keyed with its estimate in amount (older entry forms) stays out of sum', () => {
    const t = zeroTotals();
    addGiftToTotals(t, { mode: 'cash', amount: 1000 });
    addGiftToTotals(t, { mode: 'item', amount: 5000, approxValue: 5000 });
    addGiftToTotals(t, { mode: 'item', amount: 0, approxValue: 48000 });
    addGiftToTotals(t, { mode: 'item', amount: 700 });
    addGiftToTotals(t, { mode: 'upi', amount: 300, deletedAt: '2026-11-22T05:00:00.000Z' });
    expect(t).toEqual({ count: 4, sum: 1000, cash: 1000, upi: 0, cheque: 0, item: 5000 + 48000 + 700, items: 3, deleted: 1 });
  });

  it('counts a deleted gift only in deleted, whatever its mode and amount', () => {
    const t = zeroTotals();
    addToTotals(t, 'cash', 501, true);
    addToTotals(t, 'item', 900, true, 3);
    expect(t).toEqual({ ...zeroTotals(), deleted: 4 });
  });

  it('adds a group of gifts (count and sum) as it adds them one by one', () => {
    const grouped = zeroTotals();
    addToTotals(grouped, 'item', 300, false, 3);
    addToTotals(grouped, 'upi', 1502, false, 2);
    const single = zeroTotals();
    for (const a of [100, 100, 100]) addToTotals(single, 'item', a, false);
    for (const a of [501, 1001]) addToTotals(single, 'upi', a, false);
    expect(grouped).toEqual(single);
  });

  it('gives a fresh zero each time (running totals never share one object)', () => {
    const a = zeroTotals();
    a.count = 7;
    expect(zeroTotals().count).toBe(0);
  });
});
