// The family's moi ledger (issue 12): people across a host's events, what the host gave at other
// people's functions (செய்த மொய்), invitations, merges. Mutation args (sync.ts) and REST answers.
// A ledger belongs to a host (a user who owns events): `ownerId`.
import { z } from 'zod';
import { functionTypeSchema, idSchema, paymentModeSchema } from './entities';

const text = (max: number) => z.string().trim().max(max);
/** A calendar date (yyyy-mm-dd). */
export const dayDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be yyyy-mm-dd');
const amountSchema = z.number().int().positive().max(10_000_000);

/** A new person named inline (a moi given to someone not yet in the ledger). */
export const newPersonSchema = z.object({
  id: idSchema,
  name: text(120).min(1),
  initial: text(40).default(''),
  village: text(120).default(''),
  mobile: z.string().regex(/^(\d{10})?$/, 'Mobile number must be exactly 10 digits').default(''),
});

const toPerson = {
  personId: idSchema.optional(), newPerson: newPersonSchema.optional(),
  /** Whose ledger: a family member with the edit role writes into the host's (issue 30); absent, the writer's own. */
  ownerId: idSchema.optional(),
};
const onePerson = (v: { personId?: string; newPerson?: unknown }) => !!v.personId !== !!v.newPerson;

export const ledgerGivenSaveSchema = z.object({
  id: idSchema,
  ...toPerson,
  functionType: functionTypeSchema,
  /** Whose function, in the host's words ("Murugan's daughter's wedding"). */
  functionLabel: text(200).default(''),
  date: dayDateSchema,
  amount: amountSchema,
  mode: paymentModeSchema.default('cash'),
  note: text(500).default(''),
}).refine(onePerson, { message: 'Name a person of the ledger or a new one', path: ['personId'] });

export const ledgerInvitationSaveSchema = z.object({
  id: idSchema,
  ...toPerson,
  functionType: functionTypeSchema,
  functionLabel: text(200).default(''),
  date: dayDateSchema,
  note: text(500).default(''),
}).refine(onePerson, { message: 'Name a person of the ledger or a new one', path: ['personId'] });

export const ledgerDeleteSchema = z.object({ id: idSchema });
/** Link gifts to a person (confirming an offered match, or moving a wrongly linked gift). */
export const ledgerLinkSchema = z.object({ personId: idSchema, giftIds: z.array(idSchema).min(1).max(500) });
/** `id` names the merge record (its undo names it again). */
export const ledgerMergeSchema = z.object({ id: idSchema, keepId: idSchema, mergeId: idSchema });
/** Move some gifts / given moi of a person to a new person. */
export const ledgerSplitSchema = z.object({
  id: idSchema, personId: idSchema, newPersonId: idSchema,
  giftIds: z.array(idSchema).max(500).default([]), givenIds: z.array(idSchema).max(500).default([]),
});
export const ledgerUndoSchema = z.object({ id: idSchema });
/** A host's own village alias group: spellings that name one place (ledger/villages.ts holds the seeded ones). */
export const ledgerAliasSaveSchema = z.object({
  id: idSchema,
  names: z.array(text(120).min(1)).min(2, 'Give at least two spellings of the place').max(20),
});
export const ledgerFamilySaveSchema = z.object({ id: idSchema, name: text(120).min(1), personIds: z.array(idSchema).max(200) });

export const suggestionRules = ['same', 'plus1', 'plus100', 'round_up'] as const;
export type SuggestionRule = (typeof suggestionRules)[number];

/** One moi in a person's history: received (they gave at the host's function) or given (the host gave). */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  direction: z.enum(['received', 'given']),
  functionType: z.string(),
  title: z.string(),
  date: z.string(),
  amount: z.number(),
  mode: z.string(),
  /** Received: the receipt number; given: the host's note. */
  detail: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  initial: z.string(),
  village: z.string(),
  mobile: z.string(),
  familyId: z.string().nullable(),
  received: z.number(),
  given: z.number(),
  receivedCount: z.number(),
  givenCount: z.number(),
  /** The last moi they gave at the host's functions: amount, function, date. */
  lastReceived: z.object({ amount: z.number(), functionType: z.string(), date: z.string() }).nullable(),
  lastGiven: z.object({ amount: z.number(), functionType: z.string(), date: z.string() }).nullable(),
  /** The spouse's or father's name, an occupation or title (issue 30; absent from older servers). */
  kinName: z.string().optional(),
  title: z.string().optional(),
});
export type LedgerPerson = z.infer<typeof ledgerPersonSchema>;

export const ledgerOfferSchema = z.object({ a: z.string(), b: z.string() });
export const ledgerFamilySchema = z.object({ id: z.string(), name: z.string() });
export const ledgerInvitationSchema = z.object({
  id: z.string(), personId: z.string(), functionType: z.string(), functionLabel: z.string(), date: z.string(), note: z.string(),
});
export type LedgerInvitation = z.infer<typeof ledgerInvitationSchema>;

export const ledgerResponseSchema = z.object({
  ownerId: z.string(),
  people: z.array(ledgerPersonSchema),
  families: z.array(ledgerFamilySchema),
  /** The host's own village alias groups (absent from older servers). */
  aliases: z.array(z.object({ id: z.string(), names: z.array(z.string()) })).optional(),
  offers: z.array(ledgerOfferSchema),
  invitations: z.array(ledgerInvitationSchema),
  /** The host's events, with whether their counters show the ledger hint. */
  events: z.array(z.object({ id: z.string(), title: z.string(), date: z.string(), hint: z.boolean() })),
  /** New gifts are being grouped into people now (issue 30): the totals will grow; ask again shortly. */
  matching: z.boolean().optional(),
  /**
   * A page of the ledger (issue 30; GET /moi/ledger?limit=): `people` holds only that page, largest
   * moi first, of the people the search matched; the totals are over everyone in the ledger.
   */
  page: z.object({
    offset: z.number(), limit: z.number(), q: z.string(),
    /** How many people the search matched (everyone without a search). */
    matched: z.number(),
    total: z.object({ people: z.number(), received: z.number(), given: z.number() }),
  }).optional(),
  /** With a page: the people the page's offers name (they need not be on the page). */
  offerPeople: z.array(ledgerPersonSchema).optional(),
  /** With a page: each family's totals over all its people. */
  familyTotals: z.array(z.object({ id: z.string(), received: z.number(), given: z.number() })).optional(),
});
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;

