// A host's ledger shared with the family (issue 30 item 3): invitations by mobile or link, joining,
// roles, removal, and each member's choice of the due list's reminders. Who may do what is
// contract/policy.ts (ledger.share for the host's side; a member's access is ledger.read /
// ledger.record through the policy scope, which reads ledger_members rows not removed).
import { and, eq, isNull } from 'drizzle-orm';
import type { HouseholdInvite, HouseholdInviteResult, HouseholdMember, HouseholdResponse } from '../../contract/ledger-household';
import { policy } from '../../contract/policy';
import { uuidv7 } from '../../contract/ids';
import type { Db } from '../db/client';
import { toIso } from '../db/iso';
import { eventMembers, ledgerMembers, users } from '../db/schema';
import { DomainError } from '../errors';
import { hashToken, newToken, type Actor } from '../session';
import { loadScope } from './mutation-context';

const deny = (code: ConstructorParameters<typeof DomainError>[0], message: string) => new DomainError(code, message);

async function assertShare(db: Db, actor: Actor, ownerId: string): Promise<void> {
  const d = policy['ledger.share'](await loadScope(db, actor), ownerId);
  if (!d.ok) throw deny(d.code, d.reason);
}

type Row = typeof ledgerMembers.$inferSelect;
const memberOut = (r: Row, memberName: string | null): HouseholdMember => ({
  id: r.id, label: r.label, mobile: r.mobile, role: r.role as HouseholdMember['role'], memberId: r.memberId, memberName,
  reminders: r.reminders, joinedAt: toIso(r.joinedAt) ?? null,
});

export async function readHousehold(db: Db, actor: Actor): Promise<HouseholdResponse> {
  const mine = await db.select({ m: ledgerMembers, name: users.name }).from(ledgerMembers).leftJoin(users, eq(users.id, ledgerMembers.memberId))
    .where(and(eq(ledgerMembers.ownerId, actor.id), isNull(ledgerMembers.removedAt))).orderBy(ledgerMembers.createdAt);
  const shared = await db.select({ m: ledgerMembers, name: users.name }).from(ledgerMembers).innerJoin(users, eq(users.id, ledgerMembers.ownerId))
    .where(and(eq(ledgerMembers.memberId, actor.id), isNull(ledgerMembers.removedAt)));
  const [me] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, actor.id));
  const waiting = me?.mobile
    ? await db.select({ m: ledgerMembers, name: users.name }).from(ledgerMembers).innerJoin(users, eq(users.id, ledgerMembers.ownerId))
      .where(and(eq(ledgerMembers.mobile, me.mobile), isNull(ledgerMembers.memberId), isNull(ledgerMembers.removedAt)))
    : [];
  return {
    members: mine.map((r) => memberOut(r.m, r.name)),
    sharedWithMe: shared.map((r) => ({ id: r.m.id, ownerId: r.m.ownerId, ownerName: r.name, role: r.m.role as 'view' | 'edit', reminders: r.m.reminders })),
    waiting: waiting.filter((r) => r.m.ownerId !== actor.id).map((r) => ({ id: r.m.id, ownerName: r.name, role: r.m.role as 'view' | 'edit' })),
  };
}

/** The host invites a family member; the link's token is returned once (only its hash is kept). */
export async function inviteMember(db: Db, actor: Actor, body: Required<HouseholdInvite>): Promise<HouseholdInviteResult> {
  await assertShare(db, actor, actor.id);
  const token = newToken();
  const [row] = await db.insert(ledgerMembers).values({
    id: uuidv7(), ownerId: actor.id, mobile: body.mobile, label: body.label, role: body.role, tokenHash: hashToken(token),
  }).returning();
  return { member: memberOut(row, null), token };
}

