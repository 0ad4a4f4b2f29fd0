import { describe, expect, it } from 'vitest';
import { localDay, parseTypedDate } from './typed-date';

describe('parseTypedDate: a date as people here type it, to YYYY-MM-DD', () => {
  it('reads day-first numbers and ISO dates', () => {
    expect(parseTypedDate('24/11/2026')).toBe('2026-11-24');
    expect(parseTypedDate('4-9-2026')).toBe('2026-09-04');
    expect(parseTypedDate('04.09.2026')).toBe('2026-09-04');
    expect(parseTypedDate(' 2026-11-24 ')).toBe('2026-11-24');
    expect(parseTypedDate('2026/1/5')).toBe('2026-01-05');
  });

  it('reads what the field itself shows, in Tamil and English, and short month names', () => {
    expect(parseTypedDate('24 நவம்பர், 2026')).toBe('2026-11-24');
    expect(parseTypedDate('4 செப்டம்பர் 2026')).toBe('2026-09-04');
    expect(parseTypedDate('4 செப்டெம்பர் 2026')).toBe('2026-09-04');
    expect(parseTypedDate('24 நவ. 2026')).toBe('2026-11-24');
    expect(parseTypedDate('24 November 2026')).toBe('2026-11-24');
    expect(parseTypedDate('24 nov 2026')).toBe('2026-11-24');
    expect(parseTypedDate('4 Sep 2026')).toBe('2026-09-04');
    expect(parseTypedDate('November 24, 2026')).toBe('2026-11-24');
  });

  it('answers null for days that do not exist and for half-typed text', () => {
    expect(parseTypedDate('31/02/2026')).toBeNull();
    expect(parseTypedDate('2026-13-01')).toBeNull();
    expect(parseTypedDate('24/11/20')).toBeNull();
    expect(parseTypedDate('24 நவம்')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
    expect(parseTypedDate('tomorrow')).toBeNull();
  });
});

describe('localDay', () => {
  it("is the device's calendar day, not UTC's (00:30 in India is still the same day there)", () => {
    expect(localDay(new Date(2026, 10, 24, 0, 30))).toBe('2026-11-24');
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
