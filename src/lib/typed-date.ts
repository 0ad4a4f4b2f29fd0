// A date typed into a date field, read the way people here write dates: day first (24/11/2026,
// 24-11-2026, 24.11.2026), ISO (2026-11-24), or with the month's name in Tamil or English, long or
// short ("24 நவம்பர், 2026", "24 Nov 2026", "November 24, 2026"), as the field itself shows it.
// The answer is the form's and the API's value, YYYY-MM-DD, or null when the text is not a real date.

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a calendar day, or null when there is no such day (31 February). */
function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const d = new Date(year, month - 1, day);
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Month names (long and short, Tamil and English, without dots) → month number 1–12. */
let monthNames: Map<string, number> | null = null;
function monthByName(): Map<string, number> {
  if (monthNames) return monthNames;
  const names = new Map<string, number>();
  const add = (name: string, month: number) => {
    const key = name.toLowerCase().replace(/[.,]/g, '').trim();
    if (key && !names.has(key)) names.set(key, month);
  };
  for (const locale of ['en-IN', 'ta-IN']) {
    for (const month of ['long', 'short'] as const) {
      const f = new Intl.DateTimeFormat(locale, { month });
      for (let m = 0; m < 12; m++) add(f.format(new Date(2000, m, 1)), m + 1);
    }
  }
  // English short forms Intl does not give ("Sep" beside en-IN's "Sept"), and the spelling of the
  // calendar library's Tamil September.
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].forEach((n, i) => add(n, i + 1));
  add('செப்டெம்பர்', 9);
  monthNames = names;
  return names;
}

export function parseTypedDate(text: string): string | null {
  const s = text.trim().replace(/,/g, ' ').replace(/\s+/g, ' ');
  if (!s) return null;
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\s?[-/.]\s?(\d{1,2})\s?[-/.]\s?(\d{4})$/.exec(s);
  if (m) return isoOf(Number(m[3]), Number(m[2]), Number(m[1]));
  const words = s.toLowerCase().replace(/\./g, ' ').replace(/[-/]/g, ' ').split(' ').filter(Boolean);
  if (words.length !== 3) return null;
  const names = monthByName();
  // 24 November 2026 (the field's own format, both languages) or November 24 2026.
  const [a, b, c] = words;
  if (/^\d{1,2}$/.test(a) && names.has(b) && /^\d{4}$/.test(c)) return isoOf(Number(c), names.get(b)!, Number(a));
  if (names.has(a) && /^\d{1,2}$/.test(b) && /^\d{4}$/.test(c)) return isoOf(Number(c), names.get(a)!, Number(b));
  return null;
}

/** Today on this device's calendar as YYYY-MM-DD (toISOString's is UTC: yesterday in India before 5:30 a.m.). */
export function localDay(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
