// POST /moi/sync/push: a device's outbox batch, applied in ONE transaction (ARCHITECTURE §6).
// - Replicache's per-device last applied sequence: the push locks its device's push_cursors row
//   FOR UPDATE (two pushes of one device run one after the other); a mutation whose seq is not
//   above the cursor was answered before and answers the same: `duplicate`, or its stored
//   rejection (push_rejections). Retry on the device resends under a new seq.
// - Every mutation goes through its mutator (mutators.ts), each in a savepoint, so a rejected one
//   never blocks the rest. Runs of gift.create are planned one by one and written by one
//   multi-row insert (gifts.ts insertGifts); should that insert fail, the run's gifts are written
//   one by one, so only the culprit is rejected.
// - The rules of the record hold by row locks taken in this transaction (invariants.ts).
import { inArray, sql } from 'drizzle-orm';
import { MAX_SEQ, mutationSchema, type Mutation, type MutationName, type MutationValue, type PushBody, type PushResult } from '../../contract/sync';
import type { Role } from '../../contract/roles';
import type { Db } from '../db/client';
import { prepared, runPrepared } from '../db/prepared';
import { gifts, pushRejections } from '../db/schema';
import { DomainError, HttpError, retryAborted } from '../errors';
import type { CommitNote } from '../live';
import { hashToken, sessionCutoff, type Actor } from '../session';
import { insertGifts, planGiftCreate, type GiftValues } from './gifts';
import { lockCountersForGifts } from './invariants';
import { forgetCaches, newContext, scopeOf, type MutationCtx } from './mutation-context';
import { mutators } from './mutators';
import { policyLinksText } from './scope';

type GiftCreate = Extract<Mutation, { name: 'gift.create' }>;
type Raw = PushBody['mutations'][number];
type Rejection = { mutationId: string; seq: number; name: string; code: string; message: string };

/** Who pushes: an actor already resolved, or the request's session token (checked in the push's first statement). */
export type Pusher = Actor | { sessionToken: string };
export type PushOptions = {
  /** A push of gifts only defers its change-log NOTIFY (migration 0010); the live hub announces the commit. */
  announce?: (n: CommitNote) => void;
};
export type PushOutcome = { results: PushResult[]; lastSeq: number };

/** Each mutation's own schema by name (the union's option for a known name decides alone). */
const schemaByName = new Map<string, { safeParse(x: unknown): unknown }>(mutationSchema.options.map((o) => [o.shape.name.value, o]));
const validSeq = (seq: number) => Number.isInteger(seq) && seq >= 0 && seq <= MAX_SEQ;
const isGiftOnly = (m: Raw) => m.name === 'gift.create' && !(m.args as { ledgerPersonId?: unknown } | null)?.ledgerPersonId;

const asDomain = (e: unknown): DomainError => {
  if (e instanceof DomainError) return e;
  const x = e as { code?: unknown; cause?: { code?: unknown } };
  const db = typeof x?.code === 'string' || typeof x?.cause?.code === 'string';
  return new DomainError('internal_error', db ? 'The server could not store this entry' : 'Unexpected error');
};

type StartRow = { actor: string | null; revoked: boolean | null; last_seq: number | null; scope: string; tx: string };

/**
 * The push's first statement: the session and its user (touched at most once a minute), the
 * device (revoked?), the actor's memberships and counter assignments, and the device's cursor,
 * inserted if new and locked FOR UPDATE, only when the session belongs to this device.
 * $1 the session token's hash (or, by actor, the actor's id), $2 the session cutoff, $3 the
 * device, $4 whether the change log's NOTIFY is deferred (migration 0010).
 */
const startText = (bySession: boolean) => `
    with s as (${bySession
    ? `select u.id, u.user_id, u.username, u.name, u.role, ss.device_id from sessions ss join users u on u.id = ss.user_id
          where ss.token_hash = $1 and not ss.revoked and ss.last_seen_at > $2::timestamptz and not u.disabled`
    : `select $1::text as id, $3::text as device_id where $2::text is not null`}),
    -- st and touch run whether or not the select reads them (data-modifying CTEs always do).
    st as (update sessions set last_seen_at = now() where ${bySession ? 'token_hash = $1' : 'false'} and last_seen_at < now() - interval '1 minute' and exists (select 1 from s) returning 1),
    touch as (update devices set last_seen_at = now() where id = $3 and not revoked and last_seen_at < now() - interval '1 minute'
      and exists (select 1 from s where s.device_id = $3) returning 1),
    cur as (insert into push_cursors (device_id, last_push_at) select $3, now() where exists (select 1 from s where s.device_id = $3)
      on conflict (device_id) do update set last_push_at = now() returning last_seq)
    select (select row_to_json(s) from s)::text as actor, (select revoked from devices where id = $3) as revoked,
      (select last_seq from cur) as last_seq,
      (select coalesce(json_agg(json_build_object('k', sc.k, 'id', sc.id)), '[]') from (${policyLinksText('(select id from s)')}) sc)::text as scope,
      case when $4::boolean then set_config('moi.defer_notify', 'on', true) else '' end as defer, pg_current_xact_id()::text as tx`;
