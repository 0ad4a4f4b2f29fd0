// Issue 29: organisations (halls, venues) — the provider's partners.
// - /moi/orgs                       list (app admin: all; an event admin: the halls they administer)
// - /moi/orgs/:id                   details, members, events, plan state, invoices (policy 'org.manage')
// - /moi/orgs/:id/members           the hall's admins (named by the app admin) and staff pool
// - /moi/orgs/:id/events            a hall's admin creates an event of the hall
// - /moi/events/:id/override        the app admin entitles an event without payment (with a reason)
// - /moi/events/:id/plan            an event's plan state, for its admins and owners
// - /moi/orgs/:id/logo              the hall's logo (multipart `file`: PNG, JPEG or WebP, at most 200 kB)
// - /moi/org-logo/:fileId           a hall's logo, public, cached for good (a new upload gets a new id)
// The queries are in domain/organisations.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createEventBodySchema } from '../../contract/admin';
import { orgBodySchema, orgMemberBodySchema, overrideBodySchema } from '../../contract/billing';
import { uuidv7 } from '../../contract/ids';
import type { Db } from '../db/client';
import { HttpError, parseBody } from '../errors';
import { readMultipartForm } from './multipart';
import { sniffImage } from './users';
import { notFound } from '../domain/management/guard';
import {
  createOrg, createOrgEvent, eventPlan, listOrgs, managedOrg, orgDetails, orgMemberRole, orgOut, orgStatement,
  orgLogo, overrideEvent, removeOrgMember, revokeEventOverride, setOrgLogo, setOrgMember, updateOrg, type ManagedOrg,
} from '../domain/organisations';
import type { Actor } from '../session';
import { param, requireGroup } from './guard';

/** The organisation of the route's :id if the actor may manage `what` of it (policy 'org.manage'); else the policy's refusal. */
export async function requireOrg(db: Db, req: FastifyRequest, what: 'details' | 'staff' | 'admins'): Promise<{ actor: Actor; org: ManagedOrg }> {
  const actor = await requireGroup(db, req, 'eventAdmin');
  return { actor, org: await managedOrg(db, actor, param(req, 'id'), what) };
}

export default async function organisationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get('/orgs', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    return { orgs: (await listOrgs(db, actor)).map(orgOut) };
  });

  app.post('/orgs', async (req, reply) => {
    await requireGroup(db, req, 'appAdmin');
    const b = parseBody(orgBodySchema, req.body);
    const row = await createOrg(db, b, uuidv7);
    reply.code(201);
    return { org: orgOut(row) };
  });

  app.get('/orgs/:id', async (req) => {
    const { org } = await requireOrg(db, req, 'details');
    return orgDetails(db, org);
  });

  app.patch('/orgs/:id', async (req) => {
    const { org } = await requireOrg(db, req, 'details');
    const b = parseBody(orgBodySchema.omit({ id: true }), req.body);
    return { org: orgOut(await updateOrg(db, org, b)) };
  });

  app.post('/orgs/:id/logo', async (req) => {
    const { org } = await requireOrg(db, req, 'details');
    const data = (await readMultipartForm(req, 'the logo as `file`')).file?.data ?? null;
    if (!data) throw new HttpError(400, 'invalid_body', 'Choose an image file / ஒரு படக் கோப்பைத் தேர்ந்தெடுக்கவும்', [{ path: ['file'], message: 'Required' }]);
    const sniffed = sniffImage(data);
    return { org: orgOut(await setOrgLogo(db, org, { data, mime: sniffed === 'image/gif' ? null : sniffed })) };
  });

  app.get('/org-logo/:fileId', async (req, reply) => {
    const fileId = param(req, 'fileId');
    const etag = `"${fileId}"`;
    const row = await orgLogo(db, fileId);
    // Printed on receipts and the book's cover, so not secret; a new upload gets a new id: cache it for good.
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    reply.header('ETag', etag);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cross-Origin-Resource-Policy', 'same-site');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(row.mime).send(row.data);
  });

  app.put('/orgs/:id/members', async (req) => {
    const b = parseBody(orgMemberBodySchema, req.body);
    const { org } = await requireOrg(db, req, b.role === 'admin' ? 'admins' : 'staff');
    await setOrgMember(db, org, b);
    return { ok: true };
  });

  app.delete('/orgs/:id/members/:userId', async (req) => {
    const userId = param(req, 'userId');
    const role = await orgMemberRole(db, param(req, 'id'), userId);
    const { org } = await requireOrg(db, req, role === 'admin' ? 'admins' : 'staff');
    if (!role) throw notFound('Member');
    await removeOrgMember(db, org, userId);
    return { ok: true };
  });

  app.post('/orgs/:id/events', async (req, reply) => {
    const { org } = await requireOrg(db, req, 'details');
    const body = parseBody(createEventBodySchema, req.body);
    const event = await createOrgEvent(db, org, body, uuidv7);
    reply.code(201);
    return { event };
  });

  // The partner's monthly statement (domain/organisations.ts, orgStatement).
  app.get('/orgs/:id/statement', async (req) => {
    const { org } = await requireOrg(db, req, 'details');
    return { months: await orgStatement(db, org.id) };
  });

  app.get('/events/:id/plan', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const id = param(req, 'id');
    const { enforced, razorpay } = app.config.billing;
    return eventPlan(db, actor, id, { enforced, gatewaySetUp: razorpay !== null });
  });

  app.post('/events/:id/override', async (req) => {
    const actor = await requireGroup(db, req, 'appAdmin');
    const id = param(req, 'id');
    const b = parseBody(overrideBodySchema, req.body);
    return { entitled: await overrideEvent(db, actor, id, b.reason) };
  });

  app.delete('/events/:id/override', async (req) => {
    await requireGroup(db, req, 'appAdmin');
    const id = param(req, 'id');
    return { entitled: await revokeEventOverride(db, id) };
  });

}
