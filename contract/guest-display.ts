// The guest display (issue 18): a second screen facing the giver, paired to a counter by a code
// shown on the counter. The counter publishes only the entry being saved; the screen receives it
// on a Server-Sent Events stream and never anything else of the event (no earlier gift, no total).
import { z } from 'zod';

/** Signed-in (the counter): POST makes a code; DELETE /:id revokes; POST /:id/show publishes the entry. */
export const GUEST_DISPLAY_PATH = '/moi/guest-display';
/** Public (the guest screen): POST /pair with the code; GET /stream (cookie) is the SSE stream. */
export const GUEST_PUBLIC_PATH = '/moi/public/guest';
export const GUEST_COOKIE = 'moi_guest';
/** SSE event names: `hello` once on connect, `entry` for the entry being saved, `end` when revoked or expired. */
export const GUEST_EVENT_ENTRY = 'entry';
export const GUEST_EVENT_END = 'end';
export const GUEST_EVENT_HELLO = 'hello';

export const guestCodeSchema = z.string().regex(/^\d{6}$/, 'Six digits');

export const guestDisplayCreateSchema = z.object({ counterId: z.string().min(1).max(200) });
export const guestDisplayCreatedSchema = z.object({ id: z.string(), code: guestCodeSchema, codeExpiresAt: z.string(), expiresAt: z.string() });
export type GuestDisplayCreated = z.infer<typeof guestDisplayCreatedSchema>;

/**
 * The entry as the giver sees it: typed (not yet saved), saved (with its receipt number), or
 * cleared (the next giver). `seq` orders them: a screen ignores one older than what it shows.
 */
export const guestEntrySchema = z.object({
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  state: z.enum(['typing', 'saved', 'clear']),
  name: z.string().max(120).default(''),
  initial: z.string().max(40).default(''),
  village: z.string().max(120).default(''),
  amount: z.number().int().min(0).max(100_000_000).nullable().default(null),
  /** Item gifts: what was given (no amount may be known). */
  item: z.string().max(200).default(''),
  receiptNo: z.string().max(40).nullable().default(null),
});
export type GuestEntry = z.infer<typeof guestEntrySchema>;

export const guestPairBodySchema = z.object({ code: guestCodeSchema });
/** What a paired screen knows: which function and counter it faces, until when. Nothing of any gift. */
export const guestPairedSchema = z.object({
  eventTitleTa: z.string().nullable(),
  eventTitleEn: z.string().nullable(),
  counterCode: z.string(),
  expiresAt: z.string(),
});
export type GuestPaired = z.infer<typeof guestPairedSchema>;
