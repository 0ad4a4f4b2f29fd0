// Event settings the counter and the host change: village shortcuts, the moi book's order.
import { z } from 'zod';
import { bookVillageRuleSchema, idSchema } from '../entities';
import { mutation, text } from './define';

/** An abbreviation: 1–12 letters, digits or dots (Latin or Tamil); stored lower-cased. */
export const villageShortcutSetSchema = z.object({
  eventId: idSchema,
  abbr: z.string().trim().min(1).max(12).regex(/^[\p{L}\p{M}\p{N}.]+$/u, 'Letters, digits or dots only').transform((s) => s.normalize('NFC').toLowerCase()),
  village: z.string().trim().min(1).max(120).nullable(),
});
export const MAX_VILLAGE_SHORTCUTS = 200;

export const eventMutations = {
  /** Issue 18: set (village) or remove (null) one village abbreviation of an event. */
  'event.villageShortcut.set': mutation({
    args: villageShortcutSetSchema, policy: 'event.villageShortcut', title: 'villageShortcut',
    detail: (a) => [`${text(a.abbr)} → ${text(a.village) || '—'}`],
  }),
  /** The host's order for the moi book: villages first, then chosen givers first (replaces the whole order). */
  'event.bookOrder': mutation({
    args: z.object({
      id: idSchema,
      villages: z.array(z.string().trim().min(1).max(200)).max(500),
      firstGiftIds: z.array(idSchema).max(500),
    }),
    policy: 'event.bookOrder', title: 'eventBookOrder',
  }),
  /**
   * Issue 27 item 5: the host's merges and renames of villages for the moi book (replaces the whole list;
   * `from` → `to`, applied in order on top of the village alias table). Owners and admins of the event.
   */
  'event.bookVillages': mutation({
    args: z.object({
      id: idSchema,
      villages: z.array(bookVillageRuleSchema).max(500),
    }),
    policy: 'event.bookVillages', title: 'eventBookVillages',
    detail: (a) => (Array.isArray(a.villages) ? a.villages : []).slice(-3).map((r: { from?: unknown; to?: unknown }) => `${text(r?.from)} → ${text(r?.to)}`),
  }),
};
