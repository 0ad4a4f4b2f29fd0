// Who may apply which mutation: ONE pure policy per mutation, imported by the server (which
// enforces it) and by the PWA's guards (which only mirror it, to hide a button the server would
// refuse). Inputs are plain data the caller has loaded; no I/O here.
//
// Answers never reveal whether something outside the actor's scope exists: out of scope and
// missing both answer not_found.
import type { ErrorCode } from './errors';
import type { Role } from './roles';

/** A set of ids, or every id (the app admin). */
export type Scope = 'all' | ReadonlySet<string>;
const has = (s: Scope, id: string) => s === 'all' || s.has(id);

export type PolicyActor = {
  id: string;
  role: Role;
  /** Events the actor administers. */
  adminOf: Scope;
  /** Events the actor owns (reads all their gifts). */
  ownerOf: Scope;
  /** Counters the actor is assigned to. */
  staffOf: ReadonlySet<string>;
  /** Hosts who share their ledger with the actor as a family member (issue 30), with the member's role. */
  ledgerOf?: ReadonlyMap<string, LedgerMemberRole>;
};

export type LedgerMemberRole = 'view' | 'edit';

export type Decision = { ok: true } | { ok: false; code: ErrorCode; reason: string };
const allow: Decision = { ok: true };
const deny = (code: ErrorCode, reason: string): Decision => ({ ok: false, code, reason });

export const isEventAdmin = (a: PolicyActor, eventId: string) => has(a.adminOf, eventId);
/** Counter staff see their own counters only (not the event's other counters), as the pull sends them. */
export const seesCounter = (a: PolicyActor, c: { id: string; eventId: string }) => has(a.adminOf, c.eventId) || has(a.ownerOf, c.eventId) || a.staffOf.has(c.id);

export type CounterFacts = { id: string; eventId: string; status: 'open' | 'closed' | string };
export type GiftFacts = { eventId: string; counterId: string; enteredBy: string };

/**
 * gift.create: an admin of the event, or staff assigned to the counter. The counter's status is
 * NOT a reason: cash already received is recorded (flagged after_close), never refused. A user
 * with no part in the counter is refused: the "never refuse money" rule protects gifts keyed on a
 * legitimate device by its staff, not writes into another counter's book.
 */
function giftCreate(a: PolicyActor, counter: CounterFacts | undefined): Decision {
  if (!counter || !seesCounter(a, counter)) return deny('not_found', 'Counter not found');
  if (isEventAdmin(a, counter.eventId) || a.staffOf.has(counter.id)) return allow;
  return deny('not_assigned', 'You are not assigned to this counter');
}

/**
 * gift.update / delete / restore: an admin of the event any gift; counter staff only gifts the
 * server recorded as entered by THEM (never "as" a colleague), while their counter is open.
 */
function giftChange(a: PolicyActor, gift: GiftFacts | undefined, counter: CounterFacts | undefined): Decision {
  if (!gift || !counter) return deny('not_found', 'Gift not found');
  if (isEventAdmin(a, gift.eventId)) return allow;
  if (!seesCounter(a, { id: gift.counterId, eventId: gift.eventId })) return deny('not_found', 'Gift not found');
  if (!a.staffOf.has(gift.counterId)) return deny('forbidden', 'Only the event’s admins and the counter’s staff may change its gifts');
  if (gift.enteredBy !== a.id) return deny('forbidden', 'Counter staff may change only their own entries');
  if (counter.status !== 'open') return deny('counter_closed', 'The counter is closed');
  return allow;
}

/**
 * gift.reprint (issue 28): a duplicate receipt, from an admin of the event or any staff of the
 * gift's counter (a colleague's giver comes back for a copy too), open or closed.
 */
function giftReprint(a: PolicyActor, gift: GiftFacts | undefined): Decision {
  if (!gift) return deny('not_found', 'Gift not found');
  if (isEventAdmin(a, gift.eventId)) return allow;
  if (!seesCounter(a, { id: gift.counterId, eventId: gift.eventId })) return deny('not_found', 'Gift not found');
  if (!a.staffOf.has(gift.counterId)) return deny('forbidden', 'Only the event’s admins and the counter’s staff print its receipts');
  return allow;
}

function counterOpen(a: PolicyActor, counter: CounterFacts | undefined): Decision {
  if (!counter || !seesCounter(a, counter)) return deny('not_found', 'Counter not found');
  if (!isEventAdmin(a, counter.eventId)) return deny('forbidden', 'Only an admin of this event may open a counter');
  return allow;
}

function counterClose(a: PolicyActor, counter: CounterFacts | undefined): Decision {
  if (!counter || !seesCounter(a, counter)) return deny('not_found', 'Counter not found');
  if (isEventAdmin(a, counter.eventId) || a.staffOf.has(counter.id)) return allow;
  return deny('not_assigned', 'You are not assigned to this counter');
}

