import { describe, expect, it } from 'vitest';
import { buildBook, tamilCollator } from './model';
import { counters, sampleInput } from './fixtures';

describe('the moi book model', () => {
  const book = buildBook(sampleInput(), { generatedAt: '2026-11-21T00:00:00.000Z' });

  it('opens with the maternal uncle and ritual gifts, with their own total', () => {
    expect(book.uncle.rows.map((r) => r.name)).toEqual(['வெள்ளைச்சாமி']);
    expect(book.uncle.total).toBe(5001);
  });

  it('lists the other money gifts village by village in Tamil alphabetical order, "village not given" last', () => {
    const names = book.villages.map((v) => v.village);
    const named = names.filter(Boolean);
    expect([...named].sort(tamilCollator.compare)).toEqual(named);
    expect(names.at(-1)).toBe('');
    const melur = book.villages.find((v) => v.village === 'மேலூர்')!;
    expect(melur.rows.map((r) => [r.serial, r.name])).toEqual([[1, 'முருகன்'], [2, 'ஸ்ரீநிவாசன்']]); // the deleted gift is gone
    expect(melur.subtotal).toBe(1102);
    expect(book.villages.map((v) => v.no)).toEqual(names.map((_, i) => i + 1));
  });

  it('puts villages the host chose first, in the host\'s order', () => {
    const b = buildBook(sampleInput(), { villageOrder: ['Madurai', 'திருநெல்வேலி'] });
    expect(b.villages.slice(0, 2).map((v) => v.village)).toEqual(['Madurai', 'திருநெல்வேலி']);
  });

  it('keeps items out of the money totals and lists their weight and estimate', () => {
    expect(book.items).toEqual([expect.objectContaining({ item: 'தங்கச் சங்கிலி', weightGrams: 8, approxValue: 48000 })]);
    expect(book.villages.flatMap((v) => v.rows).some((r) => r.mode === 'item')).toBe(false);
    // 1001 + 501 + 2001 + 101 + 5001 + 201 + 1001; not the item, not the deleted gift
    expect(book.summary.grandTotal).toBe(9807);
    expect(book.summary.givers).toBe(8);
    expect(book.summary.grandTotalWordsTa).toBe('ஒன்பதாயிரத்து எண்ணூற்று ஏழு ரூபாய் மட்டும்');
    expect(book.summary.grandTotalWordsEn).toBe('Nine Thousand Eight Hundred Seven Rupees Only');
  });

  it('sums the village blocks, the uncle section, mode, counter and staff lines to the same grand total', () => {
    const sum = (xs: { total: number }[]) => xs.reduce((s, x) => s + x.total, 0);
    expect(book.villages.reduce((s, v) => s + v.subtotal, 0) + book.uncle.total).toBe(book.summary.grandTotal);
    expect(sum(book.summary.byMode)).toBe(book.summary.grandTotal);
    expect(sum(book.summary.byCounter)).toBe(book.summary.grandTotal);
    expect(sum(book.summary.byStaff)).toBe(book.summary.grandTotal);
    expect(book.summary.byStaff.map((s) => s.label).sort()).toEqual(['Suresh', 'கண்ணன்'].sort());
    expect(book.summary.byMode.find((m) => m.key === 'item')).toMatchObject({ count: 1, total: 0 });
  });

  it('annexes each counter\'s close and every correction with before and after', () => {
    expect(book.counterCloses.map((c) => [c.code, c.tally?.difference ?? null, c.closedByName])).toEqual([['A', -101, 'கண்ணன்'], ['B', null, null]]);
    expect(book.corrections).toHaveLength(2);
    expect(book.corrections[0]).toMatchObject({ action: 'update', by: 'நிர்வாகி', reason: 'தொகை தவறு', changes: [{ field: 'amount', before: '101', after: '1001' }] });
    expect(book.corrections[1]).toMatchObject({ action: 'delete', giver: 'நீக்கப்பட்டவர்' });
  });

  it('annexes each counter\'s custody chain: the float, then every handover onward (issue 18)', () => {
    const input = sampleInput();
    const A = input.counters[0].id;
    const base = { eventId: input.event.id, counts: null, summary: { upi: { count: 1, total: 501 }, cheque: { count: 0, total: 0 }, item: { count: 1, descriptions: ['தங்கச் சங்கிலி'] } }, deviceVerified: true, toCounterId: null, toNomineeId: null, toUserId: null };
    input.counters = input.counters.map((c) => (c.id === A ? { ...c, openingFloat: { amount: 1000 } } : c));
    input.nominees = [{ id: 'n1', name: 'செல்வி' }];
    input.handovers = [
      { ...base, id: 'h2', fromKind: 'event_admin', fromCounterId: null, toKind: 'nominee', toNomineeId: 'n1', toName: '', cash: 7000, method: 'otp', verified: true, flags: [], handedBy: 'u-admin', handedAt: '2026-11-20T12:00:00.000Z' },
      { ...base, id: 'h1', fromKind: 'counter', fromCounterId: A, toKind: 'event_admin', toUserId: 'u-admin', toName: 'நிர்வாகி', cash: 7000, method: 'session', verified: true, flags: [], handedBy: 'u-s1', handedByName: 'கண்ணன்', handedAt: '2026-11-20T11:00:00.000Z' },
    ];
    const b = buildBook(input);
    const a = b.counterCloses.find((c) => c.code === 'A')!;
    expect(a.float).toBe(1000);
    expect(a.chain.map((s) => [s.fromKind, s.fromCode, s.toKind, s.toName, s.cash, s.method, s.byName])).toEqual([
      ['counter', 'A', 'event_admin', 'நிர்வாகி', 7000, 'session', 'கண்ணன்'],
      ['event_admin', '', 'nominee', 'செல்வி', 7000, 'otp', 'நிர்வாகி'],
    ]);
    expect(a.chain[0]).toMatchObject({ upi: 501, items: 1 });
    expect(b.counterCloses.find((c) => c.code === 'B')!.chain).toEqual([]);
  });

  it('annexes the gifts the server flagged, with who reviewed them, and counts late cash beside the counter\'s close', () => {
    expect(book.flagged.map((f) => [f.giver, f.counterCode, f.flags, f.reviewedBy])).toEqual([
      ['Karthik', 'B', ['author_unverified'], 'நிர்வாகி'],
      ['பாண்டி', 'A', ['after_close'], null],
    ]);
    expect(book.counterCloses.find((c) => c.code === 'A')!.afterClose).toEqual({ count: 1, cash: 1001 });
    expect(book.counterCloses.find((c) => c.code === 'B')!.afterClose).toEqual({ count: 0, cash: 0 });
  });

  it('narrows to one counter or a time range', () => {
    const b = buildBook(sampleInput(), { counterId: counters[1].id });
    expect(b.summary.grandTotal).toBe(2001 + 201);
    expect(b.counterCloses.map((c) => c.code)).toEqual(['B']);
    expect(b.corrections).toEqual([]);
    const r = buildBook(sampleInput(), { from: '2026-11-20T04:02:00.000Z', to: '2026-11-20T04:04:00.000Z' });
    expect(r.gifts.map((g) => g.name)).toEqual(['Karthik', 'ஸ்ரீநிவாசன்']);
  });
});
