// Rows → the shapes of contract/admin.ts: events with their owners/admins, counters with staff and
// totals, managed users with their events and counters, gift rows with names. Also the totals SQL.
// eventView()/counterViews() are reusable by the sync pull (they produce contract entities).
import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { moneyModesSql } from '../../../contract/money';
import { zeroTotals, type AdminUser, type CounterView, type GiftRow, type Totals } from '../../../contract/admin';
import type { CashTally, Counter, Gift, MoiEvent } from '../../../contract/entities';
import type { Db } from '../../db/client';
import { toIso } from '../../db/iso';
import { counterStaff, counters, eventMembers, events, gifts, users } from '../../db/schema';
import { orgAdminsOfEvents } from '../scope';
import { publicUser, type UserRow } from '../../session';

export type EventRow = typeof events.$inferSelect;
export type CounterRow = typeof counters.$inferSelect;
export type GiftDbRow = typeof gifts.$inferSelect;

export const eventTitle = (e: Pick<EventRow, 'titleEn' | 'titleTa'>) => e.titleEn?.trim() || e.titleTa?.trim() || '';

export async function eventViews(db: Db, rows: EventRow[]): Promise<MoiEvent[]> {
  if (rows.length === 0) return [];
  const members = await db.select().from(eventMembers).where(inArray(eventMembers.eventId, rows.map((r) => r.id)));
  const orgAdmins = await orgAdminsOfEvents(db, rows.map((r) => r.id));
  return rows.map((e) => ({
    id: e.id,
    titleTa: e.titleTa,
    titleEn: e.titleEn,
    functionType: e.functionType,
    date: e.date,
    venue: e.venue,
    hostNames: e.hostNames,
    thankYouNote: e.thankYouNote,
    upiId: e.upiId,
    ownerIds: members.filter((m) => m.eventId === e.id && m.role === 'owner').map((m) => m.userId),
    adminIds: [...new Set([...members.filter((m) => m.eventId === e.id && m.role === 'admin').map((m) => m.userId), ...(orgAdmins.get(e.id) ?? [])])],
    status: e.status,
    plan: e.plan,
    orgId: e.orgId,
    entitled: e.entitled,
    entitledThrough: e.entitledThrough,
    createdAt: toIso(e.createdAt)!,
    updatedAt: toIso(e.updatedAt)!,
  }));
}

export async function eventView(db: Db, row: EventRow): Promise<MoiEvent> {
  return (await eventViews(db, [row]))[0];
}

// ---------- totals ----------
const live = sql`${gifts.deletedAt} is null`;
/** Live gifts that reached the server while their counter or event was not open. */
export const afterCloseLive = sql`${gifts.deletedAt} is null and ${gifts.flags} @> '["after_close"]'::jsonb`;
const n = (x: SQL) => sql<number>`coalesce(${x}, 0)::float8`.mapWith(Number);
/** Money by the one definition (contract/money.ts): cash, UPI and cheque, never an item. */
export const isMoneySql = sql`${gifts.mode} in ${sql.raw(moneyModesSql)}`;
/** An item's estimate (contract/money.ts itemEstimateOf): approx_value, else what older forms stored in amount. */
export const itemEstimateSql = sql`coalesce(${gifts.approxValue}, ${gifts.amount})`;
/** The contract's Totals in SQL (one column per field, the same names): `sum` is money only, `item` the items' estimate. */
export const totalsColumns = {
  count: n(sql`count(*) filter (where ${live})`),
  sum: n(sql`sum(${gifts.amount}) filter (where ${live} and ${isMoneySql})`),
  cash: n(sql`sum(${gifts.amount}) filter (where ${live} and ${gifts.mode} = 'cash')`),
  upi: n(sql`sum(${gifts.amount}) filter (where ${live} and ${gifts.mode} = 'upi')`),
  cheque: n(sql`sum(${gifts.amount}) filter (where ${live} and ${gifts.mode} = 'cheque')`),
  item: n(sql`sum(${itemEstimateSql}) filter (where ${live} and ${gifts.mode} = 'item')`),
  items: n(sql`count(*) filter (where ${live} and ${gifts.mode} = 'item')`),
  deleted: n(sql`count(*) filter (where ${gifts.deletedAt} is not null)`),
} satisfies Record<keyof Totals, SQL>;
const pickTotals = (r: Totals): Totals => ({ count: r.count, sum: r.sum, cash: r.cash, upi: r.upi, cheque: r.cheque, item: r.item, items: r.items, deleted: r.deleted });

