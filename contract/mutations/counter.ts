// The counter mutations: open with a float, close with a (blind) cash count, explain a difference.
import { z } from 'zod';
import { clockOffsetSchema, idSchema, openingFloatSchema, tallyInputSchema } from '../entities';
import { claimedAt, claimedBy, mutation, pinAuthor, rupees, text } from './define';

export const counterMutations = {
  /** `openingFloat` (issue 18): notes and coins put in for change, part of the expected cash at close. */
  'counter.open': mutation({
    args: z.object({ id: idSchema, by: claimedBy, at: claimedAt, openingFloat: openingFloatSchema.nullable().optional() }),
    policy: 'counter.open', title: 'counterOpen',
  }),
  /** `clockOffsetMs` (server − device, when the device knew it) corrects the tally's device closedAt. */
  'counter.close': mutation({
    args: z.object({ id: idSchema, tally: tallyInputSchema, pinAuthorId: pinAuthor, clockOffsetMs: clockOffsetSchema.nullable().optional() }),
    policy: 'counter.close', title: 'counterClose',
    detail: (a) => [rupees((a.tally as { countedTotal?: unknown } | undefined)?.countedTotal)],
  }),
  /** The reason for a blind count's difference, given once the count is saved and the expected cash shown. */
  'counter.count.explain': mutation({
    args: z.object({ id: idSchema, reason: z.string().trim().min(1).max(500) }),
    policy: 'counter.close', title: 'countExplain', detail: (a) => [text(a.reason)],
  }),
};