const START_BY_SESSION = prepared('push_start_session', startText(true));
const START_BY_ACTOR = prepared('push_start_actor', startText(false));
/** The push's last statement: the device's cursor moves to the last seq it applied (the row locked by the first). */
const ADVANCE_CURSOR = prepared('push_advance_cursor', 'update push_cursors set last_seq = $1 where device_id = $2');

async function start(tx: Db, who: Pusher, deviceId: string, defer: boolean): Promise<StartRow> {
  const bySession = 'sessionToken' in who;
  const [row] = await runPrepared<StartRow>(tx, bySession ? START_BY_SESSION : START_BY_ACTOR,
    [bySession ? hashToken(who.sessionToken) : who.id, bySession ? sessionCutoff() : '', deviceId, defer]);
  return row;
}

function actorOf(who: Pusher, row: StartRow, deviceId: string): Actor {
  if (!('sessionToken' in who)) return who;
  const a = row.actor ? (JSON.parse(row.actor) as { id: string; user_id: string; username: string; name: string; role: string; device_id: string | null }) : null;
  if (!a) throw new HttpError(401, 'unauthenticated', 'Please sign in again');
  // A push speaks for the device this session signed in on, never for another installation's id.
  if (a.device_id !== deviceId) throw new HttpError(403, 'device_mismatch', 'This session signed in on another device; sign in again on this one');
  return { id: a.id, userId: a.user_id, username: a.username, name: a.name, role: a.role as Role, sessionHash: hashToken(who.sessionToken), deviceId: a.device_id };
}

/** One mutation through its mutator, in a savepoint: what it wrote stays only if it succeeded. */
async function applyOne(ctx: MutationCtx, m: Mutation, reject: (m: Raw, e: DomainError) => PushResult): Promise<PushResult> {
  try {
    const apply = mutators[m.name] as (c: MutationCtx, a: MutationValue<MutationName>) => Promise<'duplicate' | void>;
    const dup = await ctx.tx.transaction(async (sp) => (await apply({ ...ctx, tx: sp as unknown as Db }, m.args)) === 'duplicate');
    return { id: m.id, status: dup ? 'duplicate' : 'applied' };
  } catch (e) {
    forgetCaches(ctx); // the savepoint rolled back: cached rows and its locks are gone
    return reject(m, asDomain(e));
  }
}

/** A run of gift.create: planned one by one (counters locked first), written by one insert. */
async function applyGiftRun(ctx: MutationCtx, run: Array<{ i: number; m: GiftCreate }>, results: PushResult[], reject: (m: Raw, e: DomainError) => PushResult): Promise<void> {
  await lockCountersForGifts(ctx, run.map((r) => r.m.args.counterId));
  const ok: Array<{ i: number; m: GiftCreate; row: GiftValues }> = [];
  for (const r of run) {
    if (ctx.batchGiftIds.has(r.m.args.id)) { results[r.i] = { id: r.m.id, status: 'duplicate' }; continue; }
    try {
      ok.push({ ...r, row: await planGiftCreate(ctx, r.m.args) });
      ctx.batchGiftIds.add(r.m.args.id);
    } catch (e) {
      results[r.i] = reject(r.m, asDomain(e));
    }
  }
  if (ok.length === 0) return;
  const ledger = new Map(ok.filter((r) => r.m.args.ledgerPersonId).map((r) => [r.row.id, r.m.args.ledgerPersonId!]));
  let outcome: Awaited<ReturnType<typeof insertGifts>>;
  try {
    outcome = await ctx.tx.transaction(async (sp) => insertGifts({ ...ctx, tx: sp as unknown as Db }, ok.map((r) => r.row), ledger));
  } catch {
    forgetCaches(ctx);
    for (const r of ok) results[r.i] = await applyOne(ctx, r.m, reject);
    return;
  }
  for (const r of ok) {
    const o = outcome.get(r.row.id);
    results[r.i] = o === 'inserted' ? { id: r.m.id, status: 'applied' }
      : o === 'existing' ? { id: r.m.id, status: 'duplicate' }
      : reject(r.m, new DomainError('duplicate_receipt', `Receipt ${r.m.args.receiptNo} is already used in this event`));
  }
}