/** GET /moi/ledger's query: whose ledger, and with `limit`, one page of it (a search `q`). */
export const ledgerQuerySchema = z.object({
  ownerId: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  q: z.string().trim().max(200).default(''),
});
export const LEDGER_PAGE_OFFERS = 20;

export const ledgerPersonCardSchema = z.object({
  person: ledgerPersonSchema,
  /** Newest first. */
  entries: z.array(ledgerEntrySchema),
  invitations: z.array(ledgerInvitationSchema),
  merges: z.array(z.object({ id: z.string(), kind: z.string(), otherId: z.string(), at: z.string(), undone: z.boolean() })),
});
export type LedgerPersonCard = z.infer<typeof ledgerPersonCardSchema>;

/** What a counter's devices hold for the hint: per person, one line of history; no ledger beyond it. */
export const ledgerHintPersonSchema = z.object({
  id: z.string(), name: z.string(), initial: z.string(), village: z.string(), mobile: z.string(),
  /** The spouse's or father's name, an occupation or title (issue 30; absent from older lines). */
  kinName: z.string().optional(), title: z.string().optional(),
  lastReceived: ledgerPersonSchema.shape.lastReceived, lastGiven: ledgerPersonSchema.shape.lastGiven,
  /** Money they gave at the host's other functions, and the host gave them: the balance (absent from older lines). */
  balance: z.object({ received: z.number(), given: z.number() }).nullable().optional(),
});
export type LedgerHintPerson = z.infer<typeof ledgerHintPersonSchema>;
export const ledgerHintsResponseSchema = z.object({ eventId: z.string(), enabled: z.boolean(), people: z.array(ledgerHintPersonSchema) });
export type LedgerHintsResponse = z.infer<typeof ledgerHintsResponseSchema>;

/**
 * A person's line as the sync pull carries it (change type `ledgerPerson`, migration 0013): to the
 * host's own devices and to the devices of the host's events' counters while the hint is on. The
 * newest received moi come with their event, so a counter leaves out its own event's gifts.
 */
export const ledgerHintRowSchema = z.object({
  id: z.string(), ownerId: z.string(), name: z.string(), initial: z.string(), village: z.string(), mobile: z.string(),
  kinName: z.string().optional(), title: z.string().optional(),
  /** Up to three money gifts (cash, UPI, cheque), newest first. */
  received: z.array(z.object({ eventId: z.string(), amount: z.number(), functionType: z.string(), date: z.string() })),
  lastGiven: ledgerPersonSchema.shape.lastGiven,
  /** Their money per function of the host (a counter leaves its own out of the balance); absent from older servers. */
  receivedByEvent: z.array(z.object({ eventId: z.string(), amount: z.number() })).optional(),
  /** All the money the host gave them. */
  givenTotal: z.number().optional(),
});
export type LedgerHintRow = z.infer<typeof ledgerHintRowSchema>;

/** An old book brought in from a file (POST /moi/ledger/import): one past event per file, each row with its origin. */
export const ledgerImportRowSchema = z.object({
  sheet: text(120),
  row: z.number().int().min(1).max(1_000_000),
  page: text(40).default(''),
  name: text(120).min(1),
  initial: text(40).default(''),
  village: text(120).default(''),
  mobile: z.string().regex(/^(\d{10})?$/, 'Mobile number must be exactly 10 digits').default(''),
  /** The spouse's or father's name and an occupation or title, when the book has such columns (issue 30). */
  kinName: text(120).default(''),
  title: text(120).default(''),
  amount: amountSchema,
  note: text(500).default(''),
  /** The row's own date, when the book has a date column; else the function's date. */
  date: dayDateSchema.optional(),
});
export const ledgerImportBodySchema = z.object({
  fileName: text(200).min(1),
  /** Content hash of the file (ledger/import.ts fileFingerprint): the same file imports into the same event. */
  fileHash: z.string().min(4).max(100),
  title: text(200).min(1),
  functionType: functionTypeSchema,
  date: dayDateSchema,
  rows: z.array(ledgerImportRowSchema).max(20_000),
});
export type LedgerImportBody = z.input<typeof ledgerImportBodySchema>;
export const ledgerImportResultSchema = z.object({
  eventId: z.string(),
  imported: z.number(),
  /** Rows this file already brought in (same file, sheet and row). */
  alreadyImported: z.number(),
  /** Rows that repeat a gift already in the host's books on that date (same giver, same amount). */
  duplicates: z.number(),
});
export type LedgerImportResult = z.infer<typeof ledgerImportResultSchema>;

/** An import running as a job (issue 30): POST /moi/ledger/import/jobs answers its id; GET …/jobs/:id its progress. */
export const ledgerImportJobSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  /** storing: the rows become gifts; matching: the givers join the ledger's people. */
  phase: z.string(),
  done: z.number(),
  total: z.number(),
  result: ledgerImportResultSchema.nullable(),
  /** Why it failed: a code the device words in Tamil and English (interrupted, failed). */
  error: z.string().nullable(),
});
export type LedgerImportJob = z.infer<typeof ledgerImportJobSchema>;
