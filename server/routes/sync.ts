// The sync protocol (ARCHITECTURE §6): POST /moi/sync/push applies a device's outbox batch,
// GET /moi/sync/pull returns the caller's visible changes since a cursor, GET /moi/sync/live tells
// a signed-in device when changes are waiting (contract/live.ts, server/live.ts).
import type { FastifyInstance } from 'fastify';
import { pullQuerySchema, pushBodySchema } from '../../contract/sync';
import { applyPush, pruneAppliedMutations } from '../domain/sync-push';
import { pullChanges } from '../domain/sync-pull';
import { HttpError, parseBody } from '../errors';
import { requireActor } from '../session';

export default async function syncRoutes(app: FastifyInstance): Promise<void> {
  app.post('/push', async (req) => {
    const actor = await requireActor(app.db, req);
    const body = parseBody(pushBodySchema, req.body);
    // A push speaks for the device this session signed in on (its secret was checked then), never
    // for another installation's id. A second person signing in on the same tablet presents the
    // same secret, so they may push the previous person's queued entries from it.
    if (!actor.deviceId || actor.deviceId !== body.deviceId) {
      throw new HttpError(403, 'device_mismatch', 'This session signed in on another device; sign in again on this one');
    }
    const results = await applyPush(app.db, actor, body, { announce: (n) => app.live.announce(n) });
    pruneAppliedMutations(app.db).catch((err: unknown) => req.log.warn(err));
    return { results };
  });

  app.get('/pull', async (req) => {
    const actor = await requireActor(app.db, req);
    const q = parseBody(pullQuerySchema, req.query);
    // One connection for the pull's dozen statements: under a load of pushes each statement would
    // otherwise queue for a pool slot again (an owner's pull after a live event took about a second
    // that way). It only reads: no transaction id, so it holds no one's horizon back (nor its own).
    return app.db.transaction((tx) => pullChanges(tx as unknown as typeof app.db, actor, q.since, q.limit, q.types));
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