/** Totals of the gifts grouped by one of their keys (event or counter), for the given key values. */
async function totalsBy(db: Db, key: typeof gifts.eventId | typeof gifts.counterId, values: string[]): Promise<Map<string, Totals>> {
  const out = new Map<string, Totals>();
  if (values.length === 0) return out;
  const rows = await db.select({ key, ...totalsColumns }).from(gifts).where(inArray(key, values)).groupBy(key);
  for (const r of rows) out.set(r.key, pickTotals(r));
  return out;
}

export const totalsByEvent = (db: Db, eventIds: string[]) => totalsBy(db, gifts.eventId, eventIds);
export const totalsByCounter = (db: Db, counterIds: string[]) => totalsBy(db, gifts.counterId, counterIds);

// ---------- counters ----------
export function counterEntity(c: CounterRow, staffIds: string[]): Counter {
  return {
    id: c.id,
    eventId: c.eventId,
    code: c.code,
    name: c.name,
    status: c.status,
    staffIds,
    openedAt: toIso(c.openedAt),
    openedBy: c.openedBy,
    closedAt: toIso(c.closedAt),
    closedBy: c.closedBy,
    tally: (c.tally as CashTally | null) ?? null,
    openingFloat: (c.openingFloat as Counter['openingFloat']) ?? null,
    createdAt: toIso(c.createdAt)!,
    updatedAt: toIso(c.updatedAt)!,
  };
}

export async function counterViews(db: Db, rows: CounterRow[]): Promise<CounterView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const staff = await db.select({ counterId: counterStaff.counterId, userId: users.id, name: users.name, username: users.username, pinHash: counterStaff.pinHash, disabled: users.disabled })
    .from(counterStaff).innerJoin(users, eq(users.id, counterStaff.userId))
    .where(inArray(counterStaff.counterId, ids));
  const evs = await db.select({ id: events.id, titleEn: events.titleEn, titleTa: events.titleTa }).from(events)
    .where(inArray(events.id, [...new Set(rows.map((r) => r.eventId))]));
  const totals = await totalsByCounter(db, ids);
  const late = new Map((await db.select({
    counterId: gifts.counterId,
    count: n(sql`count(*)`),
    cash: n(sql`sum(${gifts.amount}) filter (where ${gifts.mode} = 'cash')`),
  }).from(gifts).where(and(inArray(gifts.counterId, ids), afterCloseLive)).groupBy(gifts.counterId)).map((r) => [r.counterId, { count: r.count, cash: r.cash }]));
  return rows.map((c) => {
    const mine = staff.filter((s) => s.counterId === c.id).sort((a, b) => a.name.localeCompare(b.name));
    const ev = evs.find((e) => e.id === c.eventId);
    return {
      ...counterEntity(c, mine.map((s) => s.userId)),
      eventTitle: ev ? eventTitle(ev) : '',
      staff: mine.map((s) => ({ userId: s.userId, name: s.name, username: s.username, hasPin: !!s.pinHash, disabled: s.disabled })),
      totals: totals.get(c.id) ?? zeroTotals(),
      afterClose: late.get(c.id) ?? { count: 0, cash: 0 },
    };
  });
}

// ---------- users ----------
/** `scope`, when given, limits each user's events and counters to those events (an event admin's view). */
export async function adminUserViews(db: Db, rows: UserRow[], scope?: string[]): Promise<AdminUser[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const memberRows = await db.select({ userId: eventMembers.userId, role: eventMembers.role, eventId: events.id, titleEn: events.titleEn, titleTa: events.titleTa })
    .from(eventMembers).innerJoin(events, eq(events.id, eventMembers.eventId))
    .where(inArray(eventMembers.userId, ids));
  const staffRows = await db.select({ userId: counterStaff.userId, counterId: counters.id, eventId: counters.eventId, code: counters.code, name: counters.name, pinHash: counterStaff.pinHash })
    .from(counterStaff).innerJoin(counters, eq(counters.id, counterStaff.counterId))
    .where(inArray(counterStaff.userId, ids));
  return rows.map((u) => ({
    ...publicUser(u),
    createdAt: toIso(u.createdAt)!,
    updatedAt: toIso(u.updatedAt)!,
    disabled: u.disabled,
    events: memberRows.filter((m) => m.userId === u.id && (!scope || scope.includes(m.eventId)))
      .map((m) => ({ eventId: m.eventId, title: eventTitle(m), role: m.role })),
    counters: staffRows.filter((s) => s.userId === u.id && (!scope || scope.includes(s.eventId)))
      .map((s) => ({ counterId: s.counterId, eventId: s.eventId, code: s.code, name: s.name, hasPin: !!s.pinHash })),
  }));
}

