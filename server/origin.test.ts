// State-changing API calls from another origin are refused (a page on another port of the venue
// laptop changed a user's picture); API answers are never cached; every answer has a Permissions-Policy.
import { eq } from 'drizzle-orm';
import { apiErrorSchema } from '../contract/errors';
import { users } from './db/schema';
import { PERMISSIONS_POLICY } from './hardening';
import { createTestApp, createUser, login, uniq, type TestApp } from './test-utils';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 180_000);
afterAll(async () => { await t?.close(); }, 60_000);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

function pictureUpload(id: string) {
  const boundary = 'moiorigintest';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

// inject addresses the app as http://localhost:80, i.e. the origin http://localhost.
const HOST = 'moi.local:8080';
const OWN = `http://${HOST}`;

async function person() {
  const username = uniq('org');
  const u = await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
  return { ...u, cookie: (await login(t.app, username, 'right-password')).cookie };
}

const picture = async (id: string) => (await t.app.db.select({ p: users.profileImagePath }).from(users).where(eq(users.id, id)))[0].p;

describe('the Origin check on state-changing /moi/ requests', () => {
  it('refuses a picture upload posted from another port of the same host, and changes nothing', async () => {
    const me = await person();
    const m = pictureUpload(me.id);
    for (const headers of [
      { origin: 'http://moi.local:3000' },
      { origin: 'https://moi.local:8080' }, // another scheme is another origin
      { origin: 'null' }, // sandboxed frames and data: pages
      { 'sec-fetch-site': 'same-site' }, // no Origin, but the browser says the page was another origin of this site
      { referer: 'http://moi.local:3000/evil.html' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/moi/user/uploadProfileImage', payload: m.payload, headers: { host: HOST, cookie: me.cookie, 'content-type': m.contentType, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(apiErrorSchema.parse(res.json()).code).toBe('forbidden');
    }
    expect(await picture(me.id)).toBeNull();

    // The app's own page (same origin) and a client with no browser headers (curl, scripts) go on.
    const own = await t.app.inject({ method: 'POST', url: '/moi/user/uploadProfileImage', payload: m.payload, headers: { host: HOST, cookie: me.cookie, 'content-type': m.contentType, origin: OWN, 'sec-fetch-site': 'same-origin', referer: `${OWN}/page-layouts/user-profile` } });
    expect(own.statusCode, own.body).toBe(200);
    expect(await picture(me.id)).not.toBeNull();
    const bare = await t.app.inject({ method: 'POST', url: '/moi/user/uploadProfileImage', payload: m.payload, headers: { host: HOST, cookie: me.cookie, 'content-type': m.contentType } });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it('applies to sign-in and JSON calls too, but not to reads', async () => {
    const me = await person();
    const foreign = { host: HOST, origin: 'http://moi.local:5173' };
    const signin = await t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username: me.username, password: 'right-password' }, headers: foreign });
    expect(signin.statusCode).toBe(403);
    const update = await t.app.inject({ method: 'POST', url: '/moi/user/update', payload: { id: me.id, name: 'Changed', lastUpdatedBy: me.user_id }, headers: { ...foreign, cookie: me.cookie } });
    expect(update.statusCode).toBe(403);
    expect((await t.app.db.select({ n: users.name }).from(users).where(eq(users.id, me.id)))[0].n).toBe(me.name);
    const read = await t.app.inject({ method: 'GET', url: '/moi/auth/me', headers: { ...foreign, cookie: me.cookie } });
    expect(read.statusCode).toBe(200);
    const same = await t.app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username: me.username, password: 'right-password' }, headers: { host: HOST, origin: OWN } });
    expect(same.statusCode).toBe(200);
  });
});

describe('response headers', () => {
  it('API answers carry Cache-Control: no-store, errors included; uploaded pictures keep their own caching', async () => {
    const me = await person();
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/moi/auth/me', headers: { cookie: me.cookie } }),
      await t.app.inject({ method: 'GET', url: '/moi/auth/me' }),
      await t.app.inject({ method: 'GET', url: '/moi/health' }),
      await t.app.inject({ method: 'GET', url: '/moi/no-such-route' }),
    ]) {
      expect(res.headers['cache-control'], res.body).toBe('no-store');
    }
    const m = pictureUpload(me.id);
    const up = await t.app.inject({ method: 'POST', url: '/moi/user/uploadProfileImage', payload: m.payload, headers: { cookie: me.cookie, 'content-type': m.contentType } });
    const { profileImagePath } = up.json() as { profileImagePath: string };
    const img = await t.app.inject({ method: 'GET', url: `/moi/user/profile-image/${profileImagePath}`, headers: { cookie: me.cookie } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['cache-control']).toMatch(/^private/);
  });

  it('every answer carries a Permissions-Policy that turns off what the app never uses and keeps Razorpay payments', async () => {
    for (const url of ['/moi/health', '/moi/auth/me', '/', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
    // the counter's scan of the giver's QR (issue 30): the app's own pages only, never a frame
    expect(PERMISSIONS_POLICY).toMatch(/(^|, )camera=\(self\)/);
    expect(PERMISSIONS_POLICY).toMatch(/geolocation=\(\)/);
    // the receipt printer's transports (issue 28): the app's own pages may pair a serial or USB printer
    // (Bluetooth: the browser's default, the page's own origin; Chromium rejects a 'bluetooth' entry)
    for (const f of ['serial', 'usb']) expect(PERMISSIONS_POLICY).toContain(`${f}=(self)`);
    expect(PERMISSIONS_POLICY).not.toContain('bluetooth');
    expect(PERMISSIONS_POLICY).toMatch(/payment=\(self "https:\/\/checkout\.razorpay\.com"/);
  });
});
