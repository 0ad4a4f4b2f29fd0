// Sign-in, lockout, logout, me, device registration and password change — the real app and database.
import { eq } from 'drizzle-orm';
import { apiErrorSchema, type errorCodes } from '../../contract/errors';
import { loginResponseSchema } from '../../contract/api';
import { userSchema } from '../../contract/entities';
import { loginFailures, sessions } from '../db/schema';
import { SESSION_COOKIE } from '../session';
import { createTestApp, createUser, login, uniq, type TestApp } from '../test-utils';

let t: TestApp;
// Generous: a fresh database on two busy shared cores can take a while to start.
beforeAll(async () => { t = await createTestApp(); }, 180_000);
afterAll(async () => { await t?.close(); }, 60_000);

const post = (url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(cookie ? { cookie } : {}), ...headers } });

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: (typeof errorCodes)[number]) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
}

describe('POST /moi/auth/login', () => {
  it('signs in with the right password: the user without hash, an httpOnly SameSite=Strict cookie', async () => {
    const username = uniq('ann');
    await createUser(t.app, { username, password: 'correct horse', role: 'event_owner', name: 'Ann' });
    const res = await post('/moi/auth/login', { username, password: 'correct horse' });
    expect(res.statusCode).toBe(200);
    const body = loginResponseSchema.parse(res.json());
    expect(body.user.username).toBe(username);
    expect(body.user.role).toBe('event_owner');
    expect(body.device).toBeNull();
    expect(res.body).not.toMatch(/scrypt|password/i);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Strict');
    expect(cookie!.path).toBe('/');
    expect(cookie!.secure).toBeFalsy(); // plain http here
    expect(cookie!.value.length).toBeGreaterThanOrEqual(40);
  });

  it('marks the cookie Secure behind an https proxy when TRUST_PROXY is set', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const res = await proxied.app.inject({
        method: 'POST', url: '/moi/auth/login',
        payload: { username: 'admin', password: 'admin-test-password' },
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)!.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  }, 180_000);

  it('refuses a wrong password and an unknown user with 401 invalid_credentials', async () => {
    const username = uniq('bob');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    expectError(await post('/moi/auth/login', { username, password: 'wrong-password' }), 401, 'invalid_credentials');
    expectError(await post('/moi/auth/login', { username: uniq('nobody'), password: 'whatever' }), 401, 'invalid_credentials');
  });

  it('locks a username + address out after 10 failures, even with the right password; other addresses still work', async () => {
    const username = uniq('cat');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    const from = (ip: string) => ({ remoteAddress: ip });
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username, password: `wrong-${i}` }, ...from('10.0.0.5') });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username, password: 'right-password' }, ...from('10.0.0.5') });
    expectError(locked, 429, 'too_many_attempts');
    const elsewhere = await t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username, password: 'right-password' }, ...from('10.0.0.6') });
    expect(elsewhere.statusCode).toBe(200);
    // Once the failures are older than 15 minutes the lock lifts.
    const old = new Date(Date.now() - 16 * 60_000).toISOString();
    await t.app.db.update(loginFailures).set({ at: old }).where(eq(loginFailures.username, username));
    const later = await t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username, password: 'right-password' }, ...from('10.0.0.5') });
    expect(later.statusCode).toBe(200);
  });

  it('evaluates at most 10 of 20 parallel wrong guesses; the rest get 429 and so does the right password after them', async () => {
    const username = uniq('par');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    const from = { remoteAddress: '10.0.0.7' };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username, password: `guess-${i}` }, ...from })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expect(await t.app.db.select().from(loginFailures).where(eq(loginFailures.username, username))).toHaveLength(10);
    const right = await t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username, password: 'right-password' }, ...from });
    expectError(right, 429, 'too_many_attempts');
  });

  it('a right password clears the failures before it, so the next typo is not the one that locks', async () => {
    const username = uniq('typo');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    const from = { remoteAddress: '10.0.0.8' };
    for (let i = 0; i < 9; i++) {
      expect((await t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username, password: `wrong-${i}` }, ...from })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username, password: 'right-password' }, ...from })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username, password: `again-${i}` }, ...from })).statusCode).toBe(401);
    }
  });

  it('ignores the case of the username, as tablet keyboards capitalise it', async () => {
    const username = uniq('kumar');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    const res = await post('/moi/auth/login', { username: username[0].toUpperCase() + username.slice(1), password: 'right-password' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: { username: string } }).user.username).toBe(username);
    await expect(createUser(t.app, { username: username.toUpperCase(), password: 'x-password', role: 'counter_staff' })).rejects.toThrow(/taken/);
  });

  it('answers a disabled account exactly like a wrong password, whether the password is right or wrong', async () => {
    const username = uniq('dis');
    const u = await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    const { users } = await import('../db/schema');
    await t.app.db.update(users).set({ disabled: true }).where(eq(users.id, u.id));
    const right = await post('/moi/auth/login', { username, password: 'right-password' });
    const wrong = await post('/moi/auth/login', { username, password: 'wrong-password' });
    const unknown = await post('/moi/auth/login', { username: uniq('nobody'), password: 'right-password' });
    for (const r of [right, wrong, unknown]) expectError(r, 401, 'invalid_credentials');
    expect(right.json()).toEqual(wrong.json());
    expect(right.json()).toEqual(unknown.json());
    expect(right.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('registers the device on sign-in and keeps its short code on the next sign-in', async () => {
    const username = uniq('dev');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    const deviceId = '01890a5d-ac96-774b-bcce-b302099a8057';
    const first = await login(t.app, username, 'right-password', { deviceId, deviceLabel: 'Counter A tablet' });
    expect(first.device?.deviceId).toBe(deviceId);
    expect(first.device?.code).toMatch(/^[A-HJ-NP-Z]\d{1,5}$/);
    const second = await login(t.app, username, 'right-password', { deviceId });
    expect(second.device?.code).toBe(first.device?.code);
  });

  it('refuses sign-in from a revoked tablet with 403 forbidden', async () => {
    const username = uniq('rev');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    const deviceId = '01890a5d-ac96-774b-bcce-b302099a8059';
    await login(t.app, username, 'right-password', { deviceId });
    const { devices } = await import('../db/schema');
    await t.app.db.update(devices).set({ revoked: true }).where(eq(devices.id, deviceId));
    expectError(await post('/moi/auth/login', { username, password: 'right-password', deviceId }), 403, 'forbidden');
    // The same person on another tablet is fine.
    expect((await post('/moi/auth/login', { username, password: 'right-password', deviceId: '01890a5d-ac96-774b-bcce-b302099a805a' })).statusCode).toBe(200);
  });

  it('answers every malformed body with 400 invalid_body and the issues', async () => {
    for (const payload of [{}, { username: '', password: 'x' }, { username: 'a' }, { username: 'a', password: 'b', deviceId: 'not-a-uuid' }]) {
      const res = await post('/moi/auth/login', payload);
      expectError(res, 400, 'invalid_body');
      expect((res.json() as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
    }
    const notJson = await t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: '{oops', headers: { 'content-type': 'application/json' } });
    expectError(notJson, 400, 'invalid_body');
  });
});

describe('session: me, logout, device, password', () => {
  it('GET /me answers the signed-in user, and 401 without or with a bogus cookie', async () => {
    const username = uniq('eve');
    await createUser(t.app, { username, password: 'right-password', role: 'event_admin', name: 'Eve' });
    const { cookie } = await login(t.app, username, 'right-password');
    const me = await t.app.inject({ method: 'GET', url: '/moi/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(userSchema.parse(me.json()).username).toBe(username);
    expectError(await t.app.inject({ method: 'GET', url: '/moi/auth/me' }), 401, 'unauthenticated');
    expectError(await t.app.inject({ method: 'GET', url: '/moi/auth/me', headers: { cookie: `${SESSION_COOKIE}=forged` } }), 401, 'unauthenticated');
  });

  it('logout revokes the session: the same cookie no longer works', async () => {
    const username = uniq('fay');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    const { cookie } = await login(t.app, username, 'right-password');
    const other = await login(t.app, username, 'right-password');
    const out = await post('/moi/auth/logout', {}, cookie);
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expectError(await t.app.inject({ method: 'GET', url: '/moi/auth/me', headers: { cookie } }), 401, 'unauthenticated');
    // Only that session: the user's other device stays signed in.
    expect((await t.app.inject({ method: 'GET', url: '/moi/auth/me', headers: { cookie: other.cookie } })).statusCode).toBe(200);
  });

  it('a session unused for more than 30 days has expired', async () => {
    const username = uniq('gus');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    const { cookie, user } = await login(t.app, username, 'right-password');
    await t.app.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 31 * 86_400_000).toISOString() }).where(eq(sessions.userId, user.id));
    expectError(await t.app.inject({ method: 'GET', url: '/moi/auth/me', headers: { cookie } }), 401, 'unauthenticated');
  });

  it('POST /device gives a signed-in session its device code; unauthenticated gets 401', async () => {
    const username = uniq('hal');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    const { cookie } = await login(t.app, username, 'right-password');
    const deviceId = '01890a5d-ac96-774b-bcce-b302099a8058';
    const res = await post('/moi/auth/device', { deviceId, label: 'Hall tablet' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deviceId, code: expect.stringMatching(/^[A-Z]\d+$/), secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expectError(await post('/moi/auth/device', { deviceId }), 401, 'unauthenticated');
    expectError(await post('/moi/auth/device', { deviceId: 'x' }, cookie), 400, 'invalid_body');
  });

  it('gives distinct codes to many devices registering at once', async () => {
    const username = uniq('ivy');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    const { cookie } = await login(t.app, username, 'right-password');
    const ids = Array.from({ length: 30 }, (_, i) => `01890a5d-ac96-774b-bcce-${String(i).padStart(12, '0')}`);
    const answers = await Promise.all(ids.map((deviceId) => post('/moi/auth/device', { deviceId }, cookie)));
    const codes = answers.map((a) => (a.json() as { code: string }).code);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(codes).size).toBe(ids.length);
  });

  it('POST /password changes the password and signs out the other sessions', async () => {
    const username = uniq('jay');
    await createUser(t.app, { username, password: 'old-password', role: 'counter_staff' });
    const a = await login(t.app, username, 'old-password');
    const b = await login(t.app, username, 'old-password');
    expectError(await post('/moi/auth/password', { currentPassword: 'nope-nope', newPassword: 'new-password-1' }, a.cookie), 403, 'invalid_credentials');
    expectError(await post('/moi/auth/password', { currentPassword: 'old-password', newPassword: 'short' }, a.cookie), 400, 'invalid_body');
    expect((await post('/moi/auth/password', { currentPassword: 'old-password', newPassword: 'new-password-1' }, a.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/moi/auth/me', headers: { cookie: a.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/moi/auth/me', headers: { cookie: b.cookie } })).statusCode).toBe(401);
    expectError(await post('/moi/auth/login', { username, password: 'old-password' }), 401, 'invalid_credentials');
    expect((await post('/moi/auth/login', { username, password: 'new-password-1' })).statusCode).toBe(200);
  });
});