// ---------- gifts ----------
/**
 * The one mapping of a gifts row to the contract's Gift: every field of Gift, from the column of the
 * same name (checked by the compiler: a field added to the contract must be added here); `time`
 * fields leave as ISO 8601 UTC. Built in JS (giftEntity) and, for the pull's tens of thousands of
 * rows, by the database as JSON (giftJsonSql) — from this one list, so the two cannot drift apart.
 */
const giftFields = {
  id: 'value', eventId: 'value', counterId: 'value', receiptNo: 'value', name: 'value', initial: 'value', village: 'value',
  mobile: 'value', relation: 'value', mode: 'value', amount: 'value', reference: 'value', item: 'value', weightGrams: 'value',
  approxValue: 'value', note: 'value', enteredAt: 'time', enteredBy: 'value', receivedAt: 'time', version: 'value',
  deletedAt: 'time', deletedBy: 'value', deleteReason: 'value', pinAuthorId: 'value', pushedBy: 'value', deviceEnteredAt: 'time',
  clockOffsetMs: 'value', flags: 'value', reviewedAt: 'time', reviewedBy: 'value', receiptToken: 'value', messageConsent: 'value',
  kinName: 'value', title: 'value', returningAmount: 'value',
} as const satisfies Record<keyof Gift, 'value' | 'time'> & Record<Exclude<keyof Gift, keyof GiftDbRow>, never>;
const giftFieldList = Object.entries(giftFields) as [keyof Gift & keyof GiftDbRow, 'value' | 'time'][];

export function giftEntity(g: GiftDbRow): Gift {
  const out: Record<string, unknown> = {};
  for (const [k, kind] of giftFieldList) out[k] = kind === 'time' ? toIso(g[k] as string | null) : g[k];
  return out as Gift;
}

/** A timestamp column as ISO 8601 UTC with milliseconds, formatted by the database (as toIso does). */
const isoSql = (c: SQLWrapper) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** giftEntity's Gift as a JSON object built by the database, over the `gifts` table of the query. */
export function giftJsonSql(): SQL {
  return sql`json_build_object(${sql.join(giftFieldList.map(([k, kind]) => sql`${sql.raw(`'${k}'`)}, ${kind === 'time' ? isoSql(gifts[k]) : gifts[k]}`), sql`, `)})`;
}

/** Names of users by id OR by public handle (enteredBy / deletedBy may carry either). */
export async function userNames(db: Db, keys: string[]): Promise<Map<string, string>> {
  const uniq = [...new Set(keys.filter(Boolean))];
  const out = new Map<string, string>();
  if (uniq.length === 0) return out;
  const rows = await db.select({ id: users.id, userId: users.userId, username: users.username, name: users.name }).from(users)
    .where(or(inArray(users.id, uniq), inArray(users.userId, uniq), inArray(users.username, uniq)));
  for (const r of rows) {
    out.set(r.id, r.name);
    out.set(r.userId, r.name);
    out.set(r.username, r.name);
  }
  return out;
}

export async function giftRowViews(db: Db, rows: GiftDbRow[]): Promise<GiftRow[]> {
  if (rows.length === 0) return [];
  // Three independent lookups, sent together (one wait instead of three: the list search answers per keystroke).
  const [evs, cs, names] = await Promise.all([
    db.select({ id: events.id, titleEn: events.titleEn, titleTa: events.titleTa }).from(events)
      .where(inArray(events.id, [...new Set(rows.map((r) => r.eventId))])),
    db.select({ id: counters.id, code: counters.code }).from(counters)
      .where(inArray(counters.id, [...new Set(rows.map((r) => r.counterId))])),
    userNames(db, rows.flatMap((r) => [r.enteredBy, r.deletedBy ?? ''])),
  ]);
  return rows.map((g) => {
    const ev = evs.find((e) => e.id === g.eventId);
    return {
      ...giftEntity(g),
      eventTitle: ev ? eventTitle(ev) : '',
      counterCode: cs.find((c) => c.id === g.counterId)?.code ?? '',
      enteredByName: names.get(g.enteredBy) ?? null,
      deletedByName: g.deletedBy ? names.get(g.deletedBy) ?? null : null,
    };
  });
}

