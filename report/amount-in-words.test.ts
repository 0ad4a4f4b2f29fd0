import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords, numberToWordsEn, numberToWordsTa } from './amount-in-words';

// Copied from vocabulary/moi-vocabulary.json (amountInWordsTamil.vectors).
const tamilVectors: [number, string][] = [
  [1, 'ஒன்று'], [10, 'பத்து'], [11, 'பதினொன்று'], [20, 'இருபது'], [50, 'ஐம்பது'], [90, 'தொண்ணூறு'],
  [100, 'நூறு'], [101, 'நூற்று ஒன்று'], [200, 'இருநூறு'], [201, 'இருநூற்று ஒன்று'], [300, 'முந்நூறு'],
  [400, 'நானூறு'], [500, 'ஐநூறு'], [501, 'ஐநூற்று ஒன்று'], [900, 'தொள்ளாயிரம்'], [1000, 'ஆயிரம்'],
  [1001, 'ஆயிரத்து ஒன்று'], [2000, 'இரண்டாயிரம்'], [2001, 'இரண்டாயிரத்து ஒன்று'], [3000, 'மூவாயிரம்'],
  [5000, 'ஐயாயிரம்'], [5001, 'ஐயாயிரத்து ஒன்று'], [10000, 'பத்தாயிரம்'], [10001, 'பத்தாயிரத்து ஒன்று'],
  [100000, 'ஒரு லட்சம்'], [100501, 'ஒரு லட்சத்து ஐநூற்று ஒன்று'], [200000, 'இரண்டு லட்சம்'],
];

describe('numberToWordsTa', () => {
  it.each(tamilVectors)('%i → %s', (n, words) => {
    expect(numberToWordsTa(n)).toBe(words);
  });

  it('joins tens, hundreds and thousands the way receipts print them', () => {
    expect(numberToWordsTa(21)).toBe('இருபத்து ஒன்று');
    expect(numberToWordsTa(1116)).toBe('ஆயிரத்து நூற்று பதினாறு');
    expect(numberToWordsTa(951)).toBe('தொள்ளாயிரத்து ஐம்பத்து ஒன்று');
    expect(numberToWordsTa(11001)).toBe('பதினோராயிரத்து ஒன்று');
    expect(numberToWordsTa(1_000_000)).toBe('பத்து லட்சம்');
    expect(numberToWordsTa(101000)).toBe('ஒரு லட்சத்து ஆயிரம்');
  });
});

