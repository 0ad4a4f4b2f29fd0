// Keeps the outbox from growing for ever: a mutation the server acknowledged (applied or
// duplicate → state `done`) is deleted a week after it was acknowledged. Pending, sending and
// rejected rows are never touched. A done row never changes state again, and the delete runs in
// one rw transaction over the outbox, as the claim and the settling of push answers do, so it
// cannot interleave with a push. The per-device seq lives in meta, so pruning never reuses one.
import type { MoiDb } from './db';

export const PRUNE_DONE_AFTER_MS = 7 * 24 * 3600_000;
/** The sync loop asks after every successful pass; the scan itself runs at most this often. */
export const PRUNE_EVERY_MS = 3600_000;

/**
 * Delete done rows acknowledged before `now - 7 days`. Rows settled before `doneAt` existed get
 * `doneAt = now` instead, so they too stay a full week from here. Returns how many were deleted.
 */
export async function pruneDoneOutbox(db: MoiDb, now: number = Date.now()): Promise<number> {
  const cutoff = now - PRUNE_DONE_AFTER_MS;
  return db.transaction('rw', db.outbox, async () => {
    await db.outbox.where('state').equals('done').filter((r) => r.doneAt == null).modify({ doneAt: now });
    return db.outbox.where('state').equals('done').filter((r) => r.doneAt != null && r.doneAt < cutoff).delete();
  });
}

const lastRun = new WeakMap<MoiDb, number>();

/** pruneDoneOutbox at most once an hour per database; never throws (pruning is housekeeping). */
export async function maybePruneOutbox(db: MoiDb, now: number = Date.now()): Promise<void> {
  const last = lastRun.get(db);
  if (last !== undefined && now - last < PRUNE_EVERY_MS) return;
  lastRun.set(db, now);
  try {
    await pruneDoneOutbox(db, now);
  } catch {
    // a failed clean-up only means the rows stay until the next one
  }
}
