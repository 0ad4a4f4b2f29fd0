// Plan memberships and the sign-up requests taken at counters (created offline by the signup.create
// sync mutation), as the app admin's screens read and change them.
import { desc, eq, inArray } from 'drizzle-orm';
import {
  membershipPlans, type createMembershipBodySchema, type MembershipRow, type SignupRow, type updateMembershipBodySchema,
} from '../../contract/admin';
import { uuidv7 } from '../../contract/ids';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { toIso } from '../db/iso';
import { memberships, signups, users } from '../db/schema';
import { HttpError } from '../errors';
import { notFound, writeTx } from './management/guard';
import { userNames } from './management/views';

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

export async function listMemberships(db: Db): Promise<MembershipRow[]> {
  return membershipRows(db, await db.select().from(memberships).orderBy(desc(memberships.createdAt)));
}

export async function createMembership(db: Db, body: z.infer<typeof createMembershipBodySchema>): Promise<MembershipRow> {
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
  return (await membershipRows(db, [row]))[0];
}

/** The membership, or 404. */
export async function findMembership(db: Db, id: string): Promise<MembershipDbRow> {
  const [m] = await db.select().from(memberships).where(eq(memberships.id, id)).limit(1);
  if (!m) throw notFound('Membership');
  return m;
}

export async function updateMembership(db: Db, m: MembershipDbRow, body: z.infer<typeof updateMembershipBodySchema>): Promise<MembershipRow> {
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
    }).where(eq(memberships.id, m.id)).returning();
    return r;
  });
  return (await membershipRows(db, [row]))[0];
}

export async function listSignups(db: Db): Promise<SignupRow[]> {
  return signupRows(db, await db.select().from(signups).orderBy(desc(signups.createdAt)));
}

/** The sign-up request, or 404. */
export async function findSignup(db: Db, id: string): Promise<SignupDbRow> {
  const [s] = await db.select().from(signups).where(eq(signups.id, id)).limit(1);
  if (!s) throw notFound('Sign-up request');
  return s;
}

export async function setSignupStatus(db: Db, s: SignupDbRow, status: SignupDbRow['status']): Promise<SignupRow> {
  const row = await writeTx(db, async (tx) => {
    const [r] = await tx.update(signups).set({ status }).where(eq(signups.id, s.id)).returning();
    return r;
  });
  return (await signupRows(db, [row]))[0];
}
