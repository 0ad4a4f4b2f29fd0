// The cash custody chain (issue 18): the host's nominees, and each handover of a closed counter's
// cash (with its UPI/cheque/item summary) to a nominee, another counter or the event admin.
// The chain of a counter is float → blind count → handover steps; the arithmetic lives here so the
// PWA, the server and the moi book agree on it.
import { z } from 'zod';
import { denominationCountsSchema, idSchema, isoSchema, mobileSchema, clockOffsetSchema } from './entities';

/** A PIN hash as the device makes it (PBKDF2-SHA256 over the PIN, salt = its hex text; server/passwords.ts). */
export const pinHashInputSchema = z.object({
  salt: z.string().regex(/^[0-9a-f]{16,64}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  iterations: z.number().int().min(10_000).max(1_000_000),
});

/** A nominee as devices hold it: the PIN only as its salted hash (checked offline at a handover). */
export const nomineeSchema = z.object({
  id: idSchema,
  eventId: idSchema,
  name: z.string(),
  mobile: z.string().nullable(),
  salt: z.string(),
  hash: z.string(),
  iterations: z.number().int().positive(),
  updatedAt: z.string().optional(),
});
export type Nominee = z.infer<typeof nomineeSchema>;

/** nominee.save: a new nominee needs a PIN; an edit without `pin` keeps the old one. */
export const nomineeSaveSchema = z.object({
  id: idSchema,
  eventId: idSchema,
  name: z.string().trim().min(1).max(120),
  mobile: z.union([mobileSchema, z.literal('')]).nullable().optional(),
  pin: pinHashInputSchema.optional(),
});

export const handoverSummarySchema = z.object({
  upi: z.object({ count: z.number().int().min(0), total: z.number().int().min(0) }),
  cheque: z.object({ count: z.number().int().min(0), total: z.number().int().min(0) }),
  item: z.object({ count: z.number().int().min(0), descriptions: z.array(z.string().max(200)).max(200).default([]) }),
});
export type HandoverSummary = z.infer<typeof handoverSummarySchema>;
export const emptySummary = (): HandoverSummary => ({ upi: { count: 0, total: 0 }, cheque: { count: 0, total: 0 }, item: { count: 0, descriptions: [] } });

export const handoverFromSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('counter'), counterId: idSchema }),
  /** The event admin hands on what they received (the signed-in user is the giver). */
  z.object({ kind: z.literal('event_admin') }),
]);
export const handoverToSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('nominee'), nomineeId: idSchema }),
  /** `userId`: the receiving counter's staff member who confirms with their shift PIN. */
  z.object({ kind: z.literal('counter'), counterId: idSchema, userId: z.string().max(200) }),
  /** The event admin receives in their own signed-in session (confirm method `session`). */
  z.object({ kind: z.literal('event_admin') }),
]);

/**
 * How the receiver confirmed: their PIN typed on the tablet (the server checks it again), an OTP
 * sent to a nominee's mobile (online only), or — the event admin receiving — their own session.
 */
export const handoverConfirmSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('pin'), pin: z.string().regex(/^\d{4,6}$/) }),
  z.object({ method: z.literal('otp'), otp: z.string().regex(/^\d{6}$/) }),
  z.object({ method: z.literal('session') }),
]);
export type HandoverConfirm = z.infer<typeof handoverConfirmSchema>;

export const handoverCreateSchema = z.object({
  id: idSchema,
  eventId: idSchema,
  from: handoverFromSchema,
  to: handoverToSchema,
  cash: z.number().int().min(0).max(100_000_000),
  counts: denominationCountsSchema.nullable().optional(),
  summary: handoverSummarySchema,
  confirm: handoverConfirmSchema,
  /** Did the device find the PIN right against the hash it holds (false: it could not check)? */
  deviceVerified: z.boolean().default(false),
  /** The device's clock and its offset (server − device) when it knew it: the server corrects the time. */
  handedAt: isoSchema,
  clockOffsetMs: clockOffsetSchema.nullable().optional(),
  pinAuthorId: z.string().max(200).nullable().optional(),
});

