// POST /moi/sync/push: apply a device's batch of outbox mutations, as a loop over the mutator map
// (domain/mutators.ts).
// - Idempotent: a mutation id already applied answers `duplicate` (applied_mutations is the record;
//   the id is claimed with the write, so two concurrent pushes of one id never both apply it).
//   The same GIFT twice in a batch (under two mutation ids) answers `duplicate` for the second.
// - Each mutation is parsed and authorized alone; a rejected one never blocks the rest (each
//   non-bulk mutation runs in its own savepoint).
// - The first statement reads everything the checks need (session, device, idempotency records,
//   scope, a gift batch's counters). Runs of gift.create (the hot path: thousands per counter per
//   day) are planned one by one in memory and written with one multi-row statement.
// - A batch of only gift.create that queues no message runs without a transaction (two statements
//   in all); any other batch runs in ONE transaction. If a bulk write fails, the push runs again
//   in a transaction with a savepoint per run, falling back to one by one.
// - Its change-log NOTIFY is deferred (migration 0010); the route's live hub announces the commit.
import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { MAX_SEQ, mutationSchema, type Mutation, type MutationValue, type PushBody, type PushResult } from '../../contract/sync';
import type { Db } from '../db/client';
import { coalescer, type Coalescer } from '../db/coalesce';
import { runStatement, statement } from '../db/raw';
import type { PolicyActor } from '../../contract/policy';
import type { Role } from '../../contract/roles';
import { appliedMutations, counters, gifts } from '../db/schema';
import { DomainError, HttpError, retryAborted, sqlState } from '../errors';
import type { CommitNote } from '../live';
import { hashToken, sessionCutoff, type Actor } from '../session';
import { type GiftValues, linkToLedger, planGiftCreate } from './gifts';
import { enqueueGiverReceipts } from '../messaging/outbox';
import { type CounterRow, forgetCaches, loadCounters, newContext, putCounter, scopeOf, type MutationCtx } from './mutation-context';
import { mutators } from './mutators';

type GiftCreate = Extract<Mutation, { name: 'gift.create' }>;
type SessionRow = { id: string; user_id: string; username: string; name: string; role: string; device_id: string | null };

const counterColumns = Object.entries(getTableColumns(counters));
/** A counters row as row_to_json gave it (column names) in the shape Drizzle selects (property names). */
function counterFromJson(j: Record<string, unknown>): CounterRow {
  const out: Record<string, unknown> = {};
  for (const [key, col] of counterColumns) out[key] = j[col.name] ?? null;
  return out as CounterRow;
}
/** The first statement's counters (with their staff and event's status), ready for putCounter. */
type PreCounter = { row: CounterRow; staff: string | null; eventStatus: string | null };
const countersFromJson = (json: string): PreCounter[] =>
  (JSON.parse(json) as Array<{ c: Record<string, unknown>; e: string | null; staff: string | null }>).map((c) => ({ row: counterFromJson(c.c), staff: c.staff, eventStatus: c.e }));
const putCounters = (ctx: MutationCtx, cs: PreCounter[]) => { for (const c of cs) putCounter(ctx, c.row, c.staff, c.eventStatus); };
type Ref = { id: string; seq: number; name: string };

/**
 * The push's first statement (one round trip, a fixed text prepared once per connection): the
 * session and its user ($1 = the token's hash; touched at most once a minute), the device $3
 * (revoked?) and its last-seen time (likewise), the actor's memberships and counter assignments,
 * the counters $4 of a gift batch (with their staff and event's status), the deferred NOTIFY ($5)
 * and which mutation ids $6 were applied before (only an applied record makes a duplicate; a
 * rejected one is evaluated again). $2: sessions idle since then have expired.
 * PRE_BY_ACTOR: the same for an actor already resolved ($1 = its id; no session to check).
 */
/** The digest of what a push's checks read (the `pre` row's actor, scope and counters). */
const PRE_DIGEST = `md5(coalesce(pre.actor, '') || '|' || pre.scope || '|' || pre.counters)`;
// What the checks read, as SQL expressions: SPEC_ONE and SPEC_MANY (below) build their digest from
// these same texts, so a context remembered from one matches in the other.
/** The session's actor: one row of (id, user_id, username, name, role, device_id), or none. */
const sessionActor = (hash: string) => `select u.id, u.user_id, u.username, u.name, u.role, ss.device_id
        from sessions ss join users u on u.id = ss.user_id
        where ss.token_hash = ${hash} and not ss.revoked and ss.last_seen_at > $2::timestamptz and not u.disabled`;
/** The actor's memberships and counter assignments, as text. */
const scopeText = (uid: string) => `(select coalesce(json_agg(sc order by sc.k, sc.id), '[]') from (
        select role as k, event_id as id from event_members where user_id = ${uid}
        union all select 'counter', counter_id from counter_staff where user_id = ${uid}) sc)::text`;
/** The counters (with their staff and event's status) that `where` names, as text. */
const countersText = (where: string) => `(select coalesce(json_agg(json_build_object('c', row_to_json(c), 'e', e.status,
            'staff', (select string_agg(cs.user_id, ',' order by cs.user_id) from counter_staff cs where cs.counter_id = c.id)) order by c.id), '[]')
          from counters c left join events e on e.id = c.event_id
          where ${where})::text`;
/** Which of the mutation ids `where` names were applied before. */
const seenText = (where: string) => `(select coalesce(string_agg(id, ','), '') from applied_mutations where ${where} and status = 'applied')`;

