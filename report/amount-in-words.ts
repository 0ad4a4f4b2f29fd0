// Amounts in words for receipts: English in the Indian system (lakh, crore) and formal Tamil
// as printed on moi receipts ("ஒரு லட்சத்து ஐநூற்று ஒன்று ரூபாய்"). Whole rupees, 0 … 99,99,99,999.

const EN_ONES = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve',
  'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const EN_TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function enBelow100(n: number): string {
  if (n < 20) return EN_ONES[n];
  const t = Math.floor(n / 10);
  const u = n % 10;
  return u ? `${EN_TENS[t]} ${EN_ONES[u]}` : EN_TENS[t];
}

function enBelow1000(n: number): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  const parts: string[] = [];
  if (h) parts.push(`${EN_ONES[h]} Hundred`);
  if (r) parts.push(enBelow100(r));
  return parts.join(' ');
}

/** 100501 → "One Lakh Five Hundred One" (Indian grouping; no "and", as printed on Indian receipts). */
export function numberToWordsEn(n: number): string {
  assertWhole(n);
  if (n === 0) return EN_ONES[0];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (crore) parts.push(`${enBelow100(crore)} Crore`);
  if (lakh) parts.push(`${enBelow100(lakh)} Lakh`);
  if (thousand) parts.push(`${enBelow100(thousand)} Thousand`);
  if (rest) parts.push(enBelow1000(rest));
  return parts.join(' ');
}

// ---- Tamil ----
const TA_ONES = ['பூஜ்யம்', 'ஒன்று', 'இரண்டு', 'மூன்று', 'நான்கு', 'ஐந்து', 'ஆறு', 'ஏழு', 'எட்டு', 'ஒன்பது'];
const TA_TEENS = ['பத்து', 'பதினொன்று', 'பன்னிரண்டு', 'பதின்மூன்று', 'பதினான்கு', 'பதினைந்து', 'பதினாறு', 'பதினேழு', 'பதினெட்டு', 'பத்தொன்பது'];
const TA_TENS = ['', '', 'இருபது', 'முப்பது', 'நாற்பது', 'ஐம்பது', 'அறுபது', 'எழுபது', 'எண்பது', 'தொண்ணூறு'];
/** Tens followed by a unit: "இருபத்து ஒன்று". */
const TA_TENS_JOIN = ['', '', 'இருபத்து', 'முப்பத்து', 'நாற்பத்து', 'ஐம்பத்து', 'அறுபத்து', 'எழுபத்து', 'எண்பத்து', 'தொண்ணூற்று'];
const TA_HUNDREDS = ['', 'நூறு', 'இருநூறு', 'முந்நூறு', 'நானூறு', 'ஐநூறு', 'அறுநூறு', 'எழுநூறு', 'எண்ணூறு', 'தொள்ளாயிரம்'];
/** Hundreds followed by more: "நூற்று ஒன்று". */
const TA_HUNDREDS_JOIN = ['', 'நூற்று', 'இருநூற்று', 'முந்நூற்று', 'நானூற்று', 'ஐநூற்று', 'அறுநூற்று', 'எழுநூற்று', 'எண்ணூற்று', 'தொள்ளாயிரத்து'];
/** n thousand for n = 1 … 19, and the unit forms used after a tens word (22,000 = இருபத்து இரண்டாயிரம்). */
const TA_THOUSANDS = ['', 'ஆயிரம்', 'இரண்டாயிரம்', 'மூவாயிரம்', 'நான்காயிரம்', 'ஐயாயிரம்', 'ஆறாயிரம்', 'ஏழாயிரம்', 'எட்டாயிரம்', 'ஒன்பதாயிரம்',
  'பத்தாயிரம்', 'பதினோராயிரம்', 'பன்னிரண்டாயிரம்', 'பதின்மூன்றாயிரம்', 'பதினான்காயிரம்', 'பதினைந்தாயிரம்', 'பதினாறாயிரம்', 'பதினேழாயிரம்', 'பதினெட்டாயிரம்', 'பத்தொன்பதாயிரம்'];
