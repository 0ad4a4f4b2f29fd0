// Gifts: the rules of the record (issue 13). Who and when are what the SERVER knows; what a device
// says about them is a claim, checked and, when it cannot be confirmed, ignored and flagged.
// Money received is never refused for a closed counter: it is recorded, flagged after_close and
// kept out of the closed cash count, for the event admin to reconcile.
import { and, eq, getTableColumns, inArray, is, isNull, SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { giftRuleIssues, MAX_CLOCK_OFFSET_MS, patchableGiftFields, type GiftFlag } from '../../contract/entities';
import { policy } from '../../contract/policy';
import type { MutationValue } from '../../contract/sync';
import type { Db } from '../db/client';
import { prepared, runPrepared } from '../db/prepared';
import { giftAudit, gifts, users } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import { enqueueGiverReceipts } from '../messaging/outbox';
import { foldGiver } from '../../ledger/fold';
import { isCounted, lockCounterOfGift, lockCountersForGifts } from './invariants';
import { assigned, deny, deviceUsers, type CounterRow, type MutationCtx } from './mutation-context';

type GiftRow = typeof gifts.$inferSelect;
export type GiftValues = typeof gifts.$inferInsert;
type CreateArgs = MutationValue<'gift.create'>;

/** What the gift search matches a Latin spelling against (column search_fold, migration 0015): every write of name, initial or village sets it. */
export const searchFoldOf = (g: { name: string; initial?: string | null; village?: string | null }): string =>
  foldGiver({ name: g.name, initial: g.initial ?? '', village: g.village ?? '' });

const isMe = (ctx: MutationCtx, who: string) => who === ctx.actor.id || who === ctx.actor.userId || who === ctx.actor.username;

/** Disabled flags of users named by devices, read once per request. */
async function disabledUsers(ctx: MutationCtx, ids: string[]): Promise<Map<string, boolean>> {
  ctx.disabled ??= new Map();
  const missing = ids.filter((id) => !ctx.disabled!.has(id));
  if (missing.length) {
    for (const id of missing) ctx.disabled.set(id, true); // an unknown user counts as not active
    for (const u of await ctx.tx.select({ id: users.id, disabled: users.disabled }).from(users).where(inArray(users.id, missing))) ctx.disabled.set(u.id, u.disabled);
  }
  return ctx.disabled;
}

/**
 * The times the server records: the device's clock as sent, corrected by the offset the device
 * measured (or the server measured from the push's sentAt), never later than now.
 */
export function correctedTime(deviceIso: string, offsetMs: number | null | undefined, nowMs: number): { at: string; offset: number | null } {
  const device = Date.parse(deviceIso);
  const offset = offsetMs ?? null;
  return { at: new Date(Math.min(device + (offset ?? 0), nowMs)).toISOString(), offset };
}

/**
 * Checks one gift.create against the policy and returns the row to write (with its flags), or
 * throws a DomainError. I/O only for what the batch has not loaded yet (counters, device users).
 *
 * Rule on refusals: a gift is refused only when the SIGNED-IN user has no part in the counter (not
 * its staff, not an admin of its event) or the device is unknown/revoked: that is a write into
 * another counter's book, not cash this device's staff received. Everything a legitimate
 * device's staff keyed lands, with a flag when something about it needs a person to look.
 */
export async function planGiftCreate(ctx: MutationCtx, a: CreateArgs): Promise<GiftValues> {
  // R2 (invariants.ts): decided from the counter row this transaction holds FOR SHARE.
  if (!ctx.locked.has(a.counterId)) await lockCountersForGifts(ctx, [a.counterId]);
  const c = ctx.counters.get(a.counterId);
  const d = policy['gift.create'](ctx.scope, c);
  const claim = a.authorId ?? a.enteredBy ?? '';
  // Shared tablet, and the next person is another counter's staff: the previous person's queued
  // gifts are theirs, keyed at their own counter on this registered device. They land as theirs,
  // sent by the one signed in now (issue 31: they were refused for good as "not found").
  const byDeviceAuthor = !d.ok && !!c && !!claim && !isMe(ctx, claim) && ctx.deviceOk && assigned(ctx, c.id, claim) && (await deviceUsers(ctx)).has(claim);
  if (!d.ok && !byDeviceAuthor) throw deny(d.code, d.reason);
  const counter = c!;
  if (counter.eventId !== a.eventId) throw deny('invalid_body', 'The counter does not belong to this event');
  if (!ctx.deviceOk) throw deny('unknown_device', 'This device is not registered or was revoked');

  const flags: GiftFlag[] = [];
  let enteredBy = ctx.actor.id;
  let pushedBy: string | null = null;
  let pinAuthorId: string | null = null;
  if (claim && !isMe(ctx, claim)) {
    if ((await deviceUsers(ctx)).has(claim)) {
      // Shared tablet: another account signed in before the previous person's entries were pushed.
      enteredBy = claim;
      pushedBy = ctx.actor.id;
      const disabled = (await disabledUsers(ctx, [claim])).get(claim);
      if (disabled || !assigned(ctx, counter.id, claim)) flags.push('author_inactive');
    } else if (a.authorId === undefined && !a.pinAuthorId && assigned(ctx, counter.id, claim)) {
      // Older outboxes wrote the PIN-switched colleague into enteredBy: that is a PIN author.
      pinAuthorId = claim;
    } else {
      flags.push('author_unverified');
    }
  }
  if (a.pinAuthorId && a.pinAuthorId !== enteredBy) {
    if (assigned(ctx, counter.id, a.pinAuthorId)) pinAuthorId = a.pinAuthorId;
    else flags.push('pin_dropped');
  }
  if (counter.status !== 'open' || ctx.eventStatus.get(counter.eventId) === 'closed') flags.push('after_close');

  const offset = a.clockOffsetMs ?? ctx.measuredOffsetMs;
  let t = correctedTime(a.enteredAt, offset, ctx.now);
  // A clock more than a week off is wrong, not slow: recorded all the same, flagged; with no offset
  // to correct it by, timed when it arrived (the tablet's own time is kept in device_entered_at).
  if (offset !== null && Math.abs(offset) > MAX_CLOCK_OFFSET_MS) flags.push('clock_wrong');
  else if (offset === null && Math.abs(Date.parse(a.enteredAt) - ctx.now) > MAX_CLOCK_OFFSET_MS) {
    flags.push('clock_wrong');
    t = { at: new Date(ctx.now).toISOString(), offset: null };
  }
  return {
    id: a.id, eventId: a.eventId, counterId: a.counterId, receiptNo: a.receiptNo, name: a.name, initial: a.initial, village: a.village,
    mobile: a.mobile, relation: a.relation, mode: a.mode, amount: a.amount, reference: a.reference, item: a.item, note: a.note,
    enteredAt: t.at, deviceEnteredAt: a.enteredAt, clockOffsetMs: t.offset ?? undefined, receivedAt: new Date(ctx.now).toISOString(),
    enteredBy, deviceId: ctx.deviceId,
    // Left undefined when empty: the multi-row insert writes DEFAULT instead of a parameter per row.
    pushedBy: pushedBy ?? undefined, pinAuthorId: pinAuthorId ?? undefined, flags: flags.length ? flags : undefined,
    weightGrams: a.weightGrams ?? undefined, approxValue: a.approxValue ?? undefined,
    receiptToken: a.receiptToken ?? undefined, messageConsent: a.messageConsent || undefined,
    kinName: a.kinName || undefined, title: a.title || undefined, returningAmount: a.returningAmount ?? undefined,
    searchFold: searchFoldOf(a),
  };
}


// The gifts insert, built once from the table's own columns (never a hand-written list): the run
// goes as ONE json parameter (json_populate_recordset by column name), since embedded PGlite pays
// far more per bound parameter than per byte; a column a row leaves out takes its default.
const dialect = new PgDialect();
const insertColumns = Object.entries(getTableColumns(gifts)).filter(([, c]) => !(c as { generated?: unknown }).generated);
const defaultOf = (c: (typeof insertColumns)[number][1]): string => {
  if (is(c.default, SQL)) return dialect.sqlToQuery(c.default as SQL).sql;
  return typeof c.default === 'string' ? `'${c.default.replaceAll("'", "''")}'` : String(c.default);
};
const INSERT_RUN = prepared('insert_gift_run', `with w as (
  insert into gifts (${insertColumns.map(([, c]) => `"${c.name}"`).join(', ')})
  select ${insertColumns.map(([, c]) => (c.hasDefault ? `coalesce(r."${c.name}", ${defaultOf(c)})` : `r."${c.name}"`)).join(', ')}
  from json_populate_recordset(null::gifts, $1::json) r
  on conflict do nothing returning id)
  select coalesce(string_agg(w.id, ','), '') as ids from w`);

/** Inserts the rows in one statement; the ids inserted (a gift or receipt number already stored is skipped). */
async function insertRun(tx: Db, rows: GiftValues[]): Promise<Set<string>> {
  const json = JSON.stringify(rows.map((r) => {
    const o: Record<string, unknown> = {};
    for (const [key, c] of insertColumns) {
      const v = (r as Record<string, unknown>)[key];
      if (v !== undefined) o[c.name] = v;
    }
    return o;
  }));
  // The ids folded into one value: PGlite pays per result row far more than per byte.
  const ids = (await runPrepared<{ ids: string }>(tx, INSERT_RUN, [json]))[0]?.ids ?? '';
  return new Set(ids ? ids.split(',') : []);
}

/**
 * Writes planned gifts in one statement. Each id comes back as inserted, `existing` (the same
 * gift arrived before, e.g. through an import: a duplicate) or `receipt` (its receipt number is
 * taken in the event by another gift).
 */
export async function insertGifts(ctx: MutationCtx, rows: GiftValues[], ledgerPersons?: ReadonlyMap<string, string>): Promise<Map<string, 'inserted' | 'existing' | 'receipt'>> {
  const out = new Map<string, 'inserted' | 'existing' | 'receipt'>();
  if (rows.length === 0) return out;
  const inserted = await insertRun(ctx.tx, rows);
  const notInserted = rows.filter((r) => !inserted.has(r.id));
  const existing = notInserted.length
    ? new Set((await ctx.tx.select({ id: gifts.id }).from(gifts).where(inArray(gifts.id, notInserted.map((r) => r.id)))).map((r) => r.id))
    : new Set<string>();
  for (const r of rows) out.set(r.id, inserted.has(r.id) ? 'inserted' : existing.has(r.id) ? 'existing' : 'receipt');
  // The giver's receipt message, in this transaction: a gift pushed again inserts nothing, queues nothing.
  await enqueueGiverReceipts(ctx.tx, rows.filter((r) => inserted.has(r.id)));
  if (ledgerPersons?.size) await linkToLedger(ctx.tx, [...ledgerPersons].filter(([g]) => inserted.has(g)));
  return out;
}

/**
 * Alt+L at the counter (gift.create's `ledgerPersonId`): the gift joins that person of the host's
 * ledger, only when the person belongs to an owner of the gift's event and was not merged away.
 * Anything else is ignored, never a refusal: the money is recorded either way, and the ledger then
 * groups the gift by its name and village like any other.
 */
export async function linkToLedger(tx: Db, pairs: Array<[giftId: string, personId: string]>): Promise<void> {
  if (!pairs.length) return;
  const json = JSON.stringify(pairs.map(([g, p]) => ({ g, p })));
  await tx.execute(sql`
    insert into ledger_links (owner_id, gift_id, person_id, how)
    select p.owner_id, v.g, p.id, 'counter'
    from json_to_recordset(${json}::json) as v(g text, p text)
    join gifts g on g.id = v.g
    join ledger_people p on p.id = v.p and p.merged_into is null
    join event_members m on m.event_id = g.event_id and m.user_id = p.owner_id and m.role = 'owner'
    on conflict do nothing`);
}

// ---- changes to a recorded gift ----

/** R3 (invariants.ts): the gift FOR UPDATE, then its counter FOR SHARE, before any decision. */
async function giftForChange(ctx: MutationCtx, name: 'gift.update' | 'gift.delete' | 'gift.restore', id: string): Promise<{ g: GiftRow; c: CounterRow }> {
  const [g] = await ctx.tx.select().from(gifts).where(eq(gifts.id, id)).for('update');
  const c = g ? await lockCounterOfGift(ctx, g.counterId) : undefined;
  const d = policy[name](ctx.scope, g, c);
  if (!d.ok) throw deny(d.code, d.reason);
  return { g: g!, c: c! };
}

/** The PIN-switched staff member named with a change, kept only if assigned to the gift's counter. */
function validPinAuthor(ctx: MutationCtx, counterId: string, pinAuthorId: string | null | undefined): string | null {
  return pinAuthorId && pinAuthorId !== ctx.actor.id && assigned(ctx, counterId, pinAuthorId) ? pinAuthorId : null;
}

async function writeAudit(ctx: MutationCtx, g: GiftRow, action: 'update' | 'delete' | 'restore' | 'review' | 'reprint', pinAuthorId: string | null, reason: string | null, before: Record<string, unknown>, after: Record<string, unknown>) {
  const id = uuidv7();
  await ctx.tx.insert(giftAudit).values({ id, giftId: g.id, eventId: g.eventId, action, by: ctx.actor.id, pinAuthorId, reason, before, after });
}

/** R3: the refusal of a change to cash a closed count has counted. */
const countedDenial = (c: CounterRow) => deny('counted', `Counted in counter ${c.code}'s closed cash count: its amount, mode and deletion can no longer change (name, village and note still can)`);

export async function updateGift(ctx: MutationCtx, a: MutationValue<'gift.update'>): Promise<void> {
  const { g, c } = await giftForChange(ctx, 'gift.update', a.id);
  if (g.deletedAt) throw deny('conflict', 'This gift is deleted; restore it before editing');
  if (a.baseVersion > g.version) throw deny('version_conflict', 'The edit is based on a version the server does not have');
  // Last writer wins per field: only the fields this edit changed are written.
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const k of patchableGiftFields) {
    const v = a.patch[k];
    if (v === undefined || v === g[k]) continue;
    before[k] = g[k];
    after[k] = v;
  }
  const next = { ...g, ...after } as GiftRow;
  const bad = giftRuleIssues(next)[0];
  if (bad) throw deny('invalid_body', bad.message);
  if (Object.keys(after).length === 0) return;
  if (isCounted(g, c) && ('amount' in after || 'mode' in after)) throw countedDenial(c);
  const refold = 'name' in after || 'initial' in after || 'village' in after;
  await ctx.tx.update(gifts).set({ ...after, ...(refold ? { searchFold: searchFoldOf(next) } : {}), version: g.version + 1 }).where(eq(gifts.id, g.id));
  await writeAudit(ctx, g, 'update', validPinAuthor(ctx, g.counterId, a.pinAuthorId), a.reason, { ...before, version: g.version, baseVersion: a.baseVersion }, after);
}

