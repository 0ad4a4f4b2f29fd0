// How the book writes times, dates and corrections for a reader, the same in the PDF, Excel and CSV:
// Indian time (the functions are in India, whatever zone the device or server runs in), the event's
// date as people write it, and a correction's field and values in words, not stored keys.
import type { GiftFlag, PaymentMode, Relation } from '../contract/entities';
import type { ReportLabels, ReportLang } from './labels';

export const INDIA_TIME_ZONE = 'Asia/Kolkata';
/** India keeps one offset all year (no daylight saving since 1945): +05:30. */
const INDIA_OFFSET_MS = 330 * 60_000;

const locale = (lang: ReportLang) => (lang === 'ta' ? 'ta-IN' : 'en-IN');
const whenFormat = { ta: new Intl.DateTimeFormat('ta-IN', { timeZone: INDIA_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }), en: new Intl.DateTimeFormat('en-IN', { timeZone: INDIA_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }) };

/** An instant as read in India: "20 Nov 2026, 11:30 am" / "20 நவ., 2026, 11:30 AM". */
export function whenIndia(iso: string, lang: ReportLang): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : whenFormat[lang].format(d);
}

/** An event's calendar date (YYYY-MM-DD) as people write it: "27 நவம்பர் 2026" / "27 November 2026". */
export function eventDateWords(date: string, lang: ReportLang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // A calendar date has no zone: read in UTC so it never moves a day.
  const monthName = new Intl.DateTimeFormat(locale(lang), { timeZone: 'UTC', month: 'long' }).format(Date.UTC(year, month - 1, day));
  return `${day} ${monthName} ${year}`;
}

/**
 * The instant's Indian wall-clock time as milliseconds "in UTC": what a spreadsheet cell (which has
 * no zone) must hold so that it reads as the time in India.
 */
export const indiaWallClockMs = (d: Date) => d.getTime() + INDIA_OFFSET_MS;

/** The Indian date and time for CSV: "2026-11-20 09:30" (spreadsheets read it as a date-time). */
export function csvTimeIndia(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  return new Date(indiaWallClockMs(d)).toISOString().slice(0, 16).replace('T', ' ');
}

/** A stored field of a gift, as the book names it (the corrections annex and the Excel audit sheet). */
export function fieldLabel(L: ReportLabels, field: string): string {
  const names: Record<string, string> = {
    name: L.name, initial: L.initial, village: L.village, mobile: L.mobile, relation: L.relation, mode: L.mode, amount: L.amount,
    reference: L.reference, item: L.item, weightGrams: L.weight, approxValue: L.approxValue, note: L.note,
    deletedAt: L.deleted, deletedBy: L.deletedBy, deleteReason: L.deleteReason, reviewedAt: L.reviewed, reviewedBy: L.reviewed,
    flags: L.flagsCol, messageConsent: L.messageConsent, enteredAt: L.enteredAt, enteredBy: L.staff, counterId: L.counter,
  };
  // A field added later and not named here: its words ("someField" → "some field"), never the bare key.
  return names[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A correction's before or after value in words: labels for relation, mode and flags, Indian times, yes / no. */
export function changeValue(L: ReportLabels, field: string, value: string, lang: ReportLang): string {
  if (!value) return value;
  if (field === 'relation') return L.relations[value as Relation] ?? value;
  if (field === 'mode') return L.modes[value as PaymentMode] ?? value;
  if (field === 'flags') return value.split(',').map((f) => L.flags[f.trim() as GiftFlag] ?? f.trim()).join(', ');
  if (value === 'true' || value === 'false') return value === 'true' ? L.yes : L.no;
  if (ISO_INSTANT.test(value)) return whenIndia(value, lang);
  return value;
}

/** A line of the summary's by-village table: the maternal uncle's and the chosen givers' lines by their section's name. */
export function byVillageLabel(L: ReportLabels, line: { label: string; section?: 'uncle' | 'first' }): string {
  return line.section === 'uncle' ? L.uncle : line.section === 'first' ? L.firstGivers : line.label || L.noVillage;
}