function preParts(bySession: boolean, one: boolean): { ctes: string; columns: string } {
  // One mutation and at most one counter (a single-gift push, the hot path): scalars, not arrays,
  // so PostgreSQL settles on the statement's generic plan (with arrays it re-plans every push).
  const among = (col: string, p: string) => (one ? `${col} = ${p}::text` : `${col} = any(${p}::text[])`);
  const s = bySession
    ? `s as (${sessionActor('$1')}),
      st as (
        update sessions set last_seen_at = now()
        where token_hash = $1 and last_seen_at < now() - interval '1 minute' and exists (select 1 from s)
        returning 1
      ),`
    : `s as (select $1::text as id where $2::timestamptz is not null),
      st as (select 1 where false),`;
  // The texts are built in a fixed order (ORDER BY in every aggregate): `fp`, a digest of what the
  // checks read (the actor, its scope, the counters), is then the same for the same rows, and a
  // speculative push (SPEC_ONE below) compares it in the database.
  const ctes = `${s}
    d as (select revoked from devices where id = $3::text),
    touch as (
      update devices set last_seen_at = now()
      where id = $3::text and not revoked and last_seen_at < now() - interval '1 minute'
        ${bySession ? 'and exists (select 1 from s where s.device_id = $3::text)' : ''}
      returning 1
    ),
    pre as (
      select (select revoked from d) as revoked, (select count(*) from touch) + (select count(*) from st) as touched,
        ${bySession ? '(select row_to_json(s) from s)::text' : 'null::text'} as actor,
        ${scopeText('(select id from s)')} as scope,
        ${countersText(among('c.id', '$4'))} as counters,
        case when $5::boolean then set_config('moi.defer_notify', 'on', true) else '' end as defer,
        ${seenText(among('id', '$6'))} as seen
    )`;
  return { ctes, columns: `pre.revoked, pre.touched, pre.actor, pre.scope, pre.counters, pre.defer, pre.seen, ${PRE_DIGEST} as fp` };
}
function preStatement(bySession: boolean, one: boolean) {
  const { ctes, columns } = preParts(bySession, one);
  return `with ${ctes} select ${columns} from pre`;
}
const PRE_BY_SESSION = statement('push_pre_session', preStatement(true, false));
const PRE_BY_SESSION_ONE = statement('push_pre_session_one', preStatement(true, true));
const PRE_BY_ACTOR = statement('push_pre_actor', preStatement(false, false));
type PreRow = { revoked: boolean | null; seen: string; actor: SessionRow | string | null; scope: string; counters: string | null; fp: string };

/**
 * Each mutation's own schema, by name: the same answer as the discriminated union (whose option
 * for a known name decides alone), without its dispatch, a fifth of parsing a gift. An unknown
 * name goes through the union, for its message.
 */
const mutationByName = new Map<string, { safeParse(x: unknown): unknown }>(mutationSchema.options.map((o) => [o.shape.name.value, o]));

/** A seq outside the column's range is stored as -1 on its rejection record (the answer carries the reason). */
const storableSeq = (seq: number) => (Number.isInteger(seq) && seq >= 0 && seq <= MAX_SEQ ? seq : -1);

/** Claim mutation ids (insert, or take over a previously rejected record). Returns the ids claimed. */
async function claim(ctx: MutationCtx, ms: Ref[]): Promise<Set<string>> {
  if (ms.length === 0) return new Set();
  const q = ctx.tx.insert(appliedMutations)
    .values(ms.map((m) => ({ id: m.id, deviceId: ctx.deviceId ?? '', seq: storableSeq(m.seq), name: m.name, status: 'applied', userId: ctx.actor.id })))
    .onConflictDoUpdate({
      target: appliedMutations.id,
      set: { status: 'applied', code: null, deviceId: ctx.deviceId ?? '', userId: ctx.actor.id, at: sql`now()` },
      setWhere: sql`${appliedMutations.status} <> 'applied'`,
    })
    .returning({ id: appliedMutations.id });
  // The transaction's id comes back with the claim (no round trip of its own): a push whose NOTIFY
  // is deferred announces it after the commit.
  const res = await ctx.tx.execute(sql`with w as (${q.getSQL()}) select coalesce(string_agg(w.id, ','), '') as ids, pg_current_xact_id()::text as tx from w`);
  const row = (res as unknown as { rows: Array<{ ids: string; tx: string }> }).rows[0];
  if (ctx.commit && row?.tx) ctx.commit.tx = Number(row.tx);
  return new Set(row?.ids ? row.ids.split(',') : []);
}

/** Record a rejection (a retry evaluates the mutation again). `claimed`: this batch claimed it as applied first. */
async function markRejected(ctx: MutationCtx, m: Ref, r: DomainError, claimed = false): Promise<void> {
  if (claimed) {
    await ctx.tx.update(appliedMutations).set({ status: 'rejected', code: r.code, at: sql`now()` }).where(eq(appliedMutations.id, m.id));
    return;
  }
  await ctx.tx.insert(appliedMutations)
    .values({ id: m.id, deviceId: ctx.deviceId ?? '', seq: storableSeq(m.seq), name: m.name.slice(0, 40), status: 'rejected', code: r.code, userId: ctx.actor.id })
    .onConflictDoUpdate({ target: appliedMutations.id, set: { status: 'rejected', code: r.code, at: sql`now()` }, setWhere: sql`${appliedMutations.status} <> 'applied'` });
}

