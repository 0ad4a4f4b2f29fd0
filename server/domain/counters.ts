// Counters: open (push or REST, one function) and close with a cash tally. A closed count is final:
// who closed it and when are the server's, its expected cash only counts gifts that arrived while
// the counter was open, and gifts arriving later are flagged (domain/gifts.ts), never added to it.
import { eq } from 'drizzle-orm';
import { expectedCash } from '../../contract/custody';
import { countsTotal, type OpeningFloat } from '../../contract/entities';
import { policy } from '../../contract/policy';
import type { MutationValue } from '../../contract/sync';
import type { Db } from '../db/client';
import { counters } from '../db/schema';
import { countedCashOf, lockCounterForStatus, lockEventForStatus } from './invariants';
import { assigned, deny, type CounterRow, type MutationCtx } from './mutation-context';
import { toMs } from '../db/iso';
import { activeBilling } from '../billing/config';
import { assertMayOpen } from '../billing/entitlements';

export async function openCounter(ctx: MutationCtx, a: { id: string; openingFloat?: OpeningFloat | null }): Promise<CounterRow> {
  // R4, R5 (invariants.ts): the event FOR SHARE, the counter FOR UPDATE, before deciding.
  const c = await lockCounterForStatus(ctx, a.id);
  const d = policy['counter.open'](ctx.scope, c);
  if (!d.ok) throw deny(d.code, d.reason);
  const counter = c!;
  if (ctx.eventStatus.get(counter.eventId) === 'closed') throw deny('event_closed', 'The event is closed');
  const now = new Date(ctx.now).toISOString();
  if (counter.status === 'open') {
    // Already open (opened online, then the offline open arrives): a float given now and none before is kept.
    if (a.openingFloat && !counter.openingFloat) {
      const [row] = await ctx.tx.update(counters).set({ openingFloat: a.openingFloat, updatedAt: now }).where(eq(counters.id, counter.id)).returning();
      ctx.counters.set(row.id, row);
      return row;
    }
    return counter;
  }
  // A counter closed with a cash tally stays closed: its count is final (open a new counter instead).
  if (counter.tally) throw deny('counter_closed', 'This counter was closed with a cash count and cannot reopen');
  // Issue 29: a counter opens only while its event is entitled (or within the function day it opened for).
  await assertMayOpen(ctx.tx, activeBilling(), counter.eventId, false, ctx.now);
  const [row] = await ctx.tx.update(counters).set({
    status: 'open', openedAt: now, openedBy: ctx.actor.id, updatedAt: now,
    ...(a.openingFloat !== undefined ? { openingFloat: a.openingFloat } : {}),
  }).where(eq(counters.id, counter.id)).returning();
  ctx.counters.set(row.id, row);
  return row;
}

/**
 * When the counter closed: the device's close time corrected by its clock offset, never in the
 * future and never before it opened; the server's time when the device gave none.
 */
export function closeTime(deviceIso: string | undefined, offsetMs: number | null, openedAt: string | null, nowMs: number): string {
  let t = deviceIso ? Date.parse(deviceIso) + (offsetMs ?? 0) : nowMs;
  t = Math.min(t, nowMs);
  const opened = toMs(openedAt);
  if (!Number.isNaN(opened)) t = Math.max(t, opened);
  return new Date(t).toISOString();
}

export async function closeCounter(ctx: MutationCtx, a: MutationValue<'counter.close'>): Promise<CounterRow> {
  const { tally } = a;
  // R1 (invariants.ts): the counter FOR UPDATE waits for every gift insert that holds it FOR
  // SHARE; the sum below is read after, so it counts exactly the gifts not flagged after_close.
  const c = await lockCounterForStatus(ctx, a.id);
  const d = policy['counter.close'](ctx.scope, c);
  if (!d.ok) throw deny(d.code, d.reason);
  const counter = c!;
  if (counter.status === 'closed' && counter.tally) throw deny('counter_closed', `Counter ${counter.code} is already closed with a cash count`);
  const counted = countsTotal(tally.counts);
  if (counted !== tally.countedTotal) throw deny('invalid_body', `Counted total is ₹${counted}, not ₹${tally.countedTotal}`);
  // A blind count (issue 18) sends neither expected cash nor difference: the reason for a difference
  // comes afterwards (counter.count.explain). An older device's tally still carries both, checked as before.
  const blind = tally.expectedCash === undefined;
  if (!blind) {
    if (tally.difference !== tally.countedTotal - tally.expectedCash!) throw deny('invalid_body', 'Difference does not match counted minus expected');
    if (tally.difference !== 0 && !tally.reason?.trim()) throw deny('reason_required', 'A reason is required when the count differs');
  }
  // The server's own expected cash: the float plus the cash gifts (gifts from other devices may have
  // arrived since the device counted).
  const cashGifts = await countedCashOf(ctx.tx, counter.id);
  const float = (counter.openingFloat as OpeningFloat | null)?.amount ?? 0;
  const expected = expectedCash(float, cashGifts);
  const closedAt = closeTime(tally.closedAt, a.clockOffsetMs ?? ctx.measuredOffsetMs, counter.openedAt, ctx.now);
  const pinAuthorId = a.pinAuthorId && assigned(ctx, counter.id, a.pinAuthorId) ? a.pinAuthorId : null;
  const stored = {
    counts: tally.counts, countedTotal: tally.countedTotal, reason: tally.reason?.trim() || null,
    expectedCash: expected, difference: counted - expected, float, cashGifts,
    ...(blind ? { blind: true } : { deviceExpectedCash: tally.expectedCash }),
    closedBy: ctx.actor.id, closedByName: ctx.actor.name, closedAt, ...(pinAuthorId ? { pinAuthorId } : {}),
  };
  const [row] = await ctx.tx.update(counters).set({ status: 'closed', closedAt, closedBy: ctx.actor.id, tally: stored, updatedAt: new Date(ctx.now).toISOString() })
    .where(eq(counters.id, counter.id)).returning();
  ctx.counters.set(row.id, row);
  return row;
}

/**
 * The reason for a blind count's difference, given after the count was saved. Only the reason is
 * written: the count stays as it was saved. A later reason replaces an earlier one (with its time).
 */
export async function explainCount(ctx: MutationCtx, a: MutationValue<'counter.count.explain'>): Promise<CounterRow> {
  const c = await lockCounterForStatus(ctx, a.id);
  const d = policy['counter.close'](ctx.scope, c);
  if (!d.ok) throw deny(d.code, d.reason);
  const counter = c!;
  if (!counter.tally) throw deny('conflict', `Counter ${counter.code} has no cash count yet`);
  const now = new Date(ctx.now).toISOString();
  const tally = { ...(counter.tally as Record<string, unknown>), reason: a.reason, reasonAt: now, reasonBy: ctx.actor.id };
  const [row] = await ctx.tx.update(counters).set({ tally, updatedAt: now }).where(eq(counters.id, counter.id)).returning();
  ctx.counters.set(row.id, row);
  return row;
}

/** R4 (invariants.ts): closing an event needs every counter closed first; the event is locked, then its counters read. */
export async function assertCountersClosed(db: Db, eventId: string): Promise<void> {
  const open = await lockEventForStatus(db, eventId);
  if (open.length) {
    throw deny('counters_open', `Close counter${open.length > 1 ? 's' : ''} ${open.join(', ')} with a cash count before closing the event`);
  }
}
