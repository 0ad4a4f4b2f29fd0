// How an outbox entry reads in the sync panel: a translated title and a short detail from its args.
import { mutationDefs, type MutationName } from '../../../contract/sync';
import { formatDate, formatRupees } from '../../lib/format';

/** The sync panel's title key of each mutation (`sync:mutations.<key>`), from its definition (contract/mutations). */
export const mutationKey = Object.fromEntries(Object.entries(mutationDefs).map(([n, d]) => [n, d.title])) as Record<MutationName, string>;

/** A short detail of an outbox entry from its args, as its definition describes it. */
export function detailOf(name: MutationName, args: unknown): string {
  const parts = mutationDefs[name]?.detail?.((args ?? {}) as Record<string, unknown>) ?? [];
  return parts.map((p) => (p && typeof p === 'object' ? formatRupees(p.rupees) : p || '')).filter(Boolean).join(' · ');
}

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

export function formatTime(iso: string, lang: string): string {
  const sameDay = new Date(iso).toDateString() === new Date().toDateString();
  return formatDate(iso, sameDay ? 'time' : 'dayTime', lang);
}