const rejected = (id: string, r: DomainError): PushResult => ({ id, status: 'rejected', code: r.code, message: r.message });
const asDomain = (e: unknown): DomainError => {
  if (e instanceof DomainError) return e;
  const x = e as { code?: unknown; cause?: { code?: unknown } };
  const pg = typeof x?.code === 'string' || typeof x?.cause?.code === 'string';
  return new DomainError('internal_error', pg ? 'The server could not store this entry' : 'Unexpected error');
};

/** A run of gift.create: plan each in memory, then claim and insert the lot in a few statements. */
async function applyGiftRun(ctx: MutationCtx, run: Array<{ i: number; m: GiftCreate }>, results: Array<PushResult | undefined>): Promise<void> {
  await loadCounters(ctx, run.map((r) => r.m.args.counterId));
  const ok: Array<{ i: number; m: GiftCreate; row: GiftValues }> = [];
  for (const r of run) {
    if (ctx.batchGiftIds.has(r.m.args.id)) {
      results[r.i] = { id: r.m.id, status: 'duplicate' };
      continue;
    }
    try {
      ok.push({ ...r, row: await planGiftCreate(ctx, r.m.args) });
      ctx.batchGiftIds.add(r.m.args.id);
    } catch (e) {
      const why = asDomain(e);
      results[r.i] = rejected(r.m.id, why);
      await markRejected(ctx, r.m, why);
    }
  }
  if (ok.length === 0) return;
  if (ctx.autocommit) {
    try {
      await writeGiftRunAutocommit(ctx, ok, results);
    } catch (e) {
      throw new RunCarefully(e);
    }
    return;
  }
  if (!ctx.careful) {
    // The hot path: no savepoint, one statement. Should it fail, the whole push runs again in
    // careful mode (its transaction rolled back: nothing of this attempt stays).
    try {
      await writeGiftRun(ctx, ok, results);
    } catch (e) {
      throw new RunCarefully(e);
    }
    return;
  }
  try {
    await ctx.tx.transaction(async (sp) => {
      await writeGiftRun({ ...ctx, tx: sp as unknown as Db }, ok, results);
    });
  } catch {
    // Something in the bulk write failed: apply them one by one so only the culprit is rejected.
    forgetCaches(ctx);
    for (const r of ok) results[r.i] = await applySingle(ctx, r.m);
  }
}

/** A bulk write failed outside a savepoint: the push is run again, with savepoints. */
class RunCarefully extends Error {
  constructor(cause: unknown) {
    super('A bulk write failed; the push runs again with savepoints', { cause });
  }
}

// The gift runs' statements take the whole run as ONE json parameter (a fixed text, prepared once
// per connection): a row per gift with its mutation's id, seq and name (m_id, m_seq, m_name).
// Columns a row leaves out take the table's default (NULL where it has none).
const giftRunColumns: Array<[column: string, type: string, key: keyof GiftValues, fallback?: string]> = [
  ['id', 'text', 'id'], ['event_id', 'text', 'eventId'], ['counter_id', 'text', 'counterId'], ['receipt_no', 'text', 'receiptNo'],
  ['name', 'text', 'name'], ['initial', 'text', 'initial', "''"], ['village', 'text', 'village', "''"], ['mobile', 'text', 'mobile', "''"],
  ['relation', 'text', 'relation', "'other'"], ['mode', 'text', 'mode', "'cash'"], ['amount', 'integer', 'amount'],
  ['reference', 'text', 'reference', "''"], ['item', 'text', 'item', "''"], ['weight_grams', 'double precision', 'weightGrams'],
  ['approx_value', 'integer', 'approxValue'], ['note', 'text', 'note', "''"], ['entered_at', 'timestamptz', 'enteredAt'],
  ['entered_by', 'text', 'enteredBy'], ['device_id', 'text', 'deviceId'], ['received_at', 'timestamptz', 'receivedAt', 'now()'],
  ['pin_author_id', 'text', 'pinAuthorId'], ['pushed_by', 'text', 'pushedBy'], ['device_entered_at', 'timestamptz', 'deviceEnteredAt'],
  ['clock_offset_ms', 'bigint', 'clockOffsetMs'], ['flags', 'jsonb', 'flags', "'[]'::jsonb"], ['receipt_token', 'text', 'receiptToken'],
  ['message_consent', 'boolean', 'messageConsent', 'false'], ['search_fold', 'text', 'searchFold'],
];
const giftRunRowsAt = (param: string, more = '') => `json_to_recordset(${param}::json) as v(${giftRunColumns.map(([c, t]) => `${c} ${t}`).join(', ')}, m_id text, m_seq integer, m_name text${more})`;
const giftRunRows = giftRunRowsAt('$1');
const giftRunInsert = `insert into gifts (${giftRunColumns.map(([c]) => c).join(', ')})
  select ${giftRunColumns.map(([c, , , f]) => (f ? `coalesce(v.${c}, ${f})` : `v.${c}`)).join(', ')} from v
  on conflict do nothing returning id`;
/** Recording mutation ids applied, or taking over a previously rejected record ($2 device, $3 user). */
const claimUpsert = `on conflict (id) do update set status = 'applied', code = null, device_id = excluded.device_id, user_id = excluded.user_id, "at" = now()
  where applied_mutations.status <> 'applied' returning id`;

