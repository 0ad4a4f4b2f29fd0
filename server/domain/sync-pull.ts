// GET /moi/sync/pull: changes since a cursor from the change log, latest per entity, with the
// current row (or deleted:true), and only what the caller may see (ARCHITECTURE §4):
// app_admin everything; event owners/admins the rows of their events; counter staff only the
// counters they are assigned to and those counters' gifts and audits; everyone their own user row.
// Each answer carries per-type scope fingerprints so a device notices when its scope grew (contract/sync.ts).
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { changeTypes, type Change, type ChangeType, type PullResponse } from '../../contract/sync';
import type { Db } from '../db/client';
import { changeLog, counterStaff, counters, eventMembers, events, giftAudit, gifts, memberships, signups, users } from '../db/schema';
import { parsePinHash } from '../passwords';
import { publicUser, type Actor } from '../session';
import { assignedCounterIds, visibleEventIds } from './scope';
import { auditOut, counterOut, eventOut, membershipOut, signupOut } from './sync-views';

const within = (col: Parameters<typeof inArray>[0], ids: string[]): SQL => (ids.length ? inArray(col, ids) : sql`false`);

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
};

export async function pullScope(db: Db, actor: Actor): Promise<PullScope> {
  if (actor.role === 'app_admin') {
    const all = fingerprint('app_admin');
    return { where: undefined, fingerprints: Object.fromEntries(changeTypes.map((t) => [t, all])) as Record<ChangeType, string> };
  }
  const visible = (await visibleEventIds(db, actor)) as string[];
  const myCounters = await assignedCounterIds(db, actor.id);
  const adminEvents = actor.role === 'event_admin'
    ? (await db.select({ e: eventMembers.eventId }).from(eventMembers).where(and(eq(eventMembers.userId, actor.id), eq(eventMembers.role, 'admin')))).map((r) => r.e)
    : [];
  // Users an event admin manages: members of their events and staff of their counters.
  let managedUsers: string[] = [];
  if (adminEvents.length) {
    const m = await db.select({ u: eventMembers.userId }).from(eventMembers).where(inArray(eventMembers.eventId, adminEvents));
    const s = await db.select({ u: counterStaff.userId }).from(counterStaff).innerJoin(counters, eq(counters.id, counterStaff.counterId)).where(inArray(counters.eventId, adminEvents));
    managedUsers = [...new Set([...m.map((r) => r.u), ...s.map((r) => r.u)])];
  }
  const t = changeLog.type;
  const staff = actor.role === 'counter_staff';
  const eventRows = staff
    ? or(within(changeLog.counterId, myCounters), and(eq(t, 'counter'), within(changeLog.entityId, myCounters)))!
    : within(changeLog.eventId, visible);
  const where = or(
    and(inArray(t, ['gift', 'audit', 'counter']), eventRows),
    and(eq(t, 'staffPin'), or(within(changeLog.counterId, myCounters), within(changeLog.eventId, adminEvents))),
    and(eq(t, 'event'), or(within(changeLog.eventId, visible), within(changeLog.entityId, visible))),
    and(eq(t, 'user'), or(eq(changeLog.userId, actor.id), eq(changeLog.entityId, actor.id), within(changeLog.userId, managedUsers))),
    and(inArray(t, ['membership', 'signup']), eq(changeLog.userId, actor.id)),
  );
  // Each fingerprint hashes exactly the ids its type's clause above depends on.
  const rows = fingerprint(actor.role, staff ? myCounters : visible);
  const own = fingerprint(actor.role, [actor.id]);
  return {
    where,
    fingerprints: {
      gift: rows, audit: rows, counter: rows,
      staffPin: fingerprint(actor.role, myCounters, adminEvents),
      event: fingerprint(actor.role, visible),
      user: fingerprint(actor.role, [actor.id], managedUsers),
      membership: own, signup: own,
    },
  };
}

