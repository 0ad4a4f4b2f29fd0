// The rules of the record (issue 26), written in one place, and the row locks that hold them.
// Each rule is held by the database in the SAME transaction as the write that could break it:
// a row lock taken before the decision, kept until commit. No process-wide lock, no cache, no
// "usually". Lock order everywhere: event → counter → gift (so two writers never wait on each
// other in a cycle). Test: invariants.test.ts (random interleavings; on PostgreSQL with
// TEST_DATABASE_URL, else on PGlite).
//
// R1  A closed counter's tally counts exactly the cash gifts it says: tally.cashGifts = Σ amount
//     of its live, un-flagged cash gifts. Closing locks the counter FOR UPDATE, which waits for
//     every gift insert holding it FOR SHARE; the sum is read after the lock, in a new statement.
// R2  A gift that reaches a counter that is not open is stored and flagged after_close (money is
//     never refused), so it never slips silently into a closed count. The insert's transaction
//     locks the counter FOR SHARE and decides from the row it locked (READ COMMITTED re-reads the
//     newest version once a close commits).
// R3  A counted gift's cash stays counted: once its counter is closed with a count, a live cash
//     gift that was counted cannot change amount or mode, be deleted or be restored (the count is
//     final; name, village, note… may still be corrected). Changes lock the gift FOR UPDATE and
//     its counter FOR SHARE.
// R4  A closed event has no open counter. Changing an event's status locks the event FOR UPDATE
//     and then reads its counters; opening a counter reads its event FOR SHARE first.
// R5  A counter closed with a count never reopens (open a new counter instead).
// R6  Nothing is applied twice: a device's pushes lock its push_cursors row FOR UPDATE and a
//     mutation whose seq is not above the cursor is answered from the record (duplicate, or its
//     stored rejection); a gift's own id and its receipt number are unique keys.
// R9  (Issue 29) GST invoice serials are consecutive per series and financial year: no gap, no
//     duplicate, at most 16 characters. The transaction that records a payment (or refund) locks
//     the series' invoice_serials row for that year FOR UPDATE (billing/invoices.ts nextSerial),
//     advances it and inserts the invoice before commit; a rolled-back payment rolls the serial
//     back with it. (series, fy, seq) and the serial are unique keys; the payment's own id is
//     unique per series, so a replayed or reordered webhook never issues a second invoice. A refund
//     the app admin issues (POST /moi/admin/payments/:id/refund) is recorded by the refund webhook's
//     own code (applyRefund), so its credit note is that same unique row whichever arrives first.
//     Test: billing/invoices.test.ts (31 March → 1 April; concurrent payments on PostgreSQL).
// R10 (Issue 29) A webhook delivery applies once: its X-Razorpay-Event-Id is inserted into
//     webhook_events in the same transaction as the entitlement change and the invoice.
// R11 (Issue 30) A ledger person's stored totals (ledger_totals: money received at the host's
//     functions, how many gifts and the newest; moi the host gave, how many and the newest) equal
//     the sums over the person's links and moi given, so the ledger read is a select. The triggers
//     of migration 0024 recompute the totals of every person a write touches — a link added, moved
//     or removed, a moi given saved, moved or deleted, a linked gift corrected or deleted, an
//     event's date, function or owners changed — in the SAME transaction, after locking those
//     people FOR NO KEY UPDATE (in id order) and summing in a new statement, so a second writer of
//     the same person waits for the first to commit and sums what it wrote. ledgerTotalsDrift()
//     lists the people where they differ. Test: ledger-totals.test.ts (every kind of write;
//     concurrent writers on PostgreSQL).
// R12 (Issue 30) A host's new gifts are placed in the ledger by one matcher run at a time, across
//     server instances, so no person is made for a gift another run placed (a person with no gift).
//     Unlike R1–R11 this spans a run's many short transactions, so it is held by a lease, not a
//     transaction's lock: the host's ledger_match_state row names the holder and an expiry, taken or
//     renewed by one upsert that applies only when the lease is free, expired or already the
//     holder's (the row lock orders two takers), at every step of the run (ledger-matcher.ts
//     takeLease). A gift's link is unique per host (ledger_links primary key). Test:
//     ledger-matcher.test.ts (two instances asked at once; PGlite and PostgreSQL).
import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared, runPrepared } from '../db/prepared';
import { counters } from '../db/schema';
import { type CounterRow, putCounter, type MutationCtx } from './mutation-context';

const counterColumns = Object.entries(getTableColumns(counters));
/** A counters row as row_to_json gave it (column names), in the shape Drizzle selects (property names). */
function counterFromJson(j: Record<string, unknown>): CounterRow {
  const out: Record<string, unknown> = {};
  for (const [key, col] of counterColumns) out[key] = j[col.name] ?? null;
  return out as CounterRow;
}

