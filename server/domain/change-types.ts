// The change types the sync pull serves (issue 26: one registry). Per type: which change-log rows a
// caller sees (from their scope ids), the ids that decision depends on (its scope fingerprint:
// contract/sync.ts pullScopeSchema), and how the current rows of changed entities are loaded and
// shaped for the device, and which live notifications concern the caller. sync-pull.ts builds its
// WHERE clause, its fingerprints and its page's rows from this table alone, and the live stream
// (live.ts noteMeetsScope) its filter; and the database's side: which writes log a change of the
// type (`log`) and which ids its live notification names (`notes`), from which change-log-sql.ts
// generates the one trigger function, its triggers and moi_change_notify() (`npm run db:change-log`
// writes them as a migration; change-log-sql.test.ts fails while the database differs from here).
import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { changeTypes, parseStaffPinId, staffPinId, type Change, type ChangeType } from '../../contract/sync';
import type { Db } from '../db/client';
import { changeLog, counterStaff, counters, custodyHandovers, eventMembers, eventNominees, events, giftAudit, gifts, memberships, signups, users } from '../db/schema';
import { parsePinHash } from '../passwords';
import { publicUser } from '../session';
import { handoverOut, nomineeOut } from './custody';
import { orgBrands } from './org-brand';
import { orgAdminsOfEvents } from './scope';
import { ledgerHintRows } from './ledger-sync';
import { aliasGroupsOf, ownersAliasGroups } from './village-aliases';
import { giftJsonSql } from './management/views';
import type { ScopeIds } from './sync-pull';
import { auditOut, counterOut, eventOut, membershipOut, signupOut } from './sync-views';

type Row = NonNullable<Change['row']>;

export type LogOp = 'INSERT' | 'UPDATE' | 'DELETE';
/**
 * Rows of change_log a write to `table` logs: `SELECT [DISTINCT] '<type>', <cols> [FROM <from>] [WHERE <where>]`,
 * where `cols` gives entity_id, event_id, counter_id, user_id, deleted (`del`: whether the write was a
 * delete) and `changed` is the statement's transition table. `oldToo`: an update logs the rows as they were
 * as well as they are (a row moved to another person concerns both). `row`: a row trigger (NEW is the row)
 * fired only WHEN the condition holds.
 */
export type LogSource = {
  table: string;
  on: readonly LogOp[];
  cols: (del: 'true' | 'false') => string;
  from?: string;
  where?: string;
  distinct?: boolean;
  oldToo?: boolean;
  row?: { when: string };
};
const ALL: readonly LogOp[] = ['INSERT', 'UPDATE', 'DELETE'];
/** The common source: a table whose rows are the type's entities. */
const own = (table: string, cols: (del: 'true' | 'false') => string): LogSource => ({ table, on: ALL, cols, from: 'changed' });
/** change_log columns a notification key collects (DISTINCT, non-null). */
export type NoteColumn = 'entity_id' | 'event_id' | 'counter_id' | 'user_id';

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
  /** The writes that log a change of this type (the database's trigger function, generated). */
  log: readonly LogSource[];
  /** The ids a live notification of this type's changes names, by key (moi_change_notify, generated). */
  notes: Partial<Record<keyof NoteIds, readonly NoteColumn[]>>;
  /** Does a change of this type change who sees what? Live streams then recompute their scope (`s`). */
  rescopes?: boolean;
  /** Would a pull by this scope return a row of this type that this notification announces? (the live stream's filter) */
  hears: (n: NoteIds, s: ScopeSets) => boolean;
  /** The change_log rows of this type the caller sees (a non-app-admin's scope). */
  visible: (s: ScopeIds) => SQL;
  /** The id lists `visible` depends on: the type's scope fingerprint hashes exactly these. */
  scopeParts: (s: ScopeIds) => string[][];
  /** The current rows of the page's changed entities: `ids`, or `slice` (the same ids as a subquery over the log). */
  load: (db: Db, ids: string[], slice: SQLWrapper) => Promise<Array<[string, Row]>>;
};

/** users: a row trigger's condition, true when a column a device shows changed. */
const USER_PUBLIC_COLS = ['user_id', 'username', 'name', 'mobile', 'role', 'user_type', 'profile_image_path', 'disabled', 'updated_at', 'last_updated_by'];
const USER_PUBLIC_CHANGED = `(${USER_PUBLIC_COLS.map((c) => `OLD.${c}`).join(', ')}) IS DISTINCT FROM (${USER_PUBLIC_COLS.map((c) => `NEW.${c}`).join(', ')})`;

const within = (col: Parameters<typeof inArray>[0], ids: string[]): SQL => (ids.length ? inArray(col, ids) : sql`false`);
const staff = (s: ScopeIds) => s.role === 'counter_staff';
/** Gifts, audits, counters and handovers: staff see their own counters', everyone else their events'. */
const counterRows = (s: ScopeIds): SQL => (staff(s) ? within(changeLog.counterId, s.myCounters) : within(changeLog.eventId, s.visible));
const counterParts = (s: ScopeIds) => [staff(s) ? s.myCounters : s.visible];

