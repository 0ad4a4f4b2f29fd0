// The moi ledger's reads (issue 12) under /moi/ledger; its writes are sync mutations (ledger.*).
// GET /              ?ownerId=  the host's ledger (people with totals, families, offers, invitations);
//                    &limit=&offset=&q=  one page of its people (a search), with the totals over everyone
// GET /people/:id    ?ownerId=  a person's card (every moi both ways, newest first)
// GET /owners                   hosts whose ledgers the caller may read (family-shared ones with the caller's role)
// GET /hints         ?eventId=  the counter hint's summary for an event (staff of its open counters too)
// POST /hints/refresh { eventId } group the event's hosts' new gifts into people (lines then sync)
// PUT /hint/:eventId            { enabled } turn the counter hint on or off for an event
// POST /import                  an old book (rows parsed on the device) as a past event of the host; answers when stored and grouped
// POST /import/jobs             the same as a job (issue 30): answers 202 { jobId } at once
// GET  /import/jobs/:id         the job's progress (status, phase, done of total, result or error)
//
// Issue 30: no request here runs the matcher. New gifts are grouped off the request path
// (domain/ledger-matcher.ts, a worker thread and short transactions); GET / is a query over what
// it stored (domain/ledger-read.ts), waiting a moment for a small batch of new gifts to be placed.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ledgerImportBodySchema, ledgerQuerySchema } from '../../contract/ledger';
import { ledgerOwners } from '../domain/household';
import { assertImport } from '../domain/ledger-import';
import { readImportJob, startImportJob } from '../domain/ledger-jobs';
import { closeMatcher, matcherFor } from '../domain/ledger-matcher';
import { ledgerResponseText, readLedgerPage, readLedgerParts } from '../domain/ledger-read';
import { assertLedgerRead, personCard, readHints, refreshHints, setHint, settleBriefly } from '../domain/ledger';
import { param, requireGroup } from './guard';
import { parseBody } from '../errors';
import { requireActor } from '../session';

const ownerQuery = z.object({ ownerId: z.string().max(200).optional() });
const hintQuery = z.object({ eventId: z.string().max(200) });
const hintBody = z.object({ enabled: z.boolean() });

export default async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const matcher = matcherFor(db, (e) => app.log.error(e));
  app.addHook('onClose', async () => { await closeMatcher(db); });

  app.get('/', async (req, reply) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const query = parseBody(ledgerQuerySchema, req.query);
    const ownerId = query.ownerId ?? actor.id;
    await assertLedgerRead(db, actor, ownerId);
    const matching = await settleBriefly(db, ownerId);
    const parts = query.limit
      ? await readLedgerPage(db, ownerId, { limit: query.limit, offset: query.offset, q: query.q, ...(matching ? { matching } : {}) })
      : await readLedgerParts(db, ownerId, matching ? { matching } : {});
    return reply.type('application/json; charset=utf-8').send(ledgerResponseText(parts));
  });

  app.get('/people/:id', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const ownerId = parseBody(ownerQuery, req.query).ownerId ?? actor.id;
    await assertLedgerRead(db, actor, ownerId);
    return personCard(db, ownerId, param(req, 'id'));
  });

  app.get('/owners', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    return { owners: await ledgerOwners(db, actor) };
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
    await assertImport(db, actor);
    // Stored in chunks and grouped off the request path; this answer waits for both (the book's
    // givers are the ledger's people when it comes), other requests are answered meanwhile.
    const { done } = await startImportJob(db, matcher, actor, body, () => {});
    return done;
  });

  app.post('/import/jobs', { bodyLimit: 8 * 1024 * 1024 }, async (req, reply) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const body = parseBody(ledgerImportBodySchema, req.body);
    await assertImport(db, actor);
    const { jobId } = await startImportJob(db, matcher, actor, body, (e) => app.log.error(e));
    return reply.code(202).send({ jobId });
  });

  app.get('/import/jobs/:id', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    return readImportJob(db, actor, param(req, 'id'));
  });

  app.put('/hint/:eventId', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    await setHint(db, actor, param(req, 'eventId'), parseBody(hintBody, req.body).enabled);
    return { ok: true };
  });
}