function giftRunRow(m: GiftCreate, row: GiftValues): Record<string, unknown> {
  const o: Record<string, unknown> = { m_id: m.id, m_seq: storableSeq(m.seq), m_name: m.name };
  for (const [c, , key] of giftRunColumns) if (row[key] !== undefined && row[key] !== null) o[c] = row[key];
  return o;
}
function giftRunJson(ok: Array<{ m: GiftCreate; row: GiftValues }>): string {
  return JSON.stringify(ok.map(({ m, row }) => giftRunRow(m, row)));
}

/** In a transaction: claim the mutation ids and insert the gifts (writeGiftRun). */
const CLAIM_AND_INSERT = statement('push_claim_insert', `
  with v as materialized (select * from ${giftRunRows}),
  c as (
    insert into applied_mutations (id, device_id, seq, name, status, user_id)
    select v.m_id, $2::text, v.m_seq, v.m_name, 'applied', $3::text from v
    ${claimUpsert}
  ),
  g as (${giftRunInsert})
  select (select coalesce(string_agg(c.id, ','), '') from c) as claimed, (select coalesce(string_agg(g.id, ','), '') from g) as inserted,
    pg_current_xact_id()::text as tx`);

/** Without a transaction: insert the gifts, then claim the ids of those inserted (writeGiftRunAutocommit; $4: defer the NOTIFY). */
const INSERT_THEN_CLAIM = statement('push_insert_claim', `
  with v as materialized (select * from ${giftRunRows}),
  g as (${giftRunInsert}),
  c as (
    insert into applied_mutations (id, device_id, seq, name, status, user_id)
    select v.m_id, $2::text, v.m_seq, v.m_name, 'applied', $3::text from v join g on g.id = v.id
    ${claimUpsert}
  )
  select (select coalesce(string_agg(g.id, ','), '') from g) as inserted, (select count(*) from c) as claimed,
    case when $4::boolean then set_config('moi.defer_notify', 'on', true) else '' end as defer, pg_current_xact_id()::text as tx`);

/**
 * Claim the mutation ids and insert the gifts in ONE statement. The gift insert does not wait for
 * the claim's answer: a mutation whose claim fails was applied by another push, which inserted its
 * gift, so the gift's own key makes this insert skip it (answered duplicate either way).
 */
async function writeGiftRun(ctx: MutationCtx, ok: Array<{ i: number; m: GiftCreate; row: GiftValues }>, results: Array<PushResult | undefined>): Promise<void> {
  const [row] = await runStatement<{ claimed: string; inserted: string; tx: string }>(ctx.tx, CLAIM_AND_INSERT, [giftRunJson(ok), ctx.deviceId ?? '', ctx.actor.id]);
  if (ctx.commit) ctx.commit.tx = Number(row.tx);
  const claimed = new Set(row.claimed ? row.claimed.split(',') : []);
  const inserted = new Set(row.inserted ? row.inserted.split(',') : []);
  // Claimed but not inserted: the same gift arrived before (a duplicate), or its receipt number is taken.
  const missing = ok.filter((r) => claimed.has(r.m.id) && !inserted.has(r.row.id)).map((r) => r.row.id);
  const existing = missing.length
    ? new Set((await ctx.tx.select({ id: gifts.id }).from(gifts).where(inArray(gifts.id, missing))).map((r) => r.id))
    : new Set<string>();
  for (const r of ok) {
    if (!claimed.has(r.m.id) || existing.has(r.row.id)) results[r.i] = { id: r.m.id, status: 'duplicate' };
    else if (inserted.has(r.row.id)) results[r.i] = { id: r.m.id, status: 'applied' };
    else {
      const why = new DomainError('duplicate_receipt', `Receipt ${r.m.args.receiptNo} is already used in this event`);
      results[r.i] = rejected(r.m.id, why);
      await markRejected(ctx, r.m, why, true);
    }
  }
  // The giver's receipt message, in this transaction: a gift pushed again inserts nothing, queues nothing.
  await enqueueGiverReceipts(ctx.tx, ok.filter((r) => claimed.has(r.m.id) && inserted.has(r.row.id)).map((r) => r.row));
  // Alt+L at the counter: the gifts that name a person of the host's ledger join that person.
  await linkToLedger(ctx.tx, ok.filter((r) => r.m.args.ledgerPersonId && claimed.has(r.m.id) && inserted.has(r.row.id)).map((r) => [r.row.id!, r.m.args.ledgerPersonId!]));
}

/**
 * The single-statement push (no transaction around it, so no BEGIN and COMMIT round trips): the
 * gifts are inserted first and a mutation id is recorded applied only with its gift, in the same
 * statement, so a claim never exists without its gift. A gift not inserted is either stored already
 * (another push of it won: a duplicate, its own key decides) or its receipt number is taken (a
 * rejection, recorded after). Used only for gifts that queue no message (the message is written
 * in the gift's transaction).
 */