export async function applyPush(db: Db, who: Pusher, body: PushBody, opts: PushOptions = {}): Promise<PushOutcome> {
  const n = body.mutations.length;
  const defer = !!opts.announce && n > 0 && body.mutations.every(isGiftOnly);
  let txid = 0;
  const outcome = await retryAborted(() => db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await start(tx, who, body.deviceId, defer);
    const actor = actorOf(who, row, body.deviceId);
    txid = Number(row.tx);
    const ctx = await newContext(tx, actor, { deviceId: body.deviceId, deviceOk: row.revoked === false, scope: scopeOf(actor, JSON.parse(row.scope) as Array<{ k: string; id: string }>) });
    // The push's own offset (server − device when sent), for entries that carry none (older outboxes).
    const sentAt = body.sentAt ? Date.parse(body.sentAt) : Number.NaN;
    if (!Number.isNaN(sentAt)) ctx.measuredOffsetMs = Math.round(ctx.now - sentAt);

    const start0 = row.last_seq ?? 0;
    let last = start0;
    const results: PushResult[] = new Array(n);
    const rejections: Rejection[] = [];
    const reject = (m: Raw, e: DomainError): PushResult => {
      if (validSeq(m.seq)) rejections.push({ mutationId: m.id, seq: m.seq, name: m.name.slice(0, 40), code: e.code, message: e.message.slice(0, 500) });
      return { id: m.id, status: 'rejected', code: e.code, message: e.message };
    };
    const replays: number[] = [];
    let run: Array<{ i: number; m: GiftCreate }> = [];
    const flush = async () => {
      if (run.length) await applyGiftRun(ctx, run, results, reject);
      run = [];
    };
    for (let i = 0; i < n; i++) {
      const raw = body.mutations[i];
      if (!validSeq(raw.seq)) { results[i] = reject(raw, new DomainError('invalid_body', `Invalid ${raw.name.slice(0, 40)}: seq: out of range`)); continue; }
      if (raw.seq <= last) { replays.push(i); continue; }
      last = raw.seq;
      const p = (schemaByName.get(raw.name) ?? mutationSchema).safeParse(raw) as ReturnType<typeof mutationSchema.safeParse>;
      if (!p.success) {
        const msg = p.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ');
        results[i] = reject(raw, new DomainError('invalid_body', `Invalid ${raw.name.slice(0, 40)}: ${msg}`.slice(0, 500)));
        continue;
      }
      if (p.data.name === 'gift.create') { run.push({ i, m: p.data }); continue; }
      await flush();
      results[i] = await applyOne(ctx, p.data, reject);
    }
    await flush();
    await answerReplays(ctx, body, replays, start0, results, reject);
    if (rejections.length) {
      await tx.insert(pushRejections).values(rejections.map((r) => ({ ...r, deviceId: body.deviceId, userId: actor.id })))
        .onConflictDoUpdate({ target: pushRejections.mutationId, set: { seq: sql`excluded.seq`, code: sql`excluded.code`, message: sql`excluded.message`, at: sql`now()` } });
    }
    if (last !== start0) await runPrepared(tx, ADVANCE_CURSOR, [last, body.deviceId]);
    return { results, lastSeq: last };
  }));
  if (defer && txid) {
    const ge = new Set<string>();
    const gc = new Set<string>();
    outcome.results.forEach((r, k) => {
      if (r.status !== 'applied') return;
      const a = body.mutations[k].args as { eventId?: unknown; counterId?: unknown };
      if (typeof a.eventId === 'string') ge.add(a.eventId);
      if (typeof a.counterId === 'string') gc.add(a.counterId);
    });
    if (ge.size || gc.size) opts.announce!({ t: txid, ge, gc });
  }
  return outcome;
}

/**
 * Mutations at or below the cursor were answered before: the same answer again (their stored
 * rejection, else duplicate). A gift.create is answered duplicate only when its gift is stored:
 * one whose gift is missing (an outbox that skipped a seq) is applied now, by its own id.
 */
async function answerReplays(ctx: MutationCtx, body: PushBody, idx: number[], last: number, results: PushResult[], reject: (m: Raw, e: DomainError) => PushResult): Promise<void> {
  if (idx.length === 0) return;
  const ms = idx.map((i) => body.mutations[i]);
  const stored = new Map((await ctx.tx.select().from(pushRejections).where(inArray(pushRejections.mutationId, ms.map((m) => m.id)))).map((r) => [r.mutationId, r]));
  const giftIds = ms.filter((m) => m.name === 'gift.create' && stored.get(m.id)?.seq !== m.seq).map((m) => String((m.args as { id?: unknown } | null)?.id ?? ''));
  const present = new Set(giftIds.length ? (await ctx.tx.select({ id: gifts.id }).from(gifts).where(inArray(gifts.id, giftIds))).map((g) => g.id) : []);
  const late: Array<{ i: number; m: GiftCreate }> = [];
  for (const i of idx) {
    const m = body.mutations[i];
    const r = stored.get(m.id);
    // The answer that seq got (a Retry resends the same mutation under a new seq).
    if (r && r.seq === m.seq) { results[i] = { id: m.id, status: 'rejected', code: r.code, message: r.message ?? r.code }; continue; }
    const giftId = (m.args as { id?: unknown } | null)?.id;
    if (m.name !== 'gift.create' || present.has(String(giftId))) {
      results[i] = { id: m.id, status: 'duplicate' };
      continue;
    }
    const p = (schemaByName.get(m.name) as typeof mutationSchema).safeParse(m);
    if (p.success) late.push({ i, m: p.data as GiftCreate });
    else results[i] = reject(m, new DomainError('invalid_body', `Invalid gift.create (seq ${m.seq} ≤ ${last})`));
  }
  if (late.length) await applyGiftRun(ctx, late, results, reject);
}
