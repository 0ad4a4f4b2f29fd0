// Drizzle schema for the whole domain model (ARCHITECTURE §5). One schema and one migration set
// serve PGlite (embedded default) and PostgreSQL (scale-out).
import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { eventMemberRoles, signupStatuses } from '../../contract/admin';
import { handoverFromKinds, handoverMethods, handoverToKinds } from '../../contract/custody';
import {
  counterStatuses, eventStatuses, functionTypes, giftAuditActions, membershipStatuses, paymentModes, plans, relations, type GiftFlag,
} from '../../contract/entities';
import { hostRhythms, messageChannels, messageLangs, messageStates, templateKeys } from '../../contract/messaging';
import { roles } from '../../contract/roles';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().unique(),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  mobile: text('mobile'),
  role: text('role', { enum: roles }).notNull(),
  userType: text('user_type'),
  profileImagePath: text('profile_image_path'),
  passwordHash: text('password_hash').notNull(),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  lastUpdatedBy: text('last_updated_by'),
});

export const devices = pgTable('devices', {
  id: text('id').primaryKey(), // UUID made by the installation
  code: text('code').notNull().unique(), // short code used in receipt numbers, e.g. T7
  label: text('label'),
  /** The user who registered the device (never overwritten by later sign-ins on it). */
  userId: text('user_id').references(() => users.id),
  /** sha-256 of the secret issued once at registration; null for devices registered before it existed. */
  secretHash: text('secret_hash'),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  revoked: boolean('revoked').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id),
  deviceId: text('device_id'),
  deviceLabel: text('device_label'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  revoked: boolean('revoked').notNull().default(false),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

export const loginFailures = pgTable('login_failures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: text('username').notNull(),
  address: text('address').notNull(),
  at: ts('at').notNull().defaultNow(),
}, (t) => [index('login_failures_key_idx').on(t.username, t.address, t.at)]);

export const events = pgTable('events', {
  id: text('id').primaryKey(),
  titleTa: text('title_ta'),
  titleEn: text('title_en'),
  functionType: text('function_type', { enum: functionTypes }).notNull(),
  date: text('date').notNull(),
  venue: text('venue').notNull().default(''),
  hostNames: text('host_names').notNull().default(''),
  thankYouNote: text('thank_you_note').notNull().default(''),
  upiId: text('upi_id'),
  status: text('status', { enum: eventStatuses }).notNull().default('planned'),
  plan: text('plan'),
  /** Issue 12: the counter shows the ledger hint for returning givers (the owner may turn it off). */
  ledgerHint: boolean('ledger_hint').notNull().default(true),
  /** Issue 18: the event's village abbreviations ("mdu" → "மதுரை"), set by its admins and counter staff. */
  villageShortcuts: jsonb('village_shortcuts').$type<Record<string, string>>().notNull().default({}),
  /** Issue 11: the host's order for the moi book (villages first, chosen givers' gift ids first). */
  bookVillageOrder: jsonb('book_village_order').$type<string[]>().notNull().default([]),
  bookFirstGiftIds: jsonb('book_first_gift_ids').$type<string[]>().notNull().default([]),
  /** Issue 27 item 5: the host's merges and renames of villages for the moi book ({ from, to } rules, in order). */
  bookVillages: jsonb('book_villages').$type<Array<{ from: string; to: string }>>().notNull().default([]),
  /** Issue 29: the organisation (hall, venue) the event belongs to; null: the provider's own. */
  orgId: text('org_id'),
  /** Issue 29: what entitles the event now (smart_track, partner_track, override, free_first) or null. */
  entitled: text('entitled'),
  /** Issue 29: the last Indian date counters may open even after a lapse (its function day). */
  entitledThrough: text('entitled_through'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Owners and admins of an event (the scoping of ARCHITECTURE §4). */
export const eventMembers = pgTable('event_members', {
  eventId: text('event_id').notNull().references(() => events.id),
  userId: text('user_id').notNull().references(() => users.id),
  role: text('role', { enum: eventMemberRoles }).notNull(),
}, (t) => [primaryKey({ columns: [t.eventId, t.userId, t.role] }), index('event_members_user_idx').on(t.userId)]);

export const counters = pgTable('counters', {
  id: text('id').primaryKey(),
  eventId: text('event_id').notNull().references(() => events.id),
  code: text('code').notNull(),
  name: text('name').notNull().default(''),
  status: text('status', { enum: counterStatuses }).notNull().default('closed'),
  openedAt: ts('opened_at'),
  openedBy: text('opened_by'),
  closedAt: ts('closed_at'),
  closedBy: text('closed_by'),
  tally: jsonb('tally'),
  /** The opening float (issue 18): `{ amount, counts? }`, part of the expected cash at close. */
  openingFloat: jsonb('opening_float'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('counters_event_code_uq').on(t.eventId, t.code)]);

/** Staff assigned to a counter, with the salted hash of their 4-digit shift PIN. */
export const counterStaff = pgTable('counter_staff', {
  counterId: text('counter_id').notNull().references(() => counters.id),
  userId: text('user_id').notNull().references(() => users.id),
  pinSalt: text('pin_salt'),
  pinHash: text('pin_hash'),
}, (t) => [primaryKey({ columns: [t.counterId, t.userId] }), index('counter_staff_user_idx').on(t.userId)]);

export const gifts = pgTable('gifts', {
  id: text('id').primaryKey(),
  eventId: text('event_id').notNull().references(() => events.id),
  counterId: text('counter_id').notNull().references(() => counters.id),
  receiptNo: text('receipt_no').notNull(),
  name: text('name').notNull(),
  initial: text('initial').notNull().default(''),
  village: text('village').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  relation: text('relation', { enum: relations }).notNull().default('other'),
  mode: text('mode', { enum: paymentModes }).notNull().default('cash'),
  amount: integer('amount').notNull(),
  reference: text('reference').notNull().default(''),
  item: text('item').notNull().default(''),
  weightGrams: doublePrecision('weight_grams'),
  approxValue: integer('approx_value'),
  note: text('note').notNull().default(''),
  enteredAt: ts('entered_at').notNull(),
  enteredBy: text('entered_by').notNull(),
  deviceId: text('device_id'),
  receivedAt: ts('received_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
  deletedAt: ts('deleted_at'),
  deletedBy: text('deleted_by'),
  deleteReason: text('delete_reason'),
  /** A staff member switched in by PIN on a shared tablet (only if assigned to the counter). */
  pinAuthorId: text('pin_author_id'),
  /** The signed-in user whose push brought the gift, when it differs from entered_by (shared tablet). */
  pushedBy: text('pushed_by'),
  /** The device's own clock when keyed; entered_at is this corrected by clock_offset_ms. */
  deviceEnteredAt: ts('device_entered_at'),
  clockOffsetMs: bigint('clock_offset_ms', { mode: 'number' }),
  /** Why the gift needs review (contract giftFlags); empty for most. */
  flags: jsonb('flags').$type<GiftFlag[]>().notNull().default(sql`'[]'::jsonb`),
  reviewedAt: ts('reviewed_at'),
  reviewedBy: text('reviewed_by'),
  /** Made on the device: the receipt's public verification link /r/<token> (issue 15). */
  receiptToken: text('receipt_token'),
  messageConsent: boolean('message_consent').notNull().default(false),
  /** Who the giver is beyond the name (issue 30, migration 0021): the spouse's or father's name, an occupation or title. */
  kinName: text('kin_name').notNull().default(''),
  title: text('title').notNull().default(''),
  /** The part of the amount that returns moi the host gave them (முந்தைய மொய்); the rest is new. Information only. */
  returningAmount: integer('returning_amount'),
  /** The five searched fields as the list search matches them (migration 0015; generated by the database). */
  searchRaw: text('search_raw').generatedAlwaysAs(sql`regexp_replace(lower("name" || ' ' || "initial" || ' ' || "village" || ' ' || "receipt_no" || ' ' || "mobile"), '[.,[:space:]]+', ' ', 'g')`),
  /** foldGiver(name, initial, village) (ledger/fold.ts), written with the gift; null until fillSearchFolds reaches an old or directly inserted row. */
  searchFold: text('search_fold'),
}, (t) => [
  uniqueIndex('gifts_event_receipt_uq').on(t.eventId, t.receiptNo),
  index('gifts_search_raw_trgm').using('gin', sql`${t.searchRaw} gin_trgm_ops`),
  index('gifts_search_fold_trgm').using('gin', sql`${t.searchFold} gin_trgm_ops`),
  index('gifts_event_live_entered_idx').on(t.eventId, t.enteredAt.desc(), t.receiptNo).where(sql`${t.deletedAt} is null`),
  index('gifts_search_fold_missing_idx').on(t.eventId).where(sql`${t.searchFold} is null`),
  uniqueIndex('gifts_receipt_token_uq').on(t.receiptToken),
  index('gifts_event_idx').on(t.eventId),
  index('gifts_counter_idx').on(t.counterId),
  // The device code inside "<counter>-<device>-<seq>": a device's receipt high-water mark (devices.ts).
  index('gifts_receipt_device_idx').on(sql`split_part(${t.receiptNo}, '-', 2)`),
]);

export const giftAudit = pgTable('gift_audit', {
  id: text('id').primaryKey(),
  giftId: text('gift_id').notNull().references(() => gifts.id),
  eventId: text('event_id').notNull(),
  action: text('action', { enum: giftAuditActions }).notNull(),
  by: text('by').notNull(),
  pinAuthorId: text('pin_author_id'),
  at: ts('at').notNull().defaultNow(),
  reason: text('reason'),
  before: jsonb('before'),
  after: jsonb('after'),
}, (t) => [index('gift_audit_gift_idx').on(t.giftId)]);

/**
 * The push's record per device (migration 0017, Replicache's last applied sequence): the highest
 * outbox seq answered (applied or rejected). A push locks its device's row FOR UPDATE; a mutation
 * whose seq is not above last_seq answers duplicate, or its stored rejection (pushRejections).
 */
export const pushCursors = pgTable('push_cursors', {
  deviceId: text('device_id').primaryKey(),
  lastSeq: integer('last_seq').notNull().default(0),
  lastPushAt: ts('last_push_at'),
});

/** A rejected mutation's answer, kept so a replay of it answers the same (Retry resends under a new seq). */
export const pushRejections = pgTable('push_rejections', {
  mutationId: text('mutation_id').primaryKey(),
  deviceId: text('device_id').notNull(),
  seq: integer('seq').notNull(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  message: text('message'),
  userId: text('user_id').notNull(),
  at: ts('at').notNull().defaultNow(),
}, (t) => [index('push_rejections_device_idx').on(t.deviceId, t.at)]);

/** Append-only change log, written only by the triggers of migration 0005 (moi_log_changes); event_id / user_id / counter_id scope who may see a change; pulls page by (txid, id). */
export const changeLog = pgTable('change_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  entityId: text('entity_id').notNull(),
  eventId: text('event_id'),
  userId: text('user_id'),
  counterId: text('counter_id'),
  deleted: boolean('deleted').notNull().default(false),
  at: ts('at').notNull().defaultNow(),
  /** The writing transaction (pg_current_xact_id()); rows from before migration 0005 hold 0. Pulls order by (txid, id). */
  txid: bigint('txid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
}, (t) => [
  index('change_log_txid_idx').on(t.txid, t.id),
  index('change_log_event_txid_idx').on(t.eventId, t.txid),
  index('change_log_counter_txid_idx').on(t.counterId, t.txid),
  // Ledger rows are scoped by their host (migration 0013).
  index('change_log_user_txid_idx').on(t.userId, t.txid),
]);

/** Uploaded files (profile pictures), kept in the database so server instances stay stateless. */
export const files = pgTable('files', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const memberships = pgTable('memberships', {
  id: text('id').primaryKey(),
  plan: text('plan', { enum: plans }).notNull(),
  holderId: text('holder_id').notNull().references(() => users.id),
  validFrom: text('valid_from').notNull(),
  validTo: text('valid_to'),
  status: text('status', { enum: membershipStatuses }).notNull().default('active'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const signups = pgTable('signups', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  mobile: text('mobile').notNull(),
  village: text('village').notNull().default(''),
  functionType: text('function_type', { enum: functionTypes }).notNull(),
  expectedDate: text('expected_date'),
  plan: text('plan', { enum: plans }).notNull(),
  takenBy: text('taken_by').notNull(),
  counterId: text('counter_id'),
  status: text('status', { enum: signupStatuses }).notNull().default('new'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// ---- messaging (issue 15): server only ----

/** The approved text of each message, per language, with what SMS DLT and WhatsApp need to match it. */
export const messageTemplates = pgTable('message_templates', {
  key: text('key', { enum: templateKeys }).notNull(),
  lang: text('lang', { enum: messageLangs }).notNull(),
  body: text('body').notNull(),
  variables: jsonb('variables').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  dltTemplateId: text('dlt_template_id').notNull().default(''),
  waTemplateName: text('wa_template_name').notNull().default(''),
  waLanguage: text('wa_language').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
}, (t) => [primaryKey({ columns: [t.key, t.lang], name: 'message_templates_pk' })]);

/** The durable messaging outbox: one row per idempotency key, claimed by a worker under a lease. */
export const messageOutbox = pgTable('message_outbox', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull(),
  eventId: text('event_id'),
  giftId: text('gift_id'),
  kind: text('kind').notNull(),
  /** A channel of contract/messaging, or 'auto' (the configured provider's, chosen at send time). */
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  templateKey: text('template_key', { enum: templateKeys }).notNull(),
  lang: text('lang', { enum: messageLangs }).notNull(),
  vars: jsonb('vars').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  state: text('state', { enum: messageStates }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  leaseUntil: ts('lease_until'),
  claimedBy: text('claimed_by'),
  provider: text('provider'),
  providerMessageId: text('provider_message_id'),
  reason: text('reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
  deliveredAt: ts('delivered_at'),
}, (t) => [
  uniqueIndex('message_outbox_key_uq').on(t.idempotencyKey),
  index('message_outbox_due_idx').on(t.state, t.nextAttemptAt),
  index('message_outbox_provider_id_idx').on(t.providerMessageId),
  index('message_outbox_recipient_idx').on(t.recipient, t.sentAt),
  index('message_outbox_event_idx').on(t.eventId, t.sentAt),
]);

export const messageOptOuts = pgTable('message_opt_outs', {
  recipient: text('recipient').primaryKey(),
  source: text('source').notNull(),
  at: ts('at').notNull().defaultNow(),
});

/** The host family's numbers for an event and how often they hear the totals. */
export const eventHostMessaging = pgTable('event_host_messaging', {
  eventId: text('event_id').primaryKey().references(() => events.id),
  mobiles: jsonb('mobiles').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  channel: text('channel', { enum: messageChannels }).notNull().default('whatsapp'),
  lang: text('lang', { enum: messageLangs }).notNull().default('ta'),
  rhythm: text('rhythm', { enum: hostRhythms }).notNull().default('end'),
  everyGifts: integer('every_gifts'),
  everyMinutes: integer('every_minutes'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});
// ---------------------------------------------------------------- the moi ledger (issue 12, migration 0009)
// A ledger belongs to a host: owner_id is the user who owns the events whose gifts it groups.

export const ledgerFamilies = pgTable('ledger_families', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().references(() => users.id),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A giver identity across the host's events. `mergedInto` set: merged away (kept for undo). */
export const ledgerPeople = pgTable('ledger_people', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().references(() => users.id),
  name: text('name').notNull(),
  initial: text('initial').notNull().default(''),
  village: text('village').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  kinName: text('kin_name').notNull().default(''),
  title: text('title').notNull().default(''),
  familyId: text('family_id').references(() => ledgerFamilies.id),
  mergedInto: text('merged_into'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('ledger_people_owner_idx').on(t.ownerId)]);

/** Which person of the host's ledger a gift belongs to; how: auto | confirmed | manual. */
export const ledgerLinks = pgTable('ledger_links', {
  ownerId: text('owner_id').notNull().references(() => users.id),
  giftId: text('gift_id').notNull().references(() => gifts.id),
  personId: text('person_id').notNull().references(() => ledgerPeople.id),
  how: text('how').notNull(),
  at: ts('at').notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'ledger_links_pk', columns: [t.ownerId, t.giftId] }), index('ledger_links_person_idx').on(t.personId), index('ledger_links_gift_idx').on(t.giftId), index('ledger_links_owner_person_idx').on(t.ownerId, t.personId)]);

/** Moi the host gave at someone else's function (செய்த மொய்). */
export const ledgerGiven = pgTable('ledger_given', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().references(() => users.id),
  personId: text('person_id').notNull().references(() => ledgerPeople.id),
  functionType: text('function_type').notNull(),
  functionLabel: text('function_label').notNull().default(''),
  date: text('date').notNull(),
  amount: integer('amount').notNull(),
  mode: text('mode').notNull().default('cash'),
  note: text('note').notNull().default(''),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
}, (t) => [index('ledger_given_owner_idx').on(t.ownerId, t.personId), index('ledger_given_person_idx').on(t.personId)]);

export const ledgerInvitations = pgTable('ledger_invitations', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().references(() => users.id),
  personId: text('person_id').notNull().references(() => ledgerPeople.id),
  functionType: text('function_type').notNull(),
  functionLabel: text('function_label').notNull().default(''),
  date: text('date').notNull(),
  note: text('note').notNull().default(''),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
}, (t) => [index('ledger_invitations_owner_idx').on(t.ownerId, t.date)]);

/** Merge and split history: what moved, so an undo puts it back. kind: merge | split. */
export const ledgerMerges = pgTable('ledger_merges', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().references(() => users.id),
  kind: text('kind').notNull(),
  personId: text('person_id').notNull(),
  otherId: text('other_id').notNull(),
  moved: jsonb('moved').$type<{ gifts: { id: string; how: string }[]; given: string[]; invitations: string[] }>().notNull(),
  by: text('by').notNull(),
  at: ts('at').notNull().defaultNow(),
  undoneAt: ts('undone_at'),
  undoneBy: text('undone_by'),
}, (t) => [index('ledger_merges_owner_idx').on(t.ownerId)]);

/** A host's own village spellings that name one place (added to ledger/villages.ts defaults). */
export const ledgerVillageAliases = pgTable('ledger_village_aliases', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().references(() => users.id),
  names: jsonb('names').$type<string[]>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** An old book brought in from a file: one past event per file (by content hash) and host. */
export const ledgerImports = pgTable('ledger_imports', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().references(() => users.id),
  fileHash: text('file_hash').notNull(),
  fileName: text('file_name').notNull(),
  eventId: text('event_id').notNull().references(() => events.id),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('ledger_imports_file_uq').on(t.ownerId, t.fileHash)]);

/** The matcher's stored offers (issue 30, migration 0021): pairs of people that are probably one. */
export const ledgerOffers = pgTable('ledger_offers', {
  ownerId: text('owner_id').notNull().references(() => users.id),
  a: text('a').notNull(),
  b: text('b').notNull(),
}, (t) => [primaryKey({ name: 'ledger_offers_pk', columns: [t.ownerId, t.a, t.b] })]);

/** Per host: whether the stored offers need computing again. */
export const ledgerMatchState = pgTable('ledger_match_state', {
  ownerId: text('owner_id').primaryKey().references(() => users.id),
  stale: boolean('stale').notNull().default(true),
  matchedAt: ts('matched_at'),
  /** Which server instance's matcher is running for the host, and until when (migration 0025). */
  leaseHolder: text('lease_holder'),
  leaseUntil: ts('lease_until'),
});

/** An import job (issue 30): status queued | running | done | failed; done of total rows. */
export const ledgerJobs = pgTable('ledger_jobs', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().references(() => users.id),
  kind: text('kind').notNull(),
  status: text('status').notNull(),
  phase: text('phase').notNull().default(''),
  done: integer('done').notNull().default(0),
  total: integer('total').notNull().default(0),
  result: jsonb('result'),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('ledger_jobs_owner_idx').on(t.ownerId, t.createdAt)]);

/** Where each imported gift came from (file / sheet / row, and the paper book's page): re-imports skip these. */
export const ledgerImportRows = pgTable('ledger_import_rows', {
  importId: text('import_id').notNull().references(() => ledgerImports.id),
  sheet: text('sheet').notNull(),
  row: integer('row').notNull(),
  page: text('page').notNull().default(''),
  giftId: text('gift_id').notNull().references(() => gifts.id),
}, (t) => [primaryKey({ name: 'ledger_import_rows_pk', columns: [t.importId, t.sheet, t.row] })]);

/** Issue 16: the provider's contact, payment and analytics settings (one row, id 1; migration 0007). */
export const providerSettings = pgTable('provider_settings', {
  id: integer('id').primaryKey().default(1),
  settings: jsonb('settings').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

// ---- Cash custody (issue 18, migration 0011) --------------------------------------------------

/** The host's nominees of an event: who may receive cash. The PIN is stored as a PBKDF2 hash only (passwords.ts). */
export const eventNominees = pgTable('event_nominees', {
  id: text('id').primaryKey(),
  eventId: text('event_id').notNull().references(() => events.id),
  name: text('name').notNull(),
  mobile: text('mobile'),
  pinSalt: text('pin_salt').notNull(),
  pinHash: text('pin_hash').notNull(),
  createdBy: text('created_by').notNull(),
  updatedBy: text('updated_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('event_nominees_event_idx').on(t.eventId)]);

/** One step of the custody chain: cash and the non-cash summary handed from a counter (or the event admin) to a receiver. */
export const custodyHandovers = pgTable('custody_handovers', {
  id: text('id').primaryKey(),
  eventId: text('event_id').notNull().references(() => events.id),
  fromKind: text('from_kind', { enum: handoverFromKinds }).notNull(),
  fromCounterId: text('from_counter_id').references(() => counters.id),
  toKind: text('to_kind', { enum: handoverToKinds }).notNull(),
  toCounterId: text('to_counter_id').references(() => counters.id),
  toNomineeId: text('to_nominee_id').references(() => eventNominees.id),
  toUserId: text('to_user_id'),
  toName: text('to_name').notNull().default(''),
  cash: integer('cash').notNull(),
  counts: jsonb('counts'),
  summary: jsonb('summary').notNull(),
  method: text('method', { enum: handoverMethods }).notNull(),
  verified: boolean('verified').notNull().default(false),
  deviceVerified: boolean('device_verified').notNull().default(false),
  flags: jsonb('flags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  handedBy: text('handed_by').notNull(),
  handedByName: text('handed_by_name').notNull().default(''),
  pinAuthorId: text('pin_author_id'),
  handedAt: ts('handed_at').notNull(),
  deviceHandedAt: ts('device_handed_at'),
  receivedAt: ts('received_at').notNull().defaultNow(),
  deviceId: text('device_id'),
}, (t) => [index('custody_handovers_event_idx').on(t.eventId, t.handedAt), index('custody_handovers_from_idx').on(t.fromCounterId)]);

/** A one-time code sent to a nominee's mobile for one handover (only its hash is kept). */
export const custodyOtps = pgTable('custody_otps', {
  handoverId: text('handover_id').primaryKey(),
  eventId: text('event_id').notNull(),
  nomineeId: text('nominee_id').notNull(),
  codeSalt: text('code_salt').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  sends: integer('sends').notNull().default(1),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Issue 18: a guest display (a second screen facing the giver) paired to one counter by a short
 * code, for one signed-in session of the counter's tablet. Server-only: never pulled.
 */
export const guestDisplays = pgTable('guest_displays', {
  id: text('id').primaryKey(),
  eventId: text('event_id').notNull().references(() => events.id),
  counterId: text('counter_id').notNull().references(() => counters.id),
  code: text('code').notNull(),
  /** The counter tablet's session that made it: only that session publishes to it. */
  sessionHash: text('session_hash').notNull(),
  createdBy: text('created_by').notNull().references(() => users.id),
  guestTokenHash: text('guest_token_hash'),
  createdAt: ts('created_at').notNull().defaultNow(),
  codeExpiresAt: ts('code_expires_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  pairedAt: ts('paired_at'),
  revokedAt: ts('revoked_at'),
}, (t) => [
  uniqueIndex('guest_displays_open_code_idx').on(t.code).where(sql`${t.guestTokenHash} IS NULL AND ${t.revokedAt} IS NULL`),
  uniqueIndex('guest_displays_token_idx').on(t.guestTokenHash),
  index('guest_displays_counter_idx').on(t.counterId),
]);

/** A family member a host shares their ledger with (issue 30, migration 0022): view or edit. */
export const ledgerMembers = pgTable('ledger_members', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().references(() => users.id),
  memberId: text('member_id').references(() => users.id),
  mobile: text('mobile').notNull().default(''),
  label: text('label').notNull().default(''),
  tokenHash: text('token_hash'),
  role: text('role').notNull(),
  reminders: boolean('reminders').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  joinedAt: ts('joined_at'),
  removedAt: ts('removed_at'),
}, (t) => [
  uniqueIndex('ledger_members_one_idx').on(t.ownerId, t.memberId).where(sql`${t.removedAt} IS NULL AND ${t.memberId} IS NOT NULL`),
  index('ledger_members_member_idx').on(t.memberId).where(sql`${t.removedAt} IS NULL`),
  uniqueIndex('ledger_members_token_idx').on(t.tokenHash).where(sql`${t.tokenHash} IS NOT NULL`),
]);

// ---- The provider's business (issue 29, migration 0020) ------------------------------------------

/** A partner (wedding hall, venue): its events, its admins and its staff pool. */
export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  nameTa: text('name_ta'),
  nameEn: text('name_en'),
  gstin: text('gstin'),
  address: text('address').notNull().default(''),
  stateCode: text('state_code'),
  logoFileId: text('logo_file_id'),
  brandColour: text('brand_colour'),
  receiptFooter: text('receipt_footer').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Membership of an organisation: a scope, not a role (admin: event_admin accounts; staff: counter_staff, the pool). */
export const orgMembers = pgTable('org_members', {
  orgId: text('org_id').notNull().references(() => organisations.id),
  userId: text('user_id').notNull().references(() => users.id),
  role: text('role', { enum: ['admin', 'staff'] }).notNull(),
}, (t) => [primaryKey({ name: 'org_members_pk', columns: [t.orgId, t.userId] }), index('org_members_user_idx').on(t.userId)]);

export const eventEntitlements = pgTable('event_entitlements', {
  id: text('id').primaryKey(),
  eventId: text('event_id').notNull().references(() => events.id),
  source: text('source', { enum: ['smart_track', 'override', 'free_first'] }).notNull(),
  paymentId: text('payment_id'),
  reason: text('reason'),
  grantedBy: text('granted_by'),
  freeKey: text('free_key'),
  revokedAt: ts('revoked_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const paymentLinks = pgTable('payment_links', {
  id: text('id').primaryKey(),
  eventId: text('event_id').notNull().references(() => events.id),
  amountPaise: integer('amount_paise').notNull(),
  shortUrl: text('short_url').notNull(),
  status: text('status').notNull().default('created'),
  orderId: text('order_id'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const subscriptions = pgTable('subscriptions', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull().references(() => organisations.id),
  status: text('status').notNull().default('created'),
  shortUrl: text('short_url'),
  paidCount: integer('paid_count').notNull().default(0),
  currentEnd: ts('current_end'),
  chargeAt: ts('charge_at'),
  stateSeenAt: bigint('state_seen_at', { mode: 'number' }).notNull().default(0),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: text('id').primaryKey(),
  plan: text('plan', { enum: ['smart_track', 'partner_track'] }),
  eventId: text('event_id'),
  orgId: text('org_id'),
  linkId: text('link_id'),
  orderId: text('order_id'),
  subscriptionId: text('subscription_id'),
  amountPaise: integer('amount_paise').notNull(),
  status: text('status').notNull(),
  email: text('email'),
  contact: text('contact'),
  capturedAt: ts('captured_at'),
  refundedPaise: integer('refunded_paise').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

export const invoiceSerials = pgTable('invoice_serials', {
  series: text('series').notNull(),
  fy: text('fy').notNull(),
  last: integer('last').notNull().default(0),
}, (t) => [primaryKey({ name: 'invoice_serials_pk', columns: [t.series, t.fy] })]);

export const invoices = pgTable('invoices', {
  id: text('id').primaryKey(),
  series: text('series', { enum: ['invoice', 'credit_note'] }).notNull(),
  fy: text('fy').notNull(),
  seq: integer('seq').notNull(),
  serial: text('serial').notNull(),
  issuedAt: ts('issued_at').notNull(),
  paymentId: text('payment_id').notNull(),
  originalId: text('original_id'),
  eventId: text('event_id'),
  orgId: text('org_id'),
  data: jsonb('data').notNull(),
});
