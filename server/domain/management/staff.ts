// Counter staff: which users count as staff of which events, assignment to counters and PINs.
// A staff member belongs to an event through an event_members row with role 'staff' (written when
// an event admin creates them for that event, or when they are assigned to one of its counters).
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { counterStaff, counters, eventMembers, events, orgMembers, users } from '../../db/schema';
import { newSalt, storedPinHash } from '../../passwords';
import { HttpError } from '../../errors';
import { notFound } from './guard';
import type { CounterRow } from './views';

/** Ids of counter_staff users linked to any of the events (member 'staff' or assigned to one of their counters). */
export async function staffIdsOfEvents(db: Db, eventIds: string[], poolOf: string[] = eventIds): Promise<Set<string>> {
  const out = new Set<string>();
  if (eventIds.length === 0) return out;
  const members = await db.select({ userId: eventMembers.userId }).from(eventMembers)
    .where(and(inArray(eventMembers.eventId, eventIds), eq(eventMembers.role, 'staff')));
  const assigned = await db.select({ userId: counterStaff.userId }).from(counterStaff)
    .innerJoin(counters, eq(counters.id, counterStaff.counterId))
    .where(inArray(counters.eventId, eventIds));
  // Issue 29: the staff pool of the organisation of each event in `poolOf` (by default all of them).
  const pool = poolOf.length === 0 ? [] : await db.select({ userId: orgMembers.userId }).from(orgMembers)
    .innerJoin(events, eq(events.orgId, orgMembers.orgId))
    .where(and(inArray(events.id, poolOf), eq(orgMembers.role, 'staff')));
  for (const r of [...members, ...assigned, ...pool]) out.add(r.userId);
  return out;
}

/**
 * May an event admin of `eventIds` manage this staff account (rename, reset password, disable, set
 * a PIN)? Only when the account is linked to at least one of those events and EVERY link it has —
 * event_members rows of any role and counter assignments — lies within them: a staff member who
 * also works another admin's event is theirs as much as yours, and a password reset would let you
 * act in that event as them.
 */
export async function staffWithinEvents(db: Db, userId: string, eventIds: string[]): Promise<boolean> {
  if (eventIds.length === 0) return false;
  const linked = await db.select({ eventId: eventMembers.eventId }).from(eventMembers).where(eq(eventMembers.userId, userId));
  const assigned = await db.select({ eventId: counters.eventId }).from(counterStaff)
    .innerJoin(counters, eq(counters.id, counterStaff.counterId))
    .where(eq(counterStaff.userId, userId));
  const all = [...linked, ...assigned].map((r) => r.eventId);
  return all.length > 0 && all.every((e) => eventIds.includes(e));
}

export async function linkStaffToEvent(db: Db, userId: string, eventId: string): Promise<void> {
  await db.insert(eventMembers).values({ eventId, userId, role: 'staff' }).onConflictDoNothing();
}

/**
 * Replace the counter's staff with `userIds` (all must be enabled counter_staff users; `allowed`,
 * when given, limits them to that set — an event admin may only assign staff of their events).
 * Kept staff keep their PINs; removed staff's PINs are tombstoned for the devices.
 */
export async function setCounterStaff(db: Db, counter: CounterRow, userIds: string[], allowed?: Set<string>): Promise<void> {
  const wanted = [...new Set(userIds)];
  const current = (await db.select({ userId: counterStaff.userId }).from(counterStaff).where(eq(counterStaff.counterId, counter.id))).map((r) => r.userId);
  if (wanted.length) {
    const rows = await db.select({ id: users.id, role: users.role, disabled: users.disabled }).from(users).where(inArray(users.id, wanted));
    for (const id of wanted) {
      const u = rows.find((r) => r.id === id);
      if (!u || (allowed && !allowed.has(id))) throw notFound('Staff member');
      if (u.role !== 'counter_staff') throw new HttpError(400, 'invalid_body', 'Only counter staff can be assigned to a counter');
      if (u.disabled && !current.includes(id)) throw new HttpError(409, 'user_disabled', 'This staff account is disabled');
    }
  }
  const removed = current.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  if (removed.length) {
    await db.delete(counterStaff).where(and(eq(counterStaff.counterId, counter.id), inArray(counterStaff.userId, removed)));
    // Off their last counter of this event, they leave the event: no reads of its gifts, and its
    // admin no longer manages them (staffWithinEvents) unless they are put on a counter again.
    const stillOn = new Set((await db.select({ userId: counterStaff.userId }).from(counterStaff)
      .innerJoin(counters, eq(counters.id, counterStaff.counterId))
      .where(and(eq(counters.eventId, counter.eventId), inArray(counterStaff.userId, removed)))).map((r) => r.userId));
    const leaving = removed.filter((id) => !stillOn.has(id));
    if (leaving.length) {
      await db.delete(eventMembers).where(and(eq(eventMembers.eventId, counter.eventId), eq(eventMembers.role, 'staff'), inArray(eventMembers.userId, leaving)));
    }
  }
  if (added.length) {
    await db.insert(counterStaff).values(added.map((userId) => ({ counterId: counter.id, userId }))).onConflictDoNothing();
    await db.insert(eventMembers).values(added.map((userId) => ({ eventId: counter.eventId, userId, role: 'staff' as const }))).onConflictDoNothing();
  }
  await db.update(counters).set({ updatedAt: new Date().toISOString() }).where(eq(counters.id, counter.id));
}

export type PinCredentials = { salt: string; hash: string };

/** Salt and PBKDF2 hash of a PIN; compute it before opening a transaction (it costs a few ms). */
export async function pinCredentials(pin: string): Promise<PinCredentials> {
  const salt = newSalt();
  return { salt, hash: await storedPinHash(pin, salt) };
}

/** Set a staff member's 6-digit PIN for one counter (salted PBKDF2, checkable offline on the device). */
export async function setStaffPin(db: Db, counter: CounterRow, userId: string, pin: PinCredentials): Promise<void> {
  const [u] = await db.select({ disabled: users.disabled }).from(users).where(eq(users.id, userId)).limit(1);
  if (u?.disabled) throw new HttpError(409, 'user_disabled', 'This staff account is disabled');
  const rows = await db.update(counterStaff).set({ pinSalt: pin.salt, pinHash: pin.hash })
    .where(and(eq(counterStaff.counterId, counter.id), eq(counterStaff.userId, userId)))
    .returning({ userId: counterStaff.userId });
  if (!rows[0]) throw new HttpError(409, 'not_assigned', 'This staff member is not assigned to the counter');
}
