// The sync protocol (ARCHITECTURE §6): typed mutations pushed from a device's outbox,
// and changes pulled from the server's change log.
import { z } from 'zod';
import {
  counterSchema, eventSchema, giftAuditSchema, giftInputSchema, giftSchema, idSchema, isoSchema,
  membershipSchema, mobileSchema, relations, signupSchema, tallySchema, userSchema,
} from './entities';

export const MAX_PUSH_BATCH = 500;

const giftPatchSchema = z.object({
  name: z.string().trim().min(1).max(120),
  initial: z.string().max(120),
  village: z.string().max(120),
  mobile: z.union([mobileSchema, z.literal('')]),
  relation: z.enum(relations),
  mode: z.enum(['cash', 'upi', 'cheque', 'item']),
  amount: z.number().int().min(0).max(1_000_000),
  reference: z.string().max(120),
  item: z.string().max(200),
  note: z.string().max(500),
}).partial();

export const mutationArgsSchemas = {
  'gift.create': giftInputSchema,
  'gift.update': z.object({ id: idSchema, baseVersion: z.number().int().min(1), patch: giftPatchSchema, reason: z.string().trim().min(1).max(500), by: z.string() }),
  'gift.delete': z.object({ id: idSchema, reason: z.string().trim().min(1).max(500), by: z.string(), at: isoSchema }),
  'gift.restore': z.object({ id: idSchema, reason: z.string().trim().max(500).default(''), by: z.string(), at: isoSchema }),
  'counter.open': z.object({ id: idSchema, by: z.string(), at: isoSchema }),
  'counter.close': z.object({ id: idSchema, tally: tallySchema }),
  'profile.update': z.object({
    id: z.string(),
    name: z.string().trim().min(1).max(120).optional(),
    username: z.string().trim().min(3).max(60).optional(),
    mobile: mobileSchema.optional(),
    lastUpdatedBy: z.string(),
  }),
  /** The picture Blob lives in the device's files table; the sync loop uploads it through uploadProfileImage. */
  'profile.picture': z.object({ userId: z.string(), fileId: z.string(), mime: z.string().regex(/^image\//) }),
  'signup.create': signupSchema,
} as const;

export type MutationName = keyof typeof mutationArgsSchemas;
export const mutationNames = Object.keys(mutationArgsSchemas) as MutationName[];
export type MutationArgs<N extends MutationName> = z.input<(typeof mutationArgsSchemas)[N]>;

export const mutationSchema = z.discriminatedUnion('name', [
  z.object({ id: z.string().uuid(), seq: z.number().int().min(0), name: z.literal('gift.create'), args: mutationArgsSchemas['gift.create'] }),
  z.object({ id: z.string().uuid(), seq: z.number().int().min(0), name: z.literal('gift.update'), args: mutationArgsSchemas['gift.update'] }),
  z.object({ id: z.string().uuid(), seq: z.number().int().min(0), name: z.literal('gift.delete'), args: mutationArgsSchemas['gift.delete'] }),
  z.object({ id: z.string().uuid(), seq: z.number().int().min(0), name: z.literal('gift.restore'), args: mutationArgsSchemas['gift.restore'] }),
  z.object({ id: z.string().uuid(), seq: z.number().int().min(0), name: z.literal('counter.open'), args: mutationArgsSchemas['counter.open'] }),
  z.object({ id: z.string().uuid(), seq: z.number().int().min(0), name: z.literal('counter.close'), args: mutationArgsSchemas['counter.close'] }),
  z.object({ id: z.string().uuid(), seq: z.number().int().min(0), name: z.literal('profile.update'), args: mutationArgsSchemas['profile.update'] }),
  z.object({ id: z.string().uuid(), seq: z.number().int().min(0), name: z.literal('profile.picture'), args: mutationArgsSchemas['profile.picture'] }),
  z.object({ id: z.string().uuid(), seq: z.number().int().min(0), name: z.literal('signup.create'), args: mutationArgsSchemas['signup.create'] }),
]);
export type Mutation = z.infer<typeof mutationSchema>;

/** A push body is checked loosely per item so one malformed mutation is rejected alone, never the batch. */
export const pushBodySchema = z.object({
  deviceId: z.string().uuid(),
  mutations: z.array(z.object({ id: z.string().uuid(), seq: z.number().int().min(0), name: z.string(), args: z.unknown() })).max(MAX_PUSH_BATCH),
});
export type PushBody = z.infer<typeof pushBodySchema>;

export const pushResultSchema = z.object({
  id: z.string(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type PushResult = z.infer<typeof pushResultSchema>;
export const pushResponseSchema = z.object({ results: z.array(pushResultSchema) });

export const changeTypes = ['gift', 'event', 'counter', 'user', 'audit', 'membership', 'signup', 'staffPin'] as const;
export type ChangeType = (typeof changeTypes)[number];

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
]);
export type Change = z.infer<typeof changeSchema>;

export const pullQuerySchema = z.object({
  since: z.coerce.number().int().min(0).default(0),
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
});
export type PullResponse = z.infer<typeof pullResponseSchema>;
