// Bodies and answers of the management REST endpoints (issue 6, server part): users of the
// service, events, counters, staff and their PINs, gift reads, totals, memberships, sign-ups,
// dashboard. Device writes (gifts, counter open/close, sign-ups) go through sync (contract/sync.ts).
//
// Refusal rule, the same on every endpoint:
//   401 unauthenticated — no valid session;
//   403 forbidden       — the caller's role is not in the endpoint's group (or the caller tries
//                          a field it may never change, e.g. an event admin changing ownerIds);
//   404 not_found       — the id does not exist OR is outside the caller's scope (existence of
//                          another event's data is never revealed);
//   400 invalid_body    — body/query fails these schemas (with `issues` per field);
//   409 for state rules — conflict (duplicate counter code, bad status move), username_taken,
//                          event_closed, counter_closed, not_assigned, user_disabled.
import { z } from 'zod';
import {
  counterSchema, eventSchema, functionTypeSchema, giftAuditSchema, giftSchema, idSchema, isoSchema,
  membershipSchema, membershipStatuses, mobileSchema, paymentModeSchema, plans, signupSchema, userSchema, type PaymentMode,
} from './entities';
import { itemEstimateOf, isMoneyMode, moneyOf } from './money';
import { roleSchema } from './roles';

export const ADMIN_API = {
  users: '/moi/admin/users',
  events: '/moi/events',
  counters: '/moi/counters',
  gifts: '/moi/gifts',
  memberships: '/moi/memberships',
  membershipPlans: '/moi/membership-plans',
  signups: '/moi/signups',
  dashboard: '/moi/dashboard',
  devices: '/moi/devices',
} as const;

// ---------- plans ----------
export const planSchema = z.enum(plans);
export type Plan = z.infer<typeof planSchema>;
/** Prices in whole rupees: Smart Track ₹999 per event, Partner Track ₹1500 per month. */
export const membershipPlans = [
  { plan: 'smart_track', price: 999, per: 'event' },
  { plan: 'partner_track', price: 1500, per: 'month' },
] as const satisfies readonly { plan: Plan; price: number; per: 'event' | 'month' }[];
export const membershipPlanSchema = z.object({ plan: planSchema, price: z.number().int(), per: z.enum(['event', 'month']) });
export const membershipPlansResponseSchema = z.object({ plans: z.array(membershipPlanSchema) });

// ---------- users (event admins, owners, counter staff) ----------
const usernameSchema = z.string().trim().min(3).max(60).regex(/^[a-zA-Z0-9_.-]+$/, 'Letters, digits, dot, dash or underscore');
export const passwordSchema = z.string().min(8, 'At least 8 characters').max(200);
/** Digits of a new staff PIN (6: an offline search of a tablet's synced hashes takes hours, not seconds). */
export const PIN_DIGITS = 6;
export const pinSchema = z.string().regex(/^\d{6}$/, 'PIN must be exactly 6 digits');

/** How a user belongs to an event (event_members.role): owner, admin, or staff of one of its counters. */
export const eventMemberRoles = ['owner', 'admin', 'staff'] as const;

