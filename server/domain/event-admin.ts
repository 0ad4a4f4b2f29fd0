// Events as the management screens read and change them (/moi/events): lists with totals for owners
// and admins, create (app_admin), edit (app_admin, or the event's admins except owners/admins/plan),
// status planned → open → closed under the event's lock, and one event's totals.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  addToTotals, type createEventBodySchema, type setEventStatusBodySchema, type Totals, type updateEventBodySchema, zeroTotals,
} from '../../contract/admin';
import type { Counter, PaymentMode } from '../../contract/entities';
import { paymentModes } from '../../contract/entities';
import { uuidv7 } from '../../contract/ids';
import { isMoneyMode } from '../../contract/money';
import type { z } from 'zod';
import type { BillingConfig } from '../billing/config';
import { assertMayOpen } from '../billing/entitlements';
import type { Db } from '../db/client';
import { counters, eventMembers, events, gifts, users } from '../db/schema';
import { HttpError } from '../errors';
import type { Actor } from '../session';
import { assertCountersClosed } from './counters';
import { lockEventForStatus } from './invariants';
import { forbidden, notFound, writeTx } from './management/guard';
import { eventViews, itemEstimateSql, totalsByEvent, type EventRow } from './management/views';
import { canAdminEvent, canReadEvent, visibleEventIds } from './scope';

/** Owners must be event_owner or event_admin users; admins event_admin users. 400 otherwise. */
async function checkMembers(db: Db, ownerIds: string[] | undefined, adminIds: string[] | undefined): Promise<void> {
  const ids = [...new Set([...(ownerIds ?? []), ...(adminIds ?? [])])];
  if (ids.length === 0) return;
  const rows = await db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, ids));
  const roleOf = new Map(rows.map((r) => [r.id, r.role]));
  for (const id of ownerIds ?? []) {
    const r = roleOf.get(id);
    if (r !== 'event_owner' && r !== 'event_admin') throw new HttpError(400, 'invalid_body', 'An owner must be an event owner or event admin account', [{ path: ['ownerIds'], message: `Unknown owner ${id}` }]);
  }
  for (const id of adminIds ?? []) {
    if (roleOf.get(id) !== 'event_admin') throw new HttpError(400, 'invalid_body', 'An admin must be an event admin account', [{ path: ['adminIds'], message: `Unknown admin ${id}` }]);
  }
}

async function replaceMembers(db: Db, eventId: string, role: 'owner' | 'admin', ids: string[]): Promise<void> {
  await db.delete(eventMembers).where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.role, role)));
  const uniq = [...new Set(ids)];
  if (uniq.length) await db.insert(eventMembers).values(uniq.map((userId) => ({ eventId, userId, role }))).onConflictDoNothing();
}

async function loadEvent(db: Db, id: string): Promise<EventRow | undefined> {
  return (await db.select().from(events).where(eq(events.id, id)).limit(1))[0];
}

export async function eventSummaries(db: Db, rows: EventRow[]) {
  const ids = rows.map((r) => r.id);
  const [views, totals, counts] = await Promise.all([
    eventViews(db, rows),
    totalsByEvent(db, ids),
    ids.length
      ? db.select({
        eventId: counters.eventId,
        counters: sql<number>`count(*)::int`.mapWith(Number),
        open: sql<number>`count(*) filter (where ${counters.status} = 'open')::int`.mapWith(Number),
      }).from(counters).where(inArray(counters.eventId, ids)).groupBy(counters.eventId)
      : Promise.resolve([]),
  ]);
  return views.map((v) => {
    const c = counts.find((x) => x.eventId === v.id);
    return { ...v, totals: totals.get(v.id) ?? zeroTotals(), counters: c?.counters ?? 0, openCounters: c?.open ?? 0 };
  });
}

const allowedMoves: Record<string, string[]> = { planned: ['open'], open: ['closed'], closed: ['open'] };

/** The events the actor sees, newest first, with their totals. */
export async function listEvents(db: Db, actor: Actor, q: { status?: EventRow['status'] }) {
  const visible = await visibleEventIds(db, actor);
  if (visible !== 'all' && visible.length === 0) return [];
  const rows = await db.select().from(events)
    .where(and(visible === 'all' ? undefined : inArray(events.id, visible), q.status ? eq(events.status, q.status) : undefined))
    .orderBy(desc(events.date), desc(events.createdAt));
  return eventSummaries(db, rows);
}

