// GET /moi/sync/pull: changes since a cursor from the change log, latest per entity, with the
// current row (or deleted:true), and only what the caller may see (ARCHITECTURE §4):
// app_admin everything; event owners/admins the rows of their events; counter staff only the
// counters they are assigned to and those counters' gifts and audits; everyone their own user row.
// Each answer carries per-type scope fingerprints so a device notices when its scope grew (contract/sync.ts).
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { changeTypes, type Change, type ChangeType, type PullResponse } from '../../contract/sync';
import type { Db } from '../db/client';
import { eventFigures } from './agreement';
import { actorLinks } from './scope';
import { changeLog } from '../db/schema';
import type { Actor } from '../session';
import { changeTypeDefs, visibleChanges } from './change-types';

/** A short stable hash of one part of a scope (ids sorted, so row order in the database does not matter). */
function fingerprint(role: string, ...parts: string[][]): string {
  const h = createHash('sha256').update(role);
  for (const p of parts) h.update(`|${[...p].sort().join(',')}`);
  return h.digest('base64url').slice(0, 16);
}

export type PullScope = {
  /** The WHERE clause over change_log for what the actor may see; undefined = everything. */
  where: SQL | undefined;
  /** Per change type, a fingerprint of the ids that clause admits (contract/sync.ts pullScopeSchema). */
  fingerprints: Record<ChangeType, string>;
  /** The ids the clause is made of. */
  ids: ScopeIds;
};

/** The ids a caller's scope is made of (app_admin: everything, `all`). The pull and the live stream both filter by these. */
export type ScopeIds = {
  all: boolean;
  role: string;
  userId: string;
  visible: string[];
  myCounters: string[];
  adminEvents: string[];
  managedUsers: string[];
  /** Hosts whose ledger lines (change type ledgerPerson) the caller receives: themself, and the owners of
   * the events they run or staff (not closed, hint on), for the counter hint. Never a whole ledger: a line per person. */
  ledgerOwners: string[];
};

export async function scopeIds(db: Db, actor: Actor): Promise<ScopeIds> {
  if (actor.role === 'app_admin') return { all: true, role: actor.role, userId: actor.id, visible: [], myCounters: [], adminEvents: [], managedUsers: [], ledgerOwners: [] };
  // One round trip (a pull's scope, and the live stream's at each scope change; it was five):
  // - visible: the events the actor is a member of or staffs a counter of (scope.ts visibleEventIds);
  // - myCounters: the counters they are assigned to;
  // - adminEvents: an event admin's events, and managedUsers: the members and counter staff of those;
  // - hint: the owners of visible events that are not closed and have the counter hint on
  //   (the hosts whose ledger lines reach this caller's devices; see ledgerOwners), and the hosts who
  //   share their ledger with the caller as a family member (issue 30).
  const res = await db.execute(sql`
    with links as (${actorLinks(actor.id)}),
    mem as (select event as event_id, k as role from links where k <> 'counter'),
    st as (select id as counter_id, event as event_id from links where k = 'counter'),
    vis as (select event_id from mem union select event_id from st),
    adm as (select event_id from mem where role = 'admin' and ${actor.role} = 'event_admin'),
    managed as (
      select user_id from event_members where event_id in (select event_id from adm)
      union select cs.user_id from counter_staff cs join counters c on c.id = cs.counter_id where c.event_id in (select event_id from adm)
    ),
    hint as (
      select distinct em.user_id from event_members em join events e on e.id = em.event_id
      where em.event_id in (select event_id from vis) and em.role = 'owner' and e.ledger_hint and e.status <> 'closed'
      union select owner_id from ledger_members where member_id = ${actor.id} and removed_at is null
    )
    select (select coalesce(string_agg(event_id, ','), '') from vis) as visible,
      (select coalesce(string_agg(counter_id, ','), '') from st) as counters,
      (select coalesce(string_agg(event_id, ','), '') from adm) as admin,
      (select coalesce(string_agg(user_id, ','), '') from managed) as managed,
      (select coalesce(string_agg(user_id, ','), '') from hint) as hint`);
  const row = (res as unknown as { rows: Array<Record<'visible' | 'counters' | 'admin' | 'managed' | 'hint', string>> }).rows[0];
  const list = (v: string) => (v ? v.split(',') : []);
  return {
    all: false, role: actor.role, userId: actor.id,
    visible: list(row.visible), myCounters: list(row.counters), adminEvents: list(row.admin), managedUsers: list(row.managed),
    ledgerOwners: [...new Set([actor.id, ...list(row.hint)])],
  };
}

