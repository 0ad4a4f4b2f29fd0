// Who may see and change what (ARCHITECTURE §4): app_admin sees all; an event admin the events
// they administer; an event owner the events they own; counter staff the events and counters
// they are assigned to. Every route and mutation asks these, never the client.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { counterStaff, counters, eventMembers, events } from '../db/schema';
import type { Actor } from '../session';

/**
 * THE definition of what links a user to events (issue 26: written once): their event memberships
 * (k = the member role: owner, admin, staff) and their counter assignments (k = 'counter', id = the
 * counter), each with its event, and (issue 29) the events of the organisations they administer
 * (k = 'admin': membership of an organisation is a scope, not a role). Every "events this user administers / owns / staffs" question is
 * answered from these rows: the policy scope (mutation-context.ts loadScope), the push's first
 * statement (sync-push.ts), the pull's scope (sync-pull.ts scopeIds), visibleEventIds below and
 * the management guard's adminEventIds. `u` is where the user id comes from (a parameter
 * placeholder or a subquery).
 */
export const actorLinksText = (u: string) => `select role as k, event_id as id, event_id as event from event_members where user_id = ${u}
  union all select 'counter', cs.counter_id, c.event_id from counter_staff cs join counters c on c.id = cs.counter_id where cs.user_id = ${u}
  union all select 'admin', e.id, e.id from org_members om join events e on e.org_id = om.org_id where om.user_id = ${u} and om.role = 'admin'`;
const HOLE = '\u0000';
/** The same rows as a Drizzle query for one user id (bound as a parameter). */
export const actorLinks = (userId: string): SQL => sql.join(actorLinksText(HOLE).split(HOLE).map((part) => sql.raw(part)), sql`${userId}`);

/**
 * The policy scope's rows (issue 30): the actor's links above plus the ledgers shared with them as a
 * family member (k = 'ledger:view' | 'ledger:edit', id = the host; no event). Only the policy scope
 * (loadScope, the push's first statement) reads these; event visibility stays actorLinks.
 */
export const policyLinksText = (u: string) => `${actorLinksText(u)}
  union all select 'ledger:' || role, owner_id, null::text from ledger_members where member_id = ${u} and removed_at is null`;
export const policyLinks = (userId: string): SQL => sql.join(policyLinksText(HOLE).split(HOLE).map((part) => sql.raw(part)), sql`${userId}`);

/** Event ids the actor may read (a member of, or staff of one of its counters); `'all'` for app_admin. */
export async function visibleEventIds(db: Db, actor: Actor): Promise<string[] | 'all'> {
  if (actor.role === 'app_admin') return 'all';
  const res = await db.execute(sql`select distinct l.event from (${actorLinks(actor.id)}) l`);
  return (res as unknown as { rows: Array<{ event: string }> }).rows.map((r) => r.event);
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
  return rows.length > 0 || (await orgAdminsOfEvents(db, [eventId])).get(eventId)?.includes(actor.id) === true;
}

/** Issue 29: the admins of each event's organisation (they administer all its events), by event id. */
export async function orgAdminsOfEvents(db: Db, eventIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (eventIds.length === 0) return out;
  const res = await db.execute(sql`select e.id as event, om.user_id as u from events e join org_members om on om.org_id = e.org_id
    where om.role = 'admin' and e.id in (${sql.join(eventIds.map((id) => sql`${id}`), sql`, `)})`);
  for (const r of (res as unknown as { rows: Array<{ event: string; u: string }> }).rows) out.set(r.event, [...(out.get(r.event) ?? []), r.u]);
  return out;
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
