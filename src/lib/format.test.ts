import { describe, expect, it } from 'vitest';
import { formatDate as raw, formatRupees, type DateStyle } from './format';

// What a reader sees: the no-break space before AM/PM reads as a space.
const formatDate = (v: Parameters<typeof raw>[0], style: DateStyle, lang: string) => raw(v, style, lang).replace(/\u00a0/g, ' ');

describe('formatDate', () => {
  const evening = new Date(2026, 10, 24, 17, 39); // 24 Nov 2026, 5:39 PM on this device's clock

  it('writes month names in the active language: English, and Tamil in Tamil mode', () => {
    expect(formatDate(evening, 'date', 'en')).toBe('24 Nov 2026');
    expect(formatDate(evening, 'dateLong', 'en')).toBe('24 November 2026');
    const ta = formatDate(evening, 'dateLong', 'ta');
    expect(ta).toMatch(/நவம்பர்/);
    expect(ta).not.toMatch(/Nov/);
  });

  it('uses one AM/PM style in both languages', () => {
    expect(formatDate(evening, 'time', 'en')).toBe('5:39 PM');
    expect(formatDate(evening, 'dateTime', 'en')).toBe('24 Nov 2026, 5:39 PM');
    expect(formatDate(new Date(2026, 10, 24, 9, 5), 'dayTime', 'en')).toBe('24 Nov, 9:05 AM');
    expect(formatDate(evening, 'time', 'ta')).toMatch(/5:39 PM/);
    expect(formatDate(evening, 'dateTime', 'ta')).not.toMatch(/\bpm\b|p\.m\./);
  });

  it('puts the day before the month in every Tamil date, with or without the year', () => {
    const morning = new Date(2026, 10, 24, 9, 5);
    const date = formatDate(morning, 'date', 'ta');
    const dayTime = formatDate(morning, 'dayTime', 'ta');
    expect(date.startsWith('24 ')).toBe(true);
    expect(dayTime.startsWith('24 ')).toBe(true);
    expect(dayTime).toContain(date.replace(/,? ?2026$/, ''));
    expect(dayTime).not.toContain('2026');
    expect(dayTime).toMatch(/9:05 AM$/);
  });

  it("takes an event's plain date as that calendar day, and shows nothing for no date", () => {
    expect(formatDate('2026-11-24', 'date', 'en')).toBe('24 Nov 2026');
    expect(formatDate(null, 'date', 'en')).toBe('');
    expect(formatDate('not a date', 'date', 'en')).toBe('');
  });

  it('keeps money in Indian grouping', () => {
    expect(formatRupees(122549)).toBe('₹1,22,549');
  });
});