export async function pullScope(db: Db, actor: Actor): Promise<PullScope> {
  const ids = await scopeIds(db, actor);
  if (ids.all) {
    const all = fingerprint('app_admin');
    return { where: undefined, fingerprints: Object.fromEntries(changeTypes.map((t) => [t, all])) as Record<ChangeType, string>, ids };
  }
  // Per type, the rows and the fingerprint of the ids they depend on: change-types.ts.
  return {
    where: visibleChanges(ids, changeTypes),
    ids,
    fingerprints: Object.fromEntries(changeTypes.map((t) => [t, fingerprint(actor.role, ...changeTypeDefs[t].scopeParts(ids))])) as Record<ChangeType, string>,
  };
}

// --- Cursors -------------------------------------------------------------------------------------
// A position in the change log is (txid, id). Pages hold whole transactions, so a cursor is either
// TX_CURSOR + txid ("every transaction up to txid"), or, inside the rows written before migration
// 0005 (txid 0, in id order, as the old global lock committed them), a plain id: the cursors older
// servers gave out stay valid. Both are JSON-safe integers and grow with the log.
export const TX_CURSOR = 2 ** 52;
type Position = { tx: number; id: number | null };
export const decodeCursor = (c: number): Position => (c >= TX_CURSOR ? { tx: c - TX_CURSOR, id: null } : { tx: 0, id: c });
const encode = (p: Position): number => (p.id === null ? TX_CURSOR + p.tx : p.id);

/** change_log rows after `p`. */
const after = (p: Position): SQL => (p.id === null ? gt(changeLog.txid, p.tx) : or(gt(changeLog.txid, 0), gt(changeLog.id, p.id))!);
/** change_log rows at or before `p`. */
const upTo = (p: Position): SQL => (p.id === null ? lte(changeLog.txid, p.tx) : and(eq(changeLog.txid, 0), lte(changeLog.id, p.id))!);

/**
 * The visibility horizon: every transaction of this database with a smaller id has ended, and none
 * that starts later can get one. Rows below it are final, so a cursor may pass them; rows above it
 * wait. It is the snapshot's xmax lowered to the oldest transaction id still running in this
 * database (pg_stat_activity is read after the snapshot was taken; other databases of the cluster
 * never write this change log, so their long transactions hold nothing back). On PGlite nothing
 * runs beside the caller, so it is xmax.
 */
const HORIZON = sql`
    with s as (select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as xmax),
    running as (
      -- backend_xid is 32 bits: widen it with xmax's epoch, one epoch back only when it lies more
      -- than half the xid space above xmax (wrapped). An xid just above xmax is a transaction that
      -- began after the snapshot (xmax is the last completed xid + 1, not the next to assign): taking
      -- it for the previous epoch put the horizon 2^32 back and a reader's cursor went backwards.
      select ((s.xmax >> 32) << 32) | (a.backend_xid::text::bigint) as fx, s.xmax
      from s, pg_stat_activity a
      where a.datname = current_database() and a.backend_xid is not null
    )
    select least((select xmax from s), coalesce((select min(case when fx > xmax + 2147483648 then fx - 4294967296 else fx end) from running), (select xmax from s))) as h`;

export async function horizon(db: Db): Promise<number> {
  const res = await db.execute(HORIZON);
  return Number((res as unknown as { rows: Array<{ h: string | number }> }).rows[0].h);
}

/**
 * When rows in the caller's scope have committed but sit above the horizon (a transaction that
 * began earlier is still running), wait a moment for it: a device that pulls right after a save
 * (its own, or one the live stream announced) then gets it in this answer, not the next.
 */
async function settledHorizon(db: Db, where: SQL): Promise<number> {
  // The horizon and the newest row in scope at or above it, in one round trip.
  const res = await db.execute(sql`with hz as (${HORIZON})
    select (select h from hz) as h, (select max(${changeLog.txid}) from ${changeLog} where ${changeLog.txid} >= (select h from hz) and ${where}) as m`);
  const first = (res as unknown as { rows: Array<{ h: string | number; m: string | number | null }> }).rows[0];
  let h = Number(first.h);
  const m = first.m == null ? null : Number(first.m);
  if (m === null) return h;
  const until = Date.now() + 250;
  while (h <= m && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 5));
    // Outside a transaction (the pull route holds a connection without one), each reading of
    // pg_stat_activity is fresh.
    h = await horizon(db);
  }
  return h;
}

