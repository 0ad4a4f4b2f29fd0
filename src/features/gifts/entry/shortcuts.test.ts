// Shortcut rules of the entry form (issue 18): amounts in English and Tamil units (with property
// tests), village abbreviations and the ledger's aliases, name suggestions, quick chips.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandVillage, parseAmount, suggestFrom, suggestNames, suggestionIndex, topAmounts, villagesForCounter, type NameSuggestion } from './shortcuts';

const indian = new Intl.NumberFormat('en-IN');
const western = new Intl.NumberFormat('en-US');

describe('amount shortcuts', () => {
  it('expands the documented examples', () => {
    expect(parseAmount('1k')).toBe(1000);
    expect(parseAmount('1K')).toBe(1000);
    expect(parseAmount('1.5k')).toBe(1500);
    expect(parseAmount('1l')).toBe(100_000);
    expect(parseAmount('1L')).toBe(100_000);
    expect(parseAmount('2.5L')).toBe(250_000);
    expect(parseAmount('1 lakh')).toBe(100_000);
    expect(parseAmount('1k1')).toBe(1001);
    expect(parseAmount('5k1')).toBe(5001);
    expect(parseAmount('10k1')).toBe(10_001);
    expect(parseAmount('1k116')).toBe(1116);
    expect(parseAmount('1l501')).toBe(100_501);
    expect(parseAmount('5h1')).toBe(501);
    expect(parseAmount('2h51')).toBe(251);
    expect(parseAmount('1,001')).toBe(1001);
    expect(parseAmount('1,00,001')).toBe(100_001);
  });

  it('expands Tamil units: ஆ / ஆயிரம் (thousand), ல / லட்சம் (lakh), நூ / நூறு (hundred)', () => {
    expect(parseAmount('1ஆ')).toBe(1000);
    expect(parseAmount('1ஆ1')).toBe(1001);
    expect(parseAmount('2ஆயிரம்')).toBe(2000);
    expect(parseAmount('1ல')).toBe(100_000);
    expect(parseAmount('1லட்சம்')).toBe(100_000);
    expect(parseAmount('1.5ல')).toBe(150_000);
    expect(parseAmount('5நூ1')).toBe(501);
    expect(parseAmount('2நூறு')).toBe(200);
  });

  it('refuses what is not an amount', () => {
    for (const s of ['', ' ', 'k', '1x', '1k1000', '1.0005k', '0', '0k', '1.5', '1kk', '-1k', 'abc', '1,0', '1l100000']) {
      expect(parseAmount(s), s).toBeNull();
    }
  });

  it('property: plain and grouped figures are themselves', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000 }), (n) => {
      expect(parseAmount(String(n))).toBe(n);
      expect(parseAmount(indian.format(n))).toBe(n);
      expect(parseAmount(western.format(n))).toBe(n);
    }));
  });

  it('property: a thousand unit plus a remainder below a thousand, in every spelling', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.constantFrom('k', 'K', 'ஆ', 'ஆயிரம்', ' k '), (a, r, unit) => {
      expect(parseAmount(`${a}${unit}${r || ''}`.trim())).toBe(a * 1000 + r);
    }));
  });

  it('property: a lakh unit plus a remainder below a lakh', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 0, max: 99_999 }), fc.constantFrom('l', 'L', 'ல', 'லட்சம்', 'lakh'), (a, r, unit) => {
      expect(parseAmount(`${a}${unit}${r || ''}`)).toBe(a * 100_000 + r);
    }));
  });

  it('property: decimals of a unit are exact (no floating-point error)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 }), (a, d) => {
      const frac = String(d).padStart(3, '0');
      const n = a * 1000 + d;
      expect(parseAmount(`${a}.${frac}k`)).toBe(n === 0 ? null : n);
    }));
    fc.assert(fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 }), (a, d) => {
      expect(parseAmount(`${a}.${d}L`)).toBe(a * 100_000 + d * 10_000);
    }));
  });

  it('property: a remainder as large as the unit is refused, never added', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1000, max: 99_999 }), (a, r) => {
      expect(parseAmount(`${a}k${r}`)).toBeNull();
    }));
  });

  it('property: anything typed gives null or a whole number of rupees ≥ 1', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,kKlLhH ஆலநூ'.split('')), maxLength: 12 }), (s) => {
      const n = parseAmount(s);
      expect(n === null || (Number.isSafeInteger(n) && n >= 1)).toBe(true);
    }));
  });
});

describe('quick amounts follow the event', () => {
  it('puts the amounts most given here first and fills up with the customary ones', () => {
    expect(topAmounts([501, 501, 501, 1001, 1001, 2001, 2001, 2001, 2001, 7], [101, 201, 501, 1001])).toEqual([2001, 501, 1001, 101]);
    expect(topAmounts([], [101, 201, 501, 1001])).toEqual([101, 201, 501, 1001]);
    // An amount given once is no habit yet.
    expect(topAmounts([7777], [101, 201, 501, 1001])).toEqual([101, 201, 501, 1001]);
  });
});

