// Guest display routes (issue 18; contract/guest-display.ts). Signed-in, under /moi/guest-display:
// the counter makes a pairing code, publishes the entry being saved, revokes. Public, under
// /moi/public/guest: a screen pairs with the code (rate limited per address) and holds a stream.
// The public side answers nothing but the function's title, the counter code and the entries
// published to its pairing: no earlier gift, no total, no list.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GUEST_COOKIE, guestDisplayCreateSchema, guestEntrySchema, guestPairBodySchema, type GuestDisplayCreated, type GuestPaired,
} from '../../contract/guest-display';
import {
  createGuestDisplay, guestDisplayByToken, guestDisplayLive, guestPairedView, notifyGuest, ownGuestDisplay, pairGuestDisplay, revokeGuestDisplay,
} from '../domain/counter-aids';
import { HttpError, parseBody } from '../errors';
import { overallLimit } from '../overall-limit';
import { requireActor } from '../session';

/** Pairing attempts per address a minute: plenty for a person typing a code, far too slow to guess one. */
export const GUEST_PAIR_RATE_PER_MINUTE = 10;
/** All addresses together, per server process: a code lives minutes, so a million codes stay out of reach. */
export const GUEST_PAIR_OVERALL_PER_MINUTE = 120;

const rateLimited = (max: number, what: string) => ({
  rateLimit: {
    max,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => req.ip || 'unknown',
    errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string }) =>
      new HttpError(429, 'too_many_attempts', `Too many ${what} from this address. Try again in ${ctx.after}.`),
  },
});

export async function guestDisplayRoutes(app: FastifyInstance): Promise<void> {
  app.post('/guest-display', async (req, reply): Promise<GuestDisplayCreated> => {
    const actor = await requireActor(app.db, req);
    const body = parseBody(guestDisplayCreateSchema, req.body);
    const g = await createGuestDisplay(app.db, actor, body.counterId);
    reply.code(201);
    return { id: g.id, code: g.code, codeExpiresAt: new Date(g.codeExpiresAt).toISOString(), expiresAt: new Date(g.expiresAt).toISOString() };
  });

  /** Whether the screen has paired yet (the counter polls it while it shows the code). */
  app.get<{ Params: { id: string } }>('/guest-display/:id', async (req) => {
    const actor = await requireActor(app.db, req);
    const g = await ownGuestDisplay(app.db, actor, req.params.id);
    return { id: g.id, paired: !!g.pairedAt, live: guestDisplayLive(g), expiresAt: new Date(g.expiresAt).toISOString() };
  });

  app.delete<{ Params: { id: string } }>('/guest-display/:id', async (req, reply) => {
    const actor = await requireActor(app.db, req);
    await revokeGuestDisplay(app.db, actor, req.params.id);
    reply.code(204);
  });

  app.post<{ Params: { id: string } }>('/guest-display/:id/show', async (req, reply) => {
    const actor = await requireActor(app.db, req);
    const entry = parseBody(guestEntrySchema, req.body);
    const g = await ownGuestDisplay(app.db, actor, req.params.id);
    if (!guestDisplayLive(g)) throw new HttpError(410, 'not_found', 'This guest display was revoked or has expired; pair again');
    await notifyGuest(app.db, { d: g.id, e: entry });
    reply.code(204);
  });
}

function guestCookie(req: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string) {
  reply.setCookie(GUEST_COOKIE, token, {
    httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https', path: '/moi/public/guest', expires: new Date(expiresAt),
  });
}

export async function publicGuestRoutes(app: FastifyInstance): Promise<void> {
  app.post('/pair', {
    preHandler: overallLimit(GUEST_PAIR_OVERALL_PER_MINUTE, 'The server is busy with pairing attempts. Try again in a minute.'),
    config: rateLimited(GUEST_PAIR_RATE_PER_MINUTE, 'pairing attempts'),
  }, async (req, reply): Promise<GuestPaired> => {
    const { code } = parseBody(guestPairBodySchema, req.body);
    const r = await pairGuestDisplay(app.db, code);
    if (!r) throw new HttpError(404, 'not_found', 'No counter is showing this code (it may have expired): ask for a new one');
    guestCookie(req, reply, r.token, r.row.expiresAt);
    return guestPairedView(app.db, r.row);
  });

  /** The screen's pairing after a reload: 404 when it has none, or it was revoked or expired. */
  app.get('/me', async (req): Promise<GuestPaired> => {
    const g = await displayOf(app, req);
    return guestPairedView(app.db, g);
  });

  app.get('/stream', async (req, reply) => {
    const g = await displayOf(app, req);
    try {
      await app.guests.start();
    } catch (err) {
      req.log.error(err);
      throw new HttpError(503, 'db_unavailable', 'The guest display is not available now');
    }
    reply.hijack();
    await app.guests.open(g.id, reply.raw).catch((err: unknown) => {
      req.log.error(err);
      reply.raw.end();
    });
  });

  /** The screen lets go of its pairing ("Unpair" on the guest page). */
  app.post('/leave', async (req, reply) => {
    reply.clearCookie(GUEST_COOKIE, { httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https', path: '/moi/public/guest' });
    reply.code(204);
  });
}

async function displayOf(app: FastifyInstance, req: FastifyRequest) {
  const token = req.cookies[GUEST_COOKIE];
  const g = token ? await guestDisplayByToken(app.db, token) : null;
  if (!g) throw new HttpError(404, 'not_found', 'This screen is not paired with a counter');
  return g;
}