/** A signed-in user takes an invitation: by its link's token, or one waiting for their own mobile. */
export async function joinHousehold(db: Db, actor: Actor, how: { token: string } | { inviteId: string }): Promise<{ ownerId: string }> {
  if (actor.role === 'counter_staff') throw deny('forbidden', 'Counter staff do not keep a ledger');
  const [me] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, actor.id));
  const [row] = 'token' in how
    ? await db.select().from(ledgerMembers).where(and(eq(ledgerMembers.tokenHash, hashToken(how.token)), isNull(ledgerMembers.removedAt)))
    : await db.select().from(ledgerMembers).where(and(eq(ledgerMembers.id, how.inviteId), isNull(ledgerMembers.removedAt)));
  // A waiting invitation by id is only for the mobile it names; a used link is not reused by someone else.
  if (!row || ('inviteId' in how && (!me?.mobile || row.mobile !== me.mobile))) throw deny('not_found', 'Invitation not found');
  if (row.memberId && row.memberId !== actor.id) throw deny('not_found', 'Invitation not found');
  if (row.ownerId === actor.id) throw deny('invalid_body', 'This is your own ledger');
  if (row.memberId === actor.id) return { ownerId: row.ownerId };
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Joining again by a new invitation replaces the earlier membership (one per host and member).
    await tx.update(ledgerMembers).set({ removedAt: new Date().toISOString() })
      .where(and(eq(ledgerMembers.ownerId, row.ownerId), eq(ledgerMembers.memberId, actor.id), isNull(ledgerMembers.removedAt)));
    await tx.update(ledgerMembers).set({ memberId: actor.id, joinedAt: new Date().toISOString(), tokenHash: null }).where(eq(ledgerMembers.id, row.id));
  });
  return { ownerId: row.ownerId };
}

async function ownRow(db: Db, actor: Actor, id: string): Promise<Row> {
  await assertShare(db, actor, actor.id);
  const [row] = await db.select().from(ledgerMembers).where(and(eq(ledgerMembers.id, id), isNull(ledgerMembers.removedAt)));
  if (!row || row.ownerId !== actor.id) throw deny('not_found', 'Member not found');
  return row;
}

export async function changeMemberRole(db: Db, actor: Actor, id: string, role: 'view' | 'edit'): Promise<void> {
  await ownRow(db, actor, id);
  await db.update(ledgerMembers).set({ role }).where(eq(ledgerMembers.id, id));
}

/** The host removes a member (or withdraws an invitation): from now on the policy scope no longer holds it. */
export async function removeMember(db: Db, actor: Actor, id: string): Promise<void> {
  await ownRow(db, actor, id);
  await db.update(ledgerMembers).set({ removedAt: new Date().toISOString(), tokenHash: null }).where(eq(ledgerMembers.id, id));
}

/** A member chooses whether the due list's reminders of that host's ledger reach their own mobile. */
export async function setMemberReminders(db: Db, actor: Actor, id: string, reminders: boolean): Promise<void> {
  const r = await db.update(ledgerMembers).set({ reminders })
    .where(and(eq(ledgerMembers.id, id), eq(ledgerMembers.memberId, actor.id), isNull(ledgerMembers.removedAt))).returning({ id: ledgerMembers.id });
  if (!r.length) throw deny('not_found', 'Not found');
}

/** The ledgers shared with the user, with their role (for the owner picker and the device's policy scope). */
export async function sharedLedgers(db: Db, userId: string): Promise<Array<{ id: string; name: string; role: 'view' | 'edit' }>> {
  const rows = await db.select({ id: ledgerMembers.ownerId, name: users.name, role: ledgerMembers.role }).from(ledgerMembers)
    .innerJoin(users, eq(users.id, ledgerMembers.ownerId)).where(and(eq(ledgerMembers.memberId, userId), isNull(ledgerMembers.removedAt)));
  return rows.map((r) => ({ ...r, role: r.role as 'view' | 'edit' }));
}

/** The owner picker (GET /moi/ledger/owners): an app admin may read every host's ledger, anyone else only
 *  their own (an event admin gets the counter hint of their events, not the family's books); then the
 *  ledgers shared with the actor as a family member, with their role. */
export async function ledgerOwners(db: Db, actor: Actor): Promise<Array<{ id: string; name: string | null; role?: 'view' | 'edit' | null }>> {
  const rows = actor.role === 'app_admin'
    ? await db.selectDistinct({ id: users.id, name: users.name }).from(eventMembers).innerJoin(users, eq(users.id, eventMembers.userId)).where(eq(eventMembers.role, 'owner'))
    : [];
  const me = rows.some((r) => r.id === actor.id) ? [] : [{ id: actor.id, name: actor.name ?? '' }];
  const shared = (await sharedLedgers(db, actor.id)).filter((s) => s.id !== actor.id && !rows.some((r) => r.id === s.id));
  return [...me, ...rows.map((r) => ({ ...r, role: shared.find((s) => s.id === r.id)?.role ?? null })), ...shared];
}
