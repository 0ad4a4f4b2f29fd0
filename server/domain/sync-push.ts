// POST /moi/sync/push: apply a device's batch of outbox mutations in ONE database transaction.
// - Idempotent: a mutation id already applied answers `duplicate` (applied_mutations is the record;
//   the id is claimed before the write, so two concurrent pushes of one id never both apply it).
// - Per-mutation authorization and validation; a rejected mutation never blocks the rest (each
//   non-bulk mutation runs in its own savepoint).
// - Runs of gift.create (the hot path: thousands per counter per day) are checked in memory and
//   written with a few multi-row statements; if such a bulk write fails it falls back to one by one.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ErrorCode } from '../../contract/errors';
import type { CashTally } from '../../contract/entities';
import { mutationSchema, type Mutation, type PushBody, type PushResult } from '../../contract/sync';
import type { Db } from '../db/client';
import { appliedMutations, counterStaff, counters, devices, eventMembers, events, giftAudit, gifts, signups, users } from '../db/schema';
import { uuidv7 } from '../ids';
import type { Actor } from '../session';
import { lockChangeLog, recordChanges, type ChangeEntry } from './change-log';
import { toMs } from './sync-views';

export class Rejection extends Error {
  constructor(public code: ErrorCode, message: string) {
    super(message);
  }
}

type CounterRow = typeof counters.$inferSelect;
type GiftRow = typeof gifts.$inferSelect;
type GiftCreate = Extract<Mutation, { name: 'gift.create' }>;

type Ctx = {
  tx: Db;
  actor: Actor;
  deviceId: string;
  deviceOk: boolean;
  adminEvents: 'all' | Set<string>;
  counters: Map<string, CounterRow>;
  staff: Map<string, Set<string>>;
};

const isMe = (a: Actor, who: string) => who === a.id || who === a.userId || who === a.username;
const isEventAdmin = (ctx: Ctx, eventId: string) => ctx.adminEvents === 'all' || ctx.adminEvents.has(eventId);

async function loadCounters(ctx: Ctx, ids: string[]): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !ctx.counters.has(id));
  if (missing.length === 0) return;
  const rows = await ctx.tx.select().from(counters).where(inArray(counters.id, missing));
  for (const r of rows) {
    ctx.counters.set(r.id, r);
    ctx.staff.set(r.id, new Set());
  }
  if (rows.length === 0) return;
  const staff = await ctx.tx.select({ c: counterStaff.counterId, u: counterStaff.userId }).from(counterStaff).where(inArray(counterStaff.counterId, rows.map((r) => r.id)));
  for (const s of staff) ctx.staff.get(s.c)?.add(s.u);
}

const assigned = (ctx: Ctx, counterId: string, userId: string) => ctx.staff.get(counterId)?.has(userId) ?? false;

/** Why this gift may not be created (null: it may). Pure over the loaded context. */
function checkGiftCreate(ctx: Ctx, a: GiftCreate['args']): Rejection | null {
  const c = ctx.counters.get(a.counterId);
  if (!c) return new Rejection('not_found', 'Counter not found');
  if (c.eventId !== a.eventId) return new Rejection('invalid_body', 'The counter does not belong to this event');
  const admin = isEventAdmin(ctx, c.eventId);
  if (!admin && !assigned(ctx, c.id, ctx.actor.id)) return new Rejection('not_assigned', 'You are not assigned to this counter');
  if (!ctx.deviceOk) return new Rejection('unknown_device', 'This device is not registered or was revoked');
  // A gift keyed before the counter closed (on a device that was offline) must still land.
  const open = c.status === 'open' || (c.closedAt != null && toMs(c.closedAt) >= Date.parse(a.enteredAt));
  if (!open) return new Rejection('counter_closed', `Counter ${c.code} is closed`);
  if (!isMe(ctx.actor, a.enteredBy) && !assigned(ctx, c.id, a.enteredBy)) {
    return new Rejection('not_assigned', 'The staff member who entered this gift is not assigned to this counter');
  }
  return null;
}

