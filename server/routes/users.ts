// The four user calls of spec §7 (exact paths and bodies) plus the profile-image host:
//   GET  /moi/user/getuserbyusername/:username  → [user] (empty list when unknown to an admin)
//   POST /moi/user/uploadProfileImage           multipart file + id → { profileImagePath }
//   POST /moi/user/update                       a user edits themselves (name; not username/mobile/role)
//   POST /moi/user/updateadmin                  app_admin edits anyone
//   GET  /moi/user/profile-image/:fileId        the stored picture, immutable cache headers, only to
//                                               those who may see its owner (404 to anyone else)
// A user may read and change only themselves unless app_admin.
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, userUpdateBodySchema } from '../../contract/api';
import { maySeeUser } from '../domain/scope';
import type { Db } from '../db/client';
import { files, sessions, users } from '../db/schema';
import { HttpError, parseBody } from '../errors';
import { uuidv7 } from '../../contract/ids';
import { assertStrongPassword, hashPassword } from '../passwords';
import { publicUser, requireActor, type Actor, type UserRow } from '../session';

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

async function findUser(db: Db, idOrHandle: string): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(or(eq(users.id, idOrHandle), eq(users.userId, idOrHandle))).limit(1))[0];
}

const isSelf = (actor: Actor, u: Pick<UserRow, 'id'>) => actor.id === u.id;

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
    const rows = await db.select().from(users).where(eq(users.username, username)).limit(1);
    return rows.map(publicUser);
  });

  app.post('/uploadProfileImage', async (req) => {
    const actor = await requireActor(db, req);
    if (!req.isMultipart()) throw new HttpError(400, 'invalid_body', 'Expected a multipart form with file and id');
    let file: { data: Buffer; filename: string } | null = null;
    let id: string | null = null;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) { await part.toBuffer(); continue; }
          file = { data: await part.toBuffer(), filename: part.filename };
        } else if (part.fieldname === 'id' && typeof part.value === 'string') {
          id = part.value.trim();
        }
      }
    } catch (err) {
      // Fastify's own errors (file too large, too many parts) keep their answer; a body the parser
      // cannot read (no boundary, cut off mid-part) is the client's fault, not a 500.
      if (String((err as { code?: unknown }).code ?? '').startsWith('FST_')) throw err;
      throw new HttpError(400, 'invalid_body', 'Invalid request: the multipart form is incomplete or malformed');
    }
    if (id?.includes('\u0000')) throw new HttpError(400, 'invalid_body', 'Invalid request: id contains a NUL character', [{ path: ['id'], message: 'Contains a NUL character' }]);
    const issues = [
      ...(file ? [] : [{ path: ['file'], message: 'An image file is required' }]),
      ...(id ? [] : [{ path: ['id'], message: 'The user id is required' }]),
    ];
    if (!file || !id) throw new HttpError(400, 'invalid_body', `Invalid request: ${issues.map((i) => `${i.path[0]}: ${i.message}`).join('; ')}`, issues);
    if (file.data.length > MAX_UPLOAD_BYTES) throw new HttpError(413, 'file_too_large', 'The image is larger than 5 MB');
    const mime = sniffImage(file.data);
    if (!mime) throw new HttpError(415, 'not_image', 'Only PNG, JPEG, GIF or WebP images can be uploaded');

    const target = await findUser(db, id);
    if (!target) {
      if (actor.role !== 'app_admin') throw new HttpError(403, 'forbidden', 'You may only change your own picture');
      throw new HttpError(404, 'not_found', 'User not found');
    }
    if (!isSelf(actor, target) && actor.role !== 'app_admin') throw new HttpError(403, 'forbidden', 'You may only change your own picture');

    const fileId = uuidv7();
    const now = new Date().toISOString();
    await db.transaction(async (tx) => {
      await tx.insert(files).values({ id: fileId, ownerId: target.id, mime, size: file.data.length, data: file.data });
      await tx.update(users).set({ profileImagePath: fileId, updatedAt: now, lastUpdatedBy: actor.userId }).where(eq(users.id, target.id));
      // The old picture is no longer referenced by anyone.
      if (target.profileImagePath) {
        await tx.delete(files).where(and(eq(files.id, target.profileImagePath), eq(files.ownerId, target.id)));
      }
    });
    return { profileImagePath: fileId };
  });

  app.get<{ Params: { fileId: string } }>('/profile-image/:fileId', async (req, reply) => {
    const actor = await requireActor(db, req);
    const fileId = req.params.fileId;
    const etag = `"${fileId}"`;
    const row = (await db.select().from(files).where(eq(files.id, fileId)).limit(1))[0];
    // Only to those who may see its owner (scope.maySeeUser); to anyone else it does not exist.
    if (!row || !(await maySeeUser(db, actor, row.ownerId))) throw new HttpError(404, 'not_found', 'No such image');
    // A new upload gets a new id, so a stored picture never changes: cache it for good (per user).
    reply.header('Cache-Control', 'private, max-age=31536000, immutable');
    reply.header('ETag', etag);
    reply.header('X-Content-Type-Options', 'nosniff');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(row.mime).send(row.data);
  });

  async function update(actor: Actor, rawBody: unknown, adminCall: boolean) {
    const body = parseBody(userUpdateBodySchema, rawBody);
    const extras = parseBody(adminExtrasSchema, rawBody);
    const isAdmin = actor.role === 'app_admin';
    if (adminCall && !isAdmin) throw new HttpError(403, 'forbidden', 'Only an app admin may use this call');
    if (isAdmin && extras.password !== undefined) assertStrongPassword(extras.password, 'password');
    const target = await findUser(db, body.id);
    if (!target) {
      if (!isAdmin) throw new HttpError(403, 'forbidden', 'You may only change your own profile');
      throw new HttpError(404, 'not_found', 'User not found');
    }
    if (!isAdmin && !isSelf(actor, target)) throw new HttpError(403, 'forbidden', 'You may only change your own profile');

    const changes: Partial<typeof users.$inferInsert> = {};
    // No mobile is null on record, whether the body says null or ''.
    const mobile = body.mobile === undefined ? undefined : body.mobile || null;
    if (body.name !== undefined && body.name !== target.name) changes.name = body.name;
    // The client sends the whole user back: a field counts as a change only when its value differs.
    const restricted = {
      username: body.username !== undefined && body.username !== target.username,
      mobile: mobile !== undefined && mobile !== (target.mobile || null),
      role: body.role !== undefined && body.role !== target.role,
      userType: body.userType !== undefined && body.userType !== target.userType,
      disabled: extras.disabled !== undefined && extras.disabled !== target.disabled,
      password: extras.password !== undefined,
    };
    const denied = Object.entries(restricted).filter(([, changed]) => changed).map(([k]) => k);
    if (denied.length && !isAdmin) {
      throw new HttpError(403, 'forbidden', `Only an app admin may change: ${denied.join(', ')}`);
    }
    if (restricted.username) {
      const clash = await db.select({ id: users.id }).from(users)
        .where(and(sql`lower(${users.username}) = ${body.username!.toLowerCase()}`, ne(users.id, target.id))).limit(1);
      if (clash.length) throw new HttpError(409, 'username_taken', `The username ${body.username} is taken`);
      changes.username = body.username;
    }
    if (restricted.mobile) changes.mobile = mobile;
    if (restricted.userType) changes.userType = body.userType ?? null;
    if (restricted.role || restricted.disabled) {
      // Never leave the service without an active app_admin.
      const losesAdmin = target.role === 'app_admin' && ((restricted.role && body.role !== 'app_admin') || extras.disabled === true);
      if (losesAdmin) {
        const others = await db.select({ id: users.id }).from(users)
          .where(and(eq(users.role, 'app_admin'), eq(users.disabled, false), ne(users.id, target.id))).limit(1);
        if (!others.length) throw new HttpError(409, 'conflict', 'This is the last active app admin');
      }
      if (restricted.role) changes.role = body.role;
      if (restricted.disabled) changes.disabled = extras.disabled;
    }
    if (body.profileImagePath !== undefined && body.profileImagePath !== target.profileImagePath) {
      if (body.profileImagePath !== null) {
        const owned = await db.select({ id: files.id }).from(files)
          .where(and(eq(files.id, body.profileImagePath), eq(files.ownerId, target.id))).limit(1);
        if (!owned.length) throw new HttpError(400, 'invalid_body', 'profileImagePath must be a picture uploaded for this user', [{ path: ['profileImagePath'], message: 'Unknown picture' }]);
      }
      changes.profileImagePath = body.profileImagePath;
    }
    if (extras.password) changes.passwordHash = await hashPassword(extras.password);

    let row = target;
    if (Object.keys(changes).length) {
      const now = new Date().toISOString();
      row = await db.transaction(async (tx) => {
        const [updated] = await tx.update(users).set({ ...changes, updatedAt: now, lastUpdatedBy: actor.userId }).where(eq(users.id, target.id)).returning();
        // A new password or a disabled account ends the user's other sessions.
        if (changes.passwordHash || changes.disabled) {
          await tx.update(sessions).set({ revoked: true })
            .where(and(eq(sessions.userId, target.id), ne(sessions.tokenHash, actor.sessionHash)));
        }
        return updated;
      });
    }
    return publicUser(row);
  }

  app.post('/update', async (req) => update(await requireActor(db, req), req.body, false));
  app.post('/updateadmin', async (req) => update(await requireActor(db, req), req.body, true));
}
