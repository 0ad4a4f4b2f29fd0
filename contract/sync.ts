// The sync protocol (ARCHITECTURE §6): typed mutations pushed from a device's outbox (each
// defined once in contract/mutations/<entity>.ts), and changes pulled from the server's change log.
import { z } from 'zod';
import { counterSchema, eventSchema, giftAuditSchema, giftSchema, idSchema, isoSchema, membershipSchema, signupSchema, userSchema } from './entities';
import { figuresSchema } from './agreement';
import { handoverSchema, nomineeSchema } from './custody';
import { ledgerHintRowSchema } from './ledger';
import { MAX_PUSH_BATCH, MAX_SEQ } from './limits';
import { mutationDefs } from './mutations';

export { MAX_PUSH_BATCH, MAX_SEQ } from './limits';
export { MAX_VILLAGE_SHORTCUTS, villageShortcutSetSchema } from './mutations';
export { mutationDefs } from './mutations';

const seqSchema = z.number().int().min(0).max(MAX_SEQ);

type Defs = typeof mutationDefs;
/** Each mutation's args schema, by name (defined once, in contract/mutations/<entity>.ts). */
export const mutationArgsSchemas = Object.fromEntries(Object.entries(mutationDefs).map(([n, d]) => [n, d.args])) as { [N in keyof Defs]: Defs[N]['args'] };

export type MutationName = keyof Defs;
export const mutationNames = Object.keys(mutationDefs) as MutationName[];
export type MutationArgs<N extends MutationName> = z.input<Defs[N]['args']>;
/** The args after parsing (defaults applied): what a server mutator receives. */
export type MutationValue<N extends MutationName> = z.output<Defs[N]['args']>;

const mutationOf = <N extends MutationName>(name: N) =>
  z.object({ id: z.string().uuid(), seq: seqSchema, name: z.literal(name), args: mutationArgsSchemas[name] as Defs[N]['args'] });
export type Mutation = { [N in MutationName]: { id: string; seq: number; name: N; args: MutationValue<N> } }[MutationName];
/** A whole mutation (id, seq, name, args), checked by its name's schema. */
export const mutationSchema = z.discriminatedUnion('name', mutationNames.map(mutationOf) as unknown as [ReturnType<typeof mutationOf<'gift.create'>>, ...Array<ReturnType<typeof mutationOf<MutationName>>>]) as unknown as z.ZodType<Mutation> & {
  options: Array<z.ZodObject<{ name: z.ZodLiteral<string> }>>;
};

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