async function writeGiftRunAutocommit(ctx: MutationCtx, ok: Array<{ i: number; m: GiftCreate; row: GiftValues }>, results: Array<PushResult | undefined>): Promise<void> {
  const [row] = await runStatement<{ inserted: string; tx: string }>(ctx.tx, INSERT_THEN_CLAIM, [giftRunJson(ok), ctx.deviceId ?? '', ctx.actor.id, !!ctx.commit]);
  const inserted = new Set(row.inserted ? row.inserted.split(',') : []);
  if (ctx.commit && inserted.size) ctx.commit.tx = Number(row.tx);
  const missing = ok.filter((r) => !inserted.has(r.row.id)).map((r) => r.row.id);
  const existing = missing.length
    ? new Set((await ctx.tx.select({ id: gifts.id }).from(gifts).where(inArray(gifts.id, missing))).map((r) => r.id))
    : new Set<string>();
  for (const r of ok) {
    if (inserted.has(r.row.id)) results[r.i] = { id: r.m.id, status: 'applied' };
    else if (existing.has(r.row.id)) results[r.i] = { id: r.m.id, status: 'duplicate' };
    else {
      const why = new DomainError('duplicate_receipt', `Receipt ${r.m.args.receiptNo} is already used in this event`);
      results[r.i] = rejected(r.m.id, why);
      await markRejected(ctx, r.m, why);
    }
  }
}

// --- The speculative single-gift push -----------------------------------------------------------
// A counter tablet pushes one gift per save, hundreds of times a session, and what the checks read
// (the session's actor, its scope, the counter with its staff and event status) rarely changes in
// between. After a push has read them, this process keeps them, with their digest `fp`, per
// (session, device, counter). The next push of one gift is planned from them in memory and sent as
// ONE statement that reads the same rows again and writes the gift and its claim only if their
// digest is still `fp` (the device not revoked, the mutation not applied before): the database
// decides in the same snapshot as the write, so a revoked session or device, a changed assignment
// or a closed counter is never missed — the push then takes the ordinary path with what is true
// now. Nothing here is state another instance needs: a cold cache costs one ordinary push.
// On this 2-core machine each round trip to PostgreSQL costs both processes a wake-up: the load
// bench's single-gift push went from two statements to one.

type Known = { fp: string; actor: Actor; scope: PolicyActor; counters: PreCounter[] };
const KNOWN_MAX = 5000;
const known = new Map<string, Known>();
const knownKey = (h: string, deviceId: string, counterId: string) => `${h}|${deviceId}|${counterId}`;
function remember(key: string, k: Known): void {
  known.delete(key);
  known.set(key, k);
  if (known.size > KNOWN_MAX) known.delete(known.keys().next().value!);
}

/** Thrown by the speculative plan when it would need the database (a shared-tablet author): the ordinary path runs. */
class NeedsDatabase extends Error {}
const noDatabase = new Proxy({}, { get: () => { throw new NeedsDatabase('speculative plan read the database'); } }) as unknown as Db;

/** One statement: the first statement's reads, and the gift with its claim when their digest is still $7. */
const SPEC_ONE = (() => {
  const { ctes, columns } = preParts(true, true);
  return statement('push_spec_one', `
  with ${ctes},
  ok as (select 1 from pre where pre.revoked = false and pre.seen = '' and ${PRE_DIGEST} = $7),
  v as materialized (select * from ${giftRunRowsAt('$8')} where exists (select 1 from ok)),
  g as (${giftRunInsert}),
  c as (
    insert into applied_mutations (id, device_id, seq, name, status, user_id)
    select v.m_id, $3::text, v.m_seq, v.m_name, 'applied', $9::text from v join g on g.id = v.id
    ${claimUpsert}
  )
  select ${columns}, exists (select 1 from ok) as matched, (select coalesce(string_agg(g.id, ','), '') from g) as inserted,
    (select count(*) from c) as claimed, pg_current_xact_id()::text as tx
  from pre`);
})();

/**
 * SPEC_ONE for many tablets' gifts at once (the coalescer below): $1 a row per gift with its push's
 * context (k its place, h the session's token hash, dev the device, ctr the counter, fp the digest
 * this process knows, uid the actor), $2 the session cutoff. Each row is checked exactly as
 * SPEC_ONE checks its one (the same texts, so the same digest) and written only if it matches;
 * each comes back with matched/inserted, and every row that did not go in takes the ordinary path.
 */
const SPEC_MANY = statement('push_spec_many', `
  with items as materialized (select * from ${giftRunRowsAt('$1', ', k integer, h text, dev text, ctr text, fp text, uid text')}),
  pre as materialized (
    select items.k, items.fp, a.actor, a.device_id,
      (select revoked from devices where id = items.dev) as revoked,
      ${scopeText('a.id')} as scope,
      ${countersText('c.id = items.ctr')} as counters,
      ${seenText('id = items.m_id')} as seen,
      set_config('moi.defer_notify', 'on', true) as defer
    from items left join lateral (
      select s.id, s.device_id, row_to_json(s)::text as actor from (${sessionActor('items.h')}) s
    ) a on true
  ),
  st as (
    update sessions set last_seen_at = now()
    where token_hash in (select items.h from items join pre on pre.k = items.k where pre.actor is not null)
      and last_seen_at < now() - interval '1 minute'
    returning 1
  ),
  touch as (
    update devices set last_seen_at = now()
    where id in (select items.dev from items join pre on pre.k = items.k where pre.device_id = items.dev)
      and not revoked and last_seen_at < now() - interval '1 minute'
    returning 1
  ),
  ok as (select pre.k from pre where pre.revoked = false and pre.seen = '' and ${PRE_DIGEST} = pre.fp),
  v as materialized (select * from items where items.k in (select k from ok)),
  g as (${giftRunInsert}),
  c as (
    insert into applied_mutations (id, device_id, seq, name, status, user_id)
    select v.m_id, v.dev, v.m_seq, v.m_name, 'applied', v.uid from v join g on g.id = v.id
    ${claimUpsert}
  )
  select items.k, exists (select 1 from ok where ok.k = items.k) as matched,
    exists (select 1 from g where g.id = items.id) as inserted,
    (select count(*) from c) as claimed, pg_current_xact_id()::text as tx
  from items order by items.k`);

