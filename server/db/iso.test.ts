// The one driver-timestamp → ISO conversion (every answer and every pulled entity goes through it).
import { describe, expect, it } from 'vitest';
import { toIso, toMs } from './iso';

describe('toIso', () => {
  it('reads what PostgreSQL and PGlite print for timestamptz, at any precision', () => {
    expect(toIso('2026-11-22 12:43:45+00')).toBe('2026-11-22T12:43:45.000Z');
    expect(toIso('2026-11-22 12:43:45.1+00')).toBe('2026-11-22T12:43:45.100Z');
    expect(toIso('2026-11-22 12:43:45.12+00')).toBe('2026-11-22T12:43:45.120Z');
    // Microseconds are cut to milliseconds, never rounded into the next second.
    expect(toIso('2026-11-22 23:59:59.999999+00')).toBe('2026-11-22T23:59:59.999Z');
  });

  it('applies the session zone the database printed: hours, minutes, and the seconds of old local mean times', () => {
    expect(toIso('2026-11-22 18:13:45.5+05:30')).toBe('2026-11-22T12:43:45.500Z');
    expect(toIso('2026-11-22 09:43:45-03')).toBe('2026-11-22T12:43:45.000Z');
    expect(toIso('2026-11-23 00:43:45+12')).toBe('2026-11-22T12:43:45.000Z');
    expect(toIso('1900-01-01 05:53:28+05:53:28')).toBe('1900-01-01T00:00:00.000Z');
    // Across midnight and a year's end.
    expect(toIso('2027-01-01 02:00:00+05:30')).toBe('2026-12-31T20:30:00.000Z');
  });

  it('takes a time without a zone as UTC (not the server machine\'s local time)', () => {
    expect(toIso('2026-11-22 12:43:45')).toBe('2026-11-22T12:43:45.000Z');
    expect(toIso('2026-11-22T12:43:45.250')).toBe('2026-11-22T12:43:45.250Z');
  });

  it('keeps ISO strings and Dates as the same instant, in the one form', () => {
    expect(toIso('2026-11-22T12:43:45.100Z')).toBe('2026-11-22T12:43:45.100Z');
    expect(toIso('2026-11-22T12:43:45Z')).toBe('2026-11-22T12:43:45.000Z');
    expect(toIso(new Date(Date.UTC(2026, 10, 22, 12, 43, 45, 100)))).toBe('2026-11-22T12:43:45.100Z');
    expect(toIso('0044-03-15 12:00:00+00')).toBe('0044-03-15T12:00:00.000Z');
  });

  it('gives null for null, undefined and an invalid Date; a value that is not a time comes back as it is', () => {
    expect(toIso(null)).toBeNull();
    expect(toIso(undefined)).toBeNull();
    expect(toIso(new Date(Number.NaN))).toBeNull();
    expect(toIso('infinity')).toBe('infinity');
    expect(toIso('0044-03-15 12:00:00+00 BC')).toBe('0044-03-15 12:00:00+00 BC');
    expect(toIso('')).toBe('');
  });
});

describe('toMs', () => {
  it('is the instant in milliseconds, NaN when there is none', () => {
    expect(toMs('2026-11-22 18:13:45.5+05:30')).toBe(Date.UTC(2026, 10, 22, 12, 43, 45, 500));
    expect(toMs(null)).toBeNaN();
    expect(toMs('infinity')).toBeNaN();
  });
});
