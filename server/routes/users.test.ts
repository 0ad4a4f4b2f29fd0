// The four user calls of spec §7: self, another user (refused), unauthenticated (401); uploads.
import { apiErrorSchema } from '../../contract/errors';
import { PROFILE_IMAGE_BASE } from '../../contract/api';
import { userSchema } from '../../contract/entities';
import type { ErrorCode } from '../../contract/errors';
import { createTestApp, createUser, login, TEST_ADMIN, uniq, type TestApp } from '../test-utils';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await login(t.app, TEST_ADMIN.username, TEST_ADMIN.password)).cookie;
}, 180_000);
afterAll(async () => { await t?.close(); }, 60_000);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);

function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = `----moi${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `Content-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\n${disp}\r\n${p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(cookie: string | undefined, id: string | null, file: Buffer | null, filename = 'me.png') {
  const parts = [
    ...(file ? [{ name: 'file', value: file, filename, type: 'image/png' }] : []),
    ...(id !== null ? [{ name: 'id', value: id }] : []),
  ];
  const m = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/moi/user/uploadProfileImage', payload: m.payload, headers: { ...m.headers, ...(cookie ? { cookie } : {}) } });
}

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: ErrorCode) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
}

async function person(role: 'counter_staff' | 'event_owner' | 'event_admin' = 'counter_staff') {
  const username = uniq(role.slice(0, 3));
  const user = await createUser(t.app, { username, password: 'pass-word-1', role, name: 'Murugan', mobile: '9876543210', userType: 'staff' });
  const { cookie } = await login(t.app, username, 'pass-word-1');
  return { user, cookie, username };
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

describe('GET /moi/user/getuserbyusername/:username', () => {
  it('answers a list whose first element is me, without the password hash', async () => {
    const me = await person();
    const res = await get(`/moi/user/getuserbyusername/${me.username}`, me.cookie);
    expect(res.statusCode).toBe(200);
    const list = userSchema.array().parse(res.json());
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: me.user.id, username: me.username, name: 'Murugan', mobile: '9876543210', role: 'counter_staff' });
    expect(list[0].user_id).toMatch(/^MOI\d{6}$/);
    expect(res.body).not.toMatch(/scrypt|passwordHash|password_hash/);
  });

  it("refuses another user's profile to a non-admin; the admin reads anyone and gets [] for an unknown name", async () => {
    const me = await person();
    const other = await person();
    expectError(await get(`/moi/user/getuserbyusername/${other.username}`, me.cookie), 403, 'forbidden');
    expect((await get(`/moi/user/getuserbyusername/${other.username}`, adminCookie)).json()).toHaveLength(1);
    const none = await get(`/moi/user/getuserbyusername/${uniq('ghost')}`, adminCookie);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it('is 401 without a session', async () => {
    expectError(await get('/moi/user/getuserbyusername/admin'), 401, 'unauthenticated');
  });
});

describe('POST /moi/user/update', () => {
  it('lets a user change their own name, sending the whole user back with unchanged locked fields', async () => {
    const me = await person();
    const body = { ...me.user, name: 'முருகன் K', lastUpdatedBy: me.user.user_id };
    const res = await post('/moi/user/update', body, me.cookie);
    expect(res.statusCode).toBe(200);
    const [after] = (await get(`/moi/user/getuserbyusername/${me.username}`, me.cookie)).json() as { name: string; lastUpdatedBy: string }[];
    expect(after.name).toBe('முருகன் K');
    expect(after.lastUpdatedBy).toBe(me.user.user_id);
  });

  it('lets a user with no mobile on record rename themselves, the whole user sent back with mobile null or empty', async () => {
    const username = uniq('nom');
    const u = await createUser(t.app, { username, password: 'pass-word-1', role: 'counter_staff', name: 'Murugan', mobile: null, userType: null });
    const { cookie } = await login(t.app, username, 'pass-word-1');
    for (const [mobile, name] of [[null, 'Murugan K'], ['', 'Murugan R']] as const) {
      const res = await post('/moi/user/update', { ...u, mobile, name, lastUpdatedBy: u.user_id }, cookie);
      expect(res.statusCode, String(mobile)).toBe(200);
      const [after] = (await get(`/moi/user/getuserbyusername/${username}`, cookie)).json() as { name: string; mobile: string | null }[];
      expect(after).toMatchObject({ name, mobile: null });
    }
    // Entering a mobile is still the admin's: a 10-digit one is refused to the user (403), a short one is a 400.
    expect((await post('/moi/user/update', { ...u, mobile: '9876543210', lastUpdatedBy: u.user_id }, cookie)).statusCode).toBe(403);
    expect((await post('/moi/user/update', { ...u, mobile: '98765', lastUpdatedBy: u.user_id }, cookie)).statusCode).toBe(400);
  });

  it('refuses a non-admin changing their username, mobile or role (403) and changes nothing', async () => {
    const me = await person('event_owner');
    for (const patch of [{ username: uniq('new') }, { mobile: '9000000000' }, { role: 'app_admin' }]) {
      const res = await post('/moi/user/update', { id: me.user.id, name: 'Changed', ...patch, lastUpdatedBy: me.user.user_id }, me.cookie);
      expectError(res, 403, 'forbidden');
    }
    const [after] = (await get(`/moi/user/getuserbyusername/${me.username}`, me.cookie)).json() as { name: string; role: string; mobile: string }[];
    expect(after).toMatchObject({ name: 'Murugan', role: 'event_owner', mobile: '9876543210' });
  });

  it("refuses changing another user's profile (403) and is 401 unauthenticated", async () => {
    const me = await person();
    const other = await person();
    expectError(await post('/moi/user/update', { id: other.user.id, name: 'Hacked', lastUpdatedBy: me.user.user_id }, me.cookie), 403, 'forbidden');
    expectError(await post('/moi/user/update', { id: me.user.id, name: 'Anon', lastUpdatedBy: 'x' }), 401, 'unauthenticated');
    const [after] = (await get(`/moi/user/getuserbyusername/${other.username}`, other.cookie)).json() as { name: string }[];
    expect(after.name).toBe('Murugan');
  });

  it('answers invalid bodies with 400 invalid_body listing the fields', async () => {
    const me = await person();
    for (const body of [
      { id: me.user.id, name: 'x' }, // no lastUpdatedBy
      { id: me.user.id, mobile: '12345', lastUpdatedBy: me.user.user_id },
      { id: me.user.id, name: '', lastUpdatedBy: me.user.user_id },
      { name: 'no id', lastUpdatedBy: me.user.user_id },
    ]) {
      const res = await post('/moi/user/update', body, me.cookie);
      expectError(res, 400, 'invalid_body');
      expect((res.json() as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
    }
  });
});

describe('POST /moi/user/updateadmin', () => {
  it('lets the app admin change username, mobile and role of anyone', async () => {
    const target = await person();
    const newName = uniq('renamed');
    const res = await post('/moi/user/updateadmin', { id: target.user.id, username: newName, mobile: '9123456789', role: 'event_admin', name: 'Selvi', lastUpdatedBy: 'MOI000001' }, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(userSchema.parse(res.json())).toMatchObject({ username: newName, mobile: '9123456789', role: 'event_admin', name: 'Selvi' });
    // The renamed user signs in with the new username.
    expect((await login(t.app, newName, 'pass-word-1')).user.role).toBe('event_admin');
  });

  it('refuses a non-admin, even for themselves (403), and is 401 unauthenticated', async () => {
    const me = await person('event_admin');
    expectError(await post('/moi/user/updateadmin', { id: me.user.id, name: 'Me', lastUpdatedBy: me.user.user_id }, me.cookie), 403, 'forbidden');
    const other = await person();
    expectError(await post('/moi/user/updateadmin', { id: other.user.id, role: 'app_admin', lastUpdatedBy: me.user.user_id }, me.cookie), 403, 'forbidden');
    expectError(await post('/moi/user/updateadmin', { id: me.user.id, name: 'Me', lastUpdatedBy: 'x' }), 401, 'unauthenticated');
  });

  it('refuses a username that is taken (409) and invalid bodies (400)', async () => {
    const a = await person();
    const b = await person();
    expectError(await post('/moi/user/updateadmin', { id: a.user.id, username: b.username, lastUpdatedBy: 'MOI000001' }, adminCookie), 409, 'username_taken');
    expectError(await post('/moi/user/updateadmin', { id: a.user.id, role: 'editor', lastUpdatedBy: 'MOI000001' }, adminCookie), 400, 'invalid_body');
    expectError(await post('/moi/user/updateadmin', { id: a.user.id, password: 'short', lastUpdatedBy: 'MOI000001' }, adminCookie), 400, 'invalid_body');
  });

  it('resets a password and disables an account, signing the user out', async () => {
    const u = await person();
    expect((await post('/moi/user/updateadmin', { id: u.user.id, password: 'brand-new-pass', lastUpdatedBy: 'MOI000001' }, adminCookie)).statusCode).toBe(200);
    expect((await get('/moi/auth/me', u.cookie)).statusCode).toBe(401);
    const again = await login(t.app, u.username, 'brand-new-pass');
    expect((await post('/moi/user/updateadmin', { id: u.user.id, disabled: true, lastUpdatedBy: 'MOI000001' }, adminCookie)).statusCode).toBe(200);
    expect((await get('/moi/auth/me', again.cookie)).statusCode).toBe(401);
  });

  it('will not demote the last active app admin', async () => {
    const [admin] = (await get(`/moi/user/getuserbyusername/${TEST_ADMIN.username}`, adminCookie)).json() as { id: string }[];
    expectError(await post('/moi/user/updateadmin', { id: admin.id, role: 'event_admin', lastUpdatedBy: 'MOI000001' }, adminCookie), 409, 'conflict');
  });
});

describe('POST /moi/user/uploadProfileImage', () => {
  it('stores my picture and serves it from the profile-image base path with cache headers', async () => {
    const me = await person();
    const res = await upload(me.cookie, me.user.id, PNG);
    expect(res.statusCode).toBe(200);
    const { profileImagePath } = res.json() as { profileImagePath: string };
    expect(profileImagePath).toMatch(/^[0-9a-f-]{36}$/);
    const [after] = (await get(`/moi/user/getuserbyusername/${me.username}`, me.cookie)).json() as { profileImagePath: string }[];
    expect(after.profileImagePath).toBe(profileImagePath);
    const img = await get(`${PROFILE_IMAGE_BASE}${profileImagePath}`, me.cookie);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const etag = img.headers.etag as string;
    expect((await t.app.inject({ method: 'GET', url: `${PROFILE_IMAGE_BASE}${profileImagePath}`, headers: { cookie: me.cookie, 'if-none-match': etag } })).statusCode).toBe(304);
    // Also by the public handle, and a JPEG replaces the PNG.
    const second = await upload(me.cookie, me.user.user_id, JPEG, 'me.jpg');
    expect(second.statusCode).toBe(200);
    const path2 = (second.json() as { profileImagePath: string }).profileImagePath;
    expect((await get(`${PROFILE_IMAGE_BASE}${path2}`, me.cookie)).headers['content-type']).toBe('image/jpeg');
    expect((await get(`${PROFILE_IMAGE_BASE}${profileImagePath}`, me.cookie)).statusCode).toBe(404);
  });

  it("refuses another user's picture (403), and 401 unauthenticated; the admin may set anyone's", async () => {
    const me = await person();
    const other = await person();
    expectError(await upload(me.cookie, other.user.id, PNG), 403, 'forbidden');
    expectError(await upload(undefined, me.user.id, PNG), 401, 'unauthenticated');
    expect((await upload(adminCookie, other.user.id, PNG)).statusCode).toBe(200);
    expectError(await get(`${PROFILE_IMAGE_BASE}00000000-0000-7000-8000-000000000000`), 401, 'unauthenticated');
  });

  it('refuses a non-image renamed .png (415 not_image) and a 6 MB image (413 file_too_large)', async () => {
    const me = await person();
    const fake = Buffer.from('%PDF-1.7\n this is not a picture at all, just renamed to .png');
    expectError(await upload(me.cookie, me.user.id, fake, 'photo.png'), 415, 'not_image');
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024, 3)]);
    expectError(await upload(me.cookie, me.user.id, big, 'big.png'), 413, 'file_too_large');
    const [after] = (await get(`/moi/user/getuserbyusername/${me.username}`, me.cookie)).json() as { profileImagePath: string | null }[];
    expect(after.profileImagePath).toBeNull();
  });

  it('answers a form without file or id, or a JSON body, with 400 invalid_body', async () => {
    const me = await person();
    expectError(await upload(me.cookie, null, PNG), 400, 'invalid_body');
    expectError(await upload(me.cookie, me.user.id, null), 400, 'invalid_body');
    expectError(await post('/moi/user/uploadProfileImage', { id: me.user.id }, me.cookie), 400, 'invalid_body');
  });
});
