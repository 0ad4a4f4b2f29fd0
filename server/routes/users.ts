// The four user calls of spec §7 (exact paths and bodies) plus the profile-image host:
//   GET  /moi/user/getuserbyusername/:username  → [user] (empty list when unknown to an admin)
//   POST /moi/user/uploadProfileImage           multipart file + id → { profileImagePath }
//   POST /moi/user/update                       a user edits themselves (name; not username/mobile/role)
//   POST /moi/user/updateadmin                  app_admin edits anyone
//   GET  /moi/user/profile-image/:fileId        the stored picture, immutable cache headers, only to
//                                               those who may see its owner (404 to anyone else)
// A user may read and change only themselves unless app_admin.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, userUpdateBodySchema } from '../../contract/api';
import type { Db } from '../db/client';
import { profileImage, setProfileImage, updateUser, usersByUsername } from '../domain/users';
import { readMultipartForm } from './multipart';
import { HttpError, parseBody } from '../errors';
import { requireActor, type Actor } from '../session';

/** The image type from the first bytes, or null: png, jpeg, gif, webp. The client's filename and type are not trusted. */
export function sniffImage(buf: Buffer): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

// Fields only app_admin may set (through updateadmin, or update when the caller is app_admin).
const adminExtrasSchema = z.object({
  disabled: z.boolean().optional(),
  password: z.string().min(8, 'At least 8 characters').max(200).optional(),
});

function update(db: Db, actor: Actor, rawBody: unknown, adminCall: boolean) {
  const body = parseBody(userUpdateBodySchema, rawBody);
  const extras = parseBody(adminExtrasSchema, rawBody);
  return updateUser(db, actor, body, extras, adminCall);
}

export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get<{ Params: { username: string } }>('/getuserbyusername/:username', async (req) => {
    const actor = await requireActor(db, req);
    // Fastify has decoded the path already; a second decode is for clients that encode twice, and
    // text that is not an encoding (a literal '%') is taken as it is rather than failing.
    const raw = req.params.username ?? '';
    let username = raw;
    try { username = decodeURIComponent(raw); } catch { /* a literal % in the name */ }
    username = username.trim();
    if (actor.role !== 'app_admin' && username !== actor.username) {
      throw new HttpError(403, 'forbidden', 'You may only read your own profile');
    }
    return usersByUsername(db, username);
  });

  app.post('/uploadProfileImage', async (req) => {
    const actor = await requireActor(db, req);
    const form = await readMultipartForm(req, 'file and id');
    const file = form.file;
    const id = form.fields.id?.trim() ?? null;
    if (id?.includes('\u0000')) throw new HttpError(400, 'invalid_body', 'Invalid request: id contains a NUL character', [{ path: ['id'], message: 'Contains a NUL character' }]);
    const issues = [
      ...(file ? [] : [{ path: ['file'], message: 'An image file is required' }]),
      ...(id ? [] : [{ path: ['id'], message: 'The user id is required' }]),
    ];
    if (!file || !id) throw new HttpError(400, 'invalid_body', `Invalid request: ${issues.map((i) => `${i.path[0]}: ${i.message}`).join('; ')}`, issues);
    if (file.data.length > MAX_UPLOAD_BYTES) throw new HttpError(413, 'file_too_large', 'The image is larger than 5 MB');
    const mime = sniffImage(file.data);
    if (!mime) throw new HttpError(415, 'not_image', 'Only PNG, JPEG, GIF or WebP images can be uploaded');

    const fileId = await setProfileImage(db, actor, id, { data: file.data, mime });
    return { profileImagePath: fileId };
  });

  app.get<{ Params: { fileId: string } }>('/profile-image/:fileId', async (req, reply) => {
    const actor = await requireActor(db, req);
    const fileId = req.params.fileId;
    const etag = `"${fileId}"`;
    const row = await profileImage(db, actor, fileId);
    // A new upload gets a new id, so a stored picture never changes: cache it for good (per user).
    reply.header('Cache-Control', 'private, max-age=31536000, immutable');
    reply.header('ETag', etag);
    reply.header('X-Content-Type-Options', 'nosniff');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(row.mime).send(row.data);
  });

  app.post('/update', async (req) => update(db, await requireActor(db, req), req.body, false));
  app.post('/updateadmin', async (req) => update(db, await requireActor(db, req), req.body, true));
}
