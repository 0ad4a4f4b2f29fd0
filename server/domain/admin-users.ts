// The management of users (/moi/admin/users): event admins, event owners and counter staff — list,
// create, edit, disable, reset password. app_admin manages everyone; an event admin only counter staff
// of their events, and sees nothing of users outside that scope (404).
import { and, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { createUserBodySchema, listUsersQuerySchema, updateUserBodySchema } from '../../contract/admin';
import type { z } from 'zod';
import { insertUser } from '../bootstrap';
import type { Db } from '../db/client';
import { counterStaff, counters, eventMembers, events, sessions, users } from '../db/schema';
import { HttpError } from '../errors';
import { assertStrongPassword, hashPassword } from '../passwords';
import type { Actor, UserRow } from '../session';
import { adminEventIds, forbidden, notFound, writeTx } from './management/guard';
import { linkStaffToEvent, pinCredentials, setCounterStaff, setStaffPin, staffIdsOfEvents, staffWithinEvents } from './management/staff';
import { adminUserViews } from './management/views';
import { canAdminEvent } from './scope';

/**
 * The target user if the actor may manage them, else 404 (never reveals users outside scope). An
 * event admin manages only counter staff whose every event link and counter lies in their events.
 */
export async function managedUser(db: Db, actor: Actor, id: string): Promise<UserRow> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!u) throw notFound('User');
  if (actor.role === 'app_admin') return u;
  if (u.role !== 'counter_staff') throw notFound('User');
  const mine = await adminEventIds(db, actor);
  if (!(await staffWithinEvents(db, u.id, mine === 'all' ? [] : mine))) throw notFound('User');
  return u;
}

/** Users as the actor may see them: an event admin sees their events and counters only within the events they run. */
async function viewsFor(db: Db, actor: Actor, rows: UserRow[]) {
  const scope = await adminEventIds(db, actor);
  return adminUserViews(db, rows, scope === 'all' ? undefined : scope);
}

export async function listManagedUsers(db: Db, actor: Actor, q: z.infer<typeof listUsersQuerySchema>) {
  const where: (SQL | undefined)[] = [];
  if (actor.role !== 'app_admin') {
    if (q.role && q.role !== 'counter_staff') throw forbidden('Event admins manage counter staff only');
    const mine = await adminEventIds(db, actor) as string[];
    if (q.eventId && !mine.includes(q.eventId)) throw notFound('Event');
    const ids = [...await staffIdsOfEvents(db, q.eventId ? [q.eventId] : mine)];
    if (ids.length === 0) return { users: [] };
    where.push(inArray(users.id, ids), eq(users.role, 'counter_staff'));
  } else {
    if (q.role) where.push(eq(users.role, q.role));
    if (q.eventId) {
      const linked = await db.select({ userId: eventMembers.userId }).from(eventMembers).where(eq(eventMembers.eventId, q.eventId));
      const ids = [...new Set([...linked.map((r) => r.userId), ...await staffIdsOfEvents(db, [q.eventId])])];
      if (ids.length === 0) return { users: [] };
      where.push(inArray(users.id, ids));
    }
  }
  if (q.q?.trim()) {
    const like = `%${q.q.trim()}%`;
    where.push(or(ilike(users.name, like), ilike(users.username, like), ilike(users.mobile, like), ilike(users.userId, like)));
  }
  const rows = await db.select().from(users).where(and(...where)).orderBy(users.name);
  // An event admin sees a staff member's events and counters only within the events they run.
  return { users: await viewsFor(db, actor, rows) };
}

