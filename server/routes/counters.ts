// Counters of events: list (owners and admins, scoped), create with a short code, rename, assign
// staff, open (REST convenience for counter.open), and staff PINs for offline shift change.
// Closing with a cash tally is the counter.close sync mutation (works offline).
import type { FastifyInstance } from 'fastify';
import {
  assignStaffBodySchema, createCounterBodySchema, listCountersQuerySchema, setPinBodySchema, updateCounterBodySchema,
} from '../../contract/admin';
import { z } from 'zod';
import { openingFloatSchema } from '../../contract/entities';
import {
  adminCounter, adminEvent, assertMaySetPin, assignCounterStaff, counterView, createCounter, listCounters, setCounterPin, updateCounter,
} from '../domain/counter-admin';
import { openCounter } from '../domain/counters';
import { writeTx } from '../domain/management/guard';
import { newContext } from '../domain/mutation-context';
import { parseBody } from '../errors';
import { param, requireGroup } from './guard';

const openBodySchema = z.object({ openingFloat: openingFloatSchema.nullable().optional() });

export default async function counterRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/counters', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const q = parseBody(listCountersQuerySchema, req.query);
    return { counters: await listCounters(db, actor, q) };
  });

  app.post('/events/:eventId/counters', async (req, reply) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const ev = await adminEvent(db, actor, param(req, 'eventId'));
    const body = parseBody(createCounterBodySchema, req.body);
    const row = await createCounter(db, actor, ev, body);
    reply.code(201);
    return { counter: await counterView(db, row) };
  });

  app.patch('/counters/:id', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const c = await adminCounter(db, actor, param(req, 'id'));
    const body = parseBody(updateCounterBodySchema, req.body);
    return { counter: await counterView(db, await updateCounter(db, c, body)) };
  });

  app.put('/counters/:id/staff', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const c = await adminCounter(db, actor, param(req, 'id'));
    const { userIds } = parseBody(assignStaffBodySchema, req.body);
    return { counter: await counterView(db, await assignCounterStaff(db, actor, c, userIds)) };
  });

  // The REST form of counter.open: the same domain function as the push.
  app.post('/counters/:id/open', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const id = param(req, 'id');
    // An optional body carries the opening float (issue 18).
    const { openingFloat } = parseBody(openBodySchema, req.body ?? {});
    const row = await writeTx(db, async (tx) => openCounter(await newContext(tx, actor), { id, openingFloat }));
    return { counter: await counterView(db, row) };
  });

  app.put('/counters/:counterId/staff/:userId/pin', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const c = await adminCounter(db, actor, param(req, 'counterId'));
    const userId = param(req, 'userId');
    await assertMaySetPin(db, actor, userId);
    const { pin } = parseBody(setPinBodySchema, req.body);
    await setCounterPin(db, c, userId, pin);
    return { ok: true as const };
  });
}
