// A device id belongs to the installation that registered it (issue 13): the secret issued at the
// first registration, the push bound to the session's device, and the high-water marks an
// installation that lost its local database gets back. Real app, real database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { deviceMeResponseSchema, loginResponseSchema } from '../../contract/api';
import { devices, sessions } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import { SESSION_COOKIE } from '../session';
import { createTestApp, type TestApp } from '../test-utils';
import { seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 180_000);
afterAll(async () => { await t?.close(); }, 60_000);

type Person = { id: string; username: string; password: string };
const person = (role: 'counter_staff' | 'event_admin' = 'counter_staff') => seedUser(t.app, `p${randomUUID().slice(0, 8)}`, role);

async function signIn(p: Person, extra: { deviceId?: string; deviceSecret?: string } = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username: p.username, password: p.password, ...extra } });
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  return { res, status: res.statusCode, cookie: c ? `${SESSION_COOKIE}=${c.value}` : '', body: res.statusCode === 200 ? loginResponseSchema.parse(res.json()) : null };
}
const code = (r: { json(): unknown }) => (r.json() as { code: string }).code;
/** The secret with its last character changed (never to the same character: 1 in 64 secrets ends in 'A'). */
const oneCharOff = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
const push = (cookie: string, deviceId: string, mutations: unknown[] = []) =>
  t.app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie }, payload: { deviceId, mutations } });

describe('device secret', () => {
  it('the first sign-in on a device id issues a secret once; only its hash is stored and the registrant stays on record', async () => {
    const a = await person();
    const deviceId = randomUUID();
    const first = await signIn(a, { deviceId });
    expect(first.status).toBe(200);
    const secret = first.body!.device!.secret!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.app.db.select().from(devices).where(eq(devices.id, deviceId));
    expect(row.userId).toBe(a.id);
    expect(row.secretHash).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(secret);
    // The holder signs in again with it: same code, and no new secret is handed out.
    const again = await signIn(a, { deviceId, deviceSecret: secret });
    expect(again.status).toBe(200);
    expect(again.body!.device).toMatchObject({ deviceId, code: first.body!.device!.code });
    expect(again.body!.device!.secret).toBeUndefined();
  });

  it('another user naming a known device id without its secret gets 403 device_taken, and no session', async () => {
    const a = await person();
    const b = await person();
    const deviceId = randomUUID();
    const first = await signIn(a, { deviceId });
    for (const extra of [{ deviceId }, { deviceId, deviceSecret: 'guess' }, { deviceId, deviceSecret: oneCharOff(first.body!.device!.secret!) }]) {
      const r = await signIn(b, extra);
      expect(r.status).toBe(403);
      expect(code(r.res)).toBe('device_taken');
      expect(r.cookie).toBe('');
    }
    // Even its own registrant needs the secret once one was issued (it proves the installation, not the person).
    const bare = await signIn(a, { deviceId });
    expect([bare.status, code(bare.res)]).toEqual([403, 'device_taken']);
    const [row] = await t.app.db.select({ userId: devices.userId }).from(devices).where(eq(devices.id, deviceId));
    expect(row.userId).toBe(a.id);
  });

  it('a second person on the same shared tablet presents its secret: signed in on that device, the registrant is kept', async () => {
    const a = await person();
    const b = await person();
    const deviceId = randomUUID();
    const first = await signIn(a, { deviceId });
    const second = await signIn(b, { deviceId, deviceSecret: first.body!.device!.secret });
    expect(second.status).toBe(200);
    expect(second.body!.device!.code).toBe(first.body!.device!.code);
    const [row] = await t.app.db.select({ userId: devices.userId }).from(devices).where(eq(devices.id, deviceId));
    expect(row.userId).toBe(a.id);
    // … and may push from it (the previous person's queued entries go out from the same device).
    const res = await push(second.cookie, deviceId);
    expect(res.statusCode).toBe(200);
  });

  it('a device registered before secrets existed: its registrant gets one issued at sign-in, anyone else is refused', async () => {
    const a = await person();
    const b = await person();
    const deviceId = randomUUID();
    await t.app.db.insert(devices).values({ id: deviceId, code: `Z${Math.floor(Math.random() * 90000) + 10000}`, userId: a.id });
    const stranger = await signIn(b, { deviceId });
    expect([stranger.status, code(stranger.res)]).toEqual([403, 'device_taken']);
    const claimed = await signIn(a, { deviceId });
    expect(claimed.status).toBe(200);
    const secret = claimed.body!.device!.secret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Once claimed, the secret is required like any other device's.
    expect((await signIn(a, { deviceId })).status).toBe(403);
    expect((await signIn(b, { deviceId, deviceSecret: secret })).status).toBe(200);
  });

  it('POST /auth/device: re-registering another installation\'s device id is refused; with its secret it is the same device', async () => {
    const a = await person();
    const b = await person();
    const deviceId = randomUUID();
    const first = await signIn(a, { deviceId });
    const bSession = await signIn(b, { deviceId: randomUUID() });
    const stolen = await t.app.inject({ method: 'POST', url: '/moi/auth/device', headers: { cookie: bSession.cookie }, payload: { deviceId } });
    expect([stolen.statusCode, code(stolen)]).toEqual([403, 'device_taken']);
    // The refused registration did not move b's session onto that device: a push naming it is refused.
    expect(code(await push(bSession.cookie, deviceId))).toBe('device_mismatch');
    const own = await t.app.inject({ method: 'POST', url: '/moi/auth/device', headers: { cookie: bSession.cookie }, payload: { deviceId, secret: first.body!.device!.secret } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ deviceId, code: first.body!.device!.code });
  });

  it('admin revocation still locks the device out, with or without its secret, and lets it back in', async () => {
    const admin = await person();
    await t.app.db.execute(sql`update users set role = 'app_admin' where id = ${admin.id}`);
    const adminSession = await signIn(admin);
    const a = await person();
    const deviceId = randomUUID();
    const first = await signIn(a, { deviceId });
    const secret = first.body!.device!.secret!;
    const revoke = (revoked: boolean) => t.app.inject({ method: 'POST', url: `/moi/devices/${deviceId}/revoked`, headers: { cookie: adminSession.cookie }, payload: { revoked } });
    expect((await revoke(true)).statusCode).toBe(200);
    expect((await push(first.cookie, deviceId)).statusCode).toBe(401);
    const refused = await signIn(a, { deviceId, deviceSecret: secret });
    expect([refused.status, code(refused.res)]).toEqual([403, 'forbidden']);
    expect((await revoke(false)).statusCode).toBe(200);
    expect((await signIn(a, { deviceId, deviceSecret: secret })).status).toBe(200);
  });
});