export async function deleteGift(ctx: MutationCtx, a: MutationValue<'gift.delete'>): Promise<void> {
  const { g, c } = await giftForChange(ctx, 'gift.delete', a.id);
  if (g.deletedAt) return; // already deleted: nothing more to do
  if (isCounted(g, c)) throw countedDenial(c);
  const at = new Date(ctx.now).toISOString();
  await ctx.tx.update(gifts).set({ deletedAt: at, deletedBy: ctx.actor.id, deleteReason: a.reason, version: g.version + 1 }).where(eq(gifts.id, g.id));
  await writeAudit(ctx, g, 'delete', validPinAuthor(ctx, g.counterId, a.pinAuthorId), a.reason, { deletedAt: null }, { deletedAt: at });
}

export async function restoreGift(ctx: MutationCtx, a: MutationValue<'gift.restore'>): Promise<void> {
  const { g, c } = await giftForChange(ctx, 'gift.restore', a.id);
  if (!g.deletedAt) return;
  if (isCounted({ ...g, deletedAt: null }, c)) throw countedDenial(c);
  await ctx.tx.update(gifts).set({ deletedAt: null, deletedBy: null, deleteReason: null, version: g.version + 1 }).where(eq(gifts.id, g.id));
  await writeAudit(ctx, g, 'restore', validPinAuthor(ctx, g.counterId, a.pinAuthorId), a.reason || null, { deletedAt: g.deletedAt, deleteReason: g.deleteReason }, { deletedAt: null });
}