describe('village shortcuts', () => {
  const mine = { mdu: 'மதுரை', USL: 'உசிலம்பட்டி', 'தி.ம': 'திருமங்கலம்' };
  it('expands the event’s abbreviations as typed, in either case, Tamil too', () => {
    expect(expandVillage('mdu', mine)).toBe('மதுரை');
    expect(expandVillage('MDU ', mine)).toBe('மதுரை');
    expect(expandVillage('usl', mine)).toBe('உசிலம்பட்டி');
    expect(expandVillage('தி.ம', mine)).toBe('திருமங்கலம்');
    expect(expandVillage('திம', mine)).toBe('திருமங்கலம்');
  });
  it('expands the ledger’s aliases to the place’s Tamil spelling', () => {
    expect(expandVillage('kovai', null)).toBe('கோயம்புத்தூர்');
    expect(expandVillage('Madurai', {})).toBe('மதுரை');
    expect(expandVillage('நெல்லை', {})).toBe('திருநெல்வேலி');
    expect(expandVillage('T. Mangalam', {})).toBe('திருமங்கலம்');
  });
  it('never expands a prefix or a place already spelled out', () => {
    expect(expandVillage('md', mine)).toBeNull();
    expect(expandVillage('Madura', {})).toBe('மதுரை');
    expect(expandVillage('Madu', {})).toBeNull();
    expect(expandVillage('மதுரை', mine)).toBeNull();
    expect(expandVillage('Mela Kalkandarkottai', mine)).toBeNull();
    expect(expandVillage('', mine)).toBeNull();
  });
  it('the event’s own abbreviation wins over an alias', () => {
    expect(expandVillage('kovai', { kovai: 'கோவைப்புதூர்' })).toBe('கோவைப்புதூர்');
  });
  it('orders villages most used at this counter first', () => {
    expect(villagesForCounter(['மேலூர்', 'மதுரை'], ['மதுரை', 'தேனி', 'மேலூர்'])).toEqual(['மேலூர்', 'மதுரை', 'தேனி']);
  });
});

describe('name suggestions', () => {
  const event: NameSuggestion[] = [{ name: 'Kannan', initial: 'K.', village: 'மதுரை', mobile: '', source: 'event' }];
  const ledger: NameSuggestion[] = [
    { name: 'Kannan', initial: 'K.', village: 'மதுரை', mobile: '9876543210', source: 'ledger' },
    { name: 'Kannan', initial: 'S.', village: 'தேனி', mobile: '', source: 'ledger' },
    { name: 'கண்ணன்', initial: 'மு.', village: 'மேலூர்', mobile: '', source: 'ledger' },
    { name: 'Karuppasamy', initial: '', village: 'பழனி', mobile: '', source: 'ledger' },
  ];
  it('offers this event’s givers first, then the ledger’s, each once', () => {
    expect(suggestNames('kan', event, ledger).map((s) => `${s.name} ${s.initial} ${s.source}`)).toEqual(['Kannan K. event', 'Kannan S. ledger']);
    expect(suggestNames('Ka', event, ledger)).toHaveLength(3);
    expect(suggestNames('கண்', event, ledger)[0].village).toBe('மேலூர்');
  });
  it('waits for two characters', () => {
    expect(suggestNames('k', event, ledger)).toEqual([]);
  });
  // The prepared index (binary search over folded names) answers exactly as a scan of the list in order would.
  const foldName = (x: string) => x.normalize('NFC').toLowerCase().replace(/[\s.]+/g, '');
  const scan = (typed: string, list: readonly NameSuggestion[], limit: number) => {
    const q = foldName(typed);
    if (q.length < 2) return [];
    const out: NameSuggestion[] = [];
    const seen = new Set<string>();
    for (const p of list) {
      if (!foldName(p.name).startsWith(q)) continue;
      const key = `${foldName(p.name)}|${foldName(p.initial)}|${foldName(p.village)}`;
      if (seen.has(key) || (foldName(p.name) === q && !p.initial && !p.village)) continue;
      seen.add(key);
      out.push(p);
      if (out.length >= limit) break;
    }
    return out;
  };
  it('a prepared index suggests the same givers in the same order as a scan of the list', () => {
    const giver = fc.record({
      name: fc.constantFrom('Kannan', 'kannan', 'Kan nan', 'K.Annan', 'கண்ணன்', 'கண்', 'Karuppasamy', 'Ka', 'Murugan', 'முருகன்', 'Muru'),
      initial: fc.constantFrom('', 'K.', 'S', 'மு.'),
      village: fc.constantFrom('', 'மதுரை', 'Melur', 'தேனி'),
      mobile: fc.constant(''),
      source: fc.constantFrom('event' as const, 'ledger' as const),
    });
    fc.assert(fc.property(fc.array(giver, { maxLength: 40 }), fc.array(giver, { maxLength: 40 }), fc.constantFrom('k', 'ka', 'KAN', 'kann', 'k.a', 'கண்', 'mu', 'Muru', 'முரு', 'zz', 'kannan'), fc.integer({ min: 1, max: 6 }),
      (ev, led, typed, limit) => {
        expect(suggestFrom(suggestionIndex(ev, led), typed, limit)).toEqual(scan(typed, [...ev, ...led], limit));
      }));
  });
});