function giftValues(ctx: Ctx, a: GiftCreate['args']) {
  return {
    id: a.id, eventId: a.eventId, counterId: a.counterId, receiptNo: a.receiptNo, name: a.name, initial: a.initial, village: a.village,
    mobile: a.mobile, relation: a.relation, mode: a.mode, amount: a.amount, reference: a.reference, item: a.item, note: a.note,
    enteredAt: a.enteredAt, enteredBy: a.enteredBy, deviceId: ctx.deviceId,
  };
}

/** Claim mutation ids (insert, or take over a previously rejected record). Returns the ids claimed. */
async function claim(ctx: Ctx, ms: Array<{ id: string; seq: number; name: string }>): Promise<Set<string>> {
  if (ms.length === 0) return new Set();
  const q = ctx.tx.insert(appliedMutations)
    .values(ms.map((m) => ({ id: m.id, deviceId: ctx.deviceId, seq: m.seq, name: m.name, status: 'applied', userId: ctx.actor.id })))
    .onConflictDoUpdate({
      target: appliedMutations.id,
      set: { status: 'applied', code: null, deviceId: ctx.deviceId, userId: ctx.actor.id, at: sql`now()` },
      setWhere: sql`${appliedMutations.status} <> 'applied'`,
    })
    .returning({ id: appliedMutations.id });
  return idsOf(ctx.tx, q);
}

/**
 * The ids a RETURNING statement produced, folded into one value: embedded PGlite pays per result
 * row far more than per byte, and a batch returns hundreds of ids.
 */
async function idsOf(tx: Db, returning: { getSQL(): SQL }): Promise<Set<string>> {
  // getSQL(): a query builder embedded as such would be wrapped in parentheses (a subquery).
  const res = await tx.execute(sql`with w as (${returning.getSQL()}) select coalesce(string_agg(w.id, ','), '') as ids from w`);
  const rows = (res as unknown as { rows: Array<{ ids: string }> }).rows;
  const ids = rows[0]?.ids ?? '';
  return new Set(ids ? ids.split(',') : []);
}

async function markRejected(ctx: Ctx, m: { id: string; seq: number; name: string }, r: Rejection): Promise<void> {
  await ctx.tx.insert(appliedMutations)
    .values({ id: m.id, deviceId: ctx.deviceId, seq: m.seq, name: m.name, status: 'rejected', code: r.code, userId: ctx.actor.id })
    .onConflictDoUpdate({ target: appliedMutations.id, set: { status: 'rejected', code: r.code, at: sql`now()` }, setWhere: sql`${appliedMutations.status} <> 'applied'` });
}

const rejected = (id: string, r: Rejection): PushResult => ({ id, status: 'rejected', code: r.code, message: r.message });

/** Write a run of gift.create mutations with a handful of statements. Throws on unexpected DB errors. */
async function bulkCreateGifts(ctx: Ctx, ms: GiftCreate[]): Promise<Map<string, PushResult>> {
  const out = new Map<string, PushResult>();
  const claimed = await claim(ctx, ms);
  const todo = ms.filter((m) => {
    if (!claimed.has(m.id)) out.set(m.id, { id: m.id, status: 'duplicate' });
    return claimed.has(m.id);
  });
  if (todo.length === 0) return out;
  const inserted = await idsOf(ctx.tx, ctx.tx.insert(gifts).values(todo.map((m) => giftValues(ctx, m.args))).onConflictDoNothing().returning({ id: gifts.id }));
  const notInserted = todo.filter((m) => !inserted.has(m.args.id));
  if (notInserted.length) {
    const existing = new Set((await ctx.tx.select({ id: gifts.id }).from(gifts).where(inArray(gifts.id, notInserted.map((m) => m.args.id)))).map((r) => r.id));
    for (const m of notInserted) {
      if (existing.has(m.args.id)) {
        out.set(m.id, { id: m.id, status: 'duplicate' }); // the same gift arrived under another mutation id (e.g. an import)
      } else {
        const r = new Rejection('duplicate_receipt', `Receipt ${m.args.receiptNo} is already used in this event`);
        out.set(m.id, rejected(m.id, r));
        await markRejected(ctx, m, r);
      }
    }
  }
  const changes: ChangeEntry[] = [];
  for (const m of todo) {
    if (!inserted.has(m.args.id)) continue;
    out.set(m.id, { id: m.id, status: 'applied' });
    changes.push({ type: 'gift', entityId: m.args.id, eventId: m.args.eventId, counterId: m.args.counterId });
  }
  await recordChanges(ctx.tx, changes);
  return out;
}