/** A managed user, with the events and counters they are linked to. */
export const adminUserSchema = userSchema.extend({
  disabled: z.boolean(),
  events: z.array(z.object({
    eventId: z.string(),
    title: z.string(),
    role: z.enum(eventMemberRoles),
  })),
  counters: z.array(z.object({
    counterId: z.string(),
    eventId: z.string(),
    code: z.string(),
    name: z.string(),
    hasPin: z.boolean(),
  })),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /moi/admin/users?role=&eventId=&q= — app_admin: any role; event_admin: counter staff of their events only. */
export const listUsersQuerySchema = z.object({
  role: roleSchema.optional(),
  eventId: z.string().optional(),
  q: z.string().max(100).optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;
export const listUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });

/**
 * POST /moi/admin/users — app_admin creates event_admin / event_owner / counter_staff;
 * event_admin creates counter_staff only, and must give eventId of an event they administer
 * (the staff member is linked to it; counterIds, if given, must be counters of that event).
 * `pin`, when given with counterIds, is set for each of those counters.
 */
export const createUserBodySchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  name: z.string().trim().min(1).max(120),
  mobile: z.union([mobileSchema, z.literal('')]).optional(),
  role: z.enum(['event_admin', 'event_owner', 'counter_staff']),
  userType: z.string().max(60).nullable().optional(),
  eventId: z.string().optional(),
  counterIds: z.array(z.string()).max(50).optional(),
  pin: pinSchema.optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;
export const userResponseSchema = z.object({ user: adminUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** PATCH /moi/admin/users/:id — name and mobile (empty string clears the mobile). */
export const updateUserBodySchema = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  mobile: z.union([mobileSchema, z.literal('')]).optional(),
  userType: z.string().max(60).nullable().optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** POST /moi/admin/users/:id/disabled — disabling revokes the user's sessions and withdraws their staff PINs from tablets (re-sent on enable). */
export const setDisabledBodySchema = z.object({ disabled: z.boolean() });
/** POST /moi/admin/users/:id/password — resets the password and revokes the user's sessions. */
export const resetPasswordBodySchema = z.object({ password: passwordSchema });
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

// ---------- events ----------
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date as YYYY-MM-DD');
const upiIdSchema = z.string().trim().regex(/^[a-zA-Z0-9._-]{2,}@[a-zA-Z][a-zA-Z0-9.-]{1,}$/, 'UPI id like name@bank');

const eventFields = {
  titleTa: z.string().trim().max(200).nullable().optional(),
  titleEn: z.string().trim().max(200).nullable().optional(),
  functionType: functionTypeSchema,
  date: dateSchema,
  venue: z.string().trim().max(300).default(''),
  hostNames: z.string().trim().max(300).default(''),
  thankYouNote: z.string().trim().max(500).default(''),
  upiId: z.union([upiIdSchema, z.literal('')]).nullable().optional(),
  ownerIds: z.array(z.string()).max(20).default([]),
  adminIds: z.array(z.string()).max(20).default([]),
  plan: z.string().max(60).nullable().optional(),
};

/** POST /moi/events — app_admin only. At least one of titleTa / titleEn. Status starts 'planned'. */
export const createEventBodySchema = z.object({ id: idSchema.optional(), ...eventFields })
  .refine((e) => !!(e.titleTa?.trim() || e.titleEn?.trim()), { path: ['titleEn'], message: 'Give a title in Tamil or English' });
export type CreateEventBody = z.input<typeof createEventBodySchema>;

/**
 * PATCH /moi/events/:id — app_admin any field; an admin of the event every field except
 * ownerIds / adminIds / plan (sending them answers 403 forbidden).
 */
export const updateEventBodySchema = z.object({
  titleTa: eventFields.titleTa,
  titleEn: eventFields.titleEn,
  functionType: functionTypeSchema.optional(),
  date: dateSchema.optional(),
  venue: z.string().trim().max(300).optional(),
  hostNames: z.string().trim().max(300).optional(),
  thankYouNote: z.string().trim().max(500).optional(),
  upiId: eventFields.upiId,
  ownerIds: z.array(z.string()).max(20).optional(),
  adminIds: z.array(z.string()).max(20).optional(),
  plan: eventFields.plan,
});
export type UpdateEventBody = z.input<typeof updateEventBodySchema>;

/** POST /moi/events/:id/status — planned → open → closed (also closed → open to reopen). Other moves: 409 conflict. */
export const setEventStatusBodySchema = z.object({ status: z.enum(['planned', 'open', 'closed']) });
export type EventStatus = z.infer<typeof setEventStatusBodySchema>['status'];
export const eventResponseSchema = z.object({ event: eventSchema });
export type EventResponse = z.infer<typeof eventResponseSchema>;

/**
 * Totals of a set of gifts, the one shape of the server's answers, the device's screens and the gift
 * lists. Every figure but `deleted` is over the live (not deleted) gifts: `count` all of them, `sum`
 * the money (cash + UPI + cheque: contract/money.ts, never an item), `cash`, `upi`, `cheque` the
 * money per mode, `items` the number of item gifts and `item` the host's estimate of them (not
 * money: shown only labelled as an estimate, never added to `sum`); `deleted` counts deleted gifts.
 */
export const totalsSchema = z.object({
  count: z.number().int(),
  sum: z.number().int(),
  cash: z.number().int(),
  upi: z.number().int(),
  cheque: z.number().int(),
  item: z.number().int(),
  items: z.number().int(),
  deleted: z.number().int(),
});
export type Totals = z.infer<typeof totalsSchema>;

export const zeroTotals = (): Totals => ({ count: 0, sum: 0, cash: 0, upi: 0, cheque: 0, item: 0, items: 0, deleted: 0 });

/**
 * Adds `count` gifts of one mode (one gift: count 1); deleted ones only to `deleted`. `value` is what
 * they make: for cash, UPI and cheque their money (into `sum` and the mode); for items their estimate
 * (itemEstimateOf), which goes to `item` only and never into `sum`.
 */
export function addToTotals(t: Totals, mode: PaymentMode, value: number, deleted: boolean, count = 1): void {
  if (deleted) {
    t.deleted += count;
    return;
  }
  t.count += count;
  if (!isMoneyMode(mode)) {
    t.item += value;
    t.items += count;
    return;
  }
  t.sum += value;
  if (mode === 'cash') t.cash += value;
  else if (mode === 'upi') t.upi += value;
  else t.cheque += value;
}

/** Adds one gift as it is stored (money by contract/money.ts, an item by its estimate). */
export function addGiftToTotals(t: Totals, g: { mode: PaymentMode; amount: number; approxValue?: number | null; deletedAt?: string | null }): void {
  addToTotals(t, g.mode, isMoneyMode(g.mode) ? moneyOf(g) : itemEstimateOf(g), !!g.deletedAt);
}

export const eventSummarySchema = eventSchema.extend({ totals: totalsSchema, counters: z.number().int(), openCounters: z.number().int() });
export type EventSummary = z.infer<typeof eventSummarySchema>;
/** GET /moi/events?status= — eventOwner group; each visible event with its totals. */
export const listEventsResponseSchema = z.object({ events: z.array(eventSummarySchema) });
/** GET /moi/events/:id — one event with its totals (eventOwner group, in scope). */
export const eventSummaryResponseSchema = z.object({ event: eventSummarySchema });

/**
 * GET /moi/events/:id/totals?tzOffset=330 — eventOwner group, event in scope. tzOffset is the
 * caller's UTC offset in minutes (India +330; `-new Date().getTimezoneOffset()`) so byHour
 * buckets are the caller's local hours; each `hour` is the bucket's start as a UTC ISO instant.
 */
export const eventTotalsQuerySchema = z.object({ tzOffset: z.coerce.number().int().min(-840).max(840).default(0) });
export const eventTotalsResponseSchema = z.object({
  eventId: z.string(),
  totals: totalsSchema,
  byCounter: z.array(totalsSchema.extend({ counterId: z.string(), code: z.string(), name: z.string(), status: z.enum(['open', 'closed']) })),
  /** Count and money per mode (the item row's sum is 0: items are never money; their estimate is totals.item). */
  byMode: z.array(z.object({ mode: paymentModeSchema, count: z.number().int(), sum: z.number().int() })),
  /** Count and money per local hour of entry (see tzOffset), oldest first, for charts. */
  byHour: z.array(z.object({ hour: z.string(), count: z.number().int(), sum: z.number().int() })),
  lastReceivedAt: z.string().nullable(),
});
export type EventTotals = z.infer<typeof eventTotalsResponseSchema>;

// ---------- counters and staff ----------
export const counterStaffSchema = z.object({ userId: z.string(), name: z.string(), username: z.string(), hasPin: z.boolean(), disabled: z.boolean() });
export const counterViewSchema = counterSchema.extend({
  eventTitle: z.string(),
  staff: z.array(counterStaffSchema),
  totals: totalsSchema,
  /** Live gifts that arrived while the counter was not open (flag after_close): NOT in its closing count. */
  afterClose: z.object({ count: z.number().int(), cash: z.number().int() }).optional(),
});
export type CounterView = z.infer<typeof counterViewSchema>;

/** GET /moi/counters?eventId=&status= — eventOwner group: counters of visible events (app_admin: all). */
export const listCountersQuerySchema = z.object({ eventId: z.string().optional(), status: z.enum(['open', 'closed']).optional() });
export type ListCountersQuery = z.infer<typeof listCountersQuerySchema>;
export const listCountersResponseSchema = z.object({ counters: z.array(counterViewSchema) });

/** POST /moi/events/:eventId/counters — admin of the event. Code unique in the event (409 conflict). Starts closed. */
export const createCounterBodySchema = z.object({
  id: idSchema.optional(),
  code: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,3}$/, '1–3 letters or digits'),
  name: z.string().trim().max(100).default(''),
  staffIds: z.array(z.string()).max(50).optional(),
});
export type CreateCounterBody = z.input<typeof createCounterBodySchema>;
/** PATCH /moi/counters/:id — rename / recode. */
export const updateCounterBodySchema = z.object({
  code: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,3}$/, '1–3 letters or digits').optional(),
  name: z.string().trim().max(100).optional(),
});
export type UpdateCounterBody = z.input<typeof updateCounterBodySchema>;
/** PUT /moi/counters/:id/staff — the full set of assigned staff (counter_staff users; PINs of kept staff stay; adding a disabled account: 409 user_disabled). */
export const assignStaffBodySchema = z.object({ userIds: z.array(z.string()).max(50) });
/** POST /moi/counters/:id/open — REST convenience for counter.open (409 event_closed if the event is closed). */
export const counterResponseSchema = z.object({ counter: counterViewSchema });
export type CounterResponse = z.infer<typeof counterResponseSchema>;

