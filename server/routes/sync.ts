// The sync protocol (ARCHITECTURE §6): POST /moi/sync/push applies a device's outbox batch,
// GET /moi/sync/pull returns the caller's visible changes since a cursor, GET /moi/sync/live tells
// a signed-in device when changes are waiting (contract/live.ts, server/live.ts).
import type { FastifyInstance } from 'fastify';
import { pullEventQuerySchema } from '../../contract/agreement';
import { pullQuerySchema, pushBodySchema } from '../../contract/sync';
import { applyPush } from '../domain/sync-push';
import { pullChanges } from '../domain/sync-pull';
import { HttpError, parseBody } from '../errors';
import { requireActor, SESSION_COOKIE } from '../session';

export default async function syncRoutes(app: FastifyInstance): Promise<void> {
  app.post('/push', async (req) => {
    // The session is looked up in the push's own first statement (domain/sync-push.ts); the
    // answers stay as they were: 401 without a valid session (before a malformed body's 400), 403
    // for a session of another device.
    const token = req.cookies?.[SESSION_COOKIE];
    if (!token) throw new HttpError(401, 'unauthenticated', 'Please sign in again');
    const parsed = pushBodySchema.safeParse(req.body);
    if (!parsed.success) {
      await requireActor(app.db, req);
      parseBody(pushBodySchema, req.body); // throws the 400 with its issues
    }
    const body = parsed.data!;
    return applyPush(app.db, { sessionToken: token }, body, { announce: (n) => app.live.announce(n) });
  });

  app.get('/pull', async (req) => {
    // One connection for the pull's statements: under a load of pushes each statement would
    // otherwise queue for a pool slot again (an owner's pull after a live event took about a second
    // that way). No transaction: it only reads, and BEGIN and COMMIT were two of its round trips.
    return app.onReadConnection(async (db) => {
      const actor = await requireActor(db, req);
      const q = parseBody(pullQuerySchema, req.query);
      const { event } = parseBody(pullEventQuerySchema, req.query);
      return pullChanges(db, actor, q.since, q.limit, q.types, event);
    });
  });

  app.get('/live', async (req, reply) => {
    const actor = await requireActor(app.db, req);
    try {
      await app.live.start();
    } catch (err) {
      req.log.error(err);
      throw new HttpError(503, 'db_unavailable', 'Live updates are not available now; changes still arrive by the regular sync');
    }
    // The stream outlives this handler: Fastify no longer answers for the response.
    reply.hijack();
    await app.live.open(actor, reply.raw).catch((err: unknown) => {
      req.log.error(err);
      reply.raw.end();
    });
  });
}
