// Who may see and change what (ARCHITECTURE §4): app_admin sees all; an event admin the events
// they administer; an event owner the events they own; counter staff the events and counters
// they are assigned to. Every route and mutation asks these, never the client.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { counterStaff, counters, eventMembers, events } from '../db/schema';
import type { Actor } from '../session';

/** Event ids the actor may read; `'all'` for app_admin. */
export async function visibleEventIds(db: Db, actor: Actor): Promise<string[] | 'all'> {
  if (actor.role === 'app_admin') return 'all';
  const [member, staffed] = await Promise.all([
    db.select({ eventId: eventMembers.eventId }).from(eventMembers).where(eq(eventMembers.userId, actor.id)),
    db.select({ eventId: counters.eventId }).from(counterStaff).innerJoin(counters, eq(counters.id, counterStaff.counterId)).where(eq(counterStaff.userId, actor.id)),
  ]);
  return [...new Set([...member.map((r) => r.eventId), ...staffed.map((r) => r.eventId)])];
}

export async function canReadEvent(db: Db, actor: Actor, eventId: string): Promise<boolean> {
  const ids = await visibleEventIds(db, actor);
  return ids === 'all' || ids.includes(eventId);
}

/** May run the event: create counters, staff, correct any gift. app_admin, or an admin of that event. */
export async function canAdminEvent(db: Db, actor: Actor, eventId: string): Promise<boolean> {
  if (actor.role === 'app_admin') return true;
  if (actor.role !== 'event_admin') return false;
  const rows = await db.select().from(eventMembers)
    .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, actor.id), eq(eventMembers.role, 'admin'))).limit(1);
  return rows.length > 0;
}

/** Counter ids the given user is assigned to (optionally only within some events). */
export async function assignedCounterIds(db: Db, userId: string, eventIds?: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: counterStaff.counterId, eventId: counters.eventId })
    .from(counterStaff)
    .innerJoin(counters, eq(counters.id, counterStaff.counterId))
    .where(eventIds ? and(eq(counterStaff.userId, userId), inArray(counters.eventId, eventIds)) : eq(counterStaff.userId, userId));
  return rows.map((r) => r.id);
}

export async function isAssigned(db: Db, userId: string, counterId: string): Promise<boolean> {
  const rows = await db.select().from(counterStaff)
    .where(and(eq(counterStaff.userId, userId), eq(counterStaff.counterId, counterId))).limit(1);
  return rows.length > 0;
}

export async function eventExists(db: Db, eventId: string): Promise<boolean> {
  return (await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1)).length > 0;
}

/**
 * May `viewer` see user `targetId` (their profile picture)? Themselves; an app admin; an admin or
 * owner of an event the target belongs to (any event link, or a counter of it); staff of a counter
 * the target also staffs. Nobody else — the answer to them is "not found".
 */
export async function maySeeUser(db: Db, viewer: Actor, targetId: string): Promise<boolean> {
  if (viewer.id === targetId || viewer.role === 'app_admin') return true;
  const res = await db.execute(sql`
    select 1 as ok where exists (
      select 1 from event_members vm
      where vm.user_id = ${viewer.id} and vm.role in ('admin', 'owner') and (
        exists (select 1 from event_members tm where tm.event_id = vm.event_id and tm.user_id = ${targetId})
        or exists (select 1 from counter_staff cs join counters c on c.id = cs.counter_id where c.event_id = vm.event_id and cs.user_id = ${targetId})
      )
    ) or exists (
      select 1 from counter_staff a join counter_staff b on b.counter_id = a.counter_id
      where a.user_id = ${viewer.id} and b.user_id = ${targetId}
    )`);
  return (res as unknown as { rows: unknown[] }).rows.length > 0;
}
