// The moi ledger's reads (issue 12) under /moi/ledger; its writes are sync mutations (ledger.*).
// GET /              ?ownerId=  the host's ledger (people with totals, families, offers, invitations)
// GET /people/:id    ?ownerId=  a person's card (every moi both ways, newest first)
// GET /owners                   hosts whose ledgers the caller may read
// GET /hints         ?eventId=  the counter hint's summary for an event (staff of its open counters too)
// PUT /hint/:eventId            { enabled } turn the counter hint on or off for an event
// POST /import                  an old book (rows parsed on the device) as a past event of the host
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import { eventMembers, users } from '../db/schema';
import { ledgerImportBodySchema } from '../../contract/ledger';
import { importBook } from '../domain/ledger-import';
import { assertLedgerRead, personCard, readHints, readLedger, refreshLedger, setHint } from '../domain/ledger';
import { adminEventIds, param, requireGroup } from '../domain/business/guard';
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
    const admin = await adminEventIds(db, actor);
    const rows = admin === 'all'
      ? await db.selectDistinct({ id: users.id, name: users.name }).from(eventMembers).innerJoin(users, eq(users.id, eventMembers.userId)).where(eq(eventMembers.role, 'owner'))
      : admin.length
        ? await db.selectDistinct({ id: users.id, name: users.name }).from(eventMembers).innerJoin(users, eq(users.id, eventMembers.userId))
          .where(and(eq(eventMembers.role, 'owner'), inArray(eventMembers.eventId, admin)))
        : [];
    const me = rows.some((r) => r.id === actor.id) ? [] : [{ id: actor.id, name: actor.name ?? '' }];
    return { owners: [...me, ...rows] };
  });

  app.get('/hints', async (req) => {
    const actor = await requireActor(db, req);
    return readHints(db, actor, parseBody(hintQuery, req.query).eventId);
  });

  app.post('/import', { bodyLimit: 8 * 1024 * 1024 }, async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const body = parseBody(ledgerImportBodySchema, req.body);
    // The book's givers join the ledger's people when the ledger is next read (GET / refreshes).
    return importBook(db, actor, body);
  });

  app.put('/hint/:eventId', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    await setHint(db, actor, param(req, 'eventId'), parseBody(hintBody, req.body).enabled);
    return { ok: true };
  });
}