export const handoverFlags = ['pin_failed', 'otp_failed', 'unconfirmed', 'amount_differs'] as const;
export type HandoverFlag = (typeof handoverFlags)[number];

export const handoverFromKinds = ['counter', 'event_admin'] as const;
export const handoverToKinds = ['nominee', 'counter', 'event_admin'] as const;
export const handoverMethods = ['pin', 'otp', 'session'] as const;

/** A handover as recorded: who handed over and when are the server's. */
export const handoverSchema = z.object({
  id: idSchema,
  eventId: idSchema,
  fromKind: z.enum(handoverFromKinds),
  fromCounterId: z.string().nullable(),
  toKind: z.enum(handoverToKinds),
  toCounterId: z.string().nullable(),
  toNomineeId: z.string().nullable(),
  toUserId: z.string().nullable(),
  toName: z.string(),
  cash: z.number().int(),
  counts: z.record(z.string(), z.number()).nullable(),
  summary: handoverSummarySchema,
  method: z.enum(handoverMethods),
  verified: z.boolean(),
  deviceVerified: z.boolean(),
  flags: z.array(z.string()),
  handedBy: z.string(),
  /** The giver's name as the server knew it (devices of other roles do not hold every user). */
  handedByName: z.string().optional(),
  pinAuthorId: z.string().nullable().optional(),
  handedAt: z.string(),
  receivedAt: z.string().nullable().optional(),
});
export type Handover = z.infer<typeof handoverSchema>;

/** POST /moi/custody/otp: send a one-time code to the nominee for this (not yet saved) handover. */
export const otpRequestSchema = z.object({ eventId: idSchema, nomineeId: idSchema, handoverId: idSchema, lang: z.enum(['ta', 'en']).default('ta') });
export const otpResponseSchema = z.object({ sent: z.literal(true), expiresAt: z.string(), mobileEnding: z.string() });
export const custodyConfigSchema = z.object({ otp: z.boolean() });
export const OTP_TTL_MS = 10 * 60_000;

// ---- Arithmetic --------------------------------------------------------------------------------

/** Expected cash at close: the opening float plus the counter's live cash gifts. */
export const expectedCash = (float: number, cashGifts: number): number => float + cashGifts;

type Step = Pick<Handover, 'fromKind' | 'fromCounterId' | 'toKind' | 'toCounterId' | 'cash'>;

/**
 * What a counter holds now: its counted cash, plus what other counters handed to it, minus what it
 * handed on. Negative means more went out than came in (shown, and flagged in review).
 */
export function counterHolding(counterId: string, counted: number, steps: readonly Step[]): number {
  let h = counted;
  for (const s of steps) {
    if (s.toKind === 'counter' && s.toCounterId === counterId) h += s.cash;
    if (s.fromKind === 'counter' && s.fromCounterId === counterId) h -= s.cash;
  }
  return h;
}

/** What the event admin holds: received from counters minus handed on. */
export function eventAdminHolding(steps: readonly Step[]): number {
  let h = 0;
  for (const s of steps) {
    if (s.toKind === 'event_admin') h += s.cash;
    if (s.fromKind === 'event_admin') h -= s.cash;
  }
  return h;
}

/** The steps of a counter's chain: handovers from it, and onward from whoever received them, in time order. */
export function chainOf(counterId: string, all: readonly Handover[]): Handover[] {
  const sorted = [...all].sort((a, b) => a.handedAt.localeCompare(b.handedAt));
  const out: Handover[] = [];
  const holders = new Set<string>([`counter:${counterId}`]);
  for (const h of sorted) {
    const from = h.fromKind === 'counter' ? `counter:${h.fromCounterId}` : 'event_admin';
    const into = h.toKind === 'counter' && h.toCounterId === counterId;
    if (holders.has(from) || into) {
      out.push(h);
      holders.add(h.toKind === 'counter' ? `counter:${h.toCounterId}` : h.toKind === 'nominee' ? `nominee:${h.toNomineeId}` : 'event_admin');
    }
  }
  return out;
}
