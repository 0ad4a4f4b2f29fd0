// Counters as the management screens change them: list (owners and admins, scoped), create with a
// short code, rename, assign staff, and staff PINs for offline shift change. Opening is counters.ts
// openCounter (the same as the push's counter.open); closing with a cash tally is a sync mutation.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { listCountersQuerySchema } from '../../contract/admin';
import type { z } from 'zod';
import { uuidv7 } from '../../contract/ids';
import type { Db } from '../db/client';
import { counters, events } from '../db/schema';
import { HttpError } from '../errors';
import type { Actor } from '../session';
import { adminEventIds, notFound, writeTx } from './management/guard';
import { pinCredentials, setCounterStaff, setStaffPin, staffIdsOfEvents, staffWithinEvents } from './management/staff';
import { counterViews, type CounterRow } from './management/views';
import { canAdminEvent, canReadEvent, visibleEventIds } from './scope';

type EventRow = typeof events.$inferSelect;

/** The counter if the actor administers its event, else 404. */
export async function adminCounter(db: Db, actor: Actor, id: string): Promise<CounterRow> {
  const [c] = await db.select().from(counters).where(eq(counters.id, id)).limit(1);
  if (!c || !(await canAdminEvent(db, actor, c.eventId))) throw notFound('Counter');
  return c;
}

/** The event if the actor administers it, else 404. */
export async function adminEvent(db: Db, actor: Actor, id: string): Promise<EventRow> {
  const [ev] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  if (!ev || !(await canAdminEvent(db, actor, id))) throw notFound('Event');
  return ev;
}

/**
 * Staff an actor may put on a counter of `eventId`: app_admin any (undefined = no limit); an event admin
 * the staff of their events, and the staff pool of this event's hall only (issue 29): a hall's pool
 * works the hall's events, not another event its admin also runs.
 */
async function assignable(db: Db, actor: Actor, eventId: string): Promise<Set<string> | undefined> {
  const mine = await adminEventIds(db, actor);
  if (mine === 'all') return undefined;
  if (!mine.includes(eventId)) return new Set();
  // Staff move between the admin's events of the same hall (or between their events of no hall): a
  // pool member once on a hall counter is not thereby free for the admin's family event.
  const [target] = await db.select({ orgId: events.orgId }).from(events).where(eq(events.id, eventId));
  const alike = await db.select({ id: events.id }).from(events)
    .where(and(inArray(events.id, mine), target?.orgId ? eq(events.orgId, target.orgId) : isNull(events.orgId)));
  return staffIdsOfEvents(db, alike.map((e) => e.id), [eventId]);
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};
const codeTaken = (code: string | undefined) => new HttpError(409, 'conflict', `Counter code ${code} is already used in this event`);

export const counterView = async (db: Db, c: CounterRow) => (await counterViews(db, [c]))[0];

export async function listCounters(db: Db, actor: Actor, q: z.infer<typeof listCountersQuerySchema>) {
  if (q.eventId && !(await canReadEvent(db, actor, q.eventId))) throw notFound('Event');
  const visible = await visibleEventIds(db, actor);
  if (visible !== 'all' && visible.length === 0) return [];
  const rows = await db.select().from(counters).where(and(
    visible === 'all' ? undefined : inArray(counters.eventId, visible),
    q.eventId ? eq(counters.eventId, q.eventId) : undefined,
    q.status ? eq(counters.status, q.status) : undefined,
  )).orderBy(asc(counters.eventId), asc(counters.code));
  return counterViews(db, rows);
}

export async function createCounter(
  db: Db, actor: Actor, ev: EventRow, body: { id?: string; code: string; name: string; staffIds?: string[] },
): Promise<CounterRow> {
  if (ev.status === 'closed') throw new HttpError(409, 'event_closed', 'The event is closed');
  const allowed = body.staffIds?.length ? await assignable(db, actor, ev.id) : undefined;
  const id = body.id ?? uuidv7();
  try {
    return await writeTx(db, async (tx) => {
      const t = tx;
      const clash = await t.select({ id: counters.id }).from(counters).where(and(eq(counters.eventId, ev.id), eq(counters.code, body.code))).limit(1);
      if (clash.length) throw codeTaken(body.code);
      const [r] = await t.insert(counters).values({ id, eventId: ev.id, code: body.code, name: body.name, status: 'closed' }).returning();
      if (body.staffIds?.length) await setCounterStaff(t, r, body.staffIds, allowed);
      return r;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken(body.code);
    throw e;
  }
}

export async function updateCounter(db: Db, c: CounterRow, body: { code?: string; name?: string }): Promise<CounterRow> {
  if (body.code && body.code !== c.code) {
    const clash = await db.select({ id: counters.id }).from(counters).where(and(eq(counters.eventId, c.eventId), eq(counters.code, body.code))).limit(1);
    if (clash.length) throw codeTaken(body.code);
  }
  try {
    return await writeTx(db, async (tx) => {
      const [r] = await tx.update(counters).set({
        ...(body.code !== undefined ? { code: body.code } : {}),
        ...(body.name !== undefined ? { name: body.name } : {}),
        updatedAt: new Date().toISOString(),
      }).where(eq(counters.id, c.id)).returning();
      return r;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken(body.code);
    throw e;
  }
}

export async function assignCounterStaff(db: Db, actor: Actor, c: CounterRow, userIds: string[]): Promise<CounterRow> {
  const allowed = await assignable(db, actor, c.eventId);
  await writeTx(db, async (tx) => setCounterStaff(tx, c, userIds, allowed));
  return (await db.select().from(counters).where(eq(counters.id, c.id)))[0];
}

/** A PIN lets its holder act on shared tablets: an event admin sets it only for staff wholly theirs (else 404). */
export async function assertMaySetPin(db: Db, actor: Actor, userId: string): Promise<void> {
  const mine = await adminEventIds(db, actor);
  if (mine !== 'all' && !(await staffWithinEvents(db, userId, mine))) throw notFound('Staff member');
}

export async function setCounterPin(db: Db, c: CounterRow, userId: string, pin: string): Promise<void> {
  const creds = await pinCredentials(pin);
  await writeTx(db, async (tx) => setStaffPin(tx, c, userId, creds));
}
