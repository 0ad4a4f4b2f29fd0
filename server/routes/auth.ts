// Sign-in: POST /login, /logout, /device, /password and GET /me under /moi/auth.
// Guessing is bounded before any password is hashed, in this order (each refusal: 429 too_many_attempts):
// 1. per client address, in this process: LOGIN_RATE_PER_MINUTE sign-ins a minute (@fastify/rate-limit);
// 2. in this process: at most MAX_CONCURRENT_VERIFY password checks run and MAX_QUEUED_VERIFY wait;
// 3. in the database (shared by all instances), booked under advisory locks so parallel guesses
//    cannot all read "9 so far":
//    - 10 failures for one username + address within 15 minutes lock that pair until they age out;
//    - SPRAY_FAILURES failures from one address across all usernames lock that address;
//    - per account, from any address: after ACCOUNT_BACKOFF_AFTER failures, each further attempt
//      waits 1 s, 2 s, 4 s … (at most 60 s) after the previous one.
// 1 and 2 protect this instance's CPU (scrypt), so keeping them per instance is what they need.
import { and, count, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changePasswordBodySchema, loginBodySchema, registerDeviceBodySchema } from '../../contract/api';
import { loginFailures, sessions, users } from '../db/schema';
import { deviceHighWater, registerDevice } from '../devices';
import { HttpError, parseBody } from '../errors';
import { assertStrongPassword, DUMMY_HASH, hashPassword, verifyPassword } from '../passwords';
import { hashToken, newToken, publicUser, requireActor, SESSION_COOKIE, SESSION_IDLE_DAYS } from '../session';

export const LOCKOUT_FAILURES = 10;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const SPRAY_FAILURES = 30;
/** Above what one address can book (it is locked at LOCKOUT_FAILURES): only guesses from several addresses back off. */
export const ACCOUNT_BACKOFF_AFTER = 2 * LOCKOUT_FAILURES;
export const ACCOUNT_BACKOFF_MAX_S = 60;
export const LOGIN_RATE_PER_MINUTE = 30;
export const MAX_CONCURRENT_VERIFY = 4; // libuv's default thread pool: more only queue inside node
export const MAX_QUEUED_VERIFY = 16;
/** First keys of the two-key advisory locks that serialise one username's / one address's sign-ins. */
const USERNAME_LOCK_SPACE = 7201004;
const ADDRESS_LOCK_SPACE = 7201005;

const tooMany = (reply: FastifyReply, seconds: number, message: string) => {
  reply.header('Retry-After', String(Math.max(1, Math.ceil(seconds))));
  return new HttpError(429, 'too_many_attempts', message);
};

/**
 * Password checks in flight in this process. scrypt runs on libuv's small thread pool: a flood of
 * guesses would queue every real sign-in behind it (200 parallel guesses made one take 6.4 s), so
 * when the queue is full the guess is answered 429 at once instead of waiting.
 */
class VerifySlots {
  private running = 0;
  private waiting: (() => void)[] = [];
  tryAcquire(): Promise<void> | null {
    if (this.running < MAX_CONCURRENT_VERIFY) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= MAX_QUEUED_VERIFY) return null;
    return new Promise((resolve) => this.waiting.push(() => { this.running++; resolve(); }));
  }
  release() {
    this.running--;
    this.waiting.shift()?.();
  }
}
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

  const slots = new VerifySlots();

  app.post('/login', {
    config: {
      rateLimit: {
        max: LOGIN_RATE_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (req: FastifyRequest) => req.ip || 'unknown',
      },
    },
  }, async (req, reply) => {
    const body = parseBody(loginBodySchema, req.body);
    // Tablet keyboards capitalise the first letter: the lockout key and the lookup ignore case.
    const username = body.username.toLowerCase();
    const address = req.ip || 'unknown';
    const now = Date.now();
    const since = new Date(now - LOCKOUT_WINDOW_MS).toISOString();
    const key = and(eq(loginFailures.username, username), eq(loginFailures.address, address));

    const slot = slots.tryAcquire();
    if (!slot) throw tooMany(reply, 1, 'The server is busy with sign-ins. Try again in a moment.');
    await slot;
    let found: Awaited<ReturnType<typeof findByUsername>>;
    let ok: boolean;
    try {
      // Count and record in one step: the attempt is booked as a failure before the password is
      // checked, under the username's and the address's transaction locks (always in that order),
      // so parallel guesses cannot all read "9 so far". A right password deletes the booking below.
      const refusal = await db.transaction(async (tx) => {
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
      if (refusal) throw tooMany(reply, refusal.seconds, refusal.message);

      found = await findByUsername(body.username);
      // Verify against a dummy hash for unknown users so timing does not reveal which usernames exist.
      ok = await verifyPassword(body.password, found?.passwordHash ?? DUMMY_HASH);
    } finally {
      slots.release();
    }
    // A disabled account answers exactly like a wrong password, after the same work, so a guesser
    // learns neither that the account exists nor that the password was right.
    if (!found || !ok || found.disabled) throw new HttpError(401, 'invalid_credentials', 'Wrong username or password');
    await db.delete(loginFailures).where(key);

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
    assertStrongPassword(body.newPassword, 'newPassword');
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
