import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDay, parseTypedDate } from './typed-date';
import { pickDefaultEvent } from './use-event-param';

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

// India is UTC+5:30: from midnight to 5:30 a.m. the UTC date (toISOString) is still yesterday's.
// The clock is pinned to 00:30 on 24 November in Chennai, which is 19:00 UTC on 23 November.
describe("today on an Indian device between midnight and 5:30 a.m.", () => {
  const tz = process.env.TZ;
  const atHalfPastMidnightInChennai = () => {
    process.env.TZ = 'Asia/Kolkata';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T19:00:00Z'));
    // The pinned instant really is 24 November, 00:30 on this device's clock.
    expect([new Date().getDate(), new Date().getHours(), new Date().getMinutes()]).toEqual([24, 0, 30]);
  };
  afterEach(() => {
    vi.useRealTimers();
    if (tz === undefined) delete process.env.TZ; else process.env.TZ = tz;
  });

  it('localDay() is the 24th, not UTC\'s 23rd', () => {
    atHalfPastMidnightInChennai();
    expect(localDay()).toBe('2026-11-24');
  });

  it("the default event on the wedding morning is that day's, not yesterday's", () => {
    atHalfPastMidnightInChennai();
    const events = [
      { id: 'reception', date: '2026-11-23', status: 'open' },
      { id: 'wedding', date: '2026-11-24', status: 'open' },
    ];
    expect(pickDefaultEvent(events)?.id).toBe('wedding');
  });
});
