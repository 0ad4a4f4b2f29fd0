// The host's order for the moi book (issue 11): villages printed first and chosen givers printed first,
// stored on the event (one mutation, replaced whole) so every device and the server's CLI print the same.
import { eq } from 'drizzle-orm';
import { policy } from '../../contract/policy';
import type { MutationValue } from '../../contract/sync';
import { cleanVillageRules } from '../../report/villages';
import { counters, events } from '../db/schema';
import { deny, type MutationCtx } from './mutation-context';

/** Trimmed, single-spaced, first occurrence kept (the book groups villages the same way). */
export function cleanVillageOrder(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of list) {
    const k = v.trim().replace(/\s+/g, ' ');
    if (k && !seen.has(k)) { seen.add(k); out.push(k); }
  }
  return out;
}

export async function setBookOrder(ctx: MutationCtx, a: MutationValue<'event.bookOrder'>): Promise<void> {
  const [ev] = await ctx.tx.select({ id: events.id }).from(events).where(eq(events.id, a.id));
  const d = policy['event.bookOrder'](ctx.scope, ev);
  if (!d.ok) throw deny(d.code, d.reason);
  const now = new Date(ctx.now).toISOString();
  await ctx.tx.update(events).set({
    bookVillageOrder: cleanVillageOrder(a.villages),
    bookFirstGiftIds: [...new Set(a.firstGiftIds)],
    updatedAt: now,
  }).where(eq(events.id, a.id));
}

/**
 * The host's merges and renames of villages (issue 27 item 5): the whole list replaced, each rule's
 * names single-spaced, a rule naming the same village twice (from = to) dropped. The book applies them
 * (report/villages.ts); the events trigger logs the change, so every device pulls it with the event.
 */
export async function setBookVillages(ctx: MutationCtx, a: MutationValue<'event.bookVillages'>): Promise<void> {
  const [ev] = await ctx.tx.select({ id: events.id }).from(events).where(eq(events.id, a.id));
  const cs = ev ? await ctx.tx.select({ id: counters.id, eventId: counters.eventId }).from(counters).where(eq(counters.eventId, a.id)) : [];
  const d = policy['event.bookVillages'](ctx.scope, ev, cs);
  if (!d.ok) throw deny(d.code, d.reason);
  await ctx.tx.update(events).set({ bookVillages: cleanVillageRules(a.villages), updatedAt: new Date(ctx.now).toISOString() }).where(eq(events.id, a.id));
}
