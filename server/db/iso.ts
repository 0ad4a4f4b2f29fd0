// Timestamps as the database driver gives them (timestamptz in mode 'string': "2026-11-22 12:43:45.1+00")
// → ISO 8601 UTC with milliseconds, the one form every answer and pulled entity carries.

// Date, time, optional fraction, optional zone: Z, ±HH, ±HH:MM or ±HH:MM:SS (PostgreSQL prints the
// seconds for old local mean times, e.g. +05:53:28 before 1906 in Asia/Kolkata).
const PG_TIMESTAMP = /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:(Z)|([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?)?$/;

/**
 * A driver timestamp (or a Date, or an ISO string) → ISO 8601 UTC (`2026-11-22T12:43:45.100Z`);
 * null and undefined stay null. Parsed by hand, not by Date.parse, whose reading of the driver's text
 * varies by engine and takes a time without a zone as local: here it is UTC, as the database means it.
 * Fractions finer than a millisecond are cut (as Date does). A value that is not a time ('infinity', a BC
 * date) is returned as it is: one odd row must not fail a whole pull or list.
 */
export function toIso(v: string | Date | null | undefined): string | null {
  if (v == null) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  const m = PG_TIMESTAMP.exec(v);
  if (!m) return v;
  const [, y, mo, d, h, mi, s, frac, , sign, oh, om, os] = m;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  at.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  at.setUTCHours(Number(h), Number(mi), Number(s), ms);
  const offset = sign ? (sign === '-' ? -1 : 1) * ((Number(oh) * 60 + Number(om ?? 0)) * 60 + Number(os ?? 0)) * 1000 : 0;
  const t = at.getTime() - offset;
  return Number.isNaN(t) ? v : new Date(t).toISOString();
}

/** Milliseconds since the epoch of a driver timestamp; NaN for null or a value that is not a time. */
export const toMs = (v: string | Date | null | undefined): number => {
  const iso = toIso(v);
  return iso ? Date.parse(iso) : Number.NaN;
};