/** PUT /moi/counters/:counterId/staff/:userId/pin — admin of the event; staff must be assigned (409 not_assigned) and enabled (409 user_disabled). */
export const setPinBodySchema = z.object({ pin: pinSchema });

// ---------- gifts (reads) ----------
export const giftRowSchema = giftSchema.extend({ eventTitle: z.string(), counterCode: z.string(), enteredByName: z.string().nullable(), deletedByName: z.string().nullable() });
export type GiftRow = z.infer<typeof giftRowSchema>;

/**
 * GET /moi/gifts — eventOwner group, gifts of visible events only. q: every word must appear in
 * the name, initial, village, receipt number or mobile (case-insensitive, Tamil or English, any
 * order: "murugan melur"). from/to are ISO on enteredAt. Newest first.
 * GET /moi/gifts/deleted — same query, deleted gifts only, eventAdmin group (events they administer).
 */
export const listGiftsQuerySchema = z.object({
  eventId: z.string().optional(),
  counterId: z.string().optional(),
  mode: paymentModeSchema.optional(),
  q: z.string().max(100).optional(),
  from: isoSchema.optional(),
  to: isoSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ListGiftsQuery = z.input<typeof listGiftsQuerySchema>;
export const listGiftsResponseSchema = z.object({
  gifts: z.array(giftRowSchema),
  /** Number of gifts matching the filter (for paging). */
  total: z.number().int(),
  /** Totals over all matching gifts, not just this page. */
  totals: totalsSchema,
});
export type ListGiftsResponse = z.infer<typeof listGiftsResponseSchema>;

/** GET /moi/gifts/:id/audit — who changed what: eventOwner group in scope, or staff assigned to the gift's counter. */
export const giftAuditResponseSchema = z.object({
  gift: giftRowSchema,
  audits: z.array(giftAuditSchema.extend({ byName: z.string().nullable() })),
});
export type GiftAuditResponse = z.infer<typeof giftAuditResponseSchema>;

/** POST /moi/gifts/:id/review — an admin of the gift's event marks a flagged gift reviewed (who and when: the server's). */
export const reviewGiftBodySchema = z.object({ note: z.string().trim().max(500).optional() });
export const reviewGiftResponseSchema = z.object({ gift: giftRowSchema });
export type ReviewGiftResponse = z.infer<typeof reviewGiftResponseSchema>;

// ---------- memberships and sign-ups (app_admin) ----------
/** `status` reads 'expired' for an active membership whose validTo (YYYY-MM-DD) is before today (UTC). */
export const membershipRowSchema = membershipSchema.extend({ holderName: z.string(), holderUsername: z.string(), price: z.number().int(), createdAt: z.string() });
export type MembershipRow = z.infer<typeof membershipRowSchema>;
export const listMembershipsResponseSchema = z.object({ memberships: z.array(membershipRowSchema) });
export const createMembershipBodySchema = z.object({
  id: idSchema.optional(),
  plan: planSchema,
  holderId: z.string().min(1),
  validFrom: dateSchema,
  validTo: dateSchema.nullable().optional(),
  /** The sign-up request this membership converts (its status becomes 'converted'). */
  signupId: z.string().optional(),
});
export type CreateMembershipBody = z.input<typeof createMembershipBodySchema>;
export const updateMembershipBodySchema = z.object({
  status: z.enum(membershipStatuses).optional(),
  validTo: dateSchema.nullable().optional(),
});
export type UpdateMembershipBody = z.input<typeof updateMembershipBodySchema>;
export const membershipResponseSchema = z.object({ membership: membershipRowSchema });

export const signupStatuses = ['new', 'contacted', 'converted', 'rejected'] as const;
export const signupRowSchema = signupSchema.extend({
  takenBy: z.string(),
  takenByName: z.string().nullable(),
  counterId: z.string().nullable(),
  status: z.enum(signupStatuses),
});
export type SignupRow = z.infer<typeof signupRowSchema>;
export const listSignupsResponseSchema = z.object({ signups: z.array(signupRowSchema) });
/** PATCH /moi/signups/:id */
export const updateSignupBodySchema = z.object({ status: z.enum(signupStatuses) });
export const signupResponseSchema = z.object({ signup: signupRowSchema });

// ---------- dashboard (app_admin) ----------
/**
 * A device "has unsynced work" when either
 *  - it has rejected mutations in the last 7 days (they stay in its outbox, shown to its user), or
 *  - it entered gifts for a counter that is still open and has not been heard from (no request
 *    of any kind) for more than DEVICE_SILENT_MINUTES — it may be holding entries offline.
 */
export const DEVICE_SILENT_MINUTES = 15;
/** GET /moi/dashboard?date=YYYY-MM-DD — "today" as the caller's local date (default: the server's UTC date). */
export const dashboardQuerySchema = z.object({ date: dateSchema.optional() });
export const dashboardDeviceSchema = z.object({
  deviceId: z.string(),
  code: z.string(),
  label: z.string().nullable(),
  userName: z.string().nullable(),
  lastSeenAt: z.string(),
  lastPushAt: z.string().nullable(),
  rejected: z.number().int(),
  silentOnOpenCounter: z.boolean(),
});
export const dashboardResponseSchema = z.object({
  today: z.string(), // YYYY-MM-DD, the date asked for (or the server's UTC date)
  eventsToday: z.array(eventSummarySchema),
  totals: z.object({
    events: z.number().int(),
    openEvents: z.number().int(),
    counters: z.number().int(),
    openCounters: z.number().int(),
    gifts: z.number().int(),
    /** Money of the live gifts (cash, UPI, cheque: contract/money.ts; items never), as is amountToday. */
    amount: z.number().int(),
    /** Live gifts of the events dated today. */
    giftsToday: z.number().int(),
    amountToday: z.number().int(),
    users: z.number().int(),
    newSignups: z.number().int(),
  }),
  devicesWithUnsyncedWork: z.array(dashboardDeviceSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

// ---------- devices (app_admin) ----------
/** A registered installation (tablet / phone). Revoking a lost tablet signs it out and refuses its pushes and logins. */
export const deviceRowSchema = z.object({
  deviceId: z.string(),
  code: z.string(),
  label: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  lastSeenAt: z.string(),
  createdAt: z.string(),
  revoked: z.boolean(),
  activeSessions: z.number().int(),
  /** Mutations this device pushed that the server rejected (they wait in its outbox). */
  rejected: z.number().int(),
  lastPushAt: z.string().nullable(),
});
export type DeviceRow = z.infer<typeof deviceRowSchema>;
/** GET /moi/devices — newest seen first. */
export const listDevicesResponseSchema = z.object({ devices: z.array(deviceRowSchema) });
/**
 * POST /moi/devices/:id/revoked — { revoked: true } signs the device out (its sessions are revoked),
 * and the server refuses its logins and pushes (unsynced entries on it can only be recovered through
 * "Export unsynced entries" on the device). { revoked: false } lets it sign in again.
 */
export const setDeviceRevokedBodySchema = z.object({ revoked: z.boolean() });
export const deviceResponseSchema = z.object({ device: deviceRowSchema });