/** Changes after `since` the actor may see, oldest first; `types` narrows them (a device back-filling part of its scope). */
export async function pullChanges(db: Db, actor: Actor, since: number, limit: number, types?: ChangeType[]): Promise<PullResponse> {
  const { where: visibleRows, fingerprints } = await pullScope(db, actor);
  const parts = [visibleRows, types ? inArray(changeLog.type, types) : undefined].filter((p): p is SQL => !!p);
  const scope = parts.length ? and(...parts) : undefined;
  const log = await db.select({ id: changeLog.id, type: changeLog.type, entityId: changeLog.entityId, deleted: changeLog.deleted })
    .from(changeLog)
    .where(scope ? and(gt(changeLog.id, since), scope) : gt(changeLog.id, since))
    .orderBy(changeLog.id)
    .limit(limit);
  const cursor = log.length ? log[log.length - 1].id : since;
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
    .where(and(gt(changeLog.id, since), lte(changeLog.id, cursor), eq(changeLog.type, type), ...(scope ? [scope] : [])));

  if (ids('gift').length) {
    // Postgres builds each gift's JSON (the hot path: a fresh device pulls tens of thousands);
    // turning wide rows into JS objects one column at a time costs several times more.
    const g = gifts;
    const iso = (c: SQLWrapper) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    // One text value for the whole page: per-row result handling is what costs in the driver.
    const [agg] = await db.select({
      json: sql<string>`coalesce(json_agg(json_build_object(
        'id', ${g.id}, 'eventId', ${g.eventId}, 'counterId', ${g.counterId}, 'receiptNo', ${g.receiptNo}, 'name', ${g.name},
        'initial', ${g.initial}, 'village', ${g.village}, 'mobile', ${g.mobile}, 'relation', ${g.relation}, 'mode', ${g.mode},
        'amount', ${g.amount}, 'reference', ${g.reference}, 'item', ${g.item}, 'note', ${g.note}, 'enteredAt', ${iso(g.enteredAt)},
        'enteredBy', ${g.enteredBy}, 'receivedAt', ${iso(g.receivedAt)}, 'version', ${g.version}, 'deletedAt', ${iso(g.deletedAt)},
        'deletedBy', ${g.deletedBy}, 'deleteReason', ${g.deleteReason}, 'pinAuthorId', ${g.pinAuthorId}, 'pushedBy', ${g.pushedBy},
        'deviceEnteredAt', ${iso(g.deviceEnteredAt)}, 'clockOffsetMs', ${g.clockOffsetMs}, 'flags', ${g.flags},
        'reviewedAt', ${iso(g.reviewedAt)}, 'reviewedBy', ${g.reviewedBy})), '[]')::text`,
    }).from(g).where(inArray(g.id, inSlice('gift')));
    for (const r of JSON.parse(agg.json) as Array<{ id: string }>) put('gift', r.id, r as Change['row']);
  }
  if (ids('audit').length) for (const a of await db.select().from(giftAudit).where(inArray(giftAudit.id, inSlice('audit')))) put('audit', a.id, auditOut(a));
  if (ids('counter').length) {
    const cs = await db.select().from(counters).where(inArray(counters.id, ids('counter')));
    const staff = await db.select({ c: counterStaff.counterId, u: counterStaff.userId }).from(counterStaff).where(inArray(counterStaff.counterId, ids('counter')));
    for (const c of cs) put('counter', c.id, counterOut(c, staff.filter((s) => s.c === c.id).map((s) => s.u)));
  }
  if (ids('event').length) {
    const es = await db.select().from(events).where(inArray(events.id, ids('event')));
    const ms = await db.select().from(eventMembers).where(inArray(eventMembers.eventId, ids('event')));
    for (const e of es) {
      const mine = ms.filter((m) => m.eventId === e.id);
      put('event', e.id, eventOut(e, mine.filter((m) => m.role === 'owner').map((m) => m.userId), mine.filter((m) => m.role === 'admin').map((m) => m.userId)));
    }
  }
  if (ids('user').length) for (const u of await db.select().from(users).where(inArray(users.id, ids('user')))) put('user', u.id, publicUser(u));
  if (ids('membership').length) for (const m of await db.select().from(memberships).where(inArray(memberships.id, ids('membership')))) put('membership', m.id, membershipOut(m));
  if (ids('signup').length) for (const s of await db.select().from(signups).where(inArray(signups.id, ids('signup')))) put('signup', s.id, signupOut(s));
  if (ids('staffPin').length) {
    const pairs = ids('staffPin').map((k) => k.split(':')).filter((p) => p.length === 2);
    const cids = [...new Set(pairs.map((p) => p[0]))];
    const found = cids.length
      ? await db.select({ c: counterStaff.counterId, u: counterStaff.userId, salt: counterStaff.pinSalt, hash: counterStaff.pinHash, name: users.name })
        .from(counterStaff).innerJoin(users, eq(users.id, counterStaff.userId)).where(inArray(counterStaff.counterId, cids))
      : [];
    for (const f of found) {
      if (!f.hash || !f.salt) continue;
      const { hash, iterations } = parsePinHash(f.hash);
      put('staffPin', `${f.c}:${f.u}`, { id: `${f.c}:${f.u}`, counterId: f.c, userId: f.u, name: f.name, salt: f.salt, hash, iterations });
    }
  }

  const changes: Change[] = [];
  for (const l of latest.values()) {
    const row = l.deleted ? undefined : rows.get(`${l.type}:${l.entityId}`);
    changes.push((row ? { type: l.type, id: l.entityId, row } : { type: l.type, id: l.entityId, deleted: true }) as Change);
  }
  return { changes, cursor, hasMore: log.length === limit, scope: fingerprints };
}