/**
 * R2 (and R1's other half): lock the counters a run of gifts names FOR SHARE and cache the rows as
 * locked, so planGiftCreate decides after_close from them. Held until the push commits.
 */
export async function lockCountersForGifts(ctx: MutationCtx, ids: string[]): Promise<void> {
  await lockInto(ctx, ids, 'share');
}

/** R1, R4, R5: a counter about to open or close: its event FOR SHARE, then the counter FOR UPDATE. */
export async function lockCounterForStatus(ctx: MutationCtx, id: string): Promise<CounterRow | undefined> {
  await ctx.tx.execute(sql`select 1 from events where id = (select event_id from counters where id = ${id}) for share`);
  await lockInto(ctx, [id], 'update');
  return ctx.counters.get(id);
}

/** R3: a gift's counter FOR SHARE (the gift itself is locked FOR UPDATE by the caller first). */
export async function lockCounterOfGift(ctx: MutationCtx, counterId: string): Promise<CounterRow | undefined> {
  await lockInto(ctx, [counterId], 'share');
  return ctx.counters.get(counterId);
}

/** R4: lock an event before changing its status; returns the codes of its open counters, read after the lock. */
export async function lockEventForStatus(db: Db, eventId: string): Promise<string[]> {
  await db.execute(sql`select 1 from events where id = ${eventId} for update`);
  const res = await db.execute(sql`select code from counters where event_id = ${eventId} and status = 'open' order by code`);
  return (res as unknown as { rows: Array<{ code: string }> }).rows.map((r) => r.code);
}

const lockText = (mode: 'share' | 'update') => `
    select row_to_json(c)::text as c, e.status as event_status,
      (select string_agg(cs.user_id, ',') from counter_staff cs where cs.counter_id = c.id) as staff
    from counters c join events e on e.id = c.event_id
    where c.id = any($1::text[])
    order by c.id
    for ${mode} of c`;
const LOCK = { share: prepared('lock_counters_share', lockText('share')), update: prepared('lock_counters_update', lockText('update')) };

async function lockInto(ctx: MutationCtx, ids: string[], mode: 'share' | 'update'): Promise<void> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return;
  const rows = await runPrepared<{ c: string; staff: string | null; event_status: string | null }>(ctx.tx, LOCK[mode], [unique]);
  for (const r of rows) {
    const row = counterFromJson(JSON.parse(r.c) as Record<string, unknown>);
    ctx.locked.add(row.id);
    ctx.eventStatus.delete(row.eventId);
    putCounter(ctx, row, r.staff, r.event_status);
  }
}

/** R1: the cash a closing counter's gifts bring, read after lockCounterForStatus (a new statement: it sees every gift committed before the lock). */
export async function countedCashOf(db: Db, counterId: string): Promise<number> {
  const res = await db.execute(sql`
    select coalesce(sum(amount), 0)::float8 as cash from gifts
    where counter_id = ${counterId} and mode = 'cash' and deleted_at is null and not (flags @> '["after_close"]'::jsonb)`);
  return Number((res as unknown as { rows: Array<{ cash: number | string }> }).rows[0]?.cash ?? 0);
}

/** R3: is this gift's cash part of its counter's closed count? */
export const isCounted = (g: { mode: string; deletedAt: string | null; flags: readonly string[] }, c: { status: string; tally: unknown }): boolean =>
  c.status === 'closed' && !!c.tally && g.mode === 'cash' && !g.deletedAt && !g.flags.includes('after_close');

/** R11: the people (of one host, or all) whose stored ledger totals (a row per person) differ from the sums of their links and moi given. */
export async function ledgerTotalsDrift(db: Db, ownerId?: string): Promise<{ personId: string; stored: unknown; summed: unknown }[]> {
  const owner = ownerId ? sql`and p.owner_id = ${ownerId}` : sql``;
  const res = await db.execute(sql`
    select s.person_id as "personId", to_jsonb(t) - 'person_id' as stored, to_jsonb(s) - 'person_id' as summed
    from moi_ledger_sums(array(select p.id from ledger_people p where true ${owner})) s
    left join ledger_totals t on t.person_id = s.person_id
    where (t.owner_id, t.live, t.received, t.received_count, t.last_received, t.given, t.given_count, t.last_given)
      is distinct from (s.owner_id, s.live, s.received, s.received_count, s.last_received, s.given, s.given_count, s.last_given)
    order by s.person_id`);
  return (res as unknown as { rows: { personId: string; stored: unknown; summed: unknown }[] }).rows;
}