/** The event if the actor may read it, else 404. */
export async function readableEvent(db: Db, actor: Actor, id: string): Promise<EventRow> {
  const ev = await loadEvent(db, id);
  if (!ev || !(await canReadEvent(db, actor, id))) throw notFound('Event');
  return ev;
}

/** The event if the actor administers it, else 404. */
export async function administeredEvent(db: Db, actor: Actor, id: string): Promise<EventRow> {
  const ev = await loadEvent(db, id);
  if (!ev || !(await canAdminEvent(db, actor, id))) throw notFound('Event');
  return ev;
}

export async function createEvent(db: Db, body: z.infer<typeof createEventBodySchema>): Promise<EventRow> {
  await checkMembers(db, body.ownerIds, body.adminIds);
  const id = body.id ?? uuidv7();
  if (await loadEvent(db, id)) throw new HttpError(409, 'conflict', 'An event with this id exists');
  return writeTx(db, async (tx) => {
    const t = tx;
    const [r] = await t.insert(events).values({
      id,
      titleTa: body.titleTa?.trim() || null,
      titleEn: body.titleEn?.trim() || null,
      functionType: body.functionType,
      date: body.date,
      venue: body.venue,
      hostNames: body.hostNames,
      thankYouNote: body.thankYouNote,
      upiId: body.upiId || null,
      plan: body.plan ?? null,
      status: 'planned',
    }).returning();
    await replaceMembers(t, id, 'owner', body.ownerIds);
    await replaceMembers(t, id, 'admin', body.adminIds);
    return r;
  });
}

export async function updateEvent(db: Db, actor: Actor, ev: EventRow, body: z.infer<typeof updateEventBodySchema>): Promise<EventRow> {
  if (actor.role !== 'app_admin' && (body.ownerIds !== undefined || body.adminIds !== undefined || body.plan !== undefined)) {
    throw forbidden('Only the service admin changes owners, admins and plan');
  }
  await checkMembers(db, body.ownerIds, body.adminIds);
  const titleTa = body.titleTa === undefined ? ev.titleTa : body.titleTa?.trim() || null;
  const titleEn = body.titleEn === undefined ? ev.titleEn : body.titleEn?.trim() || null;
  if (!titleTa && !titleEn) throw new HttpError(400, 'invalid_body', 'Give a title in Tamil or English', [{ path: ['titleEn'], message: 'Required' }]);
  const row = await writeTx(db, async (tx) => {
    const t = tx;
    const [r] = await t.update(events).set({
      titleTa,
      titleEn,
      ...(body.functionType !== undefined ? { functionType: body.functionType } : {}),
      ...(body.date !== undefined ? { date: body.date } : {}),
      ...(body.venue !== undefined ? { venue: body.venue } : {}),
      ...(body.hostNames !== undefined ? { hostNames: body.hostNames } : {}),
      ...(body.thankYouNote !== undefined ? { thankYouNote: body.thankYouNote } : {}),
      ...(body.upiId !== undefined ? { upiId: body.upiId || null } : {}),
      ...(body.plan !== undefined ? { plan: body.plan } : {}),
      updatedAt: new Date().toISOString(),
    }).where(eq(events.id, ev.id)).returning();
    if (body.ownerIds) await replaceMembers(t, ev.id, 'owner', body.ownerIds);
    if (body.adminIds) await replaceMembers(t, ev.id, 'admin', body.adminIds);
    return r;
  });
  return row;
}

/** planned → open → closed (and closed → open); R4 of domain/invariants.ts holds under the event's lock. */
export async function setEventStatus(
  db: Db, billing: BillingConfig, ev: EventRow, status: z.infer<typeof setEventStatusBodySchema>['status'],
): Promise<EventRow> {
  if (status === ev.status) return ev;
  if (!allowedMoves[ev.status]?.includes(status)) throw new HttpError(409, 'conflict', `An event cannot go from ${ev.status} to ${status}`);
  const row = await writeTx(db, async (tx) => {
    // R4 (domain/invariants.ts): the event row locked FOR UPDATE, then its status and counters read
    // again; a counter opening meanwhile holds the event FOR SHARE, so one waits for the other.
    if (status === 'closed') await assertCountersClosed(tx, ev.id);
    else await lockEventForStatus(tx, ev.id);
    // Issue 29: an event opens only with a plan (Smart Track, its hall's Partner Track, an override, the free first event).
    if (status === 'open') await assertMayOpen(tx, billing, ev.id, true);
    const [cur] = await tx.select({ status: events.status }).from(events).where(eq(events.id, ev.id));
    if (cur.status !== ev.status && !allowedMoves[cur.status]?.includes(status)) throw new HttpError(409, 'conflict', `An event cannot go from ${cur.status} to ${status}`);
    const [r] = await tx.update(events).set({ status, updatedAt: new Date().toISOString() }).where(eq(events.id, ev.id)).returning();
    return r;
  });
  return row;
}