/** A duplicate receipt printed at a counter (issue 28): one history line, who by the session, when by the server. */
export async function reprintGift(ctx: MutationCtx, a: MutationValue<'gift.reprint'>): Promise<void> {
  const [g] = await ctx.tx.select().from(gifts).where(eq(gifts.id, a.id));
  const d = policy['gift.reprint'](ctx.scope, g);
  if (!d.ok) throw deny(d.code, d.reason);
  await writeAudit(ctx, g!, 'reprint', validPinAuthor(ctx, g!.counterId, a.pinAuthorId), null, {}, { copy: a.copy });
}

/** An event admin marks a flagged gift reviewed (who and when are the server's); its flags stay as the record of why. */
export async function reviewGift(ctx: MutationCtx, a: { id: string; note?: string | null }): Promise<GiftRow> {
  const [g] = await ctx.tx.select().from(gifts).where(eq(gifts.id, a.id)).for('update');
  const d = policy['gift.review'](ctx.scope, g);
  if (!d.ok) throw deny(d.code, d.reason);
  if (g!.reviewedAt) return g!;
  const at = new Date(ctx.now).toISOString();
  const [row] = await ctx.tx.update(gifts).set({ reviewedAt: at, reviewedBy: ctx.actor.id }).where(eq(gifts.id, g!.id)).returning();
  await writeAudit(ctx, g!, 'review', null, a.note?.trim() || null, { reviewedAt: null, flags: g!.flags }, { reviewedAt: at });
  return row;
}

/**
 * Writes search_fold for the gifts of these events that have none: rows from before migration 0015
 * or written around the domain functions (a direct insert). The gift search calls it first, so a
 * Latin spelling finds every gift; the partial index gifts_search_fold_missing_idx makes it one
 * cheap lookup when nothing is missing. Returns how many rows it filled.
 */
export async function fillSearchFolds(db: Db, eventIds: string[] | 'all'): Promise<number> {
  if (eventIds !== 'all' && eventIds.length === 0) return 0;
  let filled = 0;
  for (;;) {
    const rows = await db.select({ id: gifts.id, name: gifts.name, initial: gifts.initial, village: gifts.village }).from(gifts)
      .where(and(isNull(gifts.searchFold), eventIds === 'all' ? undefined : inArray(gifts.eventId, eventIds))).limit(1000);
    if (rows.length === 0) return filled;
    const values = sql.join(rows.map((r) => sql`(${r.id}, ${searchFoldOf(r)})`), sql`, `);
    // "is null" again: an edit that committed meanwhile wrote the fold of the new name.
    await db.execute(sql`update gifts set search_fold = v.fold from (values ${values}) as v(id, fold) where gifts.id = v.id and gifts.search_fold is null`);
    filled += rows.length;
  }
}
