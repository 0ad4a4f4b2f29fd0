// Sign-in: POST /login, /logout, /device, /password and GET /me under /moi/auth.
// Lockout: 10 failures for one username + client address within 15 minutes → 429 until they age out.
// At most 10 guesses are ever evaluated per window, however many arrive at once.
import { and, count, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changePasswordBodySchema, loginBodySchema, registerDeviceBodySchema } from '../../contract/api';
import { loginFailures, sessions, users } from '../db/schema';
import { deviceHighWater, registerDevice } from '../devices';
import { HttpError, parseBody } from '../errors';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../passwords';
import { hashToken, newToken, publicUser, requireActor, SESSION_COOKIE, SESSION_IDLE_DAYS } from '../session';

export const LOCKOUT_FAILURES = 10;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
/** First key of the two-key advisory locks that serialise one username + address's sign-ins. */
const LOCKOUT_LOCK_SPACE = 7201004;
const COOKIE_MAX_AGE_S = SESSION_IDLE_DAYS * 86_400;

/** Secure when the browser talks HTTPS to us or to the proxy in front (req.protocol honours TRUST_PROXY). */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    path: '/',
    maxAge: COOKIE_MAX_AGE_S,
  });
}

function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https', path: '/' });
}

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** Exact username first; otherwise a case-insensitive match when it is unambiguous. */
  async function findByUsername(username: string) {
    const rows = await db.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(2);
    if (rows.length <= 1) return rows[0];
    return rows.find((r) => r.username === username);
  }

  app.post('/login', async (req, reply) => {
    const body = parseBody(loginBodySchema, req.body);
    // Tablet keyboards capitalise the first letter: the lockout key and the lookup ignore case.
    const username = body.username.toLowerCase();
    const address = req.ip || 'unknown';
    const since = new Date(Date.now() - LOCKOUT_WINDOW_MS).toISOString();
    const key = and(eq(loginFailures.username, username), eq(loginFailures.address, address));

    // Count and record in one step: the attempt is booked as a failure before the password is
    // checked, under a per-key transaction lock, so parallel guesses cannot all read "9 so far".
    // A right password deletes the booking (and the earlier failures) below.
    const booked = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCKOUT_LOCK_SPACE}, hashtext(${`${username} ${address}`}))`);
      await tx.delete(loginFailures).where(and(key, lt(loginFailures.at, since)));
      const [{ n }] = await tx.select({ n: count() }).from(loginFailures).where(and(key, gt(loginFailures.at, since)));
      if (n >= LOCKOUT_FAILURES) return false;
      await tx.insert(loginFailures).values({ username, address });
      return true;
    });
    if (!booked) {
      throw new HttpError(429, 'too_many_attempts', 'Too many failed sign-in attempts. Try again in 15 minutes.');
    }

    const found = await findByUsername(body.username);
    // Verify against a dummy hash for unknown users so timing does not reveal which usernames exist.
    const ok = await verifyPassword(body.password, found?.passwordHash ?? DUMMY_HASH);
    if (!found || !ok) throw new HttpError(401, 'invalid_credentials', 'Wrong username or password');
    await db.delete(loginFailures).where(key);
    if (found.disabled) throw new HttpError(403, 'user_disabled', 'This account is disabled');

    // A known device id needs its secret (devices.ts); the answer carries the device's high-water
    // marks so an installation that lost its local database never reissues a receipt number.
    const registered = body.deviceId
      ? await registerDevice(db, { deviceId: body.deviceId, userId: found.id, label: body.deviceLabel ?? null, secret: body.deviceSecret ?? null })
      : null;
    const device = registered ? { ...registered, highWater: await deviceHighWater(db, registered.deviceId, registered.code) } : null;
    const token = newToken();
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: found.id,
      deviceId: device?.deviceId ?? null,
      deviceLabel: body.deviceLabel ?? null,
    });
    setSessionCookie(req, reply, token);
    return { user: publicUser(found), device };
  });

  app.post('/logout', async (req, reply) => {
    const token = req.cookies?.[SESSION_COOKIE];
    if (token) {
      await db.update(sessions).set({ revoked: true }).where(eq(sessions.tokenHash, hashToken(token)));
    }
    clearSessionCookie(req, reply);
    return { ok: true };
  });

  app.get('/me', async (req, reply) => {
    const actor = await requireActor(db, req);
    const row = (await db.select().from(users).where(eq(users.id, actor.id)).limit(1))[0];
    if (!row) throw new HttpError(401, 'unauthenticated', 'Please sign in again');
    // Slide the cookie's expiry along with the server-side idle window.
    const token = req.cookies?.[SESSION_COOKIE];
    if (token) setSessionCookie(req, reply, token);
    return publicUser(row);
  });

  /** Registers (or re-confirms) this installation for the signed-in session; answers its short code. */
  app.post('/device', async (req) => {
    const actor = await requireActor(db, req);
    const body = parseBody(registerDeviceBodySchema, req.body);
    const device = await registerDevice(db, { deviceId: body.deviceId, userId: actor.id, label: body.label ?? null, secret: body.secret ?? null });
    await db.update(sessions)
      .set({ deviceId: device.deviceId, ...(body.label ? { deviceLabel: body.label } : {}) })
      .where(eq(sessions.tokenHash, actor.sessionHash));
    return device;
  });

  /** Changes the caller's own password; every other session of the user is revoked. */
  app.post('/password', async (req) => {
    const actor = await requireActor(db, req);
    const body = parseBody(changePasswordBodySchema, req.body);
    const row = (await db.select().from(users).where(eq(users.id, actor.id)).limit(1))[0];
    if (!row || !(await verifyPassword(body.currentPassword, row.passwordHash))) {
      throw new HttpError(403, 'invalid_credentials', 'The current password is wrong');
    }
    await db.update(users).set({ passwordHash: await hashPassword(body.newPassword), updatedAt: new Date().toISOString() }).where(eq(users.id, actor.id));
    await db.update(sessions).set({ revoked: true })
      .where(and(eq(sessions.userId, actor.id), eq(sessions.revoked, false), ne(sessions.tokenHash, actor.sessionHash)));
    return { ok: true };
  });
}
