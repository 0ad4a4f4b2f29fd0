// Attachments queue: profile pictures wait in the outbox as 'profile.picture' entries (their Blob in
// the files table) and go up one by one in seq order with the record mutations around them. An
// upload the server refuses for good (4xx) shows as rejected; anything else is tried again.
import { ApiRequestError } from '../../lib/api';
import type { MoiDb, OutboxRow } from '../db';
import { clearPendingFlags, releaseRows } from './outbox-rows';
import type { SyncTransport } from './transport';

export const PICTURE_MUTATION = 'profile.picture';

export const isAttachment = (row: Pick<OutboxRow, 'name'>): boolean => row.name === PICTURE_MUTATION;

/** A refusal that will not change on a retry (not 401 sign-in, 408 timeout or 429 too many). */
export const isFinalRefusal = (e: unknown): e is ApiRequestError =>
  e instanceof ApiRequestError && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 408 && e.status !== 429;

export class AttachmentQueue {
  constructor(private readonly db: MoiDb, private readonly transport: () => SyncTransport) {}

  /** Upload one claimed picture entry; a failure to try again puts it back and is thrown. */
  async upload(row: OutboxRow): Promise<void> {
    const db = this.db;
    const args = row.args as { userId: string; fileId: string; mime: string };
    const file = await db.files.get(args.fileId);
    if (!file) {
      await db.outbox.update(row.id, { state: 'rejected', sendingSince: null, lastError: 'The picture is no longer on this device', lastErrorCode: 'not_found' });
      return;
    }
    let res: { profileImagePath: string };
    try {
      res = await this.transport().uploadProfileImage(args.userId, file.blob, file.mime);
    } catch (e) {
      if (isFinalRefusal(e)) {
        await db.outbox.update(row.id, { state: 'rejected', sendingSince: null, attempts: row.attempts + 1, lastError: e.message, lastErrorCode: e.code });
        return;
      }
      await releaseRows(db, [row], e);
      throw e;
    }
    await db.transaction('rw', [db.outbox, db.users, db.files], async () => {
      await db.outbox.update(row.id, { state: 'done', sendingSince: null, attempts: row.attempts + 1, lastError: null, lastErrorCode: null });
      await db.users.where('id').equals(args.userId).modify({ profileImagePath: res.profileImagePath });
      await db.files.delete(args.fileId);
      await clearPendingFlags(db, [`user:${args.userId}`]);
    });
  }
}
