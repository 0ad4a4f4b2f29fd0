// How an outbox entry reads in the sync panel: a translated title and a short detail from its args.
import { mutationDefs, type MutationName } from '../../../contract/sync';
import { formatDate, formatRupees } from '../../lib/format';

export { formatBytes } from '../../lib/format';

/** The sync panel's title key of each mutation (`sync:mutations.<key>`), from its definition (contract/mutations). */
export const mutationKey = Object.fromEntries(Object.entries(mutationDefs).map(([n, d]) => [n, d.title])) as Record<MutationName, string>;

/** A short detail of an outbox entry from its args, as its definition describes it. */
export function detailOf(name: MutationName, args: unknown): string {
  const parts = mutationDefs[name]?.detail?.((args ?? {}) as Record<string, unknown>) ?? [];
  return parts.map((p) => (p && typeof p === 'object' ? formatRupees(p.rupees) : p || '')).filter(Boolean).join(' · ');
}


export function formatTime(iso: string, lang: string): string {
  const sameDay = new Date(iso).toDateString() === new Date().toDateString();
  return formatDate(iso, sameDay ? 'time' : 'dayTime', lang);
}
