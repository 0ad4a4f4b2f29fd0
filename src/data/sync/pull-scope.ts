// Back-filling a scope that grew. The pull cursor only covers what the device could see when those
// changes were pulled: a counter newly assigned to this device's user (or an event newly given to
// them) has older rows the cursor already passed. Every pull answer carries per-type fingerprints
// of the caller's scope (contract/sync.ts); the device stores the fingerprints its data covers.
// When an answer's fingerprint for a type differs, that type is pulled again from cursor 0
// (`types=`), and only once that back-fill completed is the new fingerprint stored: an interrupted
// back-fill simply runs again on the next pass. Merging is idempotent and never overwrites rows
// with unsynced local work (merge.ts), so pulling a row twice is harmless.
//
// A scope also shrinks: a staff member taken off a counter, an owner taken off an event. A
// completed back-fill from 0 lists every row of the type the user may still see, so the rows of
// the event-scoped types (gifts, audits, counters, staff PINs, events, ledger hint lines) it did not list are removed
// from the device — givers' names, mobiles and amounts do not stay on a tablet whose user may no
// longer read them — except rows with unsynced local work, which wait for their push.
import type { Change, ChangeType, PullResponse, PullScope } from '../../../contract/sync';
import type { MoiDb } from '../db';
import { META, metaGet, metaSet } from '../outbox';
import { START_CURSOR, isStartCursor, type PullCursor } from './transport';

export type ScopedPull = (since: PullCursor, limit: number, types?: ChangeType[]) => Promise<PullResponse>;

/** The types whose rows leave the device when a completed back-fill no longer lists them. */
export const PRUNED_TYPES: readonly ChangeType[] = ['gift', 'audit', 'counter', 'staffPin', 'event', 'nominee', 'handover', 'ledgerPerson'];

/** Removes the local rows of `type` that are not in `keep` (and have no unsynced work); returns how many. */
export type PruneRows = (type: ChangeType, keep: ReadonlySet<string>) => Promise<number>;

/** Watches the pages of one pull pass and says which types must be back-filled afterwards. */
export class ScopeWatch {
  private baseline: PullScope | undefined;
  private readonly stale = new Set<ChangeType>();
  private seen = false;

  /** `stored`: the fingerprints the device's data covers; `fromCursor`: where this pass started. */
  constructor(stored: PullScope | undefined, private readonly fromCursor: PullCursor) {
    this.baseline = stored;
  }

  static async load(db: MoiDb, fromCursor: PullCursor): Promise<ScopeWatch> {
    return new ScopeWatch(await metaGet<PullScope>(db, META.pullScope), fromCursor);
  }

  /** Note one page's fingerprints (an older server sends none: nothing to compare). */
  see(scope: PullScope | undefined): void {
    if (!scope) return;
    const first = !this.seen;
    this.seen = true;
    if (!this.baseline) {
      // A pass from cursor 0 covers the scope of its first page; a device that pulled before
      // fingerprints existed cannot know what its cursor covers, so it back-fills everything once.
      this.baseline = scope;
      if (isStartCursor(this.fromCursor) && first) return;
      for (const t of Object.keys(scope) as ChangeType[]) this.stale.add(t);
      return;
    }
    for (const t of Object.keys(scope) as ChangeType[]) if (scope[t] !== this.baseline[t]) this.stale.add(t);
  }

  /** Types whose rows must be pulled again from 0, sorted. */
  get staleTypes(): ChangeType[] {
    return [...this.stale].sort();
  }

  /** The fingerprints to store once the stale types were back-filled under `backfilled`. */
  covered(backfilled: PullScope | undefined): PullScope | undefined {
    if (!this.baseline) return undefined;
    const out: PullScope = { ...this.baseline };
    for (const t of this.stale) {
      if (backfilled?.[t] === undefined) return this.baseline;
      out[t] = backfilled[t];
    }
    return out;
  }
}

/**
 * After the pass's pages were applied: back-fill the types whose scope changed, then store the
 * fingerprints the device now covers. `apply` merges a page without moving the pull cursor.
 */
export async function backfillScope(
  db: MoiDb, watch: ScopeWatch, pull: ScopedPull, limit: number, apply: (changes: Change[]) => Promise<void>, prune?: PruneRows,
): Promise<void> {
  const types = watch.staleTypes;
  let backfilled: PullScope | undefined;
  if (types.length) {
    const done = await pullTypesFromZero(pull, types, limit, apply);
    // The scope moved again mid-way: leave the stored fingerprints, the next pass starts over.
    if (!done) return;
    backfilled = done.scope;
    if (prune) for (const t of types) if (PRUNED_TYPES.includes(t)) await prune(t, done.listed.get(t) ?? new Set());
  }
  const next = watch.covered(backfilled);
  if (next && JSON.stringify(next) !== JSON.stringify(await metaGet<PullScope>(db, META.pullScope))) await metaSet(db, META.pullScope, next);
}

/**
 * Every page of `types` from cursor 0 under one unchanging scope, with the ids of the rows it lists
 * as existing (per type, after the last change of each); undefined when the scope changed on the way.
 */
async function pullTypesFromZero(
  pull: ScopedPull, types: ChangeType[], limit: number, apply: (changes: Change[]) => Promise<void>,
): Promise<{ scope: PullScope; listed: Map<ChangeType, Set<string>> } | undefined> {
  let since: PullCursor = START_CURSOR;
  let target: PullScope | undefined;
  const listed = new Map<ChangeType, Set<string>>(types.map((t) => [t, new Set<string>()]));
  for (;;) {
    const page = await pull(since, limit, types);
    if (!page.scope) return undefined;
    if (!target) target = page.scope;
    else if (types.some((t) => page.scope?.[t] !== target?.[t])) return undefined;
    await apply(page.changes);
    for (const c of page.changes) {
      const ids = listed.get(c.type);
      if (!ids) continue;
      if (c.deleted) ids.delete(c.id);
      else ids.add(c.id);
    }
    since = page.cursor;
    if (!page.hasMore) return { scope: target, listed };
  }
}
