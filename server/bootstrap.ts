// First start: create the app_admin when none exists (password from ADMIN_PASSWORD, or a random
// one printed once). Also the one way the server creates a user row, so every caller hashes alike.
import { randomBytes, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Role } from '../contract/roles';
import type { Config } from './config';
import type { Db } from './db/client';
import { users } from './db/schema';
import { HttpError } from './errors';
import { uuidv7 } from '../contract/ids';
import { hashPassword } from './passwords';
import type { UserRow } from './session';

export type NewUser = {
  username: string;
  password: string;
  role: Role;
  name: string;
  mobile?: string | null;
  userType?: string | null;
  /** user_id of whoever creates it (lastUpdatedBy). */
  createdBy?: string | null;
  /** Explicit public handle; by default `MOI` + 6 digits, unique. */
  userId?: string;
};

/** The public handle shown on the profile (spec "User ID"). */
export const newUserHandle = () => `MOI${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/**
 * Inserts a user with a scrypt hash and logs the change for pull. Throws 409 username_taken when
 * the username exists. Retries the random handle on the rare collision.
 */
export async function insertUser(db: Db, u: NewUser): Promise<UserRow> {
  const username = u.username.trim();
  // Sign-in ignores case, so "Murugan" and "murugan" cannot both exist.
  const clash = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1);
  if (clash.length) throw new HttpError(409, 'username_taken', `The username ${username} is taken`);
  const passwordHash = await hashPassword(u.password);
  for (let attempt = 0; attempt < 8; attempt++) {
    const id = uuidv7();
    const row = await db.transaction(async (tx) => {
      const rows = await tx.insert(users).values({
        id,
        userId: u.userId ?? newUserHandle(),
        username,
        name: u.name.trim() || username,
        mobile: u.mobile ?? null,
        role: u.role,
        userType: u.userType ?? null,
        passwordHash,
        lastUpdatedBy: u.createdBy ?? null,
      }).onConflictDoNothing().returning();
      return rows[0];
    });
    if (row) return row;
    const again = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1);
    if (again.length) throw new HttpError(409, 'username_taken', `The username ${username} is taken`);
    if (u.userId) throw new HttpError(409, 'conflict', `The user id ${u.userId} is taken`);
  }
  throw new HttpError(500, 'internal_error', 'Could not allocate a user id');
}

export const randomPassword = () => randomBytes(12).toString('base64url');

export const CHANGE_PASSWORD_HINT =
  "To change it: sign in and POST /moi/auth/password {currentPassword,newPassword}, or restart once with ADMIN_PASSWORD='<new>' npm start -- --reset-admin-password";

/** Creates the first app_admin when there is none; returns the credentials line to print, or null. */
export async function ensureAdmin(db: Db, config: Config): Promise<string | null> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.role, 'app_admin')).limit(1);
  if (existing.length) return null;
  const password = config.adminPassword ?? randomPassword();
  try {
    await insertUser(db, { username: config.adminUsername, password, role: 'app_admin', name: 'Administrator', userId: 'MOI000001' });
  } catch (err) {
    // Another instance on the same PostgreSQL won the race, or the name belongs to a non-admin.
    if (err instanceof HttpError && (err.code === 'username_taken' || err.code === 'conflict')) {
      const again = await db.select({ id: users.id }).from(users).where(eq(users.role, 'app_admin')).limit(1);
      if (again.length) return null;
      return `No app_admin exists and the username "${config.adminUsername}" belongs to another user: set ADMIN_USERNAME to a free name and restart.`;
    }
    throw err;
  }
  if (config.adminPassword) {
    return `Admin account created: username "${config.adminUsername}", password from ADMIN_PASSWORD.`;
  }
  return `Admin account created: username "${config.adminUsername}", password "${password}" (shown only this once). ${CHANGE_PASSWORD_HINT}`;
}

/** Sets the app_admin's password (start.ts --reset-admin-password). Returns the line to print. */
export async function resetAdminPassword(db: Db, config: Config): Promise<string> {
  const password = config.adminPassword ?? randomPassword();
  const rows = await db.update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date().toISOString(), disabled: false })
    .where(eq(users.username, config.adminUsername))
    .returning({ role: users.role });
  if (!rows[0]) return `No user "${config.adminUsername}" exists; nothing was reset.`;
  return config.adminPassword
    ? `Password of "${config.adminUsername}" set from ADMIN_PASSWORD.`
    : `Password of "${config.adminUsername}" reset to "${password}" (shown only this once).`;
}
