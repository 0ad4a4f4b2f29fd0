// The attachments queue (profile pictures) on fake-indexeddb: what an upload's answer does to the
// outbox entry, the file and the user's row.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import type { MoiDb } from '../db';
import { writeWithMutationOn } from '../outbox';
import { AttachmentQueue, claimRows, isAttachment } from './push';
import { closeTestDevices, testDevice } from '../../../tests/support/data-kit';
import type { SyncTransport } from './transport';

afterEach(closeTestDevices);

const USER = '0192f000-0000-7000-8000-0000000000bb';

async function queuedPicture(db: MoiDb, withFile = true) {
  await db.users.put({ id: USER, username: 'saravanan', name: 'Saravanan', role: 'counter_staff', _pending: 1 } as never);
  await writeWithMutationOn(db, 'profile.picture', { userId: USER, fileId: 'pic-1', mime: 'image/jpeg' }, [db.files], async () => {
    if (withFile) await db.files.put({ id: 'pic-1', blob: new Blob(['jpeg bytes']), mime: 'image/jpeg', createdAt: new Date().toISOString() });
  }, { entity: `user:${USER}` });
  const [row] = await claimRows(db, 10);
  return row;
}
const queue = (db: MoiDb, upload: SyncTransport['uploadProfileImage']) =>
  new AttachmentQueue(db, () => ({ push: async () => ({ results: [] }), pull: async () => ({ changes: [], cursor: 0, hasMore: false }), uploadProfileImage: upload }));

describe('AttachmentQueue', () => {
  it('knows picture entries from record mutations', () => {
    expect(isAttachment({ name: 'profile.picture' })).toBe(true);
    expect(isAttachment({ name: 'gift.create' })).toBe(false);
  });

  it('uploaded: the entry is done, the user shows the new picture, and the Blob leaves the device', async () => {
    const db = await testDevice();
    const row = await queuedPicture(db);
    let sent: { userId: string; mime: string; hasFile: boolean } | null = null;
    await queue(db, async (userId, file, mime) => { sent = { userId, mime, hasFile: !!file }; return { profileImagePath: '/moi/user/profile-image/new.jpg' }; }).upload(row);
    expect(sent).toEqual({ userId: USER, mime: 'image/jpeg', hasFile: true });
    expect(await db.outbox.get(row.id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(await db.users.get(USER)).toMatchObject({ profileImagePath: '/moi/user/profile-image/new.jpg', _pending: 0 });
    expect(await db.files.count()).toBe(0);
  });

  it('refused for good (4xx): shown as rejected with the server\'s message, the picture kept for a retry', async () => {
    const db = await testDevice();
    const row = await queuedPicture(db);
    await queue(db, async () => { throw new ApiRequestError(415, 'unsupported_media_type' as never, 'Not an image'); }).upload(row);
    expect(await db.outbox.get(row.id)).toMatchObject({ state: 'rejected', lastError: 'Not an image', attempts: 1 });
    expect(await db.files.count()).toBe(1);
  });

  it('a network failure or a 5xx is tried again: back to pending, and thrown so the pass backs off', async () => {
    const db = await testDevice();
    const row = await queuedPicture(db);
    const err = new ApiRequestError(503, 'db_unavailable', 'Database down');
    await expect(queue(db, async () => { throw err; }).upload(row)).rejects.toBe(err);
    expect(await db.outbox.get(row.id)).toMatchObject({ state: 'pending', attempts: 1, lastErrorCode: 'db_unavailable' });
    expect(await db.files.count()).toBe(1);
  });

  it('a picture whose file is gone is rejected (nothing to send), never retried forever', async () => {
    const db = await testDevice();
    const row = await queuedPicture(db, false);
    let called = false;
    await queue(db, async () => { called = true; return { profileImagePath: 'x' }; }).upload(row);
    expect(called).toBe(false);
    expect(await db.outbox.get(row.id)).toMatchObject({ state: 'rejected', lastErrorCode: 'not_found' });
  });
});
