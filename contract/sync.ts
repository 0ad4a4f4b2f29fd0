// The sync protocol (ARCHITECTURE §6): typed mutations pushed from a device's outbox,
// and changes pulled from the server's change log.
import { z } from 'zod';
import {
  clockOffsetSchema, counterSchema, eventSchema, giftAuditSchema, giftInputSchema, giftPatchSchema, giftSchema, idSchema, isoSchema,
  membershipSchema, mobileSchema, openingFloatSchema, signupSchema, tallyInputSchema, userSchema,
} from './entities';
import { handoverCreateSchema, handoverSchema, nomineeSaveSchema, nomineeSchema } from './custody';
import { figuresSchema } from './agreement';
import {
  ledgerDeleteSchema, ledgerFamilySaveSchema, ledgerGivenSaveSchema, ledgerInvitationSaveSchema, ledgerLinkSchema, ledgerMergeSchema,
  ledgerAliasSaveSchema, ledgerHintRowSchema, ledgerSplitSchema, ledgerUndoSchema,
} from './ledger';

/** An abbreviation: 1–12 letters, digits or dots (Latin or Tamil); stored lower-cased. */
export const villageShortcutSetSchema = z.object({
  eventId: idSchema,
  abbr: z.string().trim().min(1).max(12).regex(/^[\p{L}\p{M}\p{N}.]+$/u, 'Letters, digits or dots only').transform((s) => s.normalize('NFC').toLowerCase()),
  village: z.string().trim().min(1).max(120).nullable(),
});
export const MAX_VILLAGE_SHORTCUTS = 200;

export const MAX_PUSH_BATCH = 500;

/** Highest per-device sequence number (the database column is a 32-bit integer). */
export const MAX_SEQ = 2 ** 31 - 1;
const seqSchema = z.number().int().min(0).max(MAX_SEQ);

// Who/when fields of older outboxes (`by`, `at`, `lastUpdatedBy`, a tally's `closedBy`/`closedAt`) are
// still accepted so deployed tablets' queued entries land, and ignored: the server records the
// signed-in user and its own time. `pinAuthorId` names a staff member switched in by PIN on a
// shared tablet; the server keeps it only when that person is assigned to the counter.
const claimedBy = z.string().max(200).optional();
const claimedAt = isoSchema.optional();
const pinAuthor = z.string().max(200).nullable().optional();

