// Entities shared by the PWA, the service worker and the server (ARCHITECTURE §5).
// Money is whole rupees (integers); times are ISO strings in UTC; ids are client-made UUIDv7.
import { z } from 'zod';
import { roleSchema } from './roles';

export const idSchema = z.string().uuid();
export const isoSchema = z.string().datetime({ offset: true });
export const mobileSchema = z.string().regex(/^\d{10}$/, 'Mobile number must be exactly 10 digits');
export const MAX_GIFT_AMOUNT = 1_000_000;
/** A receipt verification token: ≥ 128 random bits in base64url (22 characters for 16 bytes). */
export const receiptTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Invalid receipt token');

/** The user as the profile call returns it (spec §3). Never carries the password hash. */
export const userSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  username: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  role: roleSchema,
  userType: z.string().nullable(),
  profileImagePath: z.string().nullable(),
  disabled: z.boolean().optional(),
  lastUpdatedBy: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

/** 'funeral' (issue 30): a function of mourning, which speaks as such (contract/function-tone.ts). */
export const functionTypes = ['wedding', 'ear_piercing', 'puberty', 'housewarming', 'engagement', 'funeral', 'other'] as const;
export const functionTypeSchema = z.enum(functionTypes);
export type FunctionType = z.infer<typeof functionTypeSchema>;

export const eventStatuses = ['planned', 'open', 'closed'] as const;
export const eventStatusSchema = z.enum(eventStatuses);

/** One of the host's village rules for the moi book: print the village `from` as `to` (see eventSchema.bookVillages). */
export const bookVillageRuleSchema = z.object({
  from: z.string().trim().min(1).max(200),
  to: z.string().trim().min(1).max(200),
});
export type BookVillageRule = z.infer<typeof bookVillageRuleSchema>;

/** An organisation's branding as its events carry it (issue 29). The logo is served at orgLogoPath(logoFileId). */
export const eventBrandSchema = z.object({
  nameTa: z.string().nullable(),
  nameEn: z.string().nullable(),
  /** '#rrggbb', or null for the app's own colours. */
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/).nullable(),
  footer: z.string(),
  logoFileId: z.string().nullable(),
});
export type EventBrand = z.infer<typeof eventBrandSchema>;
/** Where an organisation's logo is served (public, cached for good: a new upload gets a new id). */
export const orgLogoPath = (fileId: string) => `/moi/org-logo/${encodeURIComponent(fileId)}`;
/** The brand's name in the language asked, else the other. */
export const brandName = (b: Pick<EventBrand, 'nameTa' | 'nameEn'>, lang: 'ta' | 'en') => ((lang === 'ta' ? b.nameTa || b.nameEn : b.nameEn || b.nameTa) ?? '').trim();

export const eventSchema = z.object({
  id: idSchema,
  titleTa: z.string().max(200).nullable(),
  titleEn: z.string().max(200).nullable(),
  functionType: functionTypeSchema,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  venue: z.string().max(300),
  hostNames: z.string().max(300),
  thankYouNote: z.string().max(500),
  upiId: z.string().max(100).nullable(),
  ownerIds: z.array(z.string()),
  adminIds: z.array(z.string()),
  status: eventStatusSchema,
  plan: z.string().nullable(),
  /** Issue 18: village abbreviations of this event ("mdu" → "மதுரை"); absent from older servers. */
  villageShortcuts: z.record(z.string(), z.string()).optional(),
  /**
   * The host's order for the moi book (issue 11), set by an owner or admin of the event and synced so
   * every device and the server-made book print the same: villages printed first (the rest follow in
   * Tamil alphabetical order) and chosen givers (gift ids) printed first of the village-wise pages.
   */
  bookVillageOrder: z.array(z.string().max(200)).max(500).optional(),
  bookFirstGiftIds: z.array(z.string().max(64)).max(500).optional(),
  /**
   * The host's merges and renames of villages for the moi book (issue 27 item 5), kept with the event so
   * every device's book and the server's print the same villages: each rule prints the village `from`
   * (with every spelling the alias table joins to it) as `to`. A merge is a rule whose `to` is another
   * village of the book; a rename one whose `to` is a new name. Applied in order, on top of the alias table.
   */
  bookVillages: z.array(bookVillageRuleSchema).max(500).optional(),
  /**
   * The event owners' own village alias groups (the ledger's village table; absent when they have none),
   * read-only here: sent with the event so a moi book made on a device groups villages as the server's
   * book does (issue 27 item 5). Kept in the server's order, which the grouping depends on.
   */
  villageAliases: z.array(z.array(z.string())).optional(),
  /** Issue 29: the organisation (hall, venue) the event belongs to; null: the provider's own. */
  orgId: z.string().nullable().optional(),
  /** Issue 29: what entitles the event to open counters now (smart_track, partner_track, override, free_first), or null. */
  entitled: z.string().nullable().optional(),
  /** Issue 29: the last Indian date (YYYY-MM-DD) counters may still open after a lapse: the function day under way. */
  entitledThrough: z.string().nullable().optional(),
  /**
   * Issue 29: the branding of the event's organisation (hall, venue) for its receipts, moi book cover
   * and messages; null (or absent) for the provider's own events, which show no hall branding.
   */
  brand: eventBrandSchema.nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  /** false: the owner turned the counter's ledger hint off for this event (absent: on). */
  ledgerHint: z.literal(false).optional(),
});
export type MoiEvent = z.infer<typeof eventSchema>;