/** After a tens word "one thousand" fuses with it (21,000 = இருபத்தோராயிரம்), so index 1 is unused. */
const TA_UNIT_THOUSANDS_AFTER_TENS = ['', '', 'இரண்டாயிரம்', 'மூவாயிரம்', 'நான்காயிரம்', 'ஐயாயிரம்', 'ஆறாயிரம்', 'ஏழாயிரம்', 'எட்டாயிரம்', 'ஒன்பதாயிரம்'];
/** t1 as a count before a noun: the adjective ஒரு fused to the tens (இருபத்தொரு லட்சம், never "இருபத்து ஒன்று லட்சம்"). */
const TA_TENS_ONE = ['', '', 'இருபத்தொரு', 'முப்பத்தொரு', 'நாற்பத்தொரு', 'ஐம்பத்தொரு', 'அறுபத்தொரு', 'எழுபத்தொரு', 'எண்பத்தொரு', 'தொண்ணூற்றொரு'];
/** t1 thousand: ஓராயிரம் fused to the tens (இருபத்தோராயிரம்). */
const TA_TENS_ONE_THOUSAND = ['', '', 'இருபத்தோராயிரம்', 'முப்பத்தோராயிரம்', 'நாற்பத்தோராயிரம்', 'ஐம்பத்தோராயிரம்', 'அறுபத்தோராயிரம்',
  'எழுபத்தோராயிரம்', 'எண்பத்தோராயிரம்', 'தொண்ணூற்றோராயிரம்'];
const TA_TENS_THOUSANDS = ['', '', 'இருபதாயிரம்', 'முப்பதாயிரம்', 'நாற்பதாயிரம்', 'ஐம்பதாயிரம்', 'அறுபதாயிரம்', 'எழுபதாயிரம்', 'எண்பதாயிரம்', 'தொண்ணூறாயிரம்'];

function taBelow100(n: number): string {
  if (n < 10) return TA_ONES[n];
  if (n < 20) return TA_TEENS[n - 10];
  const t = Math.floor(n / 10);
  const u = n % 10;
  return u ? `${TA_TENS_JOIN[t]} ${TA_ONES[u]}` : TA_TENS[t];
}

function taBelow1000(n: number): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  if (!h) return taBelow100(r);
  return r ? `${TA_HUNDREDS_JOIN[h]} ${taBelow100(r)}` : TA_HUNDREDS[h];
}

/** n × 1000 for n = 1 … 99, standalone form (ends in "ஆயிரம்"). */
function taThousands(n: number): string {
  if (n < 20) return TA_THOUSANDS[n];
  const t = Math.floor(n / 10);
  const u = n % 10;
  if (u === 1) return TA_TENS_ONE_THOUSAND[t];
  return u ? `${TA_TENS_JOIN[t]} ${TA_UNIT_THOUSANDS_AFTER_TENS[u]}` : TA_TENS_THOUSANDS[t];
}

/** n = 1 … 99 counting lakhs or crores: a count before a noun says "one" as ஒரு (ஒரு, பதினொரு, இருபத்தொரு). */
function taCount(n: number): string {
  if (n === 1) return 'ஒரு';
  if (n === 11) return 'பதினொரு';
  if (n > 20 && n % 10 === 1) return TA_TENS_ONE[Math.floor(n / 10)];
  return taBelow100(n);
}

/** "ஆயிரம்" → "ஆயிரத்து" when more follows. */
const joinThousand = (w: string) => w.replace(/ம்$/, 'த்து');

/** 100501 → "ஒரு லட்சத்து ஐநூற்று ஒன்று". */
export function numberToWordsTa(n: number): string {
  assertWhole(n);
  if (n === 0) return TA_ONES[0];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  const big = (count: number, word: string, joined: string, more: boolean) =>
    `${taCount(count)} ${more ? joined : word}`;
  if (crore) parts.push(big(crore, 'கோடி', 'கோடியே', lakh + thousand + rest > 0));
  if (lakh) parts.push(big(lakh, 'லட்சம்', 'லட்சத்து', thousand + rest > 0));
  if (thousand) {
    const w = taThousands(thousand);
    parts.push(rest ? joinThousand(w) : w);
  }
  if (rest) parts.push(taBelow1000(rest));
  return parts.join(' ');
}

function assertWhole(n: number): void {
  if (!Number.isInteger(n) || n < 0 || n >= 1_000_000_000) throw new RangeError(`Amount in words needs whole rupees 0 … 99,99,99,999, got ${n}`);
}

/** The receipt line: "One Thousand One Rupees Only" / "ஆயிரத்து ஒன்று ரூபாய் மட்டும்". */
export function amountInWords(amount: number, lang: 'en' | 'ta'): string {
  return lang === 'ta' ? `${numberToWordsTa(amount)} ரூபாய் மட்டும்` : `${numberToWordsEn(amount)} Rupees Only`;
}