/** What is known of the target: a device knows only its own user row (and the id it names). */
type ProfileTarget = { id: string; username?: string; mobile?: string | null };
type ProfileChange = { id: string; username?: string; mobile?: string };
function profileUpdate(a: PolicyActor, target: ProfileTarget | undefined, change: ProfileChange): Decision {
  // Someone else's profile: refused without saying whether that user exists.
  if (a.role !== 'app_admin' && change.id !== a.id && target?.id !== a.id) return deny('forbidden', 'You may change only your own profile');
  if (!target) return deny('not_found', 'User not found');
  if (a.role === 'app_admin') return allow;
  if (change.username !== undefined && change.username !== target.username) return deny('forbidden', 'Only an app admin can change the username');
  if (change.mobile !== undefined && change.mobile !== target.mobile) return deny('forbidden', 'Only an app admin can change the mobile number');
  return allow;
}

/** Any signed-in user may take a sign-up request at a counter. */
const signupCreate = (): Decision => allow;

/** Marking a flagged gift reviewed: an admin of its event. */
function giftReview(a: PolicyActor, gift: GiftFacts | undefined): Decision {
  if (!gift || !seesCounter(a, { id: gift.counterId, eventId: gift.eventId })) return deny('not_found', 'Gift not found');
  if (!isEventAdmin(a, gift.eventId)) return deny('forbidden', 'Only an admin of this event may review its gifts');
  return allow;
}

/** The moi book's order of an event: its owners and admins (an app admin any event). */
function eventBookOrder(a: PolicyActor, event: { id: string } | undefined): Decision {
  if (!event || !(has(a.adminOf, event.id) || has(a.ownerOf, event.id))) return deny('not_found', 'Event not found');
  return allow;
}

/**
 * The host's merges and renames of villages in an event's moi book (issue 27 item 5): its owners and
 * admins (an app admin any event). Staff of one of its counters see the event but may not change its
 * book (forbidden); anyone else answers not_found.
 */
function eventBookVillages(a: PolicyActor, event: { id: string } | undefined, counters: ReadonlyArray<{ id: string; eventId: string }>): Decision {
  if (!event) return deny('not_found', 'Event not found');
  if (has(a.adminOf, event.id) || has(a.ownerOf, event.id)) return allow;
  if (counters.some((c) => c.eventId === event.id && a.staffOf.has(c.id))) return deny('forbidden', 'Only the event’s owners and admins change its moi book');
  return deny('not_found', 'Event not found');
}

/** A row of a host's ledger (person, given moi, invitation, family, merge record): whose ledger it is. */
export type LedgerFacts = { ownerId: string };

/**
 * Ledger writes (issue 12): a host writes only their own ledger; counter staff never. A row of
 * another host's ledger answers not_found (its existence is not revealed). `row` undefined: a new row.
 */
function ledgerWrite(a: PolicyActor, row: LedgerFacts | undefined): Decision {
  if (a.role === 'counter_staff') return deny('forbidden', 'Counter staff do not keep a ledger');
  if (row && row.ownerId !== a.id) return deny('not_found', 'Not found in your ledger');
  return allow;
}

/**
 * Reading a host's ledger (people, totals, person cards, given moi, invitations, the due list): the
 * host; the family members they share it with (view or edit); an app admin. An event admin runs the
 * host's counters, not the family's books: they get the counter hint of the events they administer
 * (ledger.hint), never the whole ledger. Anyone else (a removed member too): not_found.
 */
function ledgerRead(a: PolicyActor, ownerId: string): Decision {
  if (a.id === ownerId || a.role === 'app_admin' || a.ledgerOf?.has(ownerId)) return allow;
  return deny('not_found', 'Ledger not found');
}

/**
 * Recording into a ledger what the family gave or was invited to (moi given, invitations; issue 30):
 * the host into their own, and a family member with the edit role into the host's. `row`: the
 * existing row, or for a new one the ledger it goes into. A viewer is refused; anyone else, a
 * removed member too, answers not_found. Counter staff never keep a ledger.
 */
function ledgerRecord(a: PolicyActor, row: LedgerFacts | undefined): Decision {
  if (!row || row.ownerId === a.id) return ledgerWrite(a, row);
  const role = a.ledgerOf?.get(row.ownerId);
  if (!role) return deny('not_found', 'Not found in your ledger');
  if (role !== 'edit') return deny('forbidden', 'You may view this family’s ledger, not write in it');
  return allow;
}

/** Who shares a ledger, and with what role: its host only (members cannot invite or remove others). */
function ledgerShare(a: PolicyActor, ownerId: string): Decision {
  if (a.role === 'counter_staff') return deny('forbidden', 'Counter staff do not keep a ledger');
  if (a.id !== ownerId) return deny('not_found', 'Ledger not found');
  return allow;
}

/** The counter hint of an event: its staff, owners and admins (staff see only the hint, never the ledger). */
function ledgerHint(a: PolicyActor, eventId: string, counters: ReadonlyArray<{ id: string; eventId: string }>): Decision {
  if (has(a.adminOf, eventId) || has(a.ownerOf, eventId)) return allow;
  if (counters.some((c) => c.eventId === eventId && a.staffOf.has(c.id))) return allow;
  return deny('not_found', 'Event not found');
}

