// The moi ledger's reads (issue 12) under /moi/ledger; its writes are sync mutations (ledger.*).
// GET /              ?ownerId=  the host's ledger (people with totals, families, offers, invitations)
// GET /people/:id    ?ownerId=  a person's card (every moi both ways, newest first)
// GET /owners                   hosts whose ledgers the caller may read
// GET /hints         ?eventId=  the counter hint's summary for an event (staff of its open counters too)
// POST /hints/refresh { eventId } group the event's hosts' new gifts into people (lines then sync)
// PUT /hint/:eventId            { enabled } turn the counter hint on or off for an event
// POST /import                  an old book (rows parsed on the device) as a past event of the host
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { eventMembers, users } from '../db/schema';
import { ledgerImportBodySchema } from '../../contract/ledger';
import { importBook } from '../domain/ledger-import';
import { assertLedgerRead, personCard, readHints, readLedger, refreshHints, refreshLedger, setHint } from '../domain/ledger';
import { param, requireGroup } from '../domain/management/guard';
import { parseBody } from '../errors';
import { requireActor } from '../session';

const ownerQuery = z.object({ ownerId: z.string().max(200).optional() });
const hintQuery = z.object({ eventId: z.string().max(200) });
const hintBody = z.object({ enabled: z.boolean() });

export default async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const ownerId = parseBody(ownerQuery, req.query).ownerId ?? actor.id;
    await assertLedgerRead(db, actor, ownerId);
    await refreshLedger(db, ownerId);
    return readLedger(db, ownerId);
  });

  app.get('/people/:id', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const ownerId = parseBody(ownerQuery, req.query).ownerId ?? actor.id;
    await assertLedgerRead(db, actor, ownerId);
    return personCard(db, ownerId, param(req, 'id'));
  });

  app.get('/owners', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    // An app admin may read every host's ledger; anyone else only their own (an event admin gets
    // the counter hint of their events, not the family's books).
    const rows = actor.role === 'app_admin'
      ? await db.selectDistinct({ id: users.id, name: users.name }).from(eventMembers).innerJoin(users, eq(users.id, eventMembers.userId)).where(eq(eventMembers.role, 'owner'))
      : [];
    const me = rows.some((r) => r.id === actor.id) ? [] : [{ id: actor.id, name: actor.name ?? '' }];
    return { owners: [...me, ...rows] };
  });

  app.get('/hints', async (req) => {
    const actor = await requireActor(db, req);
    return readHints(db, actor, parseBody(hintQuery, req.query).eventId);
  });

  // The counter asks once when it opens (online): the hosts' newest gifts are grouped into people,
  // and the lines that changed reach the counter's devices through the sync pull.
  app.post('/hints/refresh', async (req) => {
    const actor = await requireActor(db, req);
    await refreshHints(db, actor, parseBody(hintQuery, req.body).eventId);
    return { ok: true };
  });

  app.post('/import', { bodyLimit: 8 * 1024 * 1024 }, async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const body = parseBody(ledgerImportBodySchema, req.body);
    const result = await importBook(db, actor, body);
    // The book's givers join the ledger's people now, so their lines reach the host's devices (and
    // counters) through the sync pull.
    await refreshLedger(db, actor.id);
    return result;
  });

  app.put('/hint/:eventId', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    await setHint(db, actor, param(req, 'eventId'), parseBody(hintBody, req.body).enabled);
    return { ok: true };
  });
}
