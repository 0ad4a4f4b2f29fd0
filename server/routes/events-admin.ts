// /moi/events — events with totals for owners and admins; create (app_admin), edit (app_admin, or
// the event's admins except owners/admins/plan), status planned → open → closed, totals of one event.
import type { FastifyInstance } from 'fastify';
import { createEventBodySchema, eventTotalsQuerySchema, setEventStatusBodySchema, updateEventBodySchema } from '../../contract/admin';
import {
  administeredEvent, createEvent, eventSummaries, eventTotals, listEvents, readableEvent, setEventStatus, updateEvent,
} from '../domain/event-admin';
import { eventView } from '../domain/management/views';
import { parseBody } from '../errors';
import { z } from 'zod';
import { param, requireGroup } from './guard';

const listQuerySchema = z.object({ status: z.enum(['planned', 'open', 'closed']).optional() });

export default async function eventAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/events', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const q = parseBody(listQuerySchema, req.query);
    return { events: await listEvents(db, actor, q) };
  });

  app.get('/events/:id', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const ev = await readableEvent(db, actor, param(req, 'id'));
    return { event: (await eventSummaries(db, [ev]))[0] };
  });

  app.post('/events', async (req, reply) => {
    await requireGroup(db, req, 'appAdmin');
    const body = parseBody(createEventBodySchema, req.body);
    const row = await createEvent(db, body);
    reply.code(201);
    return { event: await eventView(db, row) };
  });

  app.patch('/events/:id', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const ev = await administeredEvent(db, actor, param(req, 'id'));
    const body = parseBody(updateEventBodySchema, req.body);
    return { event: await eventView(db, await updateEvent(db, actor, ev, body)) };
  });

  app.post('/events/:id/status', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const ev = await administeredEvent(db, actor, param(req, 'id'));
    const { status } = parseBody(setEventStatusBodySchema, req.body);
    return { event: await eventView(db, await setEventStatus(db, app.config.billing, ev, status)) };
  });

  app.get('/events/:id/totals', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const ev = await readableEvent(db, actor, param(req, 'id'));
    const { tzOffset } = parseBody(eventTotalsQuerySchema, req.query);
    return eventTotals(db, ev, tzOffset);
  });
}
