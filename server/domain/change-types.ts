// The change types the sync pull serves (issue 26: one registry). Per type: which change-log rows a
// caller sees (from their scope ids), the ids that decision depends on (its scope fingerprint:
// contract/sync.ts pullScopeSchema), and how the current rows of changed entities are loaded and
// shaped for the device, and which live notifications concern the caller. sync-pull.ts builds its
// WHERE clause, its fingerprints and its page's rows from this table alone, and the live stream
// (live.ts noteMeetsScope) its filter. Kept in step with moi_change_notify() (migrations 0005–0013),
// which names the ids of a commit's changes in one payload for all types (not yet derived from here).
import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { changeTypes, parseStaffPinId, staffPinId, type Change, type ChangeType } from '../../contract/sync';
import type { Db } from '../db/client';
import { changeLog, counterStaff, counters, custodyHandovers, eventMembers, eventNominees, events, giftAudit, gifts, memberships, signups, users } from '../db/schema';
import { parsePinHash } from '../passwords';
import { publicUser } from '../session';
import { handoverOut, nomineeOut } from './custody';
import { ledgerHintRows } from './ledger-sync';
import { giftJsonSql } from './management/views';
import type { ScopeIds } from './sync-pull';
import { auditOut, counterOut, eventOut, membershipOut, signupOut } from './sync-views';

type Row = NonNullable<Change['row']>;

/**
 * The ids a live notification names (moi_change_notify, migrations 0005–0013): ge/gc the events and
 * counters of gifts, audits, counters, nominees and handovers; pe/pc of staff PINs; ev of events and
 * nominees; uu/ue users (their row's user, their id); mu members of memberships and sign-ups; lo the
 * hosts of ledger lines.
 */
export type NoteIds = { ge?: string[]; gc?: string[]; pe?: string[]; pc?: string[]; ev?: string[]; uu?: string[]; ue?: string[]; mu?: string[]; lo?: string[] };
/** A live stream's scope ids as sets (live.ts). */
export type ScopeSets = { staff: boolean; me: string; visible: Set<string>; myCounters: Set<string>; adminEvents: Set<string>; managedUsers: Set<string>; ledgerOwners: Set<string> };
const meets = (ids: string[] | undefined, set: Set<string>) => !!ids?.some((x) => set.has(x));
/** Gifts, audits, counters and handovers: staff by their counters, everyone else by their events. */
const hearsCounterRows = (n: NoteIds, s: ScopeSets) => (s.staff ? meets(n.gc, s.myCounters) : meets(n.ge, s.visible));

export type ChangeTypeDef = {
  /** Would a pull by this scope return a row of this type that this notification announces? (the live stream's filter) */
  hears: (n: NoteIds, s: ScopeSets) => boolean;
  /** The change_log rows of this type the caller sees (a non-app-admin's scope). */
  visible: (s: ScopeIds) => SQL;
  /** The id lists `visible` depends on: the type's scope fingerprint hashes exactly these. */
  scopeParts: (s: ScopeIds) => string[][];
  /** The current rows of the page's changed entities: `ids`, or `slice` (the same ids as a subquery over the log). */
  load: (db: Db, ids: string[], slice: SQLWrapper) => Promise<Array<[string, Row]>>;
};

const within = (col: Parameters<typeof inArray>[0], ids: string[]): SQL => (ids.length ? inArray(col, ids) : sql`false`);
const staff = (s: ScopeIds) => s.role === 'counter_staff';
/** Gifts, audits, counters and handovers: staff see their own counters', everyone else their events'. */
const counterRows = (s: ScopeIds): SQL => (staff(s) ? within(changeLog.counterId, s.myCounters) : within(changeLog.eventId, s.visible));
const counterParts = (s: ScopeIds) => [staff(s) ? s.myCounters : s.visible];

