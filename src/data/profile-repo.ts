// The profile's reads and writes (spec §2 "Profile page", §7; ARCHITECTURE §6).
//
// Design — the spec's calls stay observable, and nothing is lost offline:
// - Load: the Dexie copy of the user (db.users, found by username) paints first; then
//   GET /moi/user/getuserbyusername/:username refreshes it. Unsynced profile mutations of this user
//   (outbox rows with entity `user:<id>` that are pending/sending) are laid over the server row, so
//   values saved offline keep showing after a reload until the server has them.
// - Save: when online and no earlier profile work is queued, call the spec endpoint directly
//   (app_admin → POST updateadmin, others → POST update, lastUpdatedBy = user_id) and record the
//   result locally without an outbox entry. When the call fails with a network error (or the device
//   is known offline, or older profile work is still queued — order matters), the same change is
//   committed to Dexie + the outbox ('profile.update') in one transaction; the sync loop pushes it.
// - Picture: online → POST uploadProfileImage (multipart {file, id}) directly. Offline → the caller's
//   downscaled Blob goes into db.files with a 'profile.picture' mutation in one transaction; the sync
//   loop uploads it through uploadProfileImage and updates the local user's profileImagePath.
// - The page watches this user's outbox rows (useProfileOutbox) to show "waiting" badges and to
//   announce the server's acceptance or rejection of queued work.
// Only this file (and the rest of src/data) touches Dexie.
import { useLiveQuery } from 'dexie-react-hooks';
import { PROFILE_IMAGE_BASE, uploadProfileImageResponseSchema, type UserUpdateBody } from '../../contract/api';
import { userSchema, type User } from '../../contract/entities';
import type { MutationArgs } from '../../contract/sync';
import { apiFetch, ApiRequestError } from '../lib/api';
import { uuidv7 } from '../../contract/ids';
import { db, type LocalUser, type OutboxRow } from './db';
import { entityKey } from './entities';
import { writeWithMutation } from './outbox';

export type ProfileChanges = { name: string; username?: string; mobile?: string };
export type SaveOutcome = { status: 'saved'; user: LocalUser } | { status: 'queued'; user: LocalUser; mutationId: string };
export type UploadOutcome = { status: 'uploaded'; profileImagePath: string } | { status: 'queued'; mutationId: string };

const UNSYNCED = new Set<OutboxRow['state']>(['pending', 'sending']);
/** A direct call that does not answer within this time is treated as offline and the change is queued. */
const DIRECT_TIMEOUT_MS = 12_000;

export const userEntity = (userId: string) => entityKey('user', userId);

