// A host's ledger shared with the family (issue 30) under /moi/ledger/household.
// GET  /                    my ledger's members, the ledgers shared with me, invitations waiting for my mobile
// POST /invite              { label, mobile, role } → the member row and the link's token (once)
// POST /join                { token } | { inviteId }  take an invitation
// PUT  /:id/role            { role }  the host changes a member's role
// DELETE /:id               the host removes a member (or withdraws an invitation)
// PUT  /:id/reminders       { reminders }  a member chooses the due list's reminders
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { householdInviteSchema, householdJoinSchema, householdRemindersSchema, householdRoleChangeSchema } from '../../contract/ledger-household';
import { changeMemberRole, inviteMember, joinHousehold, readHousehold, removeMember, setMemberReminders } from '../domain/household';
import { param, requireGroup } from './guard';
import { HttpError, parseBody } from '../errors';

export default async function ledgerHouseholdRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  app.get('/', async (req) => readHousehold(db, await requireGroup(db, req, 'eventOwner')));
  app.post('/invite', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    return inviteMember(db, actor, parseBody(householdInviteSchema, req.body));
  });
  // Joining: a signed-in host or admin (the group), limited per address so link tokens are not guessed.
  app.post('/join', {
    config: {
      rateLimit: {
        max: 20, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => req.ip || 'unknown',
        errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string }) => new HttpError(429, 'too_many_attempts', `Too many attempts to join from this address. Try again in ${ctx.after}.`),
      },
    },
  }, async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    return joinHousehold(db, actor, parseBody(householdJoinSchema, req.body));
  });
  app.put('/:id/role', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    await changeMemberRole(db, actor, param(req, 'id'), parseBody(householdRoleChangeSchema, req.body).role);
    return { ok: true };
  });
  app.delete('/:id', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    await removeMember(db, actor, param(req, 'id'));
    return { ok: true };
  });
  app.put('/:id/reminders', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    await setMemberReminders(db, actor, param(req, 'id'), parseBody(householdRemindersSchema, req.body).reminders);
    return { ok: true };
  });
}
