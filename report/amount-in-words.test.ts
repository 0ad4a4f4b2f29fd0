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
    expect(numberToWordsTa(21000)).toBe('இருபத்து ஓராயிரம்');
    expect(numberToWordsTa(11001)).toBe('பதினோராயிரத்து ஒன்று');
    expect(numberToWordsTa(1_000_000)).toBe('பத்து லட்சம்');
    expect(numberToWordsTa(101000)).toBe('ஒரு லட்சத்து ஆயிரம்');
  });
});

describe('numberToWordsEn (Indian system)', () => {
  it.each([
    [1, 'One'], [19, 'Nineteen'], [101, 'One Hundred One'], [1001, 'One Thousand One'],
    [1116, 'One Thousand One Hundred Sixteen'], [100501, 'One Lakh Five Hundred One'],
    [1_000_000, 'Ten Lakh'], [25_00_000, 'Twenty Five Lakh'], [1_23_45_678, 'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight'],
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
