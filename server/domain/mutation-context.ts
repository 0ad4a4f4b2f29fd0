// What a domain mutator needs to decide and write: the transaction, the authenticated actor and
// its policy scope (contract/policy.ts), the device, the server's clock and the device's measured
// offset, plus per-request caches of counters and their staff (a batch of 500 gifts reads each
// counter once). Built once per push, or once per REST call.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerMemberRole, PolicyActor } from '../../contract/policy';
import type { Db } from '../db/client';
import { counterStaff, counters, events, sessions } from '../db/schema';
import { DomainError } from '../errors';
import type { Actor } from '../session';
import { policyLinks } from './scope';

export type CounterRow = typeof counters.$inferSelect;

export type MutationCtx = {
  tx: Db;
  actor: Actor;
  scope: PolicyActor;
  /** The device the request came from (push body, or the session's device for REST). */
  deviceId: string | null;
  deviceOk: boolean;
  /** server − device clock, measured from the push's sentAt; null when unknown. */
  measuredOffsetMs: number | null;
  /** The server's time for this request (ms). */
  now: number;
  counters: Map<string, CounterRow>;
  staff: Map<string, Set<string>>;
  eventStatus: Map<string, string>;
  /** Users who have had a session on this device (the shared-tablet authors), loaded on demand. */
  deviceUsers?: Set<string>;
  /** Disabled flags of users devices named, loaded on demand. */
  disabled?: Map<string, boolean>;
  /** Gift ids created earlier in this batch: the same gift twice answers duplicate. */
  batchGiftIds: Set<string>;
  /** Counters this transaction holds a row lock on (invariants.ts); a rolled-back savepoint releases its locks. */
  locked: Set<string>;
};

/** The actor's policy scope, read from the database (never from the client). */
export async function loadScope(db: Db, actor: Actor): Promise<PolicyActor> {
  if (actor.role === 'app_admin') return scopeOf(actor, []);
  // One round trip: event memberships (k = role), counter assignments (k = 'counter') and shared ledgers (k = 'ledger:<role>'): scope.ts policyLinks.
  const res = await db.execute(sql`select k, id from (${policyLinks(actor.id)}) l`);
  return scopeOf(actor, (res as unknown as { rows: Array<{ k: string; id: string }> }).rows);
}

/** The policy scope from the actor's membership rows (k = member role, or 'counter' for an assignment). */
export function scopeOf(actor: Actor, rows: Array<{ k: string; id: string }>): PolicyActor {
  if (actor.role === 'app_admin') return { id: actor.id, role: actor.role, adminOf: 'all', ownerOf: 'all', staffOf: new Set() };
  const members = rows.filter((r) => r.k !== 'counter' && !r.k.startsWith('ledger:')).map((r) => ({ e: r.id, r: r.k }));
  const ledgerOf = new Map(rows.filter((r) => r.k === 'ledger:view' || r.k === 'ledger:edit').map((r) => [r.id, r.k.slice(7) as LedgerMemberRole]));
  const staffed = rows.filter((r) => r.k === 'counter').map((r) => ({ c: r.id }));
  return {
    id: actor.id,
    role: actor.role,
    adminOf: new Set(actor.role === 'event_admin' ? members.filter((m) => m.r === 'admin').map((m) => m.e) : []),
    ownerOf: new Set(members.filter((m) => m.r === 'owner').map((m) => m.e)),
    staffOf: new Set(staffed.map((s) => s.c)),
    ledgerOf,
  };
}

export async function newContext(tx: Db, actor: Actor, opts: { deviceId?: string | null; deviceOk?: boolean; measuredOffsetMs?: number | null; scope?: PolicyActor } = {}): Promise<MutationCtx> {
  return {
    tx, actor, scope: opts.scope ?? await loadScope(tx, actor),
    deviceId: opts.deviceId ?? actor.deviceId ?? null, deviceOk: opts.deviceOk ?? true, measuredOffsetMs: opts.measuredOffsetMs ?? null,
    now: Date.now(), counters: new Map(), staff: new Map(), eventStatus: new Map(), batchGiftIds: new Set(), locked: new Set(),
  };
}

export async function loadCounters(ctx: MutationCtx, ids: string[]): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !ctx.counters.has(id));
  if (missing.length === 0) return;
  // One round trip: the counters, their staff and their events' status.
  const rows = await ctx.tx.select({
    c: counters,
    staff: sql<string | null>`(select string_agg(${counterStaff.userId}, ',') from ${counterStaff} where ${counterStaff.counterId} = ${counters.id})`,
    eventStatus: events.status,
  }).from(counters).leftJoin(events, eq(events.id, counters.eventId)).where(inArray(counters.id, missing));
  for (const r of rows) putCounter(ctx, r.c, r.staff, r.eventStatus);
}

/** Cache one counter row with its staff (comma-separated ids) and its event's status. */
export function putCounter(ctx: MutationCtx, c: CounterRow, staff: string | null, eventStatus: string | null): void {
  ctx.counters.set(c.id, c);
  ctx.staff.set(c.id, new Set(staff ? staff.split(',') : []));
  if (eventStatus !== null && !ctx.eventStatus.has(c.eventId)) ctx.eventStatus.set(c.eventId, eventStatus);
}

export const assigned = (ctx: MutationCtx, counterId: string, userId: string) => ctx.staff.get(counterId)?.has(userId) ?? false;

export async function counterOf(ctx: MutationCtx, id: string): Promise<CounterRow | undefined> {
  await loadCounters(ctx, [id]);
  return ctx.counters.get(id);
}

/** Users who have signed in on this device: the only other authors a device may name. */
export async function deviceUsers(ctx: MutationCtx): Promise<Set<string>> {
  if (ctx.deviceUsers) return ctx.deviceUsers;
  const rows = ctx.deviceId
    ? await ctx.tx.selectDistinct({ u: sessions.userId }).from(sessions).where(and(eq(sessions.deviceId, ctx.deviceId)))
    : [];
  ctx.deviceUsers = new Set(rows.map((r) => r.u));
  return ctx.deviceUsers;
}

/** Forget cached rows (after a savepoint rolled back, they may hold writes that never happened). */
export function forgetCaches(ctx: MutationCtx): void {
  ctx.locked.clear();
  ctx.counters.clear();
  ctx.staff.clear();
  ctx.eventStatus.clear();
}

export const deny = (code: ConstructorParameters<typeof DomainError>[0], message: string) => new DomainError(code, message);
