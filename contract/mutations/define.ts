// One definition per mutation (issue 26): its name (the key it is registered under), its args
// schema, the policy the server applies, and how the sync panel describes it. The server's
// implementation is registered under the same name (server/domain/mutators.ts: a missing one is a
// compile error); the device records every one through src/data/outbox.ts mutate().
import { z } from 'zod';
import { isoSchema } from '../entities';
import type { policy } from '../policy';

/** A part of the sync panel's one-line detail: text, or an amount the panel formats as rupees. */
export type DetailPart = string | { rupees: number } | null | undefined | false;

export type MutationDef<A extends z.ZodType = z.ZodType> = {
  args: A;
  /** The rule in contract/policy.ts the server checks with the rows it loads; null where the mutator checks ownership itself. */
  policy: keyof typeof policy | null;
  /** Its title in the sync panel: the key under `sync:mutations.*` (src/locales). */
  title: string;
  /** A short detail from its (stored) args for the sync panel. */
  detail?: (args: Record<string, unknown>) => DetailPart[];
};

export const mutation = <A extends z.ZodType>(d: MutationDef<A>): MutationDef<A> => d;

/** A text arg as the panel shows it (older outboxes may lack it). */
export const text = (v: unknown): string => (typeof v === 'string' ? v : '');
export const rupees = (v: unknown): DetailPart => (typeof v === 'number' && v > 0 ? { rupees: v } : null);

// Who/when fields of older outboxes (`by`, `at`, `lastUpdatedBy`, a tally's `closedBy`/`closedAt`) are
// still accepted so deployed tablets' queued entries land, and ignored: the server records the
// signed-in user and its own time. `pinAuthorId` names a staff member switched in by PIN on a
// shared tablet; the server keeps it only when that person is assigned to the counter.
export const claimedBy = z.string().max(200).optional();
export const claimedAt = isoSchema.optional();
export const pinAuthor = z.string().max(200).nullable().optional();