type SpecItem = { h: string; deviceId: string; counterId: string; m: GiftCreate; row: GiftValues; fp: string; actorId: string };
type SpecOutcome = { matched: boolean; inserted: boolean; tx: string };

/**
 * How many speculative statements may run at once before pushes wait to share one. PostgreSQL: two
 * (measured on the load bench, 2 cores, 40 and 200 tablets: 2 gave 1,930 and 2,733 gifts/s, 4 gave
 * 1,828 and 2,698, 6 gave 1,466 and 2,438; every push its own statement gave 1,062 at 40), leaving the pool's
 * other connections to pulls and the rest. PGlite answers one query at a time: a second push waits
 * for the next turn anyway.
 */
let specLimitOverride: number | null = null;
const SPEC_SLOW_MS = 250;
const specLimit = (db: Db) => specLimitOverride ?? ('totalCount' in ((db as unknown as { session: { client: object } }).session.client) ? 2 : 1);
const specBatchers = new WeakMap<object, Coalescer<SpecItem, SpecOutcome>>();
/** Gifts a shared statement wrote itself (the rest took the ordinary path), per database handle. */
const sharedWritten = new WeakMap<object, { n: number }>();

/** Tests: hold the speculative pushes (limit 0) until several wait, then let them share one statement. */
export const specForTests = {
  setLimit(n: number | null): void { specLimitOverride = n; },
  stats: (db: Db) => ({ ...specBatcher(db).stats, written: sharedWritten.get(db)?.n ?? 0 }),
  waiting: (db: Db) => specBatcher(db).waiting(),
  poke: (db: Db) => specBatcher(db).poke(),
};
function specBatcher(db: Db): Coalescer<SpecItem, SpecOutcome> {
  let b = specBatchers.get(db);
  if (!b) {
    const written = { n: 0 };
    sharedWritten.set(db, written);
    b = coalescer<SpecItem, SpecOutcome>({
      limit: () => specLimit(db),
      maxBatch: 64,
      // A shared statement takes a few milliseconds; one still running after this is waiting (on a
      // row lock another transaction holds, say) and must not hold up other events' pushes.
      slowMs: SPEC_SLOW_MS,
      key: (x) => x.deviceId,
      runOne: async (x) => {
        const [r] = await retryAborted(() => runStatement<{ matched: boolean; inserted: string; tx: string }>(db, SPEC_ONE,
          [x.h, sessionCutoff(), x.deviceId, x.counterId, true, x.m.id, x.fp, giftRunJson([{ m: x.m, row: x.row }]), x.actorId]));
        return { matched: r.matched, inserted: r.inserted === x.row.id, tx: r.tx };
      },
      runMany: async (xs) => {
        // A gift id or mutation id already in this statement (only a crafted push repeats one across
        // devices) stays out of it: the statement could not tell whose row went in. It takes the
        // ordinary path, which answers it alone.
        const ids = new Set<string>();
        const inIt: number[] = [];
        xs.forEach((x, i) => {
          if (ids.has(x.row.id) || ids.has(x.m.id)) return;
          ids.add(x.row.id);
          ids.add(x.m.id);
          inIt.push(i);
        });
        const rows = JSON.stringify(inIt.map((i, k) => {
          const x = xs[i];
          return { ...giftRunRow(x.m, x.row), k, h: x.h, dev: x.deviceId, ctr: x.counterId, fp: x.fp, uid: x.actorId };
        }));
        const out = await retryAborted(() => runStatement<{ k: number; matched: boolean; inserted: boolean; tx: string }>(db, SPEC_MANY, [rows, sessionCutoff()]));
        written.n += out.filter((r) => r.inserted).length;
        const answers: SpecOutcome[] = xs.map(() => ({ matched: true, inserted: false, tx: '' }));
        inIt.forEach((i, k) => {
          const r = out[k];
          answers[i] = { matched: !!r?.matched, inserted: !!r?.inserted, tx: r?.tx ?? '' };
        });
        return answers;
      },
    });
    specBatchers.set(db, b);
  }
  return b;
}

/**
 * The hot path when this process knows the context: one statement (shared with other tablets'
 * pushes that arrive while the database is busy). Returns the results, or null
 * when the ordinary path must answer (nothing known, the context changed, a rejection or a
 * duplicate to explain, a plan that needs the database); nothing was written then.
 */
