// The server half of "one definition per mutation": name → mutator. The args schema is
// contract/sync.ts mutationArgsSchemas[name], the policy contract/policy.ts policy[name]; the push
// handler (sync-push.ts) is a loop over this map, and REST actions call the same functions.
import type { MutationName, MutationValue } from '../../contract/sync';
import { setBookOrder, setBookVillages } from './book-order';
import { closeCounter, explainCount, openCounter } from './counters';
import { createHandover, saveNominee } from './custody';
import { setVillageShortcut } from './counter-aids';
import { deleteGift, insertGifts, planGiftCreate, restoreGift, reprintGift, updateGift } from './gifts';
import { ledgerMutators } from './ledger';
import { deny, type MutationCtx } from './mutation-context';
import { updateProfile } from './profiles';
import { createSignup } from './signups';

/** A mutator applies one mutation inside the caller's savepoint; 'duplicate' when it was already there. */
export type Mutator<N extends MutationName> = (ctx: MutationCtx, args: MutationValue<N>) => Promise<'duplicate' | void>;

/** One gift.create (the bulk path in sync-push.ts writes runs of them with the same two steps). */
async function createGift(ctx: MutationCtx, args: MutationValue<'gift.create'>): Promise<'duplicate' | void> {
  const row = await planGiftCreate(ctx, args);
  const r = (await insertGifts(ctx, [row], args.ledgerPersonId ? new Map([[row.id!, args.ledgerPersonId]]) : undefined)).get(row.id);
  if (r === 'existing') return 'duplicate';
  if (r === 'receipt') throw deny('duplicate_receipt', `Receipt ${args.receiptNo} is already used in this event`);
}

export const mutators: { [N in MutationName]: Mutator<N> } = {
  'gift.create': createGift,
  'gift.update': updateGift,
  'gift.delete': deleteGift,
  'gift.restore': restoreGift,
  'gift.reprint': reprintGift,
  'counter.open': async (ctx, a) => { await openCounter(ctx, a); },
  'counter.close': async (ctx, a) => { await closeCounter(ctx, a); },
  'counter.count.explain': async (ctx, a) => { await explainCount(ctx, a); },
  'nominee.save': saveNominee,
  'handover.create': createHandover,
  'profile.update': updateProfile,
  'profile.picture': async () => { throw deny('invalid_body', 'Pictures are uploaded through /moi/user/uploadProfileImage, not pushed'); },
  'signup.create': createSignup,
  'event.villageShortcut.set': setVillageShortcut,
  'event.bookOrder': setBookOrder,
  'event.bookVillages': setBookVillages,
  ...ledgerMutators,
};