/** One event's totals per counter, per mode and per hour of the caller's zone (tzOffset minutes). */
export async function eventTotals(db: Db, ev: EventRow, tzOffset: number) {
  const shift = tzOffset * 60;
  // One pass over the event's gifts, grouped finely; every figure below is summed from these groups.
  const [groups, counterRows] = await Promise.all([
    db.select({
      counterId: gifts.counterId,
      mode: gifts.mode,
      // Hour buckets of the caller's local time (IST is +5:30, so not UTC hours): integer maths, zone-free.
      bucket: sql<number>`floor((extract(epoch from ${gifts.enteredAt}) + ${shift}) / 3600)::int`.mapWith(Number),
      deleted: sql<boolean>`${gifts.deletedAt} is not null`,
      count: sql<number>`count(*)::int`.mapWith(Number),
      // Per mode: the money of cash, UPI and cheque; an item's estimate (never money: addToTotals keeps it out of sum).
      sum: sql<number>`coalesce(sum(case when ${gifts.mode} = 'item' then ${itemEstimateSql} else ${gifts.amount} end), 0)::float8`.mapWith(Number),
      last: sql<string | null>`to_char(max(${gifts.receivedAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    }).from(gifts).where(eq(gifts.eventId, ev.id)).groupBy(sql`1`, sql`2`, sql`3`, sql`4`),
    db.select().from(counters).where(eq(counters.eventId, ev.id)).orderBy(counters.code),
  ]);
  return foldTotals(ev.id, groups.map((g) => ({ ...g, hour: new Date(g.bucket * 3_600_000 - shift * 1000).toISOString() })), counterRows);
}

type TotalsGroup = { counterId: string; mode: PaymentMode; hour: string; deleted: boolean; count: number; sum: number; last: string | null };

/**
 * Event totals, per counter, per mode and per hour from the grouped rows (deleted gifts only counted as
 * deleted). Every `sum` is money (contract/money.ts): an item mode's row carries its count and sum 0;
 * the items' estimate is only in the Totals' `item`.
 */
export function foldTotals(eventId: string, groups: TotalsGroup[], counterRows: { id: string; code: string; name: string; status: Counter['status'] }[]) {
  const add = (t: Totals, g: TotalsGroup) => addToTotals(t, g.mode, g.sum, g.deleted, g.count);
  const totals = zeroTotals();
  const perCounter = new Map<string, Totals>(counterRows.map((c) => [c.id, zeroTotals()]));
  const perMode = new Map<PaymentMode, { count: number; sum: number }>();
  const perHour = new Map<string, { count: number; sum: number }>();
  let last: string | null = null;
  for (const g of groups) {
    add(totals, g);
    add(perCounter.get(g.counterId) ?? perCounter.set(g.counterId, zeroTotals()).get(g.counterId)!, g);
    if (g.last && (!last || Date.parse(g.last) > Date.parse(last))) last = g.last;
    if (g.deleted) continue;
    const money = isMoneyMode(g.mode) ? g.sum : 0;
    const m = perMode.get(g.mode) ?? { count: 0, sum: 0 };
    perMode.set(g.mode, { count: m.count + g.count, sum: m.sum + money });
    const h = perHour.get(g.hour) ?? { count: 0, sum: 0 };
    perHour.set(g.hour, { count: h.count + g.count, sum: h.sum + money });
  }
  return {
    eventId,
    totals,
    byCounter: counterRows.map((c) => ({ counterId: c.id, code: c.code, name: c.name, status: c.status, ...perCounter.get(c.id)! })),
    byMode: paymentModes.map((mode: PaymentMode) => ({ mode, count: perMode.get(mode)?.count ?? 0, sum: perMode.get(mode)?.sum ?? 0 })),
    byHour: [...perHour.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([hour, v]) => ({ hour, ...v })),
    lastReceivedAt: last ? new Date(last).toISOString() : null,
  };
}