async function trySpeculative(db: Db, h: string, body: PushBody, counterId: string, sentAt: number, opts: PushOptions): Promise<PushResult[] | null> {
  const key = knownKey(h, body.deviceId, counterId);
  const k = known.get(key);
  if (!k) return null;
  const raw = body.mutations[0];
  const p = mutationByName.get('gift.create')!.safeParse(raw) as ReturnType<typeof mutationSchema.safeParse>;
  if (!p.success || p.data.name !== 'gift.create') return null;
  const m = p.data as GiftCreate;
  const ctx = await newContext(noDatabase, k.actor, { deviceId: body.deviceId, deviceOk: true, measuredOffsetMs: null, scope: k.scope });
  putCounters(ctx, k.counters);
  if (!Number.isNaN(sentAt)) ctx.measuredOffsetMs = Math.round(ctx.now - sentAt);
  let row: GiftValues;
  try {
    row = await planGiftCreate(ctx, m.args);
  } catch {
    // A rejection (recorded by the ordinary path) or a plan that needs the database.
    return null;
  }
  let r: SpecOutcome;
  try {
    r = await specBatcher(db).run({ h, deviceId: body.deviceId, counterId, m, row, fp: k.fp, actorId: k.actor.id });
  } catch (e) {
    // The database refused the statement (a value it cannot store, say): nothing was written; the
    // ordinary path answers it as it would (a rejection of that mutation, never a failed push).
    if (sqlState(e)) return null;
    throw e;
  }
  if (!r.matched) {
    known.delete(key);
    return null;
  }
  // Matched but not inserted: the gift is stored already or its receipt number is taken. Nothing
  // was written; the ordinary path tells which and records a rejection.
  if (!r.inserted) return null;
  opts.announce?.({ t: Number(r.tx), ge: [m.args.eventId], gc: [m.args.counterId] });
  return [{ id: m.id, status: 'applied' }];
}

async function applySingle(ctx: MutationCtx, m: Mutation): Promise<PushResult> {
  try {
    let dup = false;
    await ctx.tx.transaction(async (sp) => {
      const sctx = { ...ctx, tx: sp as unknown as Db };
      if (!(await claim(sctx, [m])).has(m.id)) {
        dup = true;
        return;
      }
      // The map is keyed by name and typed per name; m.args is that name's parsed args.
      const apply = mutators[m.name] as (c: MutationCtx, a: MutationValue<typeof m.name>) => Promise<'duplicate' | void>;
      dup = (await apply(sctx, m.args)) === 'duplicate';
    });
    return dup ? { id: m.id, status: 'duplicate' } : { id: m.id, status: 'applied' };
  } catch (e) {
    const r = asDomain(e);
    // The savepoint rolled back; the caches may hold rows written inside it.
    forgetCaches(ctx);
    await markRejected(ctx, m, r);
    return rejected(m.id, r);
  }
}

export type PushOptions = {
  /**
   * Called after the commit of a push made only of gift.create, whose change-log NOTIFY was
   * deferred (migration 0010): the route hands it to the live hub, which sends one NOTIFY for many
   * commits. Without it every push notifies at its own commit.
   */
  announce?: (n: CommitNote) => void;
};

/**
 * Who pushes: an actor already resolved, or the session token of the request, looked up in the
 * push's first statement (with the device, the idempotency records, the scope and the counters:
 * one round trip where there were five). An unknown session answers 401, a session of another
 * device 403, as the route did before.
 */
export type Pusher = Actor | { sessionToken: string };

