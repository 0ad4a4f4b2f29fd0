// Sign-in and sessions in the database (routes/auth.ts reads the request and sets the cookie): the
// booked failures that bound guessing across all instances, the session rows, own password changes.
// The database's part of the guessing bounds, booked under advisory locks so parallel guesses
// cannot all read "9 so far":
// - LOCKOUT_FAILURES failures for one username + address within 15 minutes lock that pair until they age out;
// - SPRAY_FAILURES failures from one address across all usernames lock that address;
// - per account, from any address: after ACCOUNT_BACKOFF_AFTER failures, each further attempt
//   waits 1 s, 2 s, 4 s … (at most 60 s) after the previous one.
import { and, count, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures, sessions, users } from '../db/schema';
import { deviceHighWater, registerDevice } from '../devices';
import { HttpError } from '../errors';
import { hashPassword, verifyPassword } from '../passwords';
import { hashToken, newToken, type Actor, type UserRow } from '../session';

export const LOCKOUT_FAILURES = 10;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const SPRAY_FAILURES = 30;
/** Above what one address can book (it is locked at LOCKOUT_FAILURES): only guesses from several addresses back off. */
export const ACCOUNT_BACKOFF_AFTER = 2 * LOCKOUT_FAILURES;
export const ACCOUNT_BACKOFF_MAX_S = 60;
/** First keys of the two-key advisory locks that serialise one username's / one address's sign-ins. */
const USERNAME_LOCK_SPACE = 7201004;
const ADDRESS_LOCK_SPACE = 7201005;

const failuresOf = (username: string, address: string) => and(eq(loginFailures.username, username), eq(loginFailures.address, address));

/**
 * Count and record in one step: the attempt is booked as a failure before the password is checked,
 * under the username's and the address's transaction locks (always in that order), so parallel
 * guesses cannot all read "9 so far". A right password deletes the booking (clearSignInFailures).
 * Answers the refusal (seconds until free and why) or null. `username` is already lower-cased.
 */
export function bookSignInAttempt(db: Db, username: string, address: string, now: number): Promise<{ seconds: number; message: string } | null> {
  const since = new Date(now - LOCKOUT_WINDOW_MS).toISOString();
  const key = failuresOf(username, address);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${USERNAME_LOCK_SPACE}, hashtext(${username}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_SPACE}, hashtext(${address}))`);
    await tx.delete(loginFailures).where(and(eq(loginFailures.username, username), lt(loginFailures.at, since)));
    await tx.delete(loginFailures).where(and(eq(loginFailures.address, address), lt(loginFailures.at, since)));
    // Failures of usernames and addresses that never come back would stay for ever: now and
    // then (a full scan, so not on every attempt) everything older than the window goes.
    if (Math.random() < 0.01) await tx.delete(loginFailures).where(lt(loginFailures.at, since));
    // A lock lifts when its oldest failure leaves the window: that is the Retry-After.
    const oldest = sql<number | null>`(extract(epoch from min(${loginFailures.at})) * 1000)::float8`;
    const untilFree = (first: number | null) => ((first === null ? now : Number(first)) + LOCKOUT_WINDOW_MS - now) / 1000;
    const [pair] = await tx.select({ n: count(), first: oldest }).from(loginFailures).where(and(key, gt(loginFailures.at, since)));
    if (pair.n >= LOCKOUT_FAILURES) return { seconds: untilFree(pair.first), message: 'Too many failed sign-in attempts. Try again in 15 minutes.' };
    const [fromAddress] = await tx.select({ n: count(), first: oldest }).from(loginFailures)
      .where(and(eq(loginFailures.address, address), gt(loginFailures.at, since)));
    if (fromAddress.n >= SPRAY_FAILURES) return { seconds: untilFree(fromAddress.first), message: 'Too many failed sign-in attempts from this address. Try again in 15 minutes.' };
    const [acct] = await tx.select({ n: count(), last: sql<number | null>`(extract(epoch from max(${loginFailures.at})) * 1000)::float8` }).from(loginFailures)
      .where(and(eq(loginFailures.username, username), gt(loginFailures.at, since)));
    if (acct.n >= ACCOUNT_BACKOFF_AFTER && acct.last) {
      const wait = Math.min(2 ** (acct.n - ACCOUNT_BACKOFF_AFTER), ACCOUNT_BACKOFF_MAX_S) * 1000;
      const left = Number(acct.last) + wait - now;
      if (left > 0) return { seconds: left / 1000, message: 'Too many failed sign-in attempts for this account. Wait a moment and try again.' };
    }
    await tx.insert(loginFailures).values({ username, address });
    return null;
  });
}

export async function clearSignInFailures(db: Db, username: string, address: string): Promise<void> {
  await db.delete(loginFailures).where(failuresOf(username, address));
}

/** Exact username first; otherwise a case-insensitive match when it is unambiguous. */
export async function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(2);
  if (rows.length <= 1) return rows[0];
  return rows.find((r) => r.username === username);
}

/**
 * A new session for the user, on this installation when a device id is given: a known device id
 * needs its secret (devices.ts); the answer carries the device's high-water marks so an installation
 * that lost its local database never reissues a receipt number. Answers the cookie's token.
 */
export async function openSession(
  db: Db, user: UserRow, d: { deviceId?: string | null; deviceLabel?: string | null; deviceSecret?: string | null },
) {
  const registered = d.deviceId
    ? await registerDevice(db, { deviceId: d.deviceId, userId: user.id, label: d.deviceLabel ?? null, secret: d.deviceSecret ?? null })
    : null;
  const device = registered ? { ...registered, highWater: await deviceHighWater(db, registered.deviceId, registered.code) } : null;
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    deviceId: device?.deviceId ?? null,
    deviceLabel: d.deviceLabel ?? null,
  });
  return { token, device };
}

export async function revokeSessionToken(db: Db, token: string): Promise<void> {
  await db.update(sessions).set({ revoked: true }).where(eq(sessions.tokenHash, hashToken(token)));
}

/** The signed-in user's row; 401 when it is gone. */
export async function sessionUser(db: Db, actor: Actor): Promise<UserRow> {
  const row = (await db.select().from(users).where(eq(users.id, actor.id)).limit(1))[0];
  if (!row) throw new HttpError(401, 'unauthenticated', 'Please sign in again');
  return row;
}

/** Registers (or re-confirms) this installation for the actor's session; answers its short code. */
export async function attachDevice(db: Db, actor: Actor, body: { deviceId: string; label?: string | null; secret?: string | null }) {
  const device = await registerDevice(db, { deviceId: body.deviceId, userId: actor.id, label: body.label ?? null, secret: body.secret ?? null });
  await db.update(sessions)
    .set({ deviceId: device.deviceId, ...(body.label ? { deviceLabel: body.label } : {}) })
    .where(eq(sessions.tokenHash, actor.sessionHash));
  return device;
}

/** Changes the actor's own password; every other session of the user is revoked. */
export async function changeOwnPassword(db: Db, actor: Actor, currentPassword: string, newPassword: string): Promise<void> {
  const row = (await db.select().from(users).where(eq(users.id, actor.id)).limit(1))[0];
  if (!row || !(await verifyPassword(currentPassword, row.passwordHash))) {
    throw new HttpError(403, 'invalid_credentials', 'The current password is wrong');
  }
  await db.update(users).set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date().toISOString() }).where(eq(users.id, actor.id));
  await db.update(sessions).set({ revoked: true })
    .where(and(eq(sessions.userId, actor.id), eq(sessions.revoked, false), ne(sessions.tokenHash, actor.sessionHash)));
}