export const denominations = [500, 200, 100, 50, 20, 10, 5, 2, 1] as const;
/** The notes and coins a tally may count (keys `n500` for a ₹500 note, `c20` for a ₹20 coin). */
export const noteDenominations = [500, 200, 100, 50, 20, 10] as const;
export const coinDenominations = [20, 10, 5, 2, 1] as const;
export const denominationKeys = [...noteDenominations.map((v) => `n${v}`), ...coinDenominations.map((v) => `c${v}`)] as const;
const denominationKeySchema = z.string().refine((k) => (denominationKeys as readonly string[]).includes(k), {
  message: `Unknown denomination; use one of ${denominationKeys.join(', ')}`,
});

/**
 * A cash tally as a device sends it in counter.close. `closedBy` / `closedAt` are the device's claims,
 * kept for the outbox entries of deployed tablets: the server records the signed-in user and its
 * own (or the offset-corrected) time.
 */
export const denominationCountsSchema = z.record(denominationKeySchema, z.number().int().min(0).max(100_000));

/** Σ count × value of a denomination count (`n500` → 500, `c2` → 2). */
export const countsTotal = (counts: Record<string, number>): number =>
  Object.entries(counts).reduce((s, [k, n]) => s + Number(k.slice(1)) * n, 0);

/**
 * A cash tally as a device sends it in counter.close. `closedBy` / `closedAt` are the device's claims,
 * kept for the outbox entries of deployed tablets: the server records the signed-in user and its
 * own (or the offset-corrected) time. A BLIND count (issue 18) carries no expected cash and no
 * difference: staff count before they may see what they should have, and the server works both out.
 */
export const tallyInputSchema = z.object({
  counts: denominationCountsSchema,
  countedTotal: z.number().int().min(0),
  expectedCash: z.number().int().min(0).optional(),
  difference: z.number().int().optional(),
  reason: z.string().max(500).nullable(),
  closedBy: z.string().max(200).optional(),
  closedAt: isoSchema.optional(),
  blind: z.boolean().optional(),
});
/**
 * The tally as recorded (who and when are the server's). expectedCash = the opening float + the
 * counter's cash gifts (`float`, `cashGifts`: absent on tallies recorded before issue 18).
 */
export const tallySchema = tallyInputSchema.extend({
  closedBy: z.string(), closedAt: z.string(), expectedCash: z.number().int().min(0), difference: z.number().int(),
  float: z.number().int().min(0).optional(), cashGifts: z.number().int().min(0).optional(),
  /** Who closed, by name (devices of other roles do not hold every user). */
  closedByName: z.string().optional(),
  /** When the reason of a blind count's difference was given (after the count was saved). */
  reasonAt: z.string().optional(),
});
export type CashTally = z.infer<typeof tallySchema>;

/** The opening float of a counter (notes and coins put in for change): an amount, or a denomination count that makes it. */
export const MAX_FLOAT = 1_000_000;
export const openingFloatSchema = z.object({
  amount: z.number().int().min(0).max(MAX_FLOAT),
  counts: denominationCountsSchema.optional(),
}).refine((f) => !f.counts || countsTotal(f.counts) === f.amount, { message: 'The float’s denomination count does not add up to its amount' });
export type OpeningFloat = z.infer<typeof openingFloatSchema>;

