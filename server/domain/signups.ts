// Sign-up requests taken at a counter (signup.create): recorded as taken by the signed-in user.
import { policy } from '../../contract/policy';
import type { MutationValue } from '../../contract/sync';
import { signups } from '../db/schema';
import { deny, type MutationCtx } from './mutation-context';

export async function createSignup(ctx: MutationCtx, a: MutationValue<'signup.create'>): Promise<void> {
  const d = policy['signup.create']();
  if (!d.ok) throw deny(d.code, d.reason);
  await ctx.tx.insert(signups).values({
    id: a.id, name: a.name, mobile: a.mobile, village: a.village ?? '', functionType: a.functionType, expectedDate: a.expectedDate,
    plan: a.plan, takenBy: ctx.actor.id, createdAt: a.createdAt,
  }).onConflictDoNothing();
}
