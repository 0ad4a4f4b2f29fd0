// Plan memberships (Smart Track ₹999 per event, Partner Track ₹1500 per month) and the sign-up
// requests taken at counters (created offline by the signup.create sync mutation). app_admin only,
// except the plan list, which every signed-in user may read (the counter shows it to guests).
import type { FastifyInstance } from 'fastify';
import {
  createMembershipBodySchema, membershipPlans, updateMembershipBodySchema, updateSignupBodySchema,
} from '../../contract/admin';
import {
  createMembership, findMembership, findSignup, listMemberships, listSignups, setSignupStatus, updateMembership,
} from '../domain/memberships';
import { parseBody } from '../errors';
import { requireActor } from '../session';
import { param, requireGroup } from './guard';

export default async function membershipRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/membership-plans', async (req) => {
    await requireActor(db, req);
    return { plans: membershipPlans };
  });

  app.get('/memberships', async (req) => {
    await requireGroup(db, req, 'appAdmin');
    return { memberships: await listMemberships(db) };
  });

  app.post('/memberships', async (req, reply) => {
    await requireGroup(db, req, 'appAdmin');
    const body = parseBody(createMembershipBodySchema, req.body);
    const membership = await createMembership(db, body);
    reply.code(201);
    return { membership };
  });

  app.patch('/memberships/:id', async (req) => {
    await requireGroup(db, req, 'appAdmin');
    // An unknown id answers 404 before the body is read.
    const m = await findMembership(db, param(req, 'id'));
    const body = parseBody(updateMembershipBodySchema, req.body);
    return { membership: await updateMembership(db, m, body) };
  });

  app.get('/signups', async (req) => {
    await requireGroup(db, req, 'appAdmin');
    return { signups: await listSignups(db) };
  });

  app.patch('/signups/:id', async (req) => {
    await requireGroup(db, req, 'appAdmin');
    const s = await findSignup(db, param(req, 'id'));
    const { status } = parseBody(updateSignupBodySchema, req.body);
    return { signup: await setSignupStatus(db, s, status) };
  });
}