// ---- single mutations (each inside its own savepoint) ----

async function giftForChange(ctx: Ctx, id: string, by: string): Promise<{ g: GiftRow; c: CounterRow }> {
  const [g] = await ctx.tx.select().from(gifts).where(eq(gifts.id, id)).for('update');
  if (!g) throw new Rejection('not_found', 'Gift not found');
  await loadCounters(ctx, [g.counterId]);
  const c = ctx.counters.get(g.counterId)!;
  if (isEventAdmin(ctx, g.eventId)) return { g, c };
  if (!assigned(ctx, c.id, ctx.actor.id)) throw new Rejection('not_assigned', 'You are not assigned to this counter');
  if (!isMe(ctx.actor, g.enteredBy) && !(by === g.enteredBy && assigned(ctx, c.id, by))) throw new Rejection('forbidden', 'Counter staff may change only their own entries');
  if (c.status !== 'open') throw new Rejection('counter_closed', `Counter ${c.code} is closed`);
  return { g, c };
}

async function writeAudit(ctx: Ctx, g: GiftRow, action: 'update' | 'delete' | 'restore', by: string, reason: string | null, before: Record<string, unknown>, after: Record<string, unknown>) {
  const id = uuidv7();
  await ctx.tx.insert(giftAudit).values({ id, giftId: g.id, eventId: g.eventId, action, by, reason, before, after });
  await recordChanges(ctx.tx, [
    { type: 'gift', entityId: g.id, eventId: g.eventId, counterId: g.counterId },
    { type: 'audit', entityId: id, eventId: g.eventId, counterId: g.counterId },
  ]);
}

const PATCHABLE = ['name', 'initial', 'village', 'mobile', 'relation', 'mode', 'amount', 'reference', 'item', 'note'] as const;

