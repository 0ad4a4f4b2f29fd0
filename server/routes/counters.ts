// Counters of events: list (owners and admins, scoped), create with a short code, rename, assign
// staff, open (REST convenience for counter.open), and staff PINs for offline shift change.
// Closing with a cash tally is the counter.close sync mutation (works offline).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  assignStaffBodySchema, createCounterBodySchema, listCountersQuerySchema, setPinBodySchema, updateCounterBodySchema,
} from '../../contract/admin';
import { z } from 'zod';
import { openingFloatSchema } from '../../contract/entities';
import type { Db } from '../db/client';
import { counters, events } from '../db/schema';
import { canAdminEvent, canReadEvent, visibleEventIds } from '../domain/scope';
import { adminEventIds, notFound, param, requireGroup, writeTx } from '../domain/management/guard';
import { pinCredentials, setCounterStaff, setStaffPin, staffIdsOfEvents, staffWithinEvents } from '../domain/management/staff';
import { counterViews, type CounterRow } from '../domain/management/views';
import { openCounter } from '../domain/counters';
import { newContext } from '../domain/mutation-context';
import { HttpError, parseBody } from '../errors';
import { uuidv7 } from '../../contract/ids';
import type { Actor } from '../session';

const openBodySchema = z.object({ openingFloat: openingFloatSchema.nullable().optional() });

async function adminCounter(db: Db, actor: Actor, id: string): Promise<CounterRow> {
  const [c] = await db.select().from(counters).where(eq(counters.id, id)).limit(1);
  if (!c || !(await canAdminEvent(db, actor, c.eventId))) throw notFound('Counter');
  return c;
}

/** Staff an actor may assign: app_admin any (undefined = no limit); an event admin the staff of their events. */
async function assignable(db: Db, actor: Actor): Promise<Set<string> | undefined> {
  const mine = await adminEventIds(db, actor);
  return mine === 'all' ? undefined : staffIdsOfEvents(db, mine);
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

export default async function counterRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const view = async (c: CounterRow) => (await counterViews(db, [c]))[0];

  app.get('/counters', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const q = parseBody(listCountersQuerySchema, req.query);
    if (q.eventId && !(await canReadEvent(db, actor, q.eventId))) throw notFound('Event');
    const visible = await visibleEventIds(db, actor);
    if (visible !== 'all' && visible.length === 0) return { counters: [] };
    const rows = await db.select().from(counters).where(and(
      visible === 'all' ? undefined : inArray(counters.eventId, visible),
      q.eventId ? eq(counters.eventId, q.eventId) : undefined,
      q.status ? eq(counters.status, q.status) : undefined,
    )).orderBy(asc(counters.eventId), asc(counters.code));
    return { counters: await counterViews(db, rows) };
  });

  app.post('/events/:eventId/counters', async (req, reply) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const eventId = param(req, 'eventId');
    const [ev] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
    if (!ev || !(await canAdminEvent(db, actor, eventId))) throw notFound('Event');
    const body = parseBody(createCounterBodySchema, req.body);
    if (ev.status === 'closed') throw new HttpError(409, 'event_closed', 'The event is closed');
    const allowed = body.staffIds?.length ? await assignable(db, actor) : undefined;
    const id = body.id ?? uuidv7();
    let row: CounterRow;
    try {
      row = await writeTx(db, async (tx) => {
        const t = tx;
        const clash = await t.select({ id: counters.id }).from(counters).where(and(eq(counters.eventId, eventId), eq(counters.code, body.code))).limit(1);
        if (clash.length) throw new HttpError(409, 'conflict', `Counter code ${body.code} is already used in this event`);
        const [r] = await t.insert(counters).values({ id, eventId, code: body.code, name: body.name, status: 'closed' }).returning();
        if (body.staffIds?.length) await setCounterStaff(t, r, body.staffIds, allowed);
        return r;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new HttpError(409, 'conflict', `Counter code ${body.code} is already used in this event`);
      throw e;
    }
    reply.code(201);
    return { counter: await view(row) };
  });

  app.patch('/counters/:id', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const c = await adminCounter(db, actor, param(req, 'id'));
    const body = parseBody(updateCounterBodySchema, req.body);
    if (body.code && body.code !== c.code) {
      const clash = await db.select({ id: counters.id }).from(counters).where(and(eq(counters.eventId, c.eventId), eq(counters.code, body.code))).limit(1);
      if (clash.length) throw new HttpError(409, 'conflict', `Counter code ${body.code} is already used in this event`);
    }
    let row: CounterRow;
    try {
      row = await writeTx(db, async (tx) => {
        const [r] = await tx.update(counters).set({
          ...(body.code !== undefined ? { code: body.code } : {}),
          ...(body.name !== undefined ? { name: body.name } : {}),
          updatedAt: new Date().toISOString(),
        }).where(eq(counters.id, c.id)).returning();
        return r;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new HttpError(409, 'conflict', `Counter code ${body.code} is already used in this event`);
      throw e;
    }
    return { counter: await view(row) };
  });

  app.put('/counters/:id/staff', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const c = await adminCounter(db, actor, param(req, 'id'));
    const { userIds } = parseBody(assignStaffBodySchema, req.body);
    const allowed = await assignable(db, actor);
    await writeTx(db, async (tx) => setCounterStaff(tx, c, userIds, allowed));
    return { counter: await view((await db.select().from(counters).where(eq(counters.id, c.id)))[0]) };
  });

  // The REST form of counter.open: the same domain function as the push.
  app.post('/counters/:id/open', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const id = param(req, 'id');
    // An optional body carries the opening float (issue 18).
    const { openingFloat } = parseBody(openBodySchema, req.body ?? {});
    const row = await writeTx(db, async (tx) => openCounter(await newContext(tx, actor), { id, openingFloat }));
    return { counter: await view(row) };
  });

  app.put('/counters/:counterId/staff/:userId/pin', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const c = await adminCounter(db, actor, param(req, 'counterId'));
    const userId = param(req, 'userId');
    // A PIN lets its holder act on shared tablets: an event admin sets it only for staff wholly theirs.
    const mine = await adminEventIds(db, actor);
    if (mine !== 'all' && !(await staffWithinEvents(db, userId, mine))) throw notFound('Staff member');
    const { pin } = parseBody(setPinBodySchema, req.body);
    const creds = await pinCredentials(pin);
    await writeTx(db, async (tx) => setStaffPin(tx, c, userId, creds));
    return { ok: true as const };
  });
}
