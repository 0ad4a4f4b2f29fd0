// Plan memberships (Smart Track ₹999 per event, Partner Track ₹1500 per month) and the sign-up
// requests taken at counters (created offline by the signup.create sync mutation). app_admin only,
// except the plan list, which every signed-in user may read (the counter shows it to guests).
import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  createMembershipBodySchema, membershipPlans, updateMembershipBodySchema, updateSignupBodySchema, type MembershipRow, type SignupRow,
} from '../../contract/admin';
import type { Db } from '../db/client';
import { memberships, signups, users } from '../db/schema';
import { notFound, param, requireGroup, writeTx } from '../domain/management/guard';
import { toIso } from '../db/iso';
import { userNames } from '../domain/management/views';
import { HttpError, parseBody } from '../errors';
import { uuidv7 } from '../../contract/ids';
import { requireActor } from '../session';

type MembershipDbRow = typeof memberships.$inferSelect;
const today = () => new Date().toISOString().slice(0, 10);
type SignupDbRow = typeof signups.$inferSelect;

async function membershipRows(db: Db, rows: MembershipDbRow[]): Promise<MembershipRow[]> {
  if (rows.length === 0) return [];
  const holders = await db.select({ id: users.id, name: users.name, username: users.username }).from(users)
    .where(inArray(users.id, [...new Set(rows.map((r) => r.holderId))]));
  return rows.map((m) => {
    const h = holders.find((x) => x.id === m.holderId);
    return {
      id: m.id,
      plan: m.plan,
      holderId: m.holderId,
      validFrom: m.validFrom,
      validTo: m.validTo,
      // An active membership past its end date reads as expired without a nightly job.
      status: m.status === 'active' && m.validTo && m.validTo < today() ? 'expired' : m.status,
      holderName: h?.name ?? '',
      holderUsername: h?.username ?? '',
      price: membershipPlans.find((p) => p.plan === m.plan)?.price ?? 0,
      createdAt: toIso(m.createdAt)!,
    };
  });
}

async function signupRows(db: Db, rows: SignupDbRow[]): Promise<SignupRow[]> {
  const names = await userNames(db, rows.map((r) => r.takenBy));
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    mobile: s.mobile,
    village: s.village,
    functionType: s.functionType,
    expectedDate: s.expectedDate,
    plan: s.plan,
    createdAt: toIso(s.createdAt)!,
    takenBy: s.takenBy,
    takenByName: names.get(s.takenBy) ?? null,
    counterId: s.counterId,
    status: s.status,
  }));
}

export default async function membershipRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/membership-plans', async (req) => {
    await requireActor(db, req);
    return { plans: membershipPlans };
  });

  app.get('/memberships', async (req) => {
    await requireGroup(db, req, 'appAdmin');
    const rows = await db.select().from(memberships).orderBy(desc(memberships.createdAt));
    return { memberships: await membershipRows(db, rows) };
  });

  app.post('/memberships', async (req, reply) => {
    await requireGroup(db, req, 'appAdmin');
    const body = parseBody(createMembershipBodySchema, req.body);
    const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.id, body.holderId)).limit(1);
    if (!holder) throw notFound('Holder');
    if (body.validTo && body.validTo < body.validFrom) {
      throw new HttpError(400, 'invalid_body', 'The end date is before the start date', [{ path: ['validTo'], message: 'Before validFrom' }]);
    }
    if (body.signupId) {
      const [s] = await db.select({ id: signups.id }).from(signups).where(eq(signups.id, body.signupId)).limit(1);
      if (!s) throw notFound('Sign-up request');
    }
    const id = body.id ?? uuidv7();
    const row = await writeTx(db, async (tx) => {
      const t = tx;
      const clash = await t.select({ id: memberships.id }).from(memberships).where(eq(memberships.id, id)).limit(1);
      if (clash.length) throw new HttpError(409, 'conflict', 'A membership with this id exists');
      const [r] = await t.insert(memberships).values({
        id, plan: body.plan, holderId: body.holderId, validFrom: body.validFrom, validTo: body.validTo ?? null, status: 'active',
      }).returning();
      if (body.signupId) {
        await t.update(signups).set({ status: 'converted' }).where(eq(signups.id, body.signupId));
      }
      return r;
    });
    reply.code(201);
    return { membership: (await membershipRows(db, [row]))[0] };
  });

  app.patch('/memberships/:id', async (req) => {
    await requireGroup(db, req, 'appAdmin');
    const id = param(req, 'id');
    const [m] = await db.select().from(memberships).where(eq(memberships.id, id)).limit(1);
    if (!m) throw notFound('Membership');
    const body = parseBody(updateMembershipBodySchema, req.body);
    if (body.status === undefined && body.validTo === undefined) {
      throw new HttpError(400, 'invalid_body', 'Invalid request: nothing to change (status or validTo)', [{ path: [], message: 'Give status or validTo' }]);
    }
    if (body.validTo && body.validTo < m.validFrom) {
      throw new HttpError(400, 'invalid_body', 'The end date is before the start date', [{ path: ['validTo'], message: 'Before validFrom' }]);
    }
    const row = await writeTx(db, async (tx) => {
      const [r] = await tx.update(memberships).set({
        ...(body.status !== undefined ? { status: body.status } : {}),
        ...(body.validTo !== undefined ? { validTo: body.validTo } : {}),
      }).where(eq(memberships.id, id)).returning();
      return r;
    });
    return { membership: (await membershipRows(db, [row]))[0] };
  });

  app.get('/signups', async (req) => {
    await requireGroup(db, req, 'appAdmin');
    const rows = await db.select().from(signups).orderBy(desc(signups.createdAt));
    return { signups: await signupRows(db, rows) };
  });

  app.patch('/signups/:id', async (req) => {
    await requireGroup(db, req, 'appAdmin');
    const id = param(req, 'id');
    const [s] = await db.select().from(signups).where(eq(signups.id, id)).limit(1);
    if (!s) throw notFound('Sign-up request');
    const { status } = parseBody(updateSignupBodySchema, req.body);
    const row = await writeTx(db, async (tx) => {
      const [r] = await tx.update(signups).set({ status }).where(eq(signups.id, id)).returning();
      return r;
    });
    return { signup: (await signupRows(db, [row]))[0] };
  });
}
