// The push's hand-written statements (issue 14) and the rows they take and give back: the first
// statement (session, device, scope, counters, applied ids in one round trip), the gift runs'
// writes, and the speculative single-gift statements (SPEC_ONE, and SPEC_MANY for many tablets'
// gifts at once). Fixed texts, prepared once per connection (db/raw.ts). The ordinary path is in
// sync-push.ts, the speculative one in push-speculative.ts.
import { getTableColumns } from 'drizzle-orm';
import { MAX_SEQ, mutationSchema, type Mutation } from '../../contract/sync';
import { statement } from '../db/raw';
import { counters } from '../db/schema';
import type { GiftValues } from './gifts';
import { type CounterRow, putCounter, type MutationCtx } from './mutation-context';

export type GiftCreate = Extract<Mutation, { name: 'gift.create' }>;
export type SessionRow = { id: string; user_id: string; username: string; name: string; role: string; device_id: string | null };

const counterColumns = Object.entries(getTableColumns(counters));
/** A counters row as row_to_json gave it (column names) in the shape Drizzle selects (property names). */
function counterFromJson(j: Record<string, unknown>): CounterRow {
  const out: Record<string, unknown> = {};
  for (const [key, col] of counterColumns) out[key] = j[col.name] ?? null;
  return out as CounterRow;
}
/** The first statement's counters (with their staff and event's status), ready for putCounter. */
export type PreCounter = { row: CounterRow; staff: string | null; eventStatus: string | null };
export const countersFromJson = (json: string): PreCounter[] =>
  (JSON.parse(json) as Array<{ c: Record<string, unknown>; e: string | null; staff: string | null }>).map((c) => ({ row: counterFromJson(c.c), staff: c.staff, eventStatus: c.e }));
export const putCounters = (ctx: MutationCtx, cs: PreCounter[]) => { for (const c of cs) putCounter(ctx, c.row, c.staff, c.eventStatus); };

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
export const PRE_BY_SESSION = statement('push_pre_session', preStatement(true, false));
export const PRE_BY_SESSION_ONE = statement('push_pre_session_one', preStatement(true, true));
export const PRE_BY_ACTOR = statement('push_pre_actor', preStatement(false, false));
export type PreRow = { revoked: boolean | null; seen: string; actor: SessionRow | string | null; scope: string; counters: string | null; fp: string };

/**
 * Each mutation's own schema, by name: the same answer as the discriminated union (whose option
 * for a known name decides alone), without its dispatch, a fifth of parsing a gift. An unknown
 * name goes through the union, for its message.
 */
export const mutationByName = new Map<string, { safeParse(x: unknown): unknown }>(mutationSchema.options.map((o) => [o.shape.name.value, o]));

/** A seq outside the column's range is stored as -1 on its rejection record (the answer carries the reason). */
export const storableSeq = (seq: number) => (Number.isInteger(seq) && seq >= 0 && seq <= MAX_SEQ ? seq : -1);

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

export function giftRunRow(m: GiftCreate, row: GiftValues): Record<string, unknown> {
  const o: Record<string, unknown> = { m_id: m.id, m_seq: storableSeq(m.seq), m_name: m.name };
  for (const [c, , key] of giftRunColumns) if (row[key] !== undefined && row[key] !== null) o[c] = row[key];
  return o;
}
export function giftRunJson(ok: Array<{ m: GiftCreate; row: GiftValues }>): string {
  return JSON.stringify(ok.map(({ m, row }) => giftRunRow(m, row)));
}

/** In a transaction: claim the mutation ids and insert the gifts (writeGiftRun). */
export const CLAIM_AND_INSERT = statement('push_claim_insert', `
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
export const INSERT_THEN_CLAIM = statement('push_insert_claim', `
  with v as materialized (select * from ${giftRunRows}),
  g as (${giftRunInsert}),
  c as (
    insert into applied_mutations (id, device_id, seq, name, status, user_id)
    select v.m_id, $2::text, v.m_seq, v.m_name, 'applied', $3::text from v join g on g.id = v.id
    ${claimUpsert}
  )
  select (select coalesce(string_agg(g.id, ','), '') from g) as inserted, (select count(*) from c) as claimed,
    case when $4::boolean then set_config('moi.defer_notify', 'on', true) else '' end as defer, pg_current_xact_id()::text as tx`);

/** One statement: the first statement's reads, and the gift with its claim when their digest is still $7. */
export const SPEC_ONE = (() => {
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
export const SPEC_MANY = statement('push_spec_many', `
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
    exists (select 1 from g where g.id = items.id) as inserted, pg_current_xact_id()::text as tx
  from items order by items.k`);
