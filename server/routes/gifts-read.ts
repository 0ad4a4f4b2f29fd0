// Gift reads that are too big for a device or span events: search with paging and totals, the
// deleted list, and one gift's audit trail. Corrections are sync mutations (gift.update/delete/restore).
import type { FastifyInstance } from 'fastify';
import { listGiftsQuerySchema, reviewGiftBodySchema } from '../../contract/admin';
import { giftWithAudits, listDeletedGifts, listGifts } from '../domain/gift-reads';
import { reviewGift } from '../domain/gifts';
import { writeTx } from '../domain/management/guard';
import { giftRowViews } from '../domain/management/views';
import { newContext } from '../domain/mutation-context';
import { parseBody } from '../errors';
import { requireActor } from '../session';
import { param, requireGroup } from './guard';

export default async function giftReadRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/gifts', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const q = parseBody(listGiftsQuerySchema, req.query);
    return listGifts(db, actor, q);
  });

  app.get('/gifts/deleted', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const q = parseBody(listGiftsQuerySchema, req.query);
    return listDeletedGifts(db, actor, q);
  });

  // The reconciliation list's action: the same domain function and policy as everywhere else.
  app.post('/gifts/:id/review', async (req) => {
    const actor = await requireActor(db, req);
    const body = parseBody(reviewGiftBodySchema, req.body ?? {});
    const id = param(req, 'id');
    const row = await writeTx(db, async (tx) => reviewGift(await newContext(tx, actor), { id, note: body.note }));
    return { gift: (await giftRowViews(db, [row]))[0] };
  });

  app.get('/gifts/:id/audit', async (req) => {
    const actor = await requireActor(db, req);
    return giftWithAudits(db, actor, param(req, 'id'));
  });
}
