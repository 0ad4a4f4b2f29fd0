// Sign-in: POST /login, /logout, /device, /password and GET /me under /moi/auth.
// Guessing is bounded before any password is hashed, in this order (each refusal: 429 too_many_attempts):
// 1. per client address, in this process: LOGIN_RATE_PER_MINUTE sign-ins a minute (@fastify/rate-limit);
// 2. in this process: at most MAX_CONCURRENT_VERIFY password checks run and MAX_QUEUED_VERIFY wait —
//    except sign-ins from an installation the server knows (its device id with the secret it was
//    issued), which have a lane of their own: a flood of guesses from many addresses never queues
//    the counter's own tablets (one libuv thread stays free for them);
// 3. in the database (shared by all instances): failures per username + address, per address and per
//    account, booked under advisory locks (domain/sign-in.ts).
// 1 and 2 protect this instance's CPU (scrypt), so keeping them per instance is what they need.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changePasswordBodySchema, loginBodySchema, registerDeviceBodySchema } from '../../contract/api';
import {
  attachDevice, bookSignInAttempt, changeOwnPassword, clearSignInFailures, findByUsername, openSession, revokeSessionToken, sessionUser,
} from '../domain/sign-in';
import { knownInstallation } from '../devices';
import { HttpError, parseBody } from '../errors';
import { assertStrongPassword, DUMMY_HASH, verifyPassword } from '../passwords';
import { publicUser, requireActor, SESSION_COOKIE, SESSION_IDLE_DAYS, type UserRow } from '../session';

export {
  ACCOUNT_BACKOFF_AFTER, ACCOUNT_BACKOFF_MAX_S, LOCKOUT_FAILURES, LOCKOUT_WINDOW_MS, SPRAY_FAILURES,
} from '../domain/sign-in';
export const LOGIN_RATE_PER_MINUTE = 30;
export const MAX_CONCURRENT_VERIFY = 3; // libuv's default pool is 4 threads: one is kept for known tablets
export const MAX_QUEUED_VERIFY = 16;
export const KNOWN_CONCURRENT_VERIFY = 2;
export const KNOWN_QUEUED_VERIFY = 64;

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
  constructor(private readonly concurrent: number, private readonly queued: number) {}
  tryAcquire(): Promise<void> | null {
    if (this.running < this.concurrent) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.queued) return null;
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

  const slots = new VerifySlots(MAX_CONCURRENT_VERIFY, MAX_QUEUED_VERIFY);
  const knownSlots = new VerifySlots(KNOWN_CONCURRENT_VERIFY, KNOWN_QUEUED_VERIFY);

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

    const known = !!body.deviceId && !!body.deviceSecret && await knownInstallation(db, body.deviceId, body.deviceSecret);
    const lane = known ? knownSlots : slots;
    const slot = lane.tryAcquire();
    if (!slot) throw tooMany(reply, 1, 'The server is busy with sign-ins. Try again in a moment.');
    await slot;
    let found: UserRow | undefined;
    let ok: boolean;
    try {
      const refusal = await bookSignInAttempt(db, username, address, now);
      if (refusal) throw tooMany(reply, refusal.seconds, refusal.message);

      found = await findByUsername(db, body.username);
      // Verify against a dummy hash for unknown users so timing does not reveal which usernames exist.
      ok = await verifyPassword(body.password, found?.passwordHash ?? DUMMY_HASH);
    } finally {
      lane.release();
    }
    // A disabled account answers exactly like a wrong password, after the same work, so a guesser
    // learns neither that the account exists nor that the password was right.
    if (!found || !ok || found.disabled) throw new HttpError(401, 'invalid_credentials', 'Wrong username or password');
    await clearSignInFailures(db, username, address);
    const { token, device } = await openSession(db, found, body);
    setSessionCookie(req, reply, token);
    return { user: publicUser(found), device };
  });

  app.post('/logout', async (req, reply) => {
    const token = req.cookies?.[SESSION_COOKIE];
    if (token) await revokeSessionToken(db, token);
    clearSessionCookie(req, reply);
    return { ok: true };
  });

  app.get('/me', async (req, reply) => {
    const actor = await requireActor(db, req);
    const row = await sessionUser(db, actor);
    // Slide the cookie's expiry along with the server-side idle window.
    const token = req.cookies?.[SESSION_COOKIE];
    if (token) setSessionCookie(req, reply, token);
    return publicUser(row);
  });

  /** Registers (or re-confirms) this installation for the signed-in session; answers its short code. */
  app.post('/device', async (req) => {
    const actor = await requireActor(db, req);
    const body = parseBody(registerDeviceBodySchema, req.body);
    return attachDevice(db, actor, body);
  });

  /** Changes the caller's own password; every other session of the user is revoked. */
  app.post('/password', async (req) => {
    const actor = await requireActor(db, req);
    const body = parseBody(changePasswordBodySchema, req.body);
    assertStrongPassword(body.newPassword, 'newPassword');
    await changeOwnPassword(db, actor, body.currentPassword, body.newPassword);
    return { ok: true };
  });
}
