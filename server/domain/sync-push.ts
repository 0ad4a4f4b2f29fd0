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
import { eq, inArray, sql } from 'drizzle-orm';
import { mutationSchema, type Mutation, type MutationValue, type PushBody, type PushResult } from '../../contract/sync';
import type { Db } from '../db/client';
import { runStatement } from '../db/raw';
import type { Role } from '../../contract/roles';
import { appliedMutations, gifts } from '../db/schema';
import { DomainError, HttpError, retryAborted } from '../errors';
import type { CommitNote } from '../live';
import { hashToken, sessionCutoff, type Actor } from '../session';
import { type GiftValues, linkToLedger, planGiftCreate } from './gifts';
import { enqueueGiverReceipts } from '../messaging/outbox';
import { forgetCaches, loadCounters, newContext, scopeOf, type MutationCtx } from './mutation-context';
import { knownKey, remember, trySpeculative } from './push-speculative';
import {
  CLAIM_AND_INSERT, countersFromJson, type GiftCreate, giftRunJson, INSERT_THEN_CLAIM, mutationByName, PRE_BY_ACTOR, PRE_BY_SESSION,
  PRE_BY_SESSION_ONE, type PreRow, putCounters, type SessionRow, storableSeq,
} from './push-sql';
import { mutators } from './mutators';

type Ref = { id: string; seq: number; name: string };

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
