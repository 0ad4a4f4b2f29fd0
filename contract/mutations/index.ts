// Every mutation, by name: the one list the push, the outbox, the sync panel and the server's
// implementations (server/domain/mutators.ts, typed over these names) are built from.
import { counterMutations } from './counter';
import { custodyMutations } from './custody';
import { eventMutations } from './event';
import { giftMutations } from './gift';
import { ledgerMutations } from './ledger';
import { profileMutations } from './profile';
import { signupMutations } from './signup';

export const mutationDefs = {
  ...giftMutations,
  ...counterMutations,
  ...custodyMutations,
  ...profileMutations,
  ...signupMutations,
  ...eventMutations,
  ...ledgerMutations,
};
export { MAX_VILLAGE_SHORTCUTS, villageShortcutSetSchema } from './event';
export type { DetailPart, MutationDef } from './define';