export async function applyPush(db: Db, who: Pusher, body: PushBody, opts: PushOptions = {}): Promise<PushResult[]> {
  const n = body.mutations.length;
  const sentAt = body.sentAt ? Date.parse(body.sentAt) : Number.NaN;
  // A gift named to a ledger person (Alt+L) also changes that person's line: its commit notifies by
  // the trigger, which names the ledger's host (lo) too.
  const defer = !!opts.announce && n > 0 && body.mutations.every((m) => m.name === 'gift.create' && !(m.args as { ledgerPersonId?: unknown } | null)?.ledgerPersonId);
  // The counters a batch of gift.create names come with the first statement (raw: parsing follows).
  const counterIds = defer ? [...new Set(body.mutations.map((m) => (m.args as { counterId?: unknown } | null)?.counterId).filter((c): c is string => typeof c === 'string' && c.length > 0 && c.length <= 100))] : [];
  const token = 'sessionToken' in who ? who.sessionToken : null;
  const h = token === null ? null : hashToken(token);
  // The push of one gift that queues no message, by a session this process has served: one statement.
  const single = h !== null && n === 1 && counterIds.length === 1 && body.mutations[0].name === 'gift.create';
  const spec = single && defer && !(body.mutations[0].args as { messageConsent?: unknown } | null)?.messageConsent;
  if (spec) {
    const fast = await trySpeculative(db, h, body, counterIds[0], sentAt, opts);
    if (fast) return fast;
  }
  let commit: { tx: number } | undefined;
  // The hot path (gift.create only, none queuing a message): no transaction, two statements. A
  // push that needs more runs in a transaction; one whose bulk write failed, with savepoints.
  // (A gift that queues a message or names a ledger person writes more rows: it takes the transaction path.)
  const autocommit = defer && body.mutations.every((m) => !(m.args as { messageConsent?: unknown } | null)?.messageConsent && !(m.args as { ledgerPersonId?: unknown } | null)?.ledgerPersonId);
  type Mode = 'autocommit' | 'transaction' | 'careful';
  const attempt = (mode: Mode) => retryAborted(() => (mode === 'autocommit' ? run(db, mode) : db.transaction((t) => run(t as unknown as Db, mode))));
  const run = async (tx: Db, mode: Mode): Promise<PushResult[]> => {
    const careful = mode === 'careful';
    const results: Array<PushResult | undefined> = new Array(n);
    commit = defer ? { tx: 0 } : undefined;
    // One round trip: the session and its user (when not resolved yet; touched at most once a
    // minute), the device (revoked?) and its last-seen time (likewise), which of these mutation ids
    // were applied before (only an applied record makes a duplicate; a rejected one is evaluated
    // again), the actor's memberships and counter assignments, and the counters of a gift batch.
    const ids = body.mutations.map((m) => m.id);
    const one = h !== null && ids.length === 1 && counterIds.length <= 1;
    const [row] = await runStatement<PreRow>(tx, h === null ? PRE_BY_ACTOR : one ? PRE_BY_SESSION_ONE : PRE_BY_SESSION,
      [h ?? (who as Actor).id, sessionCutoff(), body.deviceId, one ? counterIds[0] ?? null : counterIds, defer && mode !== 'autocommit', one ? ids[0] : ids]);
    let actor: Actor;
    if (h === null) actor = who as Actor;
    else {
      const a = typeof row.actor === 'string' ? (JSON.parse(row.actor) as SessionRow) : row.actor;
      if (!a) throw new HttpError(401, 'unauthenticated', 'Please sign in again');
      actor = { id: a.id, userId: a.user_id, username: a.username, name: a.name, role: a.role as Role, sessionHash: h, deviceId: a.device_id };
      // A push speaks for the device this session signed in on (its secret was checked then), never
      // for another installation's id. A second person signing in on the same tablet presents the
      // same secret, so they may push the previous person's queued entries from it.
      if (!actor.deviceId || actor.deviceId !== body.deviceId) {
        throw new HttpError(403, 'device_mismatch', 'This session signed in on another device; sign in again on this one');
      }
    }
    const scope = scopeOf(actor, JSON.parse(row.scope) as Array<{ k: string; id: string }>);
    const preCounters = row.counters ? countersFromJson(row.counters) : [];
    const ctx = await newContext(tx, actor, { deviceId: body.deviceId, deviceOk: row.revoked === false, measuredOffsetMs: null, scope });
    if (spec && row.revoked === false && row.counters) remember(knownKey(h!, body.deviceId, counterIds[0]), { fp: row.fp, actor, scope, counters: preCounters });
    putCounters(ctx, preCounters);
    ctx.commit = commit;
    ctx.careful = careful;
    ctx.autocommit = mode === 'autocommit';
    // The push's own offset (server − device when sent): an upper bound on the device's lag, good
    // enough for entries that carry no offset of their own (older outboxes).
    if (!Number.isNaN(sentAt)) ctx.measuredOffsetMs = Math.round(ctx.now - sentAt);

    const seen = new Set(row.seen ? row.seen.split(',') : []);
    const parsed: Array<Mutation | null> = new Array(n).fill(null);
    const inBatch = new Set<string>();
    for (let i = 0; i < n; i++) {
      const raw = body.mutations[i];
      if (seen.has(raw.id) || inBatch.has(raw.id)) {
        results[i] = { id: raw.id, status: 'duplicate' };
        continue;
      }
      inBatch.add(raw.id);
      const p = (mutationByName.get(raw.name) ?? mutationSchema).safeParse(raw) as ReturnType<typeof mutationSchema.safeParse>;
      if (!p.success) {
        const msg = p.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ');
        const r = new DomainError('invalid_body', `Invalid ${raw.name.slice(0, 40)}: ${msg}`.slice(0, 500));
        results[i] = rejected(raw.id, r);
        await markRejected(ctx, raw, r);
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
        const run: Array<{ i: number; m: GiftCreate }> = [];
        while (i < n && (parsed[i] === null || parsed[i]!.name === 'gift.create')) {
          const x = parsed[i];
          if (x) run.push({ i, m: x as GiftCreate });
          i++;
        }
        await applyGiftRun(ctx, run, results);
        continue;
      }
      results[i] = await applySingle(ctx, m);
      i++;
    }
    return results.map((r, k) => r ?? { id: body.mutations[k].id, status: 'rejected', code: 'internal_error', message: 'Not processed' });
  };
  let results: PushResult[];
  try {
    results = await attempt(autocommit ? 'autocommit' : 'transaction');
  } catch (e) {
    if (!(e instanceof RunCarefully)) throw e;
    results = await attempt('careful');
  }
  if (defer && commit?.tx) {
    const ge = new Set<string>();
    const gc = new Set<string>();
    results.forEach((r, k) => {
      if (r.status !== 'applied') return;
      const a = body.mutations[k].args as { eventId?: unknown; counterId?: unknown };
      if (typeof a.eventId === 'string') ge.add(a.eventId);
      if (typeof a.counterId === 'string') gc.add(a.counterId);
    });
    if (ge.size || gc.size) opts.announce!({ t: commit.tx, ge, gc });
  }
  return results;
}

/** How long an idempotency record is kept: far longer than any outbox waits to drain. */
export const APPLIED_KEEP_DAYS = 30;
let lastPrune = 0;

/**
 * applied_mutations must not grow for ever: records older than APPLIED_KEEP_DAYS go, a bounded
 * batch at a time, at most every ten minutes per process (the push route calls this after
 * answering). A mutation replayed after that long is still answered once for gifts: its gift id is
 * already stored (insertGifts answers `existing`, a duplicate).
 */
export async function pruneAppliedMutations(db: Db, force = false): Promise<number> {
  if (!force && Date.now() - lastPrune < 10 * 60_000) return 0;
  lastPrune = Date.now();
  const res = await db.execute(sql`
    with old as (select ${appliedMutations.id} from ${appliedMutations}
      where ${appliedMutations.at} < now() - make_interval(days => ${APPLIED_KEEP_DAYS}) limit 10000)
    delete from ${appliedMutations} where ${appliedMutations.id} in (select id from old)`);
  return (res as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (res as unknown as { affectedRows?: number }).affectedRows ?? 0;
}