async function applyOne(ctx: Ctx, m: Mutation): Promise<'duplicate' | void> {
  const { actor, tx } = ctx;
  switch (m.name) {
    case 'gift.create': {
      await loadCounters(ctx, [m.args.counterId]);
      const why = checkGiftCreate(ctx, m.args);
      if (why) throw why;
      const r = await bulkCreateGifts(ctx, [m]);
      const res = r.get(m.id);
      if (res?.status === 'rejected') throw new Rejection(res.code as ErrorCode, res.message ?? 'rejected');
      return res?.status === 'duplicate' ? 'duplicate' : undefined;
    }
    case 'gift.update': {
      const a = m.args;
      const { g } = await giftForChange(ctx, a.id, a.by);
      if (g.deletedAt) throw new Rejection('conflict', 'This gift is deleted; restore it before editing');
      if (a.baseVersion > g.version) throw new Rejection('version_conflict', 'The edit is based on a version the server does not have');
      // Last writer wins per field: only the fields this edit changed are written.
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const k of PATCHABLE) {
        const v = a.patch[k];
        if (v === undefined || v === g[k]) continue;
        before[k] = g[k];
        after[k] = v;
      }
      const next = { ...g, ...after } as GiftRow;
      if (next.mode !== 'item' && next.amount < 1) throw new Rejection('invalid_body', 'Amount must be at least ₹1');
      if (next.mode === 'item' && !next.item.trim()) throw new Rejection('invalid_body', 'Describe the item');
      if (Object.keys(after).length === 0) return;
      await tx.update(gifts).set({ ...after, version: g.version + 1 }).where(eq(gifts.id, g.id));
      await writeAudit(ctx, g, 'update', a.by || actor.id, a.reason, { ...before, version: g.version, baseVersion: a.baseVersion }, after);
      return;
    }
    case 'gift.delete': {
      const a = m.args;
      const { g } = await giftForChange(ctx, a.id, a.by);
      if (g.deletedAt) return; // already deleted: nothing more to do
      await tx.update(gifts).set({ deletedAt: a.at, deletedBy: a.by || actor.id, deleteReason: a.reason, version: g.version + 1 }).where(eq(gifts.id, g.id));
      await writeAudit(ctx, g, 'delete', a.by || actor.id, a.reason, { deletedAt: null }, { deletedAt: a.at });
      return;
    }
    case 'gift.restore': {
      const a = m.args;
      const { g } = await giftForChange(ctx, a.id, a.by);
      if (!g.deletedAt) return;
      await tx.update(gifts).set({ deletedAt: null, deletedBy: null, deleteReason: null, version: g.version + 1 }).where(eq(gifts.id, g.id));
      await writeAudit(ctx, g, 'restore', a.by || actor.id, a.reason || null, { deletedAt: g.deletedAt, deleteReason: g.deleteReason }, { deletedAt: null });
      return;
    }
    case 'counter.open': {
      const a = m.args;
      await loadCounters(ctx, [a.id]);
      const c = ctx.counters.get(a.id);
      if (!c) throw new Rejection('not_found', 'Counter not found');
      if (!isEventAdmin(ctx, c.eventId)) throw new Rejection('forbidden', 'Only an admin of this event may open a counter');
      const [ev] = await tx.select({ status: events.status }).from(events).where(eq(events.id, c.eventId));
      if (ev?.status === 'closed') throw new Rejection('event_closed', 'The event is closed');
      if (c.status === 'open') return;
      if (c.tally) throw new Rejection('counter_closed', 'This counter was closed with a cash count and cannot reopen');
      const [row] = await tx.update(counters).set({ status: 'open', openedAt: a.at, openedBy: a.by || actor.id, updatedAt: new Date().toISOString() }).where(eq(counters.id, c.id)).returning();
      ctx.counters.set(c.id, row);
      await recordChanges(tx, [{ type: 'counter', entityId: c.id, eventId: c.eventId, counterId: c.id }]);
      return;
    }
    case 'counter.close': {
      const { id, tally } = m.args;
      await loadCounters(ctx, [id]);
      const c = ctx.counters.get(id);
      if (!c) throw new Rejection('not_found', 'Counter not found');
      if (!isEventAdmin(ctx, c.eventId) && !assigned(ctx, c.id, actor.id)) throw new Rejection('not_assigned', 'You are not assigned to this counter');
      if (c.status === 'closed' && c.tally) throw new Rejection('counter_closed', `Counter ${c.code} is already closed with a cash count`);
      const counted = Object.entries(tally.counts).reduce((s, [k, n]) => s + Number(k.slice(1)) * n, 0);
      if (counted !== tally.countedTotal) throw new Rejection('invalid_body', `Counted total is ₹${counted}, not ₹${tally.countedTotal}`);
      if (tally.difference !== tally.countedTotal - tally.expectedCash) throw new Rejection('invalid_body', 'Difference does not match counted minus expected');
      if (tally.difference !== 0 && !tally.reason?.trim()) throw new Rejection('reason_required', 'A reason is required when the count differs');
      // The server's own expected cash: gifts from other devices may have arrived since the device counted.
      const [sum] = await tx.select({ cash: sql<number>`coalesce(sum(${gifts.amount}), 0)::float8`.mapWith(Number) }).from(gifts)
        .where(and(eq(gifts.counterId, c.id), eq(gifts.mode, 'cash'), isNull(gifts.deletedAt)));
      const expectedCash = sum?.cash ?? 0;
      const stored: CashTally & { deviceExpectedCash: number } = { ...tally, expectedCash, difference: counted - expectedCash, deviceExpectedCash: tally.expectedCash };
      const [row] = await tx.update(counters).set({ status: 'closed', closedAt: tally.closedAt, closedBy: tally.closedBy || actor.id, tally: stored, updatedAt: new Date().toISOString() })
        .where(eq(counters.id, c.id)).returning();
      ctx.counters.set(c.id, row);
      await recordChanges(tx, [{ type: 'counter', entityId: c.id, eventId: c.eventId, counterId: c.id }]);
      return;
    }
    case 'profile.update': {
      const a = m.args;
      const [target] = await tx.select().from(users).where(sql`${users.id} = ${a.id} or ${users.userId} = ${a.id}`).limit(1);
      if (!target) throw new Rejection('not_found', 'User not found');
      const admin = actor.role === 'app_admin';
      if (!admin && target.id !== actor.id) throw new Rejection('forbidden', 'You may change only your own profile');
      if (!admin && a.username !== undefined && a.username !== target.username) throw new Rejection('forbidden', 'Only an app admin can change the username');
      if (!admin && a.mobile !== undefined && a.mobile !== target.mobile) throw new Rejection('forbidden', 'Only an app admin can change the mobile number');
      if (a.username && a.username !== target.username) {
        const taken = await tx.select({ id: users.id }).from(users).where(eq(users.username, a.username)).limit(1);
        if (taken.length) throw new Rejection('username_taken', 'That username is taken');
      }
      await tx.update(users).set({
        ...(a.name !== undefined ? { name: a.name } : {}),
        ...(a.username !== undefined ? { username: a.username } : {}),
        ...(a.mobile !== undefined ? { mobile: a.mobile } : {}),
        lastUpdatedBy: a.lastUpdatedBy,
        updatedAt: new Date().toISOString(),
      }).where(eq(users.id, target.id));
      await recordChanges(tx, [{ type: 'user', entityId: target.id, userId: target.id }]);
      return;
    }
    case 'signup.create': {
      const a = m.args;
      const ins = await tx.insert(signups).values({
        id: a.id, name: a.name, mobile: a.mobile, village: a.village, functionType: a.functionType, expectedDate: a.expectedDate,
        plan: a.plan, takenBy: actor.id, createdAt: a.createdAt,
      }).onConflictDoNothing().returning({ id: signups.id });
      if (ins.length) await recordChanges(tx, [{ type: 'signup', entityId: a.id, userId: actor.id }]);
      return;
    }
    case 'profile.picture':
      throw new Rejection('invalid_body', 'Pictures are uploaded through /moi/user/uploadProfileImage, not pushed');
  }
}

