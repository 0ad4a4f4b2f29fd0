// The cash custody chain (issue 18, contract/custody.ts): nominees and handovers.
import { handoverCreateSchema, nomineeSaveSchema } from '../custody';
import { mutation, rupees, text } from './define';

export const custodyMutations = {
  'nominee.save': mutation({ args: nomineeSaveSchema, policy: 'nominee.save', title: 'nomineeSave', detail: (a) => [text(a.name)] }),
  'handover.create': mutation({ args: handoverCreateSchema, policy: 'handover.create', title: 'handoverCreate', detail: (a) => [rupees(a.cash)] }),
};