/** Naming the host's nominees (and their PINs): an admin of the event. */
function nomineeSave(a: PolicyActor, eventId: string, visible: boolean): Decision {
  if (isEventAdmin(a, eventId)) return allow;
  if (!visible) return deny('not_found', 'Event not found');
  return deny('forbidden', 'Only an admin of this event may name its nominees');
}

/**
 * A handover of cash: from a counter, an admin of its event or its staff, once the counter is
 * closed with a count; from the event admin, an admin of the event.
 */
function handoverCreate(a: PolicyActor, from: { kind: 'counter'; counter: CounterFacts | undefined } | { kind: 'event_admin'; eventId: string }): Decision {
  if (from.kind === 'event_admin') {
    return isEventAdmin(a, from.eventId) ? allow : deny('forbidden', 'Only an admin of this event hands over from the event admin');
  }
  const c = from.counter;
  if (!c || !seesCounter(a, c)) return deny('not_found', 'Counter not found');
  if (!isEventAdmin(a, c.eventId) && !a.staffOf.has(c.id)) return deny('not_assigned', 'You are not assigned to this counter');
  if (c.status !== 'closed') return deny('conflict', 'Close the counter with its cash count before handing over');
  return allow;
}

/** Village shortcuts of an event (issue 18): its admins, and staff assigned to one of its counters. */
function villageShortcut(a: PolicyActor, eventId: string, counters: ReadonlyArray<{ id: string; eventId: string }>): Decision {
  if (has(a.adminOf, eventId)) return allow;
  if (counters.some((c) => c.eventId === eventId && a.staffOf.has(c.id))) return allow;
  if (has(a.ownerOf, eventId)) return deny('forbidden', 'Only the event’s admins and counter staff set village shortcuts');
  return deny('not_found', 'Event not found');
}

/** A guest display of a counter (issue 18): staff assigned to it, or an admin of its event. */
function guestDisplay(a: PolicyActor, counter: CounterFacts | undefined): Decision {
  if (!counter || !seesCounter(a, counter)) return deny('not_found', 'Counter not found');
  if (isEventAdmin(a, counter.eventId) || a.staffOf.has(counter.id)) return allow;
  return deny('not_assigned', 'You are not assigned to this counter');
}

/** What is known of an organisation (issue 29): its id and its admins' user ids. */
export type OrgFacts = { id: string; adminIds: readonly string[] };

/**
 * An organisation (hall, venue) — membership is a scope, not a role (issue 29): its admins (event_admin
 * accounts) administer all its events and manage its details and staff pool; the app admin also names
 * its admins. Anyone else — another hall's admin too — answers not_found (one hall never sees another).
 */
function orgManage(a: PolicyActor, org: OrgFacts | undefined, what: 'details' | 'staff' | 'admins'): Decision {
  if (a.role === 'app_admin') return org ? allow : deny('not_found', 'Organisation not found');
  if (!org || a.role !== 'event_admin' || !org.adminIds.includes(a.id)) return deny('not_found', 'Organisation not found');
  if (what === 'admins') return deny('forbidden', 'Only the service admin names an organisation’s admins');
  return allow;
}

export const policy = {
  'gift.create': giftCreate,
  'gift.update': giftChange,
  'gift.delete': giftChange,
  'gift.restore': giftChange,
  'gift.review': giftReview,
  'gift.reprint': giftReprint,
  'counter.open': counterOpen,
  'counter.close': counterClose,
  'nominee.save': nomineeSave,
  'handover.create': handoverCreate,
  'profile.update': profileUpdate,
  'signup.create': signupCreate,
  'event.bookOrder': eventBookOrder,
  'event.bookVillages': eventBookVillages,
  'ledger.write': ledgerWrite,
  'ledger.read': ledgerRead,
  'ledger.record': ledgerRecord,
  'ledger.share': ledgerShare,
  'ledger.hint': ledgerHint,
  'event.villageShortcut': villageShortcut,
  'counter.guestDisplay': guestDisplay,
  'org.manage': orgManage,
} as const;

/** The policy actor from what a device holds: the signed-in user, its events and counters. */
export function policyActorFrom(
  user: { id: string; role: Role },
  events: ReadonlyArray<{ id: string; adminIds: readonly string[]; ownerIds: readonly string[] }>,
  counters: ReadonlyArray<{ id: string; eventId: string; staffIds: readonly string[] }>,
  /** The ledgers shared with the user (GET /moi/ledger/owners: each host with the user's role). */
  sharedLedgers: ReadonlyArray<{ id: string; role?: LedgerMemberRole | null }> = [],
): PolicyActor {
  const all = user.role === 'app_admin';
  const mine = counters.filter((c) => c.staffIds.includes(user.id));
  return {
    id: user.id,
    role: user.role,
    adminOf: all ? 'all' : new Set(user.role === 'event_admin' ? events.filter((e) => e.adminIds.includes(user.id)).map((e) => e.id) : []),
    ownerOf: all ? 'all' : new Set(events.filter((e) => e.ownerIds.includes(user.id)).map((e) => e.id)),
    staffOf: new Set(mine.map((c) => c.id)),
    ledgerOf: new Map(sharedLedgers.flatMap((l) => (l.role && l.id !== user.id ? [[l.id, l.role] as const] : []))),
  };
}