/** The cursor of a pull that found nothing new: everything below the horizon. */
export const horizonCursor = (h: number) => TX_CURSOR + h - 1;

/**
 * Changes after `since` the actor may see, oldest first; `types` narrows them (a device back-filling part of its scope),
 * `eventId` to one event's (a device repairing that event, contract/agreement.ts).
 */
export async function pullChanges(db: Db, actor: Actor, since: number, limit: number, types?: ChangeType[], eventId?: string): Promise<PullResponse> {
  const { where: visibleRows, fingerprints, ids: scopeOf } = await pullScope(db, actor);
  const parts = [visibleRows, types ? inArray(changeLog.type, types) : undefined, eventId ? eq(changeLog.eventId, eventId) : undefined].filter((p): p is SQL => !!p);
  const scope = parts.length ? and(...parts) : undefined;
  const from = decodeCursor(since);
  const h = await settledHorizon(db, and(after(from), ...(scope ? [scope] : []))!);
  const cols = { id: changeLog.id, txid: changeLog.txid, type: changeLog.type, entityId: changeLog.entityId, deleted: changeLog.deleted };
  let log = await db.select(cols)
    .from(changeLog)
    .where(and(after(from), lt(changeLog.txid, h), ...(scope ? [scope] : [])))
    .orderBy(changeLog.txid, changeLog.id)
    .limit(limit);
  let to: Position = { tx: h - 1, id: null };
  const hasMore = log.length === limit;
  if (hasMore) {
    const last = log[log.length - 1];
    if (last.txid === 0) to = { tx: 0, id: last.id };
    else if (log[0].txid === last.txid) {
      // One transaction larger than a page: the page is that whole transaction.
      const rest = await db.select(cols).from(changeLog)
        .where(and(eq(changeLog.txid, last.txid), gt(changeLog.id, last.id), ...(scope ? [scope] : [])))
        .orderBy(changeLog.id);
      log = [...log, ...rest];
      to = { tx: last.txid, id: null };
    } else {
      // The last transaction may go on past the page: it opens the next page instead.
      log = log.filter((l) => l.txid !== last.txid);
      const prev = log[log.length - 1];
      to = prev.txid === 0 ? { tx: 0, id: prev.id } : { tx: prev.txid, id: null };
    }
  }
  const cursor = encode(to);
  // Latest per entity, in log order of that latest entry.
  const latest = new Map<string, (typeof log)[number]>();
  for (const l of log) {
    const k = `${l.type}:${l.entityId}`;
    latest.delete(k);
    latest.set(k, l);
  }
  const byType = new Map<string, string[]>();
  for (const l of latest.values()) {
    if (l.deleted) continue;
    const list = byType.get(l.type) ?? [];
    list.push(l.entityId);
    byType.set(l.type, list);
  }
  const rows = new Map<string, Change['row']>();
  const put = (type: string, id: string, row: Change['row']) => rows.set(`${type}:${id}`, row);
  const ids = (type: string) => byType.get(type) ?? [];
  // Rows are fetched through the same scoped slice of the log (a subquery), not a list of thousands of parameters.
  const inSlice = (type: string) => db.select({ e: changeLog.entityId }).from(changeLog)
    .where(and(after(from), upTo(to), eq(changeLog.type, type), ...(scope ? [scope] : [])));

  for (const type of changeTypes) {
    if (!ids(type).length) continue;
    for (const [id, row] of await changeTypeDefs[type].load(db, ids(type), inSlice(type))) put(type, id, row);
  }

  const changes: Change[] = [];
  for (const l of latest.values()) {
    const row = l.deleted ? undefined : rows.get(`${l.type}:${l.entityId}`);
    changes.push((row ? { type: l.type, id: l.entityId, row } : { type: l.type, id: l.entityId, deleted: true }) as Change);
  }
  // Figures only mean something to a device that has every change up to here: a caught-up plain pull.
  if (hasMore || types || eventId) return { changes, cursor, hasMore, scope: fingerprints };
  const figures = (await eventFigures(db, scopeOf)).map((f) => ({
    eventId: f.eventId, count: f.count, money: f.money, lastChange: f.lastTx > 0 ? encode({ tx: f.lastTx, id: null }) : f.lastId,
  }));
  return { changes, cursor, hasMore, scope: fingerprints, figures };
}
