// Profile pictures are served only to users who may see their owner (issue 13): themselves, an app
// admin, the admins and owners of an event the owner belongs to, and staff of the same counter.
// Everyone else gets 404, as if there were no such picture. Real app and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '../../contract/admin';
import { PROFILE_IMAGE_BASE } from '../../contract/api';
import { uuidv7 } from '../../contract/ids';
import { createTestApp, type TestApp } from '../test-utils';
import { buildWorld, PASSWORD, sessionCookie, type World } from '../domain/management/test-world';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

let t: TestApp;
let w: World;
let picture = '';
const extra: Record<'sameCounter' | 'otherCounter', string> = { sameCounter: '', otherCounter: '' };

async function uploadFor(userId: string): Promise<string> {
  const boundary = `----moi${uuidv7().slice(-8)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${userId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/moi/user/uploadProfileImage', payload, headers: { cookie: w.cookies.admin!, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { profileImagePath: string }).profileImagePath;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.app);
  picture = await uploadFor(w.ids.st1);
  // Another staff member on st1's counter, and one on another counter of the same event.
  const cB = (await (await w.call('ea1', 'POST', `/moi/events/${w.e1.id}/counters`, { code: 'B', name: 'Second' })).json() as { counter: { id: string } }).counter;
  for (const [key, counterId] of [['sameCounter', w.c1.id], ['otherCounter', cB.id]] as const) {
    const res = await w.call('ea1', 'POST', '/moi/admin/users', { username: `${key}-${uuidv7().slice(-6)}`, password: PASSWORD, name: key, role: 'counter_staff', eventId: w.e1.id, counterIds: [counterId] });
    extra[key] = await sessionCookie(t.app, (res.json() as { user: AdminUser }).user.id);
  }
}, 180_000);
afterAll(async () => { await t?.close(); }, 60_000);

const fetchAs = (cookie: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${PROFILE_IMAGE_BASE}${picture}`, headers: { cookie, ...headers } });

describe('GET /moi/user/profile-image/:id', () => {
  it('serves a staff member\'s picture to them, the app admin, their event\'s admin and owner, and staff of their counter', async () => {
    for (const cookie of [w.cookies.st1!, w.cookies.admin!, w.cookies.ea1!, w.cookies.ow1!, extra.sameCounter]) {
      const res = await fetchAs(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
  });

  it('answers 404 not_found to everyone else, also for a cached copy\'s revalidation', async () => {
    for (const cookie of [w.cookies.ea2!, w.cookies.ow2!, w.cookies.st2!, extra.otherCounter]) {
      const res = await fetchAs(cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
      expect(res.rawPayload.includes(PNG)).toBe(false);
      expect((await fetchAs(cookie, { 'if-none-match': `"${picture}"` })).statusCode).toBe(404);
    }
    // The same answer as for a picture that does not exist.
    const none = await t.app.inject({ method: 'GET', url: `${PROFILE_IMAGE_BASE}${uuidv7()}`, headers: { cookie: w.cookies.ea2! } });
    expect([none.statusCode, none.json()]).toEqual([404, (await fetchAs(w.cookies.ea2!)).json()]);
  });
});
