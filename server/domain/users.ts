// The users' own profile calls of spec §7 (routes/users.ts): read by username, change a profile,
// set a profile picture, read a stored picture. A user may read and change only themselves unless app_admin.
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { userUpdateBodySchema } from '../../contract/api';
import type { User } from '../../contract/entities';
import { uuidv7 } from '../../contract/ids';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { files, sessions, users } from '../db/schema';
import { HttpError } from '../errors';
import { assertStrongPassword, hashPassword } from '../passwords';
import { publicUser, type Actor, type UserRow } from '../session';
import { maySeeUser } from './scope';

/** Fields only app_admin may set (through updateadmin, or update when the caller is app_admin). */
export type AdminExtras = { disabled?: boolean; password?: string };

async function findUser(db: Db, idOrHandle: string): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(or(eq(users.id, idOrHandle), eq(users.userId, idOrHandle))).limit(1))[0];
}

const isSelf = (actor: Actor, u: Pick<UserRow, 'id'>) => actor.id === u.id;

/** The user of this exact username, as a list (empty when unknown). */
export async function usersByUsername(db: Db, username: string): Promise<User[]> {
  const rows = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return rows.map(publicUser);
}

/** A new picture for the user `id` (the caller, or anyone for app_admin); the old one is removed. Answers its file id. */
export async function setProfileImage(db: Db, actor: Actor, id: string, file: { data: Buffer; mime: string }): Promise<string> {
  const target = await findUser(db, id);
  if (!target) {
    if (actor.role !== 'app_admin') throw new HttpError(403, 'forbidden', 'You may only change your own picture');
    throw new HttpError(404, 'not_found', 'User not found');
  }
  if (!isSelf(actor, target) && actor.role !== 'app_admin') throw new HttpError(403, 'forbidden', 'You may only change your own picture');

  const fileId = uuidv7();
  const now = new Date().toISOString();
  await db.transaction(async (tx) => {
    await tx.insert(files).values({ id: fileId, ownerId: target.id, mime: file.mime, size: file.data.length, data: file.data });
    await tx.update(users).set({ profileImagePath: fileId, updatedAt: now, lastUpdatedBy: actor.userId }).where(eq(users.id, target.id));
    // The old picture is no longer referenced by anyone.
    if (target.profileImagePath) {
      await tx.delete(files).where(and(eq(files.id, target.profileImagePath), eq(files.ownerId, target.id)));
    }
  });
  return fileId;
}

/** A stored picture, only to those who may see its owner (scope.maySeeUser); to anyone else it does not exist. */
export async function profileImage(db: Db, actor: Actor, fileId: string): Promise<{ mime: string; data: Buffer }> {
  const row = (await db.select().from(files).where(eq(files.id, fileId)).limit(1))[0];
  if (!row || !(await maySeeUser(db, actor, row.ownerId))) throw new HttpError(404, 'not_found', 'No such image');
  return row;
}

export async function updateUser(
  db: Db, actor: Actor, body: z.infer<typeof userUpdateBodySchema>, extras: AdminExtras, adminCall: boolean,
): Promise<User> {
  const isAdmin = actor.role === 'app_admin';
  if (adminCall && !isAdmin) throw new HttpError(403, 'forbidden', 'Only an app admin may use this call');
  if (isAdmin && extras.password !== undefined) assertStrongPassword(extras.password, 'password');
  const target = await findUser(db, body.id);
  if (!target) {
    if (!isAdmin) throw new HttpError(403, 'forbidden', 'You may only change your own profile');
    throw new HttpError(404, 'not_found', 'User not found');
  }
  if (!isAdmin && !isSelf(actor, target)) throw new HttpError(403, 'forbidden', 'You may only change your own profile');

  const changes: Partial<typeof users.$inferInsert> = {};
  // No mobile is null on record, whether the body says null or ''.
  const mobile = body.mobile === undefined ? undefined : body.mobile || null;
  if (body.name !== undefined && body.name !== target.name) changes.name = body.name;
  // The client sends the whole user back: a field counts as a change only when its value differs.
  const restricted = {
    username: body.username !== undefined && body.username !== target.username,
    mobile: mobile !== undefined && mobile !== (target.mobile || null),
    role: body.role !== undefined && body.role !== target.role,
    userType: body.userType !== undefined && body.userType !== target.userType,
    disabled: extras.disabled !== undefined && extras.disabled !== target.disabled,
    password: extras.password !== undefined,
  };
  const denied = Object.entries(restricted).filter(([, changed]) => changed).map(([k]) => k);
  if (denied.length && !isAdmin) {
    throw new HttpError(403, 'forbidden', `Only an app admin may change: ${denied.join(', ')}`);
  }
  if (restricted.username) {
    const clash = await db.select({ id: users.id }).from(users)
      .where(and(sql`lower(${users.username}) = ${body.username!.toLowerCase()}`, ne(users.id, target.id))).limit(1);
    if (clash.length) throw new HttpError(409, 'username_taken', `The username ${body.username} is taken`);
    changes.username = body.username;
  }
  if (restricted.mobile) changes.mobile = mobile;
  if (restricted.userType) changes.userType = body.userType ?? null;
  if (restricted.role || restricted.disabled) {
    // Never leave the service without an active app_admin.
    const losesAdmin = target.role === 'app_admin' && ((restricted.role && body.role !== 'app_admin') || extras.disabled === true);
    if (losesAdmin) {
      const others = await db.select({ id: users.id }).from(users)
        .where(and(eq(users.role, 'app_admin'), eq(users.disabled, false), ne(users.id, target.id))).limit(1);
      if (!others.length) throw new HttpError(409, 'conflict', 'This is the last active app admin');
    }
    if (restricted.role) changes.role = body.role;
    if (restricted.disabled) changes.disabled = extras.disabled;
  }
  if (body.profileImagePath !== undefined && body.profileImagePath !== target.profileImagePath) {
    if (body.profileImagePath !== null) {
      const owned = await db.select({ id: files.id }).from(files)
        .where(and(eq(files.id, body.profileImagePath), eq(files.ownerId, target.id))).limit(1);
      if (!owned.length) throw new HttpError(400, 'invalid_body', 'profileImagePath must be a picture uploaded for this user', [{ path: ['profileImagePath'], message: 'Unknown picture' }]);
    }
    changes.profileImagePath = body.profileImagePath;
  }
  if (extras.password) changes.passwordHash = await hashPassword(extras.password);

  let row = target;
  if (Object.keys(changes).length) {
    const now = new Date().toISOString();
    row = await db.transaction(async (tx) => {
      const [updated] = await tx.update(users).set({ ...changes, updatedAt: now, lastUpdatedBy: actor.userId }).where(eq(users.id, target.id)).returning();
      // A new password or a disabled account ends the user's other sessions.
      if (changes.passwordHash || changes.disabled) {
        await tx.update(sessions).set({ revoked: true })
          .where(and(eq(sessions.userId, target.id), ne(sessions.tokenHash, actor.sessionHash)));
      }
      return updated;
    });
  }
  return publicUser(row);
}
