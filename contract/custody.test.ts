// The custody arithmetic (issue 18): expected = float + cash gifts; what each custodian holds along
// a chain across two counters and the event admin; which steps belong to a counter's chain.
import { describe, expect, it } from 'vitest';
import { chainOf, counterHolding, eventAdminHolding, expectedCash, type Handover } from './custody';
import { countsTotal, openingFloatSchema } from './entities';

const step = (id: string, at: string, over: Partial<Handover>): Handover => ({
  id, eventId: 'e', fromKind: 'counter', fromCounterId: null, toKind: 'nominee', toCounterId: null, toNomineeId: null, toUserId: null, toName: '',
  cash: 0, counts: null, summary: { upi: { count: 0, total: 0 }, cheque: { count: 0, total: 0 }, item: { count: 0, descriptions: [] } },
  method: 'pin', verified: true, deviceVerified: true, flags: [], handedBy: 'u', handedAt: at, ...over,
});

describe('custody arithmetic', () => {
  it('expected cash is the float plus the cash gifts', () => {
    expect(expectedCash(2000, 1502)).toBe(3502);
    expect(expectedCash(0, 0)).toBe(0);
    for (let f = 0; f < 5000; f += 997) for (let g = 0; g < 50_000; g += 12_345) expect(expectedCash(f, g) - f).toBe(g);
  });

  it('a float given as notes and coins must add up to its amount', () => {
    expect(countsTotal({ n500: 2, n100: 8, c10: 20 })).toBe(2000);
    expect(openingFloatSchema.safeParse({ amount: 2000, counts: { n500: 2, n100: 8, c10: 20 } }).success).toBe(true);
    expect(openingFloatSchema.safeParse({ amount: 2001, counts: { n500: 4 } }).success).toBe(false);
    expect(openingFloatSchema.safeParse({ amount: -1 }).success).toBe(false);
  });

  it('holdings along a chain A → B → event admin → nominee', () => {
    const steps = [
      step('1', '2026-11-22T10:00:00Z', { fromCounterId: 'A', toKind: 'counter', toCounterId: 'B', cash: 4000 }),
      step('2', '2026-11-22T11:00:00Z', { fromCounterId: 'B', toKind: 'event_admin', cash: 6500 }),
      step('3', '2026-11-22T12:00:00Z', { fromKind: 'event_admin', toKind: 'nominee', toNomineeId: 'N', cash: 6000 }),
    ];
    expect(counterHolding('A', 4000, steps)).toBe(0);
    expect(counterHolding('B', 2500, steps)).toBe(0);
    expect(eventAdminHolding(steps)).toBe(500);
    expect(chainOf('A', steps).map((s) => s.id)).toEqual(['1', '2', '3']);
    // B's chain: what it received from A, and onward.
    expect(chainOf('B', steps).map((s) => s.id)).toEqual(['1', '2', '3']);
    // A counter that handed to nobody has an empty chain; another counter's steps are not in it.
    expect(chainOf('C', steps)).toEqual([]);
  });
});
