// Guessing is bounded before the password hash: per address (rate and spraying across usernames),
// per account (backoff across addresses), and in total (password checks in flight); and trivial
// passwords are refused wherever a password is set.
import { eq } from 'drizzle-orm';
import { apiErrorSchema } from '../../contract/errors';
import { loadConfig } from '../config';
import { loginFailures } from '../db/schema';
import { createTestApp, createUser, deviceSecrets, login, TEST_ADMIN, uniq, type TestApp } from '../test-utils';
import { LOGIN_RATE_PER_MINUTE, SPRAY_FAILURES } from './auth';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 180_000);
afterAll(async () => { await t?.close(); }, 60_000);

const attempt = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username, password }, remoteAddress });

function expectTooMany(res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(429);
  expect(apiErrorSchema.parse(res.json()).code).toBe('too_many_attempts');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-in limits', () => {
  it(`refuses more than ${LOGIN_RATE_PER_MINUTE} sign-ins a minute from one address, right password or not; other addresses go on`, async () => {
    const username = uniq('rate');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    for (let i = 0; i < LOGIN_RATE_PER_MINUTE; i++) expect((await attempt(username, 'right-password', '10.20.0.1')).statusCode).toBe(200);
    expectTooMany(await attempt(username, 'right-password', '10.20.0.1'));
    expect((await attempt(username, 'right-password', '10.20.0.2')).statusCode).toBe(200);
  });

  it('bounds password spraying: failures across many usernames from one address lock that address (state in the database)', async () => {
    // Failures booked earlier (by this or another server instance: they live in login_failures).
    await t.app.db.insert(loginFailures).values(Array.from({ length: SPRAY_FAILURES }, (_, i) => ({ username: `sprayed-${i}`, address: '10.21.0.1' })));
    const username = uniq('spray');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    const sprayed = await attempt(username, 'right-password', '10.21.0.1');
    expectTooMany(sprayed);
    // Retry-After is when the oldest of those failures leaves the 15-minute window.
    expect(Number(sprayed.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    await t.app.db.update(loginFailures).set({ at: new Date(Date.now() - 14 * 60_000).toISOString() }).where(eq(loginFailures.username, 'sprayed-0'));
    const sooner = await attempt(username, 'right-password', '10.21.0.1');
    expectTooMany(sooner);
    expect(Number(sooner.headers['retry-after'])).toBeLessThanOrEqual(61);
    expect((await attempt(username, 'right-password', '10.21.0.2')).statusCode).toBe(200);
  });

  it('backs an account off when guesses for it come from several addresses, then lets the owner in', async () => {
    const username = uniq('acct');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    for (const from of ['10.22.0.1', '10.22.0.2']) {
      for (let i = 0; i < 10; i++) expect((await attempt(username, `wrong-${i}`, from)).statusCode).toBe(401);
    }
    // A third address gets no free guess straight away …
    const held = await attempt(username, 'right-password', '10.22.0.3');
    expectTooMany(held);
    // … but after the wait the server named, the right password works.
    await new Promise((r) => setTimeout(r, Number(held.headers['retry-after']) * 1000 + 100));
    expect((await attempt(username, 'right-password', '10.22.0.3')).statusCode).toBe(200);
  }, 60_000);

  it('answers a flood of guesses from many addresses with 429 at once instead of queueing every sign-in behind it', async () => {
    const started = Date.now();
    const timed = (p: ReturnType<typeof attempt>) => p.then((r) => ({ r, ms: Date.now() - started }));
    const flood = Array.from({ length: 200 }, (_, i) => timed(attempt(uniq('nobody'), 'wrong-password', `10.30.${Math.floor(i / 250)}.${(i % 250) + 1}`)));
    const real = timed(attempt(TEST_ADMIN.username, TEST_ADMIN.password, '10.31.0.1'));
    const answers = await Promise.all(flood);
    expect(answers.every(({ r }) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    const refused = answers.filter(({ r }) => r.statusCode === 429);
    const checked = answers.filter(({ r }) => r.statusCode === 401);
    // Only a bounded number of guesses get a password check; the rest are told to come back.
    expect(refused.length).toBeGreaterThan(100);
    for (const { r } of refused) expectTooMany(r);
    // Refusals do not wait for the hashing: the typical refusal comes back before the typical check.
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    expect(median(refused.map((a) => a.ms))).toBeLessThan(median(checked.map((a) => a.ms)));
    // The real sign-in is let in, or told to retry and let in right after.
    const { r } = await real;
    if (r.statusCode !== 200) {
      expectTooMany(r);
      expect((await attempt(TEST_ADMIN.username, TEST_ADMIN.password, '10.31.0.1')).statusCode).toBe(200);
    }
  }, 60_000);

  it('a tablet the server knows signs in through a flood of guesses at once: its own lane, never 429', async () => {
    const staff = await createUser(t.app, { username: uniq('known'), password: 'counter-pass-2468', role: 'counter_staff' });
    const deviceId = crypto.randomUUID();
    await login(t.app, staff.username, 'counter-pass-2468', { deviceId });
    const secret = deviceSecrets.get(deviceId)!;
    // Guesses keep coming until the tablet has its answer; it signs in once the guessers' queue is full.
    let refused = 0;
    let done = false;
    let n = 0;
    const guessing = (async () => {
      while (!done) {
        await Promise.all(Array.from({ length: 40 }, () => { n++; return attempt(uniq('nobody'), 'wrong-password', `10.32.${Math.floor(n / 250)}.${(n % 250) + 1}`).then((x) => { if (x.statusCode === 429) refused++; }); }));
      }
    })();
    while (refused === 0) await new Promise((res) => setTimeout(res, 5));
    const flood = [guessing];
    const tablet = t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username: staff.username, password: 'counter-pass-2468', deviceId, deviceSecret: secret }, remoteAddress: '10.33.0.1' });
    // A secret that is not the device's is no pass to the lane.
    const forged = t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username: staff.username, password: 'counter-pass-2468', deviceId, deviceSecret: 'x'.repeat(43) }, remoteAddress: '10.33.0.2' });
    const [r, f] = [await tablet, await forged];
    done = true;
    await Promise.all(flood);
    expect(r.statusCode, r.body).toBe(200);
    expect([403, 429]).toContain(f.statusCode);
  }, 60_000);
});

