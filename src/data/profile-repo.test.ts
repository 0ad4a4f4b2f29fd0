// @vitest-environment jsdom
// The profile repository on fake-indexeddb with a contract-checked fake of the user calls.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mutationArgsSchemas } from '../../contract/sync';
import { ApiRequestError } from '../lib/api';
import { adminUser, installFakeUserApi, staffUser, type FakeUserApi } from '../features/profile/profile-test-kit';
import { db } from './db';
import {
  fetchUserByUsername, profileImageUrl, profileRows, saveProfile, storeServerUser, uploadPicture,
} from './profile-repo';

let api: FakeUserApi;

beforeEach(async () => {
  api = await installFakeUserApi();
});
afterEach(() => {
  api.assertWithinContract();
  vi.unstubAllGlobals();
});

describe('profileImageUrl', () => {
  it('puts the stored path after the profile-image base, with a time-stamp query when given', () => {
    expect(profileImageUrl('abc')).toBe('/moi/user/profile-image/abc');
    expect(profileImageUrl('abc', 1700000000000)).toBe('/moi/user/profile-image/abc?t=1700000000000');
    expect(profileImageUrl(null)).toBeNull();
    expect(profileImageUrl('')).toBeNull();
  });
});

describe('load', () => {
  it('stores the first user of the list on the device, or gives null for an empty list', async () => {
    expect(await fetchUserByUsername('selvi')).toMatchObject({ id: staffUser.id, _pending: 0 });
    expect(await db.users.get(staffUser.id)).toMatchObject({ name: 'Selvi Murugan' });
    expect(await fetchUserByUsername('nobody')).toBeNull();
  });

  it('throws a network error offline, leaving the saved copy alone', async () => {
    await db.users.put({ ...staffUser, _pending: 0 });
    api.online = false;
    await expect(fetchUserByUsername('selvi')).rejects.toSatisfy((e) => e instanceof ApiRequestError && e.isNetwork);
    expect(await db.users.get(staffUser.id)).toMatchObject({ name: 'Selvi Murugan' });
  });

  it('lays unsynced profile.update values over the server row; rejected or done ones are not', async () => {
    api.online = false;
    const user = (await storeServerUser(staffUser));
    const queued = await saveProfile(user, { name: 'Queued Name' }, { admin: false });
    expect(queued.status).toBe('queued');
    api.online = true;
    expect(await fetchUserByUsername('selvi')).toMatchObject({ name: 'Queued Name', _pending: 1 });
    await db.outbox.update((queued as { mutationId: string }).mutationId, { state: 'rejected' });
    expect(await fetchUserByUsername('selvi')).toMatchObject({ name: 'Selvi Murugan', _pending: 0 });
  });
});

describe('saveProfile', () => {
  it('online: calls update for a non-admin with only the name and lastUpdatedBy = user_id, no outbox row', async () => {
    const user = await storeServerUser(staffUser);
    const out = await saveProfile(user, { name: ' New Name ', username: 'hacker', mobile: '9999999999' }, { admin: false });
    expect(out.status).toBe('saved');
    expect(api.callsTo('/moi/user/update')[0].body).toEqual({ id: staffUser.id, user_id: 'MOI-1042', name: 'New Name', lastUpdatedBy: 'MOI-1042' });
    expect(await db.users.get(staffUser.id)).toMatchObject({ name: 'New Name', username: 'selvi', _pending: 0, lastUpdatedBy: 'MOI-1042' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('online: calls updateadmin for app_admin with username and mobile', async () => {
    const user = await storeServerUser(adminUser);
    await saveProfile(user, { name: 'Kannan', username: 'kannan', mobile: '9000000001' }, { admin: true });
    expect(api.callsTo('/moi/user/updateadmin')[0].body).toEqual({
      id: adminUser.id, user_id: 'MOI-0001', name: 'Kannan', username: 'kannan', mobile: '9000000001', lastUpdatedBy: 'MOI-0001',
    });
    expect(api.byUsername('kannan')?.mobile).toBe('9000000001');
  });

  it('a refusal by the server is thrown and nothing is queued or changed locally', async () => {
    const user = await storeServerUser(staffUser);
    api.failNext(/update$/, 403, { code: 'forbidden', message: 'You may only change your own profile' });
    await expect(saveProfile(user, { name: 'X' }, { admin: false })).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.users.get(staffUser.id))?.name).toBe('Selvi Murugan');
  });

  it('network failure: the record and its profile.update mutation are committed together', async () => {
    const user = await storeServerUser(adminUser);
    api.online = false;
    const out = await saveProfile(user, { name: 'Offline', username: 'kannan', mobile: '9000000002' }, { admin: true });
    expect(out.status).toBe('queued');
    const [row] = await profileRows(adminUser.id);
    expect(row).toMatchObject({ name: 'profile.update', state: 'pending', entity: `user:${adminUser.id}` });
    expect(mutationArgsSchemas['profile.update'].parse(row.args)).toEqual({
      id: adminUser.id, name: 'Offline', username: 'kannan', mobile: '9000000002', lastUpdatedBy: 'MOI-0001',
    });
    expect(await db.users.get(adminUser.id)).toMatchObject({ name: 'Offline', username: 'kannan', _pending: 1 });
  });

  it('does not try the network when the browser says it is offline', async () => {
    const user = await storeServerUser(staffUser);
    const spy = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const out = await saveProfile(user, { name: 'Quiet' }, { admin: false });
      expect(out.status).toBe('queued');
      expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('uploadPicture', () => {
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

  it('online: multipart {file, id}, then the local user gets the new path', async () => {
    await storeServerUser(staffUser);
    const out = await uploadPicture(staffUser.id, png());
    expect(out).toEqual({ status: 'uploaded', profileImagePath: 'file-1' });
    expect((await db.users.get(staffUser.id))?.profileImagePath).toBe('file-1');
    expect(await db.files.count()).toBe(0);
  });

  it('offline: the prepared Blob and a profile.picture mutation are committed together', async () => {
    await storeServerUser(staffUser);
    api.online = false;
    const small = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const prepare = vi.fn(async () => ({ blob: small, mime: 'image/jpeg' }));
    const out = await uploadPicture(staffUser.id, png(), prepare);
    expect(out.status).toBe('queued');
    expect(prepare).toHaveBeenCalledTimes(1);
    const [row] = await profileRows(staffUser.id);
    const args = mutationArgsSchemas['profile.picture'].parse(row.args);
    expect(args).toMatchObject({ userId: staffUser.id, mime: 'image/jpeg' });
    expect(await db.files.get(args.fileId)).toMatchObject({ id: args.fileId, mime: 'image/jpeg' });
  });

  it('online with a picture still queued: queues behind it instead of overtaking', async () => {
    await storeServerUser(staffUser);
    api.online = false;
    await uploadPicture(staffUser.id, png());
    api.online = true;
    api.calls = [];
    const out = await uploadPicture(staffUser.id, png());
    expect(out.status).toBe('queued');
    expect(api.calls).toHaveLength(0);
    expect((await profileRows(staffUser.id)).map((r) => r.name)).toEqual(['profile.picture', 'profile.picture']);
  });

  it('a refused upload is thrown and nothing is kept', async () => {
    await storeServerUser(staffUser);
    api.failNext(/uploadProfileImage/, 413, { code: 'file_too_large', message: 'The image is larger than 5 MB' });
    await expect(uploadPicture(staffUser.id, png())).rejects.toMatchObject({ code: 'file_too_large', message: 'The image is larger than 5 MB' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.files.count()).toBe(0);
  });
});
