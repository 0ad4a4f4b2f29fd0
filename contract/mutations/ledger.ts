// The moi ledger (issue 12): a host's own ledger, written from their phone, offline too; moi given and
// invitations also by family members the host shares it with as editors (issue 30, ledger.record).
import {
  ledgerAliasSaveSchema, ledgerDeleteSchema, ledgerFamilySaveSchema, ledgerGivenSaveSchema, ledgerInvitationSaveSchema, ledgerLinkSchema,
  ledgerMergeSchema, ledgerSplitSchema, ledgerUndoSchema,
} from '../ledger';
import { mutation, rupees, text } from './define';

const personName = (a: Record<string, unknown>) => text((a.newPerson as Record<string, unknown> | undefined)?.name);

export const ledgerMutations = {
  'ledger.given.save': mutation({ args: ledgerGivenSaveSchema, policy: 'ledger.record', title: 'ledgerGiven', detail: (a) => [personName(a), text(a.date), rupees(a.amount)] }),
  'ledger.given.delete': mutation({ args: ledgerDeleteSchema, policy: 'ledger.record', title: 'ledgerGivenDelete' }),
  'ledger.invitation.save': mutation({ args: ledgerInvitationSaveSchema, policy: 'ledger.record', title: 'ledgerInvitation', detail: (a) => [personName(a), text(a.date)] }),
  'ledger.invitation.delete': mutation({ args: ledgerDeleteSchema, policy: 'ledger.record', title: 'ledgerInvitationDelete' }),
  'ledger.person.link': mutation({ args: ledgerLinkSchema, policy: 'ledger.write', title: 'ledgerLink' }),
  'ledger.person.merge': mutation({ args: ledgerMergeSchema, policy: 'ledger.write', title: 'ledgerMerge' }),
  'ledger.person.split': mutation({ args: ledgerSplitSchema, policy: 'ledger.write', title: 'ledgerSplit' }),
  'ledger.merge.undo': mutation({ args: ledgerUndoSchema, policy: 'ledger.write', title: 'ledgerUndo' }),
  'ledger.family.save': mutation({ args: ledgerFamilySaveSchema, policy: 'ledger.write', title: 'ledgerFamily' }),
  'ledger.alias.save': mutation({
    args: ledgerAliasSaveSchema, policy: 'ledger.write', title: 'ledgerAlias',
    detail: (a) => [Array.isArray(a.names) ? a.names.map(text).join(' = ') : ''],
  }),
  'ledger.alias.delete': mutation({ args: ledgerDeleteSchema, policy: 'ledger.write', title: 'ledgerAliasDelete' }),
};