export const changeTypeDefs: Record<ChangeType, ChangeTypeDef> = {
  gift: {
    hears: hearsCounterRows,
    visible: counterRows,
    scopeParts: counterParts,
    // Postgres builds each gift's JSON, one text value for the whole page (a fresh device pulls tens of thousands).
    load: async (db, _ids, slice) => {
      const [agg] = await db.select({ json: sql<string>`coalesce(json_agg(${giftJsonSql()}), '[]')::text` }).from(gifts).where(inArray(gifts.id, slice));
      return (JSON.parse(agg.json) as Array<Row & { id: string }>).map((r) => [r.id, r]);
    },
  },
  audit: {
    hears: hearsCounterRows,
    visible: counterRows,
    scopeParts: counterParts,
    load: async (db, _ids, slice) => (await db.select().from(giftAudit).where(inArray(giftAudit.id, slice))).map((a) => [a.id, auditOut(a)]),
  },
  counter: {
    hears: hearsCounterRows,
    // A counter's own row is logged with its event; staff also receive their counters by id.
    visible: (s) => (staff(s) ? or(within(changeLog.counterId, s.myCounters), within(changeLog.entityId, s.myCounters))! : within(changeLog.eventId, s.visible)),
    scopeParts: counterParts,
    load: async (db, ids) => {
      const cs = await db.select().from(counters).where(inArray(counters.id, ids));
      const st = await db.select({ c: counterStaff.counterId, u: counterStaff.userId }).from(counterStaff).where(inArray(counterStaff.counterId, ids));
      return cs.map((c) => [c.id, counterOut(c, st.filter((x) => x.c === c.id).map((x) => x.u))]);
    },
  },
  staffPin: {
    hears: (n, s) => meets(n.pc, s.myCounters) || meets(n.pe, s.adminEvents),
    visible: (s) => or(within(changeLog.counterId, s.myCounters), within(changeLog.eventId, s.adminEvents))!,
    scopeParts: (s) => [s.myCounters, s.adminEvents],
    load: async (db, ids) => {
      const cids = [...new Set(ids.map(parseStaffPinId).filter((p) => p !== null).map((p) => p.counterId))];
      if (!cids.length) return [];
      const found = await db.select({ c: counterStaff.counterId, u: counterStaff.userId, salt: counterStaff.pinSalt, hash: counterStaff.pinHash, name: users.name, disabled: users.disabled })
        .from(counterStaff).innerJoin(users, eq(users.id, counterStaff.userId)).where(inArray(counterStaff.counterId, cids));
      // No PIN, or a disabled account: a tombstone (it must not switch in offline).
      return found.filter((f) => f.hash && f.salt && !f.disabled).map((f) => {
        const { hash, iterations } = parsePinHash(f.hash!);
        const id = staffPinId(f.c, f.u);
        return [id, { id, counterId: f.c, userId: f.u, name: f.name, salt: f.salt!, hash, iterations }];
      });
    },
  },
  event: {
    hears: (n, s) => meets(n.ev, s.visible),
    visible: (s) => or(within(changeLog.eventId, s.visible), within(changeLog.entityId, s.visible))!,
    scopeParts: (s) => [s.visible],
    load: async (db, ids) => {
      const es = await db.select().from(events).where(inArray(events.id, ids));
      const ms = await db.select().from(eventMembers).where(inArray(eventMembers.eventId, ids));
      return es.map((e) => {
        const mine = ms.filter((m) => m.eventId === e.id);
        return [e.id, eventOut(e, mine.filter((m) => m.role === 'owner').map((m) => m.userId), mine.filter((m) => m.role === 'admin').map((m) => m.userId))];
      });
    },
  },
  user: {
    hears: (n, s) => !!n.uu?.includes(s.me) || !!n.ue?.includes(s.me) || meets(n.uu, s.managedUsers),
    visible: (s) => or(eq(changeLog.userId, s.userId), eq(changeLog.entityId, s.userId), within(changeLog.userId, s.managedUsers))!,
    scopeParts: (s) => [[s.userId], s.managedUsers],
    load: async (db, ids) => (await db.select().from(users).where(inArray(users.id, ids))).map((u) => [u.id, publicUser(u)]),
  },
  membership: {
    hears: (n, s) => !!n.mu?.includes(s.me),
    visible: (s) => eq(changeLog.userId, s.userId),
    scopeParts: (s) => [[s.userId]],
    load: async (db, ids) => (await db.select().from(memberships).where(inArray(memberships.id, ids))).map((m) => [m.id, membershipOut(m)]),
  },
  signup: {
    hears: (n, s) => !!n.mu?.includes(s.me),
    visible: (s) => eq(changeLog.userId, s.userId),
    scopeParts: (s) => [[s.userId]],
    load: async (db, ids) => (await db.select().from(signups).where(inArray(signups.id, ids))).map((x) => [x.id, signupOut(x)]),
  },
  // Custody (issue 18): nominees (with their PIN hash, for the offline check) to everyone who sees
  // the event; handovers like counters — staff those of their counters (given or received).
  nominee: {
    hears: (n, s) => meets(n.ev, s.visible),
    visible: (s) => within(changeLog.eventId, s.visible),
    scopeParts: (s) => [s.visible],
    load: async (db, ids) => (await db.select().from(eventNominees).where(inArray(eventNominees.id, ids))).map((n) => [n.id, nomineeOut(n)]),
  },
  handover: {
    hears: hearsCounterRows,
    visible: counterRows,
    scopeParts: counterParts,
    load: async (db, ids) => (await db.select().from(custodyHandovers).where(inArray(custodyHandovers.id, ids))).map((h) => [h.id, handoverOut(h)]),
  },
  // A host's ledger lines, to themself and, for the counter hint, to those who run or staff their events.
  ledgerPerson: {
    hears: (n, s) => meets(n.lo, s.ledgerOwners),
    visible: (s) => within(changeLog.userId, s.ledgerOwners),
    scopeParts: (s) => [s.ledgerOwners],
    load: async (db, _ids, slice) => (await ledgerHintRows(db, slice)).map((r) => [r.id, r]),
  },
};

/** Would a pull by this scope return any row this notification announces? */
export const noteHeard = (n: NoteIds, s: ScopeSets): boolean => changeTypes.some((t) => changeTypeDefs[t].hears(n, s));

/** The WHERE clause over change_log of everything a (non-app-admin) caller sees. */
export const visibleChanges = (s: ScopeIds, types: readonly ChangeType[]): SQL =>
  or(...types.map((t) => and(eq(changeLog.type, t), changeTypeDefs[t].visible(s))))!;
