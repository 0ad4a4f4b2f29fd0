// Session cookies: a 32-byte random token in an httpOnly cookie; only its sha-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { User } from '../contract/entities';
import type { Role } from '../contract/roles';
import type { Db } from './db/client';
import { sessions, users } from './db/schema';
import { HttpError } from './errors';

export const SESSION_COOKIE = 'moi_session';
export const SESSION_IDLE_DAYS = 30;

export type UserRow = typeof users.$inferSelect;
export type Actor = { id: string; userId: string; username: string; name: string; role: Role; sessionHash: string; deviceId: string | null };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** The user as the API shows it: never the hash. */
export function publicUser(u: UserRow): User {
  return {
    id: u.id,
    user_id: u.userId,
    username: u.username,
    name: u.name,
    mobile: u.mobile,
    role: u.role,
    userType: u.userType,
    profileImagePath: u.profileImagePath,
    disabled: u.disabled,
    lastUpdatedBy: u.lastUpdatedBy,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
  };
}

/** Sessions last used before this time (ISO) have expired. */
export const sessionCutoff = (): string => new Date(Date.now() - SESSION_IDLE_DAYS * 86_400_000).toISOString();

/** Resolve the caller from the session cookie; null when absent, expired, revoked or disabled. */
export async function loadActor(db: Db, req: FastifyRequest): Promise<Actor | null> {
  const token = req.cookies?.[SESSION_COOKIE];
  if (!token) return null;
  const h = hashToken(token);
  const cutoff = sessionCutoff();
  const rows = await db
    .select({ s: sessions, u: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, h), eq(sessions.revoked, false), gt(sessions.lastSeenAt, cutoff)))
    .limit(1);
  const row = rows[0];
  if (!row || row.u.disabled) return null;
  // Touch at most once a minute so reads stay cheap.
  if (Date.now() - Date.parse(row.s.lastSeenAt) > 60_000) {
    await db.update(sessions).set({ lastSeenAt: new Date().toISOString() }).where(eq(sessions.tokenHash, h));
  }
  return { id: row.u.id, userId: row.u.userId, username: row.u.username, name: row.u.name, role: row.u.role, sessionHash: h, deviceId: row.s.deviceId };
}

/** Every non-public route calls this first: 401 unauthenticated when there is no valid session. */
export async function requireActor(db: Db, req: FastifyRequest): Promise<Actor> {
  if (req.actor !== undefined) {
    if (req.actor) return req.actor;
    throw new HttpError(401, 'unauthenticated', 'Please sign in again');
  }
  req.actor = await loadActor(db, req);
  if (!req.actor) throw new HttpError(401, 'unauthenticated', 'Please sign in again');
  return req.actor;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor | null;
  }
}

/** Is the session behind this actor still good (not signed out, revoked, expired; user not disabled)? Long-lived streams ask now and then. */
export async function sessionStillValid(db: Db, actor: Actor): Promise<boolean> {
  const cutoff = sessionCutoff();
  const rows = await db
    .select({ disabled: users.disabled })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, actor.sessionHash), eq(sessions.revoked, false), gt(sessions.lastSeenAt, cutoff)))
    .limit(1);
  return rows.length > 0 && !rows[0].disabled;
}