describe('push names the session\'s own device', () => {
  it('a push naming another device answers 403 device_mismatch; a session with no device cannot push', async () => {
    const a = await person();
    const b = await person();
    const aDev = randomUUID();
    const aIn = await signIn(a, { deviceId: aDev });
    const bIn = await signIn(b, { deviceId: randomUUID() });
    const res = await push(bIn.cookie, aDev, [{ id: uuidv7(), seq: 1, name: 'signup.create', args: {} }]);
    expect([res.statusCode, code(res)]).toEqual([403, 'device_mismatch']);
    expect((await push(aIn.cookie, aDev)).statusCode).toBe(200);
    const noDevice = await signIn(a);
    expect(code(await push(noDevice.cookie, aDev))).toBe('device_mismatch');
    const [s] = await t.app.db.select({ deviceId: sessions.deviceId }).from(sessions).where(eq(sessions.userId, b.id));
    expect(s.deviceId).not.toBe(aDev);
  });
});

describe('high-water marks of a device (GET /moi/devices/me and the login answer)', () => {
  it('give the highest outbox seq and receipt sequence this device issued, per counter, ignoring other devices', async () => {
    const staff = await person();
    const other = await person();
    const eventId = await seedEvent(t.app, {});
    const cA = await seedCounter(t.app, eventId, { code: 'A', staffIds: [staff.id, other.id] });
    const cB = await seedCounter(t.app, eventId, { code: 'B', staffIds: [staff.id] });
    const deviceId = randomUUID();
    const first = await signIn(staff, { deviceId });
    expect(first.body!.device!.highWater).toEqual({ outboxSeq: 0, receiptSeq: 0, counters: [] });
    const dc = first.body!.device!.code;
    const otherDev = randomUUID();
    const otherIn = await signIn(other, { deviceId: otherDev });
    const gift = (counterId: string, receiptNo: string, by: string) => ({
      id: uuidv7(), eventId, counterId, receiptNo, name: 'முருகன்', village: 'மதுரை', amount: 501, mode: 'cash', enteredAt: new Date().toISOString(), enteredBy: by,
    });
    const mine = await push(first.cookie, deviceId, [
      { id: uuidv7(), seq: 4, name: 'gift.create', args: gift(cA, `A-${dc}-0003`, staff.id) },
      { id: uuidv7(), seq: 5, name: 'gift.create', args: gift(cA, `A-${dc}-0004`, staff.id) },
      { id: uuidv7(), seq: 6, name: 'gift.create', args: gift(cB, `B-${dc}-0007`, staff.id) },
    ]);
    expect((mine.json() as { results: { status: string }[] }).results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const theirs = await push(otherIn.cookie, otherDev, [{ id: uuidv7(), seq: 40, name: 'gift.create', args: gift(cA, `A-${otherIn.body!.device!.code}-0099`, other.id) }]);
    expect((theirs.json() as { results: { status: string }[] }).results[0].status).toBe('applied');

    const me = await t.app.inject({ method: 'GET', url: '/moi/devices/me', headers: { cookie: first.cookie } });
    expect(me.statusCode).toBe(200);
    const body = deviceMeResponseSchema.parse(me.json());
    expect(body).toMatchObject({ deviceId, code: dc, highWater: { outboxSeq: 6, receiptSeq: 7 } });
    expect(body.highWater.counters.sort((x, y) => x.receiptSeq - y.receiptSeq)).toEqual([{ counterId: cA, receiptSeq: 4 }, { counterId: cB, receiptSeq: 7 }]);
    // The same marks come with the next sign-in on the device.
    const again = await signIn(staff, { deviceId, deviceSecret: first.body!.device!.secret });
    expect(again.body!.device!.highWater).toMatchObject({ outboxSeq: 6, receiptSeq: 7 });
  });

  it('a session without a device gets 404; without a session 401', async () => {
    const a = await person();
    const bare = await signIn(a);
    const res = await t.app.inject({ method: 'GET', url: '/moi/devices/me', headers: { cookie: bare.cookie } });
    expect([res.statusCode, code(res)]).toEqual([404, 'not_found']);
    expect((await t.app.inject({ method: 'GET', url: '/moi/devices/me' })).statusCode).toBe(401);
  });
});