export async function createManagedUser(db: Db, actor: Actor, body: z.infer<typeof createUserBodySchema>) {
  assertStrongPassword(body.password, 'password');
  if (actor.role !== 'app_admin') {
    if (body.role !== 'counter_staff') throw forbidden('Event admins create counter staff only');
    if (!body.eventId) throw new HttpError(400, 'invalid_body', 'Choose the event the staff member works at', [{ path: ['eventId'], message: 'Required' }]);
  }
  if (body.eventId) {
    const [ev] = await db.select({ id: events.id }).from(events).where(eq(events.id, body.eventId)).limit(1);
    if (!ev || !(await canAdminEvent(db, actor, body.eventId))) throw notFound('Event');
  }
  const counterIds = [...new Set(body.counterIds ?? [])];
  if (counterIds.length && (!body.eventId || body.role !== 'counter_staff')) {
    throw new HttpError(400, 'invalid_body', 'Counters can be given only for counter staff of an event', [{ path: ['counterIds'], message: 'Needs eventId and role counter_staff' }]);
  }
  if (body.pin && counterIds.length === 0) {
    throw new HttpError(400, 'invalid_body', 'A PIN belongs to a counter: give counterIds too', [{ path: ['pin'], message: 'Needs counterIds' }]);
  }
  const counterRows = counterIds.length ? await db.select().from(counters).where(inArray(counters.id, counterIds)) : [];
  for (const id of counterIds) {
    const c = counterRows.find((r) => r.id === id);
    if (!c || c.eventId !== body.eventId) throw notFound('Counter');
  }
  const creds = body.pin ? await pinCredentials(body.pin) : null;
  const user = await db.transaction(async (tx) => {
    const t = tx;
    const row = await insertUser(t, {
      username: body.username, password: body.password, role: body.role, name: body.name,
      mobile: body.mobile || null,
      // Counter staff are of the user type "staff" (the profile's User Type) unless the body says otherwise.
      userType: body.userType ?? (body.role === 'counter_staff' ? 'staff' : null), createdBy: actor.userId,
    });
    if (body.eventId) {
      const memberRole = body.role === 'event_admin' ? 'admin' : body.role === 'event_owner' ? 'owner' : 'staff';
      if (memberRole === 'staff') await linkStaffToEvent(t, row.id, body.eventId);
      else await t.insert(eventMembers).values({ eventId: body.eventId, userId: row.id, role: memberRole }).onConflictDoNothing();
    }
    for (const c of counterRows) {
      const staffNow = await counterStaffIds(t, c.id);
      await setCounterStaff(t, c, [...staffNow, row.id]);
      if (creds) await setStaffPin(t, c, row.id, creds);
    }
    return row;
  });
  return (await viewsFor(db, actor, [user]))[0];
}

export async function updateManagedUser(db: Db, actor: Actor, target: UserRow, body: z.infer<typeof updateUserBodySchema>) {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date().toISOString(), lastUpdatedBy: actor.userId };
  if (body.name !== undefined) set.name = body.name;
  if (body.mobile !== undefined) set.mobile = body.mobile || null;
  if (body.userType !== undefined) set.userType = body.userType;
  const row = await writeTx(db, async (tx) => {
    const [r] = await tx.update(users).set(set).where(eq(users.id, target.id)).returning();
    return r;
  });
  return (await viewsFor(db, actor, [row]))[0];
}

export async function setUserDisabled(db: Db, actor: Actor, target: UserRow, disabled: boolean) {
  if (target.id === actor.id && disabled) throw new HttpError(409, 'conflict', 'You cannot disable your own account');
  const row = await writeTx(db, async (tx) => {
    const [r] = await tx.update(users).set({ disabled, updatedAt: new Date().toISOString(), lastUpdatedBy: actor.userId })
      .where(eq(users.id, target.id)).returning();
    if (disabled) await tx.update(sessions).set({ revoked: true }).where(eq(sessions.userId, target.id));
    // A disabled account's PIN entries leave devices (trigger moi_log_user_update; the pull sends tombstones).
    return r;
  });
  return (await viewsFor(db, actor, [row]))[0];
}

export async function resetUserPassword(db: Db, actor: Actor, target: UserRow, password: string): Promise<void> {
  assertStrongPassword(password, 'password');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date().toISOString(), lastUpdatedBy: actor.userId }).where(eq(users.id, target.id));
    // A reset means the old password may be known to someone else: sign the user out everywhere
    // (except the admin's own current session when they reset their own password).
    await tx.update(sessions).set({ revoked: true }).where(eq(sessions.userId, target.id));
    if (target.id === actor.id) await tx.update(sessions).set({ revoked: false }).where(eq(sessions.tokenHash, actor.sessionHash));
  });
}

async function counterStaffIds(db: Db, counterId: string): Promise<string[]> {
  const rows = await db.select({ userId: counterStaff.userId }).from(counterStaff).where(eq(counterStaff.counterId, counterId));
  return rows.map((r) => r.userId);
}
