// Money is whole rupees shown with Indian grouping (₹1,00,000); dates stored in UTC, shown locally.
import i18n from './i18n';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

export const formatRupees = (amount: number): string => inr.format(amount);
export const formatNumber = (n: number): string => grouped.format(n);

/**
 * The one date/time formatter: follows the active language (Tamil month names in Tamil), shows times
 * in the device's zone with one AM/PM style ("5:39 PM") in both languages.
 *  - date:      24 Nov 2026          - dayTime:  24 Nov, 5:39 PM
 *  - dateLong:  24 November 2026     - dateTime: 24 Nov 2026, 5:39 PM
 *  - time:      5:39 PM
 * A plain 'YYYY-MM-DD' (an event's date) is that calendar day, not midnight UTC.
 */
export type DateStyle = 'date' | 'dateLong' | 'time' | 'dayTime' | 'dateTime';
const dateOptions: Record<Exclude<DateStyle, 'dayTime'>, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  dateLong: { day: 'numeric', month: 'long', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit', hour12: true },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true },
};
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The active language (components re-render on a switch through useTranslation). */
export const appLanguage = (): string => i18n.language;

export const localeOf = (lang: string | undefined): string => (lang?.startsWith('ta') ? 'ta-IN' : 'en-IN');

export function formatDate(value: string | number | Date | null | undefined, style: DateStyle, lang: string | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const locale = localeOf(lang);
  // dayTime is dateTime without its year: Tamil's own pattern for day and month without a year puts the
  // month first ("நவ. 24") while every other date shows the day first ("24 நவ., 2026"), so a receipt
  // would show both orders on one card.
  const base = style === 'dayTime' ? 'dateTime' : style;
  let f = dateFormatters.get(`${locale}|${base}`);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, dateOptions[base]);
    dateFormatters.set(`${locale}|${base}`, f);
  }
  let parts = f.formatToParts(d);
  if (style === 'dayTime') {
    const y = parts.findIndex((p) => p.type === 'year');
    if (y > 0) parts = [...parts.slice(0, y - 1), ...parts.slice(y + 1)];
  }
  return parts
    .map((p) => (p.type === 'dayPeriod' ? p.value.toUpperCase().replace(/\./g, '') : p.value))
    .join('')
    .replace(/[\u202f\u00a0]/g, '\u00a0'); // one kind of space before AM/PM whatever the ICU version
}

/** A size in bytes in the largest whole unit (B, KB, MB, GB), as the storage figures show it. */
export function formatBytes(n: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: v < 10 && i > 0 ? 1 : 0 }).format(v)} ${units[i]}`;
}
