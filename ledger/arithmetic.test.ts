import { balanceOf, nextCustomary, suggestAmount, totals } from './arithmetic';

describe('ledger arithmetic', () => {
  it('says what is to return, when the host gave more, and when it is settled', () => {
    expect(balanceOf(1501, 1001)).toEqual({ received: 1501, given: 1001, difference: 500, status: 'to_return' });
    expect(balanceOf(501, 2001)).toEqual({ received: 501, given: 2001, difference: 1500, status: 'gave_more' });
    expect(balanceOf(1001, 1001).status).toBe('settled');
    expect(balanceOf(0, 0).status).toBe('settled');
  });

  it('suggests by the host’s rule: same, +₹1, +₹100, or the next customary figure', () => {
    const owed = balanceOf(1000, 0);
    expect(suggestAmount(1000, owed, 'same')).toBe(1000);
    expect(suggestAmount(1000, owed, 'plus1')).toBe(1001);
    expect(suggestAmount(1000, owed, 'plus100')).toBe(1100);
    expect(suggestAmount(1000, owed, 'round_up')).toBe(1001);
    expect(suggestAmount(1001, balanceOf(1001, 0), 'round_up')).toBe(1501);
    expect(suggestAmount(450, balanceOf(450, 0), 'round_up')).toBe(501);
    expect(suggestAmount(100, balanceOf(100, 0), 'round_up')).toBe(101);
    // Gave more already: the last gift still sets what custom returns.
    expect(suggestAmount(501, balanceOf(501, 2001), 'same')).toBe(501);
    // Two gifts not yet returned: the whole balance.
    expect(suggestAmount(501, balanceOf(1502, 0), 'same')).toBe(1502);
    expect(suggestAmount(null, balanceOf(0, 0), 'same')).toBeNull();
  });

  it('rounds past the table to the next ten thousand and one', () => {
    expect(nextCustomary(100001)).toBe(110001);
    expect(nextCustomary(0)).toBe(11);
  });

  it('adds a father’s and a son’s gifts into the family’s totals', () => {
    const fam = new Map([['father', 'f1'], ['son', 'f1'], ['other', null]]);
    const t = totals(
      [{ personId: 'father', amount: 1001 }, { personId: 'son', amount: 501 }, { personId: 'other', amount: 101 }],
      [{ personId: 'son', amount: 2001 }],
      fam,
    );
    expect(t.family.get('f1')).toEqual({ received: 1502, given: 2001 });
    expect(t.person.get('other')).toEqual({ received: 101, given: 0 });
    expect(t.family.size).toBe(1);
  });
});
