// Profile edits (profile.update): the policy decides who may change what; lastUpdatedBy is the
// signed-in user, never the device's claim.
import { and, eq, ne, sql } from 'drizzle-orm';
import { policy } from '../../contract/policy';
import type { MutationValue } from '../../contract/sync';
import { users } from '../db/schema';
import { deny, type MutationCtx } from './mutation-context';

export async function updateProfile(ctx: MutationCtx, a: MutationValue<'profile.update'>): Promise<void> {
  const [target] = await ctx.tx.select().from(users).where(sql`${users.id} = ${a.id} or ${users.userId} = ${a.id}`).limit(1);
  const d = policy['profile.update'](ctx.scope, target, a);
  if (!d.ok) throw deny(d.code, d.reason);
  if (a.username && a.username !== target.username) {
    // Sign-in ignores letter case: "Murugan" beside "murugan" would leave one of them unable to sign in.
    const taken = await ctx.tx.select({ id: users.id }).from(users)
      .where(and(sql`lower(${users.username}) = ${a.username.toLowerCase()}`, ne(users.id, target.id))).limit(1);
    if (taken.length) throw deny('username_taken', 'That username is taken');
  }
  await ctx.tx.update(users).set({
    ...(a.name !== undefined ? { name: a.name } : {}),
    ...(a.username !== undefined ? { username: a.username } : {}),
    ...(a.mobile !== undefined ? { mobile: a.mobile } : {}),
    lastUpdatedBy: ctx.actor.id,
    updatedAt: new Date(ctx.now).toISOString(),
  }).where(eq(users.id, target.id));
}