function isPgError(e: unknown): e is { code: string; message: string } {
  const x = e as { code?: unknown; cause?: { code?: unknown } };
  return typeof x?.code === 'string' || typeof x?.cause?.code === 'string';
}

export async function applyPush(db: Db, actor: Actor, body: PushBody): Promise<PushResult[]> {
  const n = body.mutations.length;
  const results: Array<PushResult | undefined> = new Array(n);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Take the change-log lock before any row lock, always in this order (no deadlock with other writers).
    await lockChangeLog(tx);
    const [dev] = await tx.select({ id: devices.id, revoked: devices.revoked }).from(devices).where(eq(devices.id, body.deviceId)).limit(1);
    if (dev && !dev.revoked) await tx.update(devices).set({ lastSeenAt: new Date().toISOString() }).where(eq(devices.id, body.deviceId));
    let adminEvents: Ctx['adminEvents'] = 'all';
    if (actor.role !== 'app_admin') {
      adminEvents = new Set(actor.role === 'event_admin'
        ? (await tx.select({ e: eventMembers.eventId }).from(eventMembers).where(and(eq(eventMembers.userId, actor.id), eq(eventMembers.role, 'admin')))).map((r) => r.e)
        : []);
    }
    const ctx: Ctx = { tx, actor, deviceId: body.deviceId, deviceOk: !!dev && !dev.revoked, adminEvents, counters: new Map(), staff: new Map() };

    // Seen before? (only an applied record makes a duplicate; a rejected one is evaluated again)
    const ids = body.mutations.map((m) => m.id);
    const seen = new Set((await tx.select({ id: appliedMutations.id }).from(appliedMutations)
      .where(and(inArray(appliedMutations.id, ids.length ? ids : ['']), eq(appliedMutations.status, 'applied')))).map((r) => r.id));
    const parsed: Array<Mutation | null> = new Array(n).fill(null);
    const inBatch = new Set<string>();
    for (let i = 0; i < n; i++) {
      const raw = body.mutations[i];
      if (seen.has(raw.id) || inBatch.has(raw.id)) {
        results[i] = { id: raw.id, status: 'duplicate' };
        continue;
      }
      inBatch.add(raw.id);
      const p = mutationSchema.safeParse(raw);
      if (!p.success) {
        const msg = p.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ');
        const r = new Rejection('invalid_body', `Invalid ${raw.name}: ${msg}`.slice(0, 500));
        results[i] = rejected(raw.id, r);
        await markRejected(ctx, { id: raw.id, seq: raw.seq, name: raw.name.slice(0, 40) }, r);
        continue;
      }
      parsed[i] = p.data;
    }
    await loadCounters(ctx, parsed.flatMap((m) => (m?.name === 'gift.create' ? [m.args.counterId] : [])));

    let i = 0;
    while (i < n) {
      const m = parsed[i];
      if (!m) { i++; continue; }
      if (m.name === 'gift.create') {
        // A run of consecutive gift.create mutations: check in memory, write in bulk.
        const run: Array<{ i: number; m: GiftCreate }> = [];
        while (i < n && (parsed[i] === null || parsed[i]!.name === 'gift.create')) {
          const x = parsed[i];
          if (x) run.push({ i, m: x as GiftCreate });
          i++;
        }
        await loadCounters(ctx, run.map((r) => r.m.args.counterId));
        const ok: Array<{ i: number; m: GiftCreate }> = [];
        for (const r of run) {
          const why = checkGiftCreate(ctx, r.m.args);
          if (why) {
            results[r.i] = rejected(r.m.id, why);
            await markRejected(ctx, r.m, why);
          } else ok.push(r);
        }
        if (ok.length === 0) continue;
        try {
          const out = await tx.transaction(async (sp) => bulkCreateGifts({ ...ctx, tx: sp as unknown as Db }, ok.map((r) => r.m)));
          for (const r of ok) results[r.i] = out.get(r.m.id);
        } catch {
          // Something in the bulk write failed: apply them one by one so only the culprit is rejected.
          for (const r of ok) results[r.i] = await applySingle(ctx, r.m);
        }
        continue;
      }
      results[i] = await applySingle(ctx, m);
      i++;
    }
    return results.map((r, k) => r ?? { id: body.mutations[k].id, status: 'rejected', code: 'internal_error', message: 'Not processed' });
  });
}

async function applySingle(ctx: Ctx, m: Mutation): Promise<PushResult> {
  try {
    let dup = false;
    await ctx.tx.transaction(async (sp) => {
      const sctx = { ...ctx, tx: sp as unknown as Db };
      if (m.name === 'gift.create') {
        // bulkCreateGifts claims by itself
        dup = (await applyOne(sctx, m)) === 'duplicate';
        return;
      }
      const claimed = await claim(sctx, [m]);
      if (!claimed.has(m.id)) {
        dup = true;
        return;
      }
      await applyOne(sctx, m);
    });
    return dup ? { id: m.id, status: 'duplicate' } : { id: m.id, status: 'applied' };
  } catch (e) {
    const r = e instanceof Rejection ? e : new Rejection('internal_error', isPgError(e) ? 'The server could not store this entry' : 'Unexpected error');
    // The savepoint rolled back; the counters cache may hold rows written inside it.
    ctx.counters.clear();
    ctx.staff.clear();
    await markRejected(ctx, m, r);
    return rejected(m.id, r);
  }
}