export function profileImageUrl(path: string | null | undefined, stamp?: number | null): string | null {
  if (!path) return null;
  const base = path.startsWith('/') || /^https?:/.test(path) ? path : `${PROFILE_IMAGE_BASE}${path}`;
  return stamp ? `${base}${base.includes('?') ? '&' : '?'}t=${stamp}` : base;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function offlineError(): ApiRequestError {
  return new ApiRequestError(0, 'network', 'Offline');
}

/** The saved copy of a user on this device, by username. */
export async function readCachedUser(username: string): Promise<LocalUser | undefined> {
  return db.users.where('username').equals(username).first();
}

/** Live saved copy of one user (by id), so sync updates show without a reload. */
export function useCachedUser(id: string | null | undefined): LocalUser | undefined {
  return useLiveQuery(() => (id ? db.users.get(id) : undefined), [id]);
}

/** This user's profile outbox rows in seq order. */
export async function profileRows(userId: string): Promise<OutboxRow[]> {
  const rows = await db.outbox.where('entity').equals(userEntity(userId)).toArray();
  return rows.sort((a, b) => a.seq - b.seq);
}

async function hasQueuedProfileWork(userId: string, name?: OutboxRow['name']): Promise<boolean> {
  return (await profileRows(userId)).some((r) => UNSYNCED.has(r.state) && (!name || r.name === name));
}

/** Lay this user's unsynced 'profile.update' values over a server row. */
function overlayPending(user: User, rows: OutboxRow[]): LocalUser {
  let out: LocalUser = { ...user, _pending: 0 };
  for (const r of rows) {
    if (r.name !== 'profile.update' || !UNSYNCED.has(r.state)) continue;
    const a = r.args as MutationArgs<'profile.update'>;
    out = {
      ...out,
      ...(a.name !== undefined ? { name: a.name } : {}),
      ...(a.username !== undefined ? { username: a.username } : {}),
      ...(a.mobile !== undefined ? { mobile: a.mobile } : {}),
      _pending: 1,
    };
  }
  return out;
}

/**
 * GET /moi/user/getuserbyusername/:username. Resolves to the first user of the list (with this
 * device's unsynced values laid over it, and saved to Dexie), or null for an empty list.
 * Throws ApiRequestError (isNetwork when offline).
 */
export async function fetchUserByUsername(username: string): Promise<LocalUser | null> {
  if (isOffline()) throw offlineError();
  const list = await apiFetch<unknown>(`/moi/user/getuserbyusername/${encodeURIComponent(username)}`);
  const first = Array.isArray(list) ? list[0] : undefined;
  if (first === undefined) return null;
  const parsed = userSchema.safeParse(first);
  const user = parsed.success ? parsed.data : (first as User);
  return storeServerUser(user);
}

/** Save a server copy locally, keeping values of profile work still queued on this device. */
export async function storeServerUser(user: User): Promise<LocalUser> {
  return db.transaction('rw', [db.users, db.outbox], async () => {
    const row = overlayPending(user, await profileRows(user.id));
    await db.users.put(row);
    return row;
  });
}

/** Put the server's copy back after the server rejected queued work (the local values revert). */
export async function revertToServer(username: string): Promise<LocalUser | null> {
  return fetchUserByUsername(username);
}

function updateBody(user: LocalUser, changes: ProfileChanges, admin: boolean): UserUpdateBody {
  const body: UserUpdateBody = { id: user.id, user_id: user.user_id, name: changes.name.trim(), lastUpdatedBy: user.user_id };
  if (admin) {
    if (changes.username !== undefined) body.username = changes.username.trim();
    if (changes.mobile !== undefined) body.mobile = changes.mobile;
  }
  return body;
}

function applyChanges(user: LocalUser, body: UserUpdateBody, pending: 0 | 1): LocalUser {
  return {
    ...user,
    name: body.name ?? user.name,
    username: body.username ?? user.username,
    mobile: body.mobile ?? user.mobile,
    lastUpdatedBy: body.lastUpdatedBy,
    _pending: pending,
  };
}

/**
 * Save the profile (validation is the caller's). Online: the spec call (updateadmin for app_admin,
 * else update) and a local write. Network failure / offline / queued work ahead: Dexie + outbox.
 * Throws the ApiRequestError of a call the server refused (nothing queued then).
 */
export async function saveProfile(user: LocalUser, changes: ProfileChanges, opts: { admin: boolean }): Promise<SaveOutcome> {
  const body = updateBody(user, changes, opts.admin);
  const queueAhead = await hasQueuedProfileWork(user.id, 'profile.update');
  if (!queueAhead && !isOffline()) {
    try {
      await apiFetch(opts.admin ? '/moi/user/updateadmin' : '/moi/user/update', { method: 'POST', json: body, timeoutMs: DIRECT_TIMEOUT_MS });
      const saved = applyChanges(user, body, 0);
      await db.users.put(saved);
      return { status: 'saved', user: saved };
    } catch (e) {
      if (!(e instanceof ApiRequestError && e.isNetwork)) throw e;
    }
  }
  const args: MutationArgs<'profile.update'> = { id: user.id, name: body.name, lastUpdatedBy: body.lastUpdatedBy };
  if (body.username !== undefined) args.username = body.username;
  if (body.mobile !== undefined && body.mobile !== null) args.mobile = body.mobile;
  const queued = applyChanges(user, body, 1);
  const { mutationId } = await writeWithMutation('profile.update', args, [db.users], async () => {
    await db.users.put(queued);
  }, { entity: userEntity(user.id) });
  return { status: 'queued', user: queued, mutationId };
}

/** POST /moi/user/uploadProfileImage: multipart {file, id} → {profileImagePath}; status 200 is success. */
export async function uploadProfileImageNow(userId: string, file: Blob, filename = 'profile'): Promise<string> {
  const form = new FormData();
  form.append('id', userId);
  form.append('file', file, filename);
  const res = await apiFetch<unknown>('/moi/user/uploadProfileImage', { method: 'POST', body: form, timeoutMs: 60_000 });
  const parsed = uploadProfileImageResponseSchema.safeParse(res);
  if (!parsed.success) throw new ApiRequestError(200, 'unknown', 'Failed to upload image');
  return parsed.data.profileImagePath;
}

/**
 * Upload a picture. Online and nothing queued ahead: directly, then the local user row gets the new
 * path. Offline (or network failure): `prepareOffline` shrinks it, and the Blob + 'profile.picture'
 * mutation are committed together. Throws the ApiRequestError of an upload the server refused.
 */
export async function uploadPicture(
  userId: string,
  file: File | Blob,
  prepareOffline: (f: Blob) => Promise<{ blob: Blob; mime: string }> = async (f) => ({ blob: f, mime: f.type }),
): Promise<UploadOutcome> {
  const queueAhead = await hasQueuedProfileWork(userId, 'profile.picture');
  if (!queueAhead && !isOffline()) {
    try {
      const profileImagePath = await uploadProfileImageNow(userId, file, 'name' in file ? file.name : 'profile');
      await db.users.update(userId, { profileImagePath });
      return { status: 'uploaded', profileImagePath };
    } catch (e) {
      if (!(e instanceof ApiRequestError && e.isNetwork)) throw e;
    }
  }
  const { blob, mime } = await prepareOffline(file);
  const fileId = uuidv7();
  const { mutationId } = await writeWithMutation('profile.picture', { userId, fileId, mime }, [db.files], async () => {
    await db.files.put({ id: fileId, blob, mime, createdAt: new Date().toISOString() });
  }, { entity: userEntity(userId) });
  return { status: 'queued', mutationId };
}

export type ProfileOutbox = {
  /** Every profile row of this user, seq order (done ones included while the outbox keeps them). */
  rows: OutboxRow[];
  /** The newest profile.update / profile.picture rows not yet accepted (pending or sending). */
  pendingUpdate: OutboxRow | undefined;
  pendingPicture: OutboxRow | undefined;
  /** The Blob of the newest picture waiting to upload, for the preview. */
  pendingPictureBlob: Blob | undefined;
};

const EMPTY: ProfileOutbox = { rows: [], pendingUpdate: undefined, pendingPicture: undefined, pendingPictureBlob: undefined };

/** Live view of this user's profile work in the outbox. */
export function useProfileOutbox(userId: string | null | undefined): ProfileOutbox {
  return useLiveQuery(async () => {
    if (!userId) return EMPTY;
    const rows = await profileRows(userId);
    const unsynced = rows.filter((r) => UNSYNCED.has(r.state));
    const pendingUpdate = unsynced.filter((r) => r.name === 'profile.update').at(-1);
    const pendingPicture = unsynced.filter((r) => r.name === 'profile.picture').at(-1);
    const fileId = pendingPicture ? (pendingPicture.args as MutationArgs<'profile.picture'>).fileId : null;
    const pendingPictureBlob = fileId ? (await db.files.get(fileId))?.blob : undefined;
    return { rows, pendingUpdate, pendingPicture, pendingPictureBlob };
  }, [userId], EMPTY);
}