describe('trivial passwords', () => {
  const trivial = ['password', '12345678', 'qwerty123', 'moi12345', 'aaaaaaaa', '        ', 'Password', 'abcdefgh'];
  let adminCookie: string;
  beforeAll(async () => { adminCookie = (await login(t.app, TEST_ADMIN.username, TEST_ADMIN.password, {})).cookie; });
  const post = (url: string, payload: object, cookie: string) => t.app.inject({ method: 'POST', url, payload, headers: { cookie }, remoteAddress: '10.40.0.1' });

  function expectWeak(res: { statusCode: number; json(): unknown; body: string }) {
    expect(res.statusCode, res.body).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('weak_password');
    expect(body.message).toMatch(/password/i);
  }

  it('are refused when an admin creates an account or resets a password, and when a user changes theirs', async () => {
    const target = await createUser(t.app, { username: uniq('tgt'), password: 'right-password', role: 'counter_staff' });
    const own = await login(t.app, target.username, 'right-password');
    for (const pw of trivial) {
      expectWeak(await post('/moi/admin/users', { username: uniq('weak'), password: pw, name: 'Weak', role: 'event_owner' }, adminCookie));
      expectWeak(await post(`/moi/admin/users/${target.id}/password`, { password: pw }, adminCookie));
      expectWeak(await post('/moi/user/updateadmin', { id: target.id, password: pw, lastUpdatedBy: 'MOI000001' }, adminCookie));
      expectWeak(await post('/moi/auth/password', { currentPassword: 'right-password', newPassword: pw }, own.cookie));
    }
    // The account still has its old password, and a real one is accepted.
    expect((await post('/moi/auth/password', { currentPassword: 'right-password', newPassword: 'kolam-at-dawn-42' }, own.cookie)).statusCode).toBe(200);
    expect((await login(t.app, target.username, 'kolam-at-dawn-42')).user.id).toBe(target.id);
    expect((await post('/moi/admin/users', { username: uniq('strong'), password: 'mango-season-77', name: 'Strong', role: 'event_owner' }, adminCookie)).statusCode).toBe(201);
  });

  it('stop the server from starting with a trivial ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password' } as NodeJS.ProcessEnv)).toThrow(/ADMIN_PASSWORD.*common/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'zzzzzzzzzz' } as NodeJS.ProcessEnv)).toThrow(/ADMIN_PASSWORD.*repeated/);
    expect(loadConfig({ ADMIN_PASSWORD: 'kolam-at-dawn-42' } as NodeJS.ProcessEnv).adminPassword).toBe('kolam-at-dawn-42');
  });
});