export const mutationArgsSchemas = {
  'gift.create': giftInputSchema,
  'gift.update': z.object({ id: idSchema, baseVersion: z.number().int().min(1).max(MAX_SEQ), patch: giftPatchSchema, reason: z.string().trim().min(1).max(500), pinAuthorId: pinAuthor, by: claimedBy }),
  'gift.delete': z.object({ id: idSchema, reason: z.string().trim().min(1).max(500), pinAuthorId: pinAuthor, by: claimedBy, at: claimedAt }),
  'gift.restore': z.object({ id: idSchema, reason: z.string().trim().max(500).default(''), pinAuthorId: pinAuthor, by: claimedBy, at: claimedAt }),
  /** `openingFloat` (issue 18): notes and coins put in for change, part of the expected cash at close. */
  'counter.open': z.object({ id: idSchema, by: claimedBy, at: claimedAt, openingFloat: openingFloatSchema.nullable().optional() }),
  /** `clockOffsetMs` (server − device, when the device knew it) corrects the tally's device closedAt. */
  'counter.close': z.object({ id: idSchema, tally: tallyInputSchema, pinAuthorId: pinAuthor, clockOffsetMs: clockOffsetSchema.nullable().optional() }),
  /** The reason for a blind count's difference, given once the count is saved and the expected cash shown. */
  'counter.count.explain': z.object({ id: idSchema, reason: z.string().trim().min(1).max(500) }),
  // The custody chain (issue 18, contract/custody.ts).
  'nominee.save': nomineeSaveSchema,
  'handover.create': handoverCreateSchema,
  'profile.update': z.object({
    id: z.string().max(200),
    name: z.string().trim().min(1).max(120).optional(),
    username: z.string().trim().min(3).max(60).optional(),
    mobile: mobileSchema.optional(),
    lastUpdatedBy: claimedBy,
  }),
  /** The picture Blob lives in the device's files table; the sync loop uploads it through uploadProfileImage. */
  'profile.picture': z.object({ userId: z.string(), fileId: z.string(), mime: z.string().regex(/^image\//) }),
  'signup.create': signupSchema,
  /** Issue 18: set (village) or remove (null) one village abbreviation of an event. */
  'event.villageShortcut.set': villageShortcutSetSchema,
  /** The host's order for the moi book: villages first, then chosen givers first (replaces the whole order). */
  'event.bookOrder': z.object({
    id: idSchema,
    villages: z.array(z.string().trim().min(1).max(200)).max(500),
    firstGiftIds: z.array(idSchema).max(500),
  }),
  // The moi ledger (issue 12): a host's own ledger, written from their phone, offline too.
  'ledger.given.save': ledgerGivenSaveSchema,
  'ledger.given.delete': ledgerDeleteSchema,
  'ledger.invitation.save': ledgerInvitationSaveSchema,
  'ledger.invitation.delete': ledgerDeleteSchema,
  'ledger.person.link': ledgerLinkSchema,
  'ledger.person.merge': ledgerMergeSchema,
  'ledger.person.split': ledgerSplitSchema,
  'ledger.merge.undo': ledgerUndoSchema,
  'ledger.family.save': ledgerFamilySaveSchema,
  'ledger.alias.save': ledgerAliasSaveSchema,
  'ledger.alias.delete': ledgerDeleteSchema,
} as const;

export type MutationName = keyof typeof mutationArgsSchemas;
export const mutationNames = Object.keys(mutationArgsSchemas) as MutationName[];
export type MutationArgs<N extends MutationName> = z.input<(typeof mutationArgsSchemas)[N]>;
/** The args after parsing (defaults applied): what a server mutator receives. */
export type MutationValue<N extends MutationName> = z.output<(typeof mutationArgsSchemas)[N]>;

const mutationOf = <N extends MutationName>(name: N) =>
  z.object({ id: z.string().uuid(), seq: seqSchema, name: z.literal(name), args: mutationArgsSchemas[name] });
export const mutationSchema = z.discriminatedUnion('name', [
  mutationOf('gift.create'), mutationOf('gift.update'), mutationOf('gift.delete'), mutationOf('gift.restore'),
  mutationOf('counter.open'), mutationOf('counter.close'), mutationOf('counter.count.explain'), mutationOf('nominee.save'), mutationOf('handover.create'),
  mutationOf('profile.update'), mutationOf('profile.picture'),
  mutationOf('signup.create'), mutationOf('event.villageShortcut.set'), mutationOf('event.bookOrder'),
  mutationOf('ledger.given.save'), mutationOf('ledger.given.delete'), mutationOf('ledger.invitation.save'), mutationOf('ledger.invitation.delete'),
  mutationOf('ledger.person.link'), mutationOf('ledger.person.merge'), mutationOf('ledger.person.split'), mutationOf('ledger.merge.undo'),
  mutationOf('ledger.family.save'), mutationOf('ledger.alias.save'), mutationOf('ledger.alias.delete'),
]);
export type Mutation = z.infer<typeof mutationSchema>;

/** A push body is checked loosely per item so one malformed mutation is rejected alone, never the batch. */
export const pushBodySchema = z.object({
  deviceId: z.string().uuid(),
  // seq and name are bounded per mutation (mutationSchema): an out-of-range one is rejected alone.
  mutations: z.array(z.object({ id: z.string().uuid(), seq: z.number(), name: z.string().max(200), args: z.unknown() })).max(MAX_PUSH_BATCH),
  /** The device's clock when it sent the batch: the server measures the offset of entries that carry none. */
  sentAt: isoSchema.optional(),
});
export type PushBody = z.infer<typeof pushBodySchema>;

export const pushResultSchema = z.object({
  id: z.string(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type PushResult = z.infer<typeof pushResultSchema>;
export const pushResponseSchema = z.object({
  results: z.array(pushResultSchema),
  /** The highest seq of this device the server has answered (absent from older servers): a later retry must use a higher one. */
  lastSeq: z.number().int().optional(),
});

export const changeTypes = ['gift', 'event', 'counter', 'user', 'audit', 'membership', 'signup', 'staffPin', 'nominee', 'handover', 'ledgerPerson'] as const;
export type ChangeType = (typeof changeTypes)[number];

/** A staff PIN's entity id (the change log's entity_id for type staffPin, as migration 0005's triggers write it): `<counterId>:<userId>`. */
export const staffPinId = (counterId: string, userId: string): string => `${counterId}:${userId}`;
export function parseStaffPinId(id: string): { counterId: string; userId: string } | null {
  const i = id.indexOf(':');
  return i > 0 && i < id.length - 1 && id.indexOf(':', i + 1) < 0 ? { counterId: id.slice(0, i), userId: id.slice(i + 1) } : null;
}

/** Salted PIN hash of a staff member assigned to a counter, for offline shift change on a shared tablet. */
export const staffPinSchema = z.object({
  id: z.string(), // `${counterId}:${userId}`
  counterId: idSchema,
  userId: z.string(),
  name: z.string(),
  salt: z.string(),
  hash: z.string(),
  /** PBKDF2 iterations of this hash; absent: a legacy 4-digit PIN at 10,000. */
  iterations: z.number().int().positive().optional(),
});

export const changeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('gift'), id: z.string(), row: giftSchema.optional(), deleted: z.literal(true).optional() }),
  z.object({ type: z.literal('event'), id: z.string(), row: eventSchema.optional(), deleted: z.literal(true).optional() }),
  z.object({ type: z.literal('counter'), id: z.string(), row: counterSchema.optional(), deleted: z.literal(true).optional() }),
  z.object({ type: z.literal('user'), id: z.string(), row: userSchema.optional(), deleted: z.literal(true).optional() }),
  z.object({ type: z.literal('audit'), id: z.string(), row: giftAuditSchema.optional(), deleted: z.literal(true).optional() }),
  z.object({ type: z.literal('membership'), id: z.string(), row: membershipSchema.optional(), deleted: z.literal(true).optional() }),
  z.object({ type: z.literal('signup'), id: z.string(), row: signupSchema.optional(), deleted: z.literal(true).optional() }),
  z.object({ type: z.literal('staffPin'), id: z.string(), row: staffPinSchema.optional(), deleted: z.literal(true).optional() }),
  z.object({ type: z.literal('nominee'), id: z.string(), row: nomineeSchema.optional(), deleted: z.literal(true).optional() }),
  z.object({ type: z.literal('handover'), id: z.string(), row: handoverSchema.optional(), deleted: z.literal(true).optional() }),
  z.object({ type: z.literal('ledgerPerson'), id: z.string(), row: ledgerHintRowSchema.optional(), deleted: z.literal(true).optional() }),
]);
export type Change = z.infer<typeof changeSchema>;

export const pullQuerySchema = z.object({
  /** A cursor from an earlier answer (opaque; old servers' ids stay valid), 0 for everything. */
  since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  /** Only these change types (comma-separated): a device back-filling the part of its scope that grew. */
  types: z.string().transform((s) => s.split(',').filter(Boolean)).pipe(z.array(z.enum(changeTypes)).min(1)).optional(),
});

/**
 * Per change type, a fingerprint of what the caller may see of that type (their role, events,
 * counters, managed users). The cursor only covers the scope it was pulled under: when a
 * fingerprint differs from the one the device stored, rows of that type changed before the scope
 * grew were never sent, and the device pulls that type again from cursor 0 (`types=`).
 */
export const pullScopeSchema = z.record(z.string(), z.string());
export type PullScope = Partial<Record<ChangeType, string>>;

export const pullResponseSchema = z.object({
  changes: z.array(changeSchema),
  cursor: z.number().int(),
  hasMore: z.boolean(),
  /** Absent from servers older than the scope fingerprints. */
  scope: pullScopeSchema.optional(),
  /** Per event in scope, the server's gift figures (contract/agreement.ts); only on a caught-up answer of a plain pull. */
  figures: figuresSchema.optional(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;