export const counterStatuses = ['open', 'closed'] as const;
export const counterSchema = z.object({
  id: idSchema,
  eventId: idSchema,
  code: z.string().regex(/^[A-Z0-9]{1,3}$/),
  name: z.string().max(100),
  status: z.enum(counterStatuses),
  staffIds: z.array(z.string()),
  openedAt: z.string().nullable(),
  openedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  tally: tallySchema.nullable(),
  /** Absent or null: no float was put in. */
  openingFloat: openingFloatSchema.nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Counter = z.infer<typeof counterSchema>;

/** `maternal_uncle` (தாய்மாமன்): his gifts and the ritual gifts (சீர்) open the moi book in their own section. */
export const relations = ['relative', 'maternal_uncle', 'friend', 'neighbour', 'colleague', 'other'] as const;
export type Relation = (typeof relations)[number];
export const paymentModes = ['cash', 'upi', 'cheque', 'item'] as const;
export const paymentModeSchema = z.enum(paymentModes);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

/**
 * A clock further off than this (a week) is wrong, not slow: a tablet whose battery ran flat wakes
 * in 2000 or 2020. Its entries are still recorded (money is never refused) — timed by the server,
 * the device's own time kept beside — and flagged `clock_wrong` for review.
 */
export const MAX_CLOCK_OFFSET_MS = 7 * 86_400_000;
/** The largest offset a device may report at all (fifty years: any clock that is a date). */
export const MAX_REPORTED_OFFSET_MS = 50 * 365 * 86_400_000;
export const clockOffsetSchema = z.number().int().min(-MAX_REPORTED_OFFSET_MS).max(MAX_REPORTED_OFFSET_MS);

/**
 * The fields a counter enters for one gift (what `gift.create` carries). A plain object so the
 * gift patch can be derived from it (zod refuses .pick/.partial on a refined object); the rules
 * that span fields live in refineGift below.
 *
 * Who and when are CLAIMS: `authorId` is the user signed in on the device when the gift was keyed
 * (older outboxes send it as `enteredBy`; absent: the signed-in user who pushes), `pinAuthorId` a staff member switched in by PIN, and
 * `enteredAt` the device's clock with `clockOffsetMs` (server − device) when the device knew it.
 * The server decides what it records (server/domain/gifts.ts).
 */
export const giftInputBaseSchema = z.object({
  id: idSchema,
  eventId: idSchema,
  counterId: idSchema,
  receiptNo: z.string().min(3).max(40),
  name: z.string().trim().min(1).max(120),
  initial: z.string().max(120).default(''),
  village: z.string().max(120).default(''),
  mobile: z.union([mobileSchema, z.literal('')]).default(''),
  relation: z.enum(relations).default('other'),
  mode: paymentModeSchema.default('cash'),
  amount: z.number().int().min(0).max(MAX_GIFT_AMOUNT),
  reference: z.string().max(120).default(''),
  item: z.string().max(200).default(''),
  /** Item gifts only, both optional: weight of gold or silver, and the host's estimate in rupees. */
  weightGrams: z.number().positive().max(100_000).nullable().optional(),
  approxValue: z.number().int().min(0).max(MAX_GIFT_AMOUNT).nullable().optional(),
  note: z.string().max(500).default(''),
  enteredAt: isoSchema,
  authorId: z.string().max(200).optional(),
  pinAuthorId: z.string().max(200).nullable().optional(),
  clockOffsetMs: clockOffsetSchema.nullable().optional(),
  /** Outbox entries of deployed tablets: read as `authorId`. */
  enteredBy: z.string().max(200).optional(),
  /** Made on the device (contract/receipts.ts): the receipt's verification link /r/<token>. Absent from older outboxes. */
  receiptToken: receiptTokenSchema.optional(),
  /** The giver agreed to a receipt message on the mobile entered (off unless ticked). */
  messageConsent: z.boolean().default(false),
  /** Alt+L at the counter: the person of the host's ledger this giver is (the server links the gift when the person is the event owner's). */
  ledgerPersonId: z.string().max(200).optional(),
  /** Who the giver is beyond the name (issue 30): the spouse's or father's name; an occupation or title (POLICE, a shop). Absent from older outboxes. */
  kinName: z.string().trim().max(120).default(''),
  title: z.string().trim().max(120).default(''),
  /** Of the amount, the part that returns moi the host gave them (முந்தைய மொய்); the rest is new. Information for the host; money gifts only. */
  returningAmount: z.number().int().min(0).max(MAX_GIFT_AMOUNT).nullable().optional(),
});

/** The smallest amount of a money gift (cash, UPI, cheque), in rupees. */
export const MIN_MONEY_AMOUNT = 1;

/**
 * Cross-field rules of a gift (amount for money, a description for an item). `code` (and `minimum`)
 * say which rule, so a form can word it in the user's language; `message` is the server's English.
 */
export function giftRuleIssues(g: { mode: string; amount: number; item: string; returningAmount?: number | null }): Array<{ path: ['amount' | 'item' | 'returningAmount']; code: 'too_small' | 'too_big' | 'required' | 'invalid'; minimum?: number; maximum?: number; message: string }> {
  const out: ReturnType<typeof giftRuleIssues> = [];
  if (g.mode !== 'item' && g.amount < MIN_MONEY_AMOUNT) out.push({ path: ['amount'], code: 'too_small', minimum: MIN_MONEY_AMOUNT, message: 'Amount must be at least ₹1' });
  if (g.mode === 'item' && !g.item.trim()) out.push({ path: ['item'], code: 'required', message: 'Describe the item' });
  // The returning part is money within the amount (the rest is the new part).
  if (g.returningAmount != null) {
    if (g.mode === 'item') out.push({ path: ['returningAmount'], code: 'invalid', message: 'Only a money gift splits into returning and new moi' });
    else if (g.returningAmount > g.amount) out.push({ path: ['returningAmount'], code: 'too_big', maximum: g.amount, message: 'The returning part cannot be more than the amount' });
  }
  return out;
}

export const giftInputSchema = giftInputBaseSchema.superRefine((g, ctx) => {
  for (const i of giftRuleIssues(g)) ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
});
export type GiftInput = z.infer<typeof giftInputSchema>;

const editableGiftShape = giftInputBaseSchema
  .pick({ name: true, initial: true, village: true, mobile: true, relation: true, mode: true, amount: true, reference: true, item: true, note: true, weightGrams: true, approxValue: true, kinName: true, title: true, returningAmount: true })
  .shape;
type WithoutDefault<S> = S extends z.ZodDefault<infer Inner> ? Inner : S;

/**
 * The fields an edit may change, derived from the input (never re-declared), each optional and
 * WITHOUT its default: zod 4 applies a default even inside .optional() (and .partial()), so an edit
 * of the name alone would have reset village, mobile, relation, mode, reference, item and note.
 */
export const giftPatchSchema = z.object(
  Object.fromEntries(Object.entries(editableGiftShape).map(([k, s]) => [k, (s instanceof z.ZodDefault ? s.unwrap() : s).optional()])) as
    { [K in keyof typeof editableGiftShape]: z.ZodOptional<WithoutDefault<(typeof editableGiftShape)[K]>> },
);
export type PatchableGiftField = keyof z.infer<typeof giftPatchSchema>;
export const patchableGiftFields = Object.keys(giftPatchSchema.shape) as PatchableGiftField[];

/**
 * One broken rule of a gift's fields, for a form to show next to the field in the user's language
 * (never zod's English): `required` (empty), `too_small` / `too_big` (with the contract's limit),
 * `invalid` (anything else: a mobile that is not 10 digits, a fraction of a rupee, …).
 */
export type GiftFieldIssue = { field: PatchableGiftField; code: 'required' | 'too_small' | 'too_big' | 'invalid'; minimum?: number; maximum?: number };

/**
 * The rules the server applies to the fields a person types for a gift, for the forms (the gift
 * entry form, the gift drawer's correction): each field checked by giftPatchSchema (the limits of
 * giftInputBaseSchema) and the cross-field rules of giftRuleIssues on the gift as it would be
 * (`current` merged with `fields`, as gift.update does). At most one issue per field; [] = accepted.
 */
export function giftFieldIssues(fields: Partial<Record<PatchableGiftField, unknown>>, current?: { mode: string; amount: number; item: string; returningAmount?: number | null }): GiftFieldIssue[] {
  const out: GiftFieldIssue[] = [];
  const add = (i: GiftFieldIssue) => { if (!out.some((o) => o.field === i.field)) out.push(i); };
  const parsed = giftPatchSchema.safeParse(fields);
  if (!parsed.success) {
    for (const i of parsed.error.issues) {
      const field = i.path[0] as PatchableGiftField;
      if (i.code === 'too_big') add({ field, code: 'too_big', maximum: Number(i.maximum) });
      else if (i.code === 'too_small') add(i.origin === 'string' && Number(i.minimum) === 1 ? { field, code: 'required' } : { field, code: 'too_small', minimum: Number(i.minimum) });
      else add({ field, code: 'invalid' });
    }
  }
  const g = { ...current, ...fields };
  if (typeof g.mode === 'string' && typeof g.amount === 'number' && typeof g.item === 'string') {
    const returningAmount = typeof g.returningAmount === 'number' ? g.returningAmount : null;
    for (const r of giftRuleIssues({ mode: g.mode, amount: g.amount, item: g.item, returningAmount })) add({ field: r.path[0], code: r.code, minimum: r.minimum, maximum: r.maximum });
  }
  return out;
}

/**
 * Why a gift needs the event admin's review (it is recorded and counted in the event, never refused):
 * - after_close: it reached the server when its counter (or event) was not open; it is not part of
 *   that counter's closed cash count;
 * - author_inactive: keyed by the previous user of a shared tablet who is now disabled or no longer
 *   assigned to the counter;
 * - author_unverified: the device named an author the server could not confirm; recorded as the
 *   signed-in user who sent it;
 * - pin_dropped: the PIN-switched staff member named by the device is not assigned to the counter;
 * - clock_wrong: the tablet's clock was more than a week off (MAX_CLOCK_OFFSET_MS); the gift is
 *   timed by the server (by the offset the tablet measured, or when it arrived), its own time kept.
 */
export const giftFlags = ['after_close', 'author_inactive', 'author_unverified', 'pin_dropped', 'clock_wrong'] as const;
export type GiftFlag = (typeof giftFlags)[number];

export const giftSchema = z.object({
  id: idSchema,
  eventId: idSchema,
  counterId: idSchema,
  receiptNo: z.string(),
  name: z.string(),
  initial: z.string(),
  village: z.string(),
  mobile: z.string(),
  relation: z.enum(relations),
  mode: paymentModeSchema,
  amount: z.number().int(),
  reference: z.string(),
  item: z.string(),
  weightGrams: z.number().nullable().optional(),
  approxValue: z.number().int().nullable().optional(),
  note: z.string(),
  /** Corrected to the server's clock; never later than receivedAt. */
  enteredAt: z.string(),
  enteredBy: z.string(),
  receivedAt: z.string().nullable(),
  version: z.number().int(),
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
  deleteReason: z.string().nullable(),
  // Optional: rows from servers before the record rules lack them.
  pinAuthorId: z.string().nullable().optional(),
  pushedBy: z.string().nullable().optional(),
  deviceEnteredAt: z.string().nullable().optional(),
  clockOffsetMs: z.number().int().nullable().optional(),
  flags: z.array(z.enum(giftFlags)).optional(),
  reviewedAt: z.string().nullable().optional(),
  reviewedBy: z.string().nullable().optional(),
  receiptToken: z.string().nullable().optional(),
  messageConsent: z.boolean().optional(),
  /** Issue 30; absent from older servers. */
  kinName: z.string().optional(),
  title: z.string().optional(),
  returningAmount: z.number().int().nullable().optional(),
});
export type Gift = z.infer<typeof giftSchema>;

/** Who keyed the gift at the counter: the PIN-switched staff member if any, else the recorded author. */
export const giftKeyedBy = (g: Pick<Gift, 'enteredBy' | 'pinAuthorId'>): string => g.pinAuthorId ?? g.enteredBy;

/** 'reprint': a duplicate receipt printed on the counter's printer (issue 28); `after.copy` says which. */
export const giftAuditActions = ['create', 'update', 'delete', 'restore', 'review', 'reprint'] as const;
export const giftAuditSchema = z.object({
  id: z.string(),
  giftId: idSchema,
  action: z.enum(giftAuditActions),
  by: z.string(),
  pinAuthorId: z.string().nullable().optional(),
  at: z.string(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type GiftAudit = z.infer<typeof giftAuditSchema>;

export const plans = ['smart_track', 'partner_track'] as const;
export const signupSchema = z.object({
  id: idSchema,
  name: z.string().trim().min(1).max(120),
  mobile: mobileSchema,
  village: z.string().max(120).default(''),
  functionType: functionTypeSchema,
  expectedDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  plan: z.enum(plans),
  createdAt: isoSchema,
});
export type Signup = z.infer<typeof signupSchema>;

export const membershipStatuses = ['active', 'expired', 'cancelled'] as const;
export const membershipSchema = z.object({
  id: idSchema,
  plan: z.enum(plans),
  holderId: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  status: z.enum(membershipStatuses),
});
export type Membership = z.infer<typeof membershipSchema>;
