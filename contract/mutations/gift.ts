// The gift mutations (the counter's record).
import { z } from 'zod';
import { MAX_SEQ } from '../limits';
import { giftInputSchema, giftPatchSchema, idSchema } from '../entities';
import { claimedAt, claimedBy, mutation, pinAuthor, rupees, text } from './define';

export const giftMutations = {
  'gift.create': mutation({
    args: giftInputSchema, policy: 'gift.create', title: 'giftCreate',
    detail: (a) => [text(a.receiptNo), text(a.name), rupees(a.amount) ?? text(a.item)],
  }),
  'gift.update': mutation({
    args: z.object({ id: idSchema, baseVersion: z.number().int().min(1).max(MAX_SEQ), patch: giftPatchSchema, reason: z.string().trim().min(1).max(500), pinAuthorId: pinAuthor, by: claimedBy }),
    policy: 'gift.update', title: 'giftUpdate', detail: (a) => [text(a.reason)],
  }),
  'gift.delete': mutation({
    args: z.object({ id: idSchema, reason: z.string().trim().min(1).max(500), pinAuthorId: pinAuthor, by: claimedBy, at: claimedAt }),
    policy: 'gift.delete', title: 'giftDelete', detail: (a) => [text(a.reason)],
  }),
  'gift.restore': mutation({
    args: z.object({ id: idSchema, reason: z.string().trim().max(500).default(''), pinAuthorId: pinAuthor, by: claimedBy, at: claimedAt }),
    policy: 'gift.restore', title: 'giftRestore', detail: (a) => [text(a.reason)],
  }),
  /** A duplicate receipt was printed (issue 28): kept in the gift's history; nothing of the gift changes. */
  'gift.reprint': mutation({
    args: z.object({ id: idSchema, copy: z.number().int().min(2).max(1000), pinAuthorId: pinAuthor, by: claimedBy, at: claimedAt }),
    policy: 'gift.reprint', title: 'giftReprint', detail: (a) => [typeof a.copy === 'number' ? `#${a.copy}` : null],
  }),
};
