// A host's ledger shared with family members (issue 30 item 3): the host invites by mobile or by a
// link, with a role (view: the ledger and the due list; edit: also record moi given and
// invitations); a member chooses whether the due list's reminders reach them; the host removes a member.
import { z } from 'zod';

export const ledgerMemberRoles = ['view', 'edit'] as const;
export const ledgerMemberRoleSchema = z.enum(ledgerMemberRoles);

export const householdInviteSchema = z.object({
  /** Who this is (for the host's list: "Amma", "Murugan"). */
  label: z.string().trim().max(80).default(''),
  /** A user with this mobile sees the invitation when signed in; empty: the link only. */
  mobile: z.string().regex(/^(\d{10})?$/, 'Mobile number must be exactly 10 digits').default(''),
  role: ledgerMemberRoleSchema,
});
export type HouseholdInvite = z.input<typeof householdInviteSchema>;

export const householdJoinSchema = z.union([
  z.object({ token: z.string().min(16).max(200) }),
  z.object({ inviteId: z.string().min(1).max(200) }),
]);
export const householdRoleChangeSchema = z.object({ role: ledgerMemberRoleSchema });
export const householdRemindersSchema = z.object({ reminders: z.boolean() });

export const householdMemberSchema = z.object({
  id: z.string(),
  label: z.string(),
  mobile: z.string(),
  role: ledgerMemberRoleSchema,
  /** The member's name once they joined; null while the invitation waits. */
  memberId: z.string().nullable(),
  memberName: z.string().nullable(),
  reminders: z.boolean(),
  joinedAt: z.string().nullable(),
});
export type HouseholdMember = z.infer<typeof householdMemberSchema>;

/** GET /moi/ledger/household: the members of my ledger, the ledgers shared with me, and invitations waiting for my mobile. */
export const householdResponseSchema = z.object({
  members: z.array(householdMemberSchema),
  sharedWithMe: z.array(z.object({ id: z.string(), ownerId: z.string(), ownerName: z.string(), role: ledgerMemberRoleSchema, reminders: z.boolean() })),
  waiting: z.array(z.object({ id: z.string(), ownerName: z.string(), role: ledgerMemberRoleSchema })),
});
export type HouseholdResponse = z.infer<typeof householdResponseSchema>;
/** POST /moi/ledger/household/invite: the invitation, with its link's token (shown once). */
export const householdInviteResultSchema = z.object({ member: householdMemberSchema, token: z.string() });
export type HouseholdInviteResult = z.infer<typeof householdInviteResultSchema>;