export const changeTypeDefs: Record<ChangeType, ChangeTypeDef> = {
  gift: {
    log: [own('gifts', (del) => `id, event_id, counter_id, NULL, ${del}`)],
    notes: { ge: ['event_id'], gc: ['counter_id'] },
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
    log: [{ table: 'gift_audit', on: ALL, cols: (del) => `a.id, a.event_id, g.counter_id, NULL, ${del}`, from: 'changed a LEFT JOIN gifts g ON g.id = a.gift_id' }],
    notes: { ge: ['event_id'], gc: ['counter_id'] },
    hears: hearsCounterRows,
    visible: counterRows,
    scopeParts: counterParts,
    load: async (db, _ids, slice) => (await db.select().from(giftAudit).where(inArray(giftAudit.id, slice))).map((a) => [a.id, auditOut(a)]),
  },
  counter: {
    log: [
      own('counters', (del) => `id, event_id, id, NULL, ${del}`),
      // A counter's row lists its staff.
      { table: 'counter_staff', on: ['INSERT', 'DELETE'], cols: () => `c.id, c.event_id, c.id, NULL, false`, from: 'counters c', where: `c.id IN (SELECT counter_id FROM changed) AND NOT moi_logged('counter', c.id)` },
    ],
    notes: { ge: ['event_id'], gc: ['counter_id', 'entity_id'] },
    rescopes: true,
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
    log: [
      // A staff member's PIN is its own entry (only where there is one), withdrawn while the account is disabled.
      { table: 'counter_staff', on: ALL, cols: (del) => `s.counter_id || ':' || s.user_id, c.event_id, s.counter_id, NULL, ${del} OR coalesce(u.disabled, false)`,
        from: 'changed s JOIN counters c ON c.id = s.counter_id LEFT JOIN users u ON u.id = s.user_id', where: `s.pin_hash IS NOT NULL OR TG_OP <> 'INSERT'` },
      // A staff member's name and enabled state travel with their PIN entries.
      { table: 'users', on: ['UPDATE'], row: { when: USER_PUBLIC_CHANGED }, cols: () => `s.counter_id || ':' || s.user_id, c.event_id, s.counter_id, NULL, NEW.disabled`,
        from: 'counter_staff s JOIN counters c ON c.id = s.counter_id', where: 's.user_id = NEW.id AND s.pin_hash IS NOT NULL' },
    ],
    notes: { pe: ['event_id'], pc: ['counter_id'] },
    rescopes: true,
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
    log: [
      own('events', (del) => `id, id, NULL, NULL, ${del}`),
      { table: 'event_members', on: ALL, distinct: true, cols: () => `e.id, e.id, NULL, NULL, false`, from: 'events e', where: `e.id IN (SELECT event_id FROM changed) AND NOT moi_logged('event', e.id)` },
      // Someone newly put on a counter needs the event row too.
      { table: 'counter_staff', on: ['INSERT'], distinct: true, cols: () => `c.event_id, c.event_id, NULL, NULL, false`, from: 'counters c', where: `c.id IN (SELECT counter_id FROM changed) AND NOT moi_logged('event', c.event_id)` },
    ],
    notes: { ev: ['event_id', 'entity_id'] },
    rescopes: true,
    hears: (n, s) => meets(n.ev, s.visible),
    visible: (s) => or(within(changeLog.eventId, s.visible), within(changeLog.entityId, s.visible))!,
    // 'villageAliases': events now carry their owners' village alias groups (issue 27); a device that pulled
    // its events before holds rows without them, and the changed fingerprint has it pull them again, once.
    scopeParts: (s) => [s.visible, ['villageAliases']],
    load: async (db, ids) => {
      const es = await db.select().from(events).where(inArray(events.id, ids));
      const ms = await db.select().from(eventMembers).where(inArray(eventMembers.eventId, ids));
      // An organisation's admins administer all its events (issue 29): they are the event's admins too.
      const orgAdmins = await orgAdminsOfEvents(db, ids);
      const brands = await orgBrands(db, es.map((e) => e.orgId));
      const aliases = await ownersAliasGroups(db, ms.filter((m) => m.role === 'owner').map((m) => m.userId));
      return es.map((e) => {
        const mine = ms.filter((m) => m.eventId === e.id);
        const admins = [...new Set([...mine.filter((m) => m.role === 'admin').map((m) => m.userId), ...(orgAdmins.get(e.id) ?? [])])];
        const owners = mine.filter((m) => m.role === 'owner').map((m) => m.userId);
        // The owners' own village alias groups, for the book a device makes (village-aliases.ts).
        const villageAliases = aliasGroupsOf(aliases, owners);
        return [e.id, { ...eventOut(e, owners, admins, e.orgId ? brands.get(e.orgId) : null), ...(villageAliases.length ? { villageAliases } : {}) }];
      });
    },
  },
  user: {
    log: [
      { table: 'users', on: ['INSERT', 'DELETE'], cols: (del) => `id, NULL, NULL, id, ${del}`, from: 'changed' },
      // Sign-in bookkeeping and password changes are no change a device needs; the public columns are.
      { table: 'users', on: ['UPDATE'], row: { when: USER_PUBLIC_CHANGED }, cols: () => `NEW.id, NULL, NULL, NEW.id, false` },
    ],
    notes: { uu: ['user_id'], ue: ['entity_id'] },
    rescopes: true,
    hears: (n, s) => !!n.uu?.includes(s.me) || !!n.ue?.includes(s.me) || meets(n.uu, s.managedUsers),
    visible: (s) => or(eq(changeLog.userId, s.userId), eq(changeLog.entityId, s.userId), within(changeLog.userId, s.managedUsers))!,
    scopeParts: (s) => [[s.userId], s.managedUsers],
    load: async (db, ids) => (await db.select().from(users).where(inArray(users.id, ids))).map((u) => [u.id, publicUser(u)]),
  },
  membership: {
    log: [own('memberships', (del) => `id, NULL, NULL, holder_id, ${del}`)],
    notes: { mu: ['user_id'] },
    rescopes: true,
    hears: (n, s) => !!n.mu?.includes(s.me),
    visible: (s) => eq(changeLog.userId, s.userId),
    scopeParts: (s) => [[s.userId]],
    load: async (db, ids) => (await db.select().from(memberships).where(inArray(memberships.id, ids))).map((m) => [m.id, membershipOut(m)]),
  },
  signup: {
    log: [own('signups', (del) => `id, NULL, NULL, taken_by, ${del}`)],
    notes: { mu: ['user_id'] },
    hears: (n, s) => !!n.mu?.includes(s.me),
    visible: (s) => eq(changeLog.userId, s.userId),
    scopeParts: (s) => [[s.userId]],
    load: async (db, ids) => (await db.select().from(signups).where(inArray(signups.id, ids))).map((x) => [x.id, signupOut(x)]),
  },
  // Custody (issue 18): nominees (with their PIN hash, for the offline check) to everyone who sees
  // the event; handovers like counters — staff those of their counters (given or received).
  nominee: {
    log: [own('event_nominees', (del) => `id, event_id, NULL, NULL, ${del}`)],
    notes: { ge: ['event_id'], ev: ['event_id'] },
    rescopes: true,
    hears: (n, s) => meets(n.ev, s.visible),
    visible: (s) => within(changeLog.eventId, s.visible),
    scopeParts: (s) => [s.visible],
    load: async (db, ids) => (await db.select().from(eventNominees).where(inArray(eventNominees.id, ids))).map((n) => [n.id, nomineeOut(n)]),
  },
  handover: {
    // Under its event and the counter it left, and the counter it went to: both counters' staff see it.
    log: [
      own('custody_handovers', (del) => `id, event_id, from_counter_id, NULL, ${del}`),
      { table: 'custody_handovers', on: ALL, cols: (del) => `id, event_id, to_counter_id, NULL, ${del}`, from: 'changed', where: 'to_counter_id IS NOT NULL' },
    ],
    notes: { ge: ['event_id'], gc: ['counter_id'] },
    hears: hearsCounterRows,
    visible: counterRows,
    scopeParts: counterParts,
    load: async (db, ids) => (await db.select().from(custodyHandovers).where(inArray(custodyHandovers.id, ids))).map((h) => [h.id, handoverOut(h)]),
  },
  // A host's ledger lines, to themself and, for the counter hint, to those who run or staff their events.
  ledgerPerson: {
    // No moi_logged() de-duplication: a ledger refresh writes thousands of links in one statement,
    // and the pull keeps only the latest entry per entity anyway.
    log: [
      own('ledger_people', (del) => `id, NULL, NULL, owner_id, ${del}`),
      { table: 'ledger_links', on: ALL, oldToo: true, distinct: true, cols: () => `person_id, NULL, NULL, owner_id, false`, from: 'changed' },
      { table: 'ledger_given', on: ALL, oldToo: true, distinct: true, cols: () => `person_id, NULL, NULL, owner_id, false`, from: 'changed' },
      // A linked gift corrected or deleted changes that person's line.
      { table: 'gifts', on: ['UPDATE'], distinct: true, cols: () => `l.person_id, NULL, NULL, l.owner_id, false`, from: 'changed c JOIN ledger_links l ON l.gift_id = c.id' },
    ],
    notes: { lo: ['user_id'] },
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
