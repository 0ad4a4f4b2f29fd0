// The speculative single-gift push (issue 14): what this process remembers of a tablet's context,
// the one statement that writes a gift only if that context still holds, and the coalescer that
// lets pushes arriving together share one such statement. Anything that does not go in here takes
// the ordinary path (sync-push.ts).
import type { PolicyActor } from '../../contract/policy';
import type { mutationSchema, PushBody, PushResult } from '../../contract/sync';
import type { Db } from '../db/client';
import { coalescer, type Coalescer } from '../db/coalesce';
import { onNodePostgres, runStatement } from '../db/raw';
import { retryAborted, sqlState } from '../errors';
import { sessionCutoff, type Actor } from '../session';
import { type GiftValues, planGiftCreate } from './gifts';
import { newContext } from './mutation-context';
import { type GiftCreate, giftRunJson, giftRunRow, mutationByName, type PreCounter, putCounters, SPEC_MANY, SPEC_ONE } from './push-sql';
import type { PushOptions } from './sync-push';

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
export const knownKey = (h: string, deviceId: string, counterId: string) => `${h}|${deviceId}|${counterId}`;
export function remember(key: string, k: Known): void {
  known.delete(key);
  known.set(key, k);
  if (known.size > KNOWN_MAX) known.delete(known.keys().next().value!);
}

/** Thrown by the speculative plan when it would need the database (a shared-tablet author): the ordinary path runs. */
class NeedsDatabase extends Error {}
const noDatabase = new Proxy({}, { get: () => { throw new NeedsDatabase('speculative plan read the database'); } }) as unknown as Db;

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
/** Per database handle: its coalescer, and how many gifts a shared statement wrote itself (the rest took the ordinary path). */
const specBatchers = new WeakMap<object, { b: Coalescer<SpecItem, SpecOutcome>; written: { n: number } }>();

/** Tests: hold the speculative pushes (limit 0) until several wait, then let them share one statement. */
export const specForTests = {
  setLimit(n: number | null): void { specLimitOverride = n; },
  stats: (db: Db) => ({ ...specBatcher(db).stats, written: specBatchers.get(db)?.written.n ?? 0 }),
  waiting: (db: Db) => specBatcher(db).waiting(),
  poke: (db: Db) => specBatcher(db).poke(),
};
function specBatcher(db: Db): Coalescer<SpecItem, SpecOutcome> {
  const had = specBatchers.get(db);
  if (had) return had.b;
  const written = { n: 0 };
  const limit = onNodePostgres(db) ? 2 : 1;
  const b = coalescer<SpecItem, SpecOutcome>({
    limit: () => specLimitOverride ?? limit,
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
  specBatchers.set(db, { b, written });
  return b;
}

/**
 * The hot path when this process knows the context: one statement (shared with other tablets'
 * pushes that arrive while the database is busy). Returns the results, or null
 * when the ordinary path must answer (nothing known, the context changed, a rejection or a
 * duplicate to explain, a plan that needs the database); nothing was written then.
 */
export async function trySpeculative(db: Db, h: string, body: PushBody, counterId: string, sentAt: number, opts: PushOptions): Promise<PushResult[] | null> {
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