// How the amounts are said and written in Tamil: "one" before a counted word is the adjective ஒரு
// (ஒரு லட்சம், பதினொரு லட்சம், இருபத்தொரு கோடி; ஓராயிரம் fused: பதினோராயிரம், இருபத்தோராயிரம்), never
// the noun ஒன்று; a count followed by more takes ஆயிரத்து, லட்சத்து, கோடியே.
const tamilUsage: [number, string][] = [
  [1, 'ஒன்று'],
  [11, 'பதினொன்று'],
  [21, 'இருபத்து ஒன்று'],
  [99, 'தொண்ணூற்று ஒன்பது'],
  [111, 'நூற்று பதினொன்று'],
  [999, 'தொள்ளாயிரத்து தொண்ணூற்று ஒன்பது'],
  [1_000, 'ஆயிரம்'],
  [1_001, 'ஆயிரத்து ஒன்று'],
  [11_000, 'பதினோராயிரம்'],
  [11_001, 'பதினோராயிரத்து ஒன்று'],
  [21_000, 'இருபத்தோராயிரம்'],
  [21_001, 'இருபத்தோராயிரத்து ஒன்று'],
  [25_000, 'இருபத்து ஐயாயிரம்'],
  [31_000, 'முப்பத்தோராயிரம்'],
  [41_000, 'நாற்பத்தோராயிரம்'],
  [51_000, 'ஐம்பத்தோராயிரம்'],
  [91_000, 'தொண்ணூற்றோராயிரம்'],
  [99_999, 'தொண்ணூற்று ஒன்பதாயிரத்து தொள்ளாயிரத்து தொண்ணூற்று ஒன்பது'],
  [1_00_000, 'ஒரு லட்சம்'],
  [1_00_001, 'ஒரு லட்சத்து ஒன்று'],
  [1_01_000, 'ஒரு லட்சத்து ஆயிரம்'],
  [1_01_001, 'ஒரு லட்சத்து ஆயிரத்து ஒன்று'],
  [1_11_111, 'ஒரு லட்சத்து பதினோராயிரத்து நூற்று பதினொன்று'],
  [2_00_000, 'இரண்டு லட்சம்'],
  [10_00_000, 'பத்து லட்சம்'],
  [10_00_001, 'பத்து லட்சத்து ஒன்று'],
  [11_00_000, 'பதினொரு லட்சம்'],
  [11_00_001, 'பதினொரு லட்சத்து ஒன்று'],
  [21_00_000, 'இருபத்தொரு லட்சம்'],
  [21_21_000, 'இருபத்தொரு லட்சத்து இருபத்தோராயிரம்'],
  [25_00_000, 'இருபத்து ஐந்து லட்சம்'],
  [31_00_000, 'முப்பத்தொரு லட்சம்'],
  [41_00_000, 'நாற்பத்தொரு லட்சம்'],
  [51_00_000, 'ஐம்பத்தொரு லட்சம்'],
  [61_00_000, 'அறுபத்தொரு லட்சம்'],
  [71_00_000, 'எழுபத்தொரு லட்சம்'],
  [81_00_000, 'எண்பத்தொரு லட்சம்'],
  [91_00_000, 'தொண்ணூற்றொரு லட்சம்'],
  [99_99_999, 'தொண்ணூற்று ஒன்பது லட்சத்து தொண்ணூற்று ஒன்பதாயிரத்து தொள்ளாயிரத்து தொண்ணூற்று ஒன்பது'],
  [1_00_00_000, 'ஒரு கோடி'],
  [1_00_00_001, 'ஒரு கோடியே ஒன்று'],
  [1_01_00_000, 'ஒரு கோடியே ஒரு லட்சம்'],
  [1_11_00_000, 'ஒரு கோடியே பதினொரு லட்சம்'],
  [1_23_45_678, 'ஒரு கோடியே இருபத்து மூன்று லட்சத்து நாற்பத்து ஐயாயிரத்து அறுநூற்று எழுபத்து எட்டு'],
  [10_00_00_000, 'பத்து கோடி'],
  [11_00_00_000, 'பதினொரு கோடி'],
  [21_00_00_000, 'இருபத்தொரு கோடி'],
  [31_00_00_000, 'முப்பத்தொரு கோடி'],
  [21_21_21_021, 'இருபத்தொரு கோடியே இருபத்தொரு லட்சத்து இருபத்தோராயிரத்து இருபத்து ஒன்று'],
  [99_99_99_999, 'தொண்ணூற்று ஒன்பது கோடியே தொண்ணூற்று ஒன்பது லட்சத்து தொண்ணூற்று ஒன்பதாயிரத்து தொள்ளாயிரத்து தொண்ணூற்று ஒன்பது'],
];

describe('numberToWordsTa against Tamil usage', () => {
  it.each(tamilUsage)('%i → %s', (n, words) => {
    expect(numberToWordsTa(n)).toBe(words);
  });

  it('for every amount up to 99,99,99,999: ஒன்று only as the last word, joined forms never last, plain forms only last', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 99_99_99_999 }), (n) => {
      const words = numberToWordsTa(n).split(' ');
      const last = words.length - 1;
      words.forEach((w, i) => {
        if (/ஒன்று$/.test(w)) expect(i, `${n}: ${words.join(' ')}`).toBe(last);
        if (/(ஆயிரத்து|லட்சத்து|கோடியே)$/.test(w)) expect(i, `${n}: ${words.join(' ')}`).toBeLessThan(last);
        if (/(ஆயிரம்|லட்சம்|கோடி)$/.test(w)) expect(i, `${n}: ${words.join(' ')}`).toBe(last);
      });
    }), { numRuns: 2000 });
  });
});

describe('numberToWordsEn (Indian system)', () => {
  it.each([
    [1, 'One'], [19, 'Nineteen'], [101, 'One Hundred One'], [1001, 'One Thousand One'],
    [1116, 'One Thousand One Hundred Sixteen'], [100501, 'One Lakh Five Hundred One'],
    [1_000_000, 'Ten Lakh'], [11_00_000, 'Eleven Lakh'], [21_00_000, 'Twenty One Lakh'], [25_00_000, 'Twenty Five Lakh'],
    [1_01_001, 'One Lakh One Thousand One'], [10_00_00_000, 'Ten Crore'], [21_00_00_000, 'Twenty One Crore'],
    [99_99_99_999, 'Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine'], [1_23_45_678, 'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight'],
  ] as [number, string][])('%i → %s', (n, words) => {
    expect(numberToWordsEn(n)).toBe(words);
  });

  it('refuses fractions and negatives rather than printing nonsense', () => {
    expect(() => numberToWordsEn(10.5)).toThrow(RangeError);
    expect(() => numberToWordsTa(-1)).toThrow(RangeError);
  });
});

describe('amountInWords', () => {
  it('adds the rupee words in each language', () => {
    expect(amountInWords(501, 'en')).toBe('Five Hundred One Rupees Only');
    expect(amountInWords(501, 'ta')).toBe('ஐநூற்று ஒன்று ரூபாய் மட்டும்');
  });
});
