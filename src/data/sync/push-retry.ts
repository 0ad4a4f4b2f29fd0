// How a push answer settles the outbox rows that were sent. A server that could not store an entry
// (internal_error, db_unavailable) is having a bad moment, not saying no: the row stays pending and
// is tried again with the sync loop's backoff, and only after MAX_TRANSIENT_TRIES such answers does
// it show as rejected with a Retry button. Every other rejection (validation, forbidden, closed
// counter…) is the server's final word and shows at once.
import type { PushResult } from '../../../contract/sync';
import type { OutboxRow } from '../db';
import type { MoiDb } from '../db';

/** Codes that mean "try again later", not "never". */
export const TRANSIENT_CODES: ReadonlySet<string> = new Set(['internal_error', 'db_unavailable']);
export const MAX_TRANSIENT_TRIES = 5;

export type SettleOptions = {
  now: number;
  /** Delay before the n-th retry (n = 1 for the first); the engine passes its own backoff. */
  backoff: (n: number) => number;
};

/**
 * An accepted row keeps its args for the sync panel's history until pruned, but not a secret typed
 * for the server to check once: the receiver's PIN or OTP of a cash handover (issue 18).
 */
export function withoutSecrets(row: OutboxRow): OutboxRow {
  if (row.name !== 'handover.create') return row;
  const args = row.args as { confirm?: { method?: string; pin?: string; otp?: string } } | null;
  if (!args?.confirm || (args.confirm.pin === undefined && args.confirm.otp === undefined)) return row;
  return { ...row, args: { ...args, confirm: { method: args.confirm.method } } };
}

/**
 * The next state of each row sent in one push (rows as read back, in seq order; only rows still
 * `sending` are settled) and the entities whose mutations were accepted.
 * A rejection that follows a transient failure of the same entity in the same batch (an edit of a
 * gift whose creation the server could not store) is retried with it instead of standing alone.
 */
export function settlePushResults(rows: Array<OutboxRow | undefined>, results: PushResult[], opts: SettleOptions): { next: OutboxRow[]; accepted: string[] } {
  const byId = new Map(results.map((r) => [r.id, r]));
  const next: OutboxRow[] = [];
  const accepted: string[] = [];
  const heldEntities = new Set<string>();
  for (const row of rows) {
    if (!row || row.state !== 'sending') continue; // removed or already settled elsewhere
    const r = byId.get(row.id);
    const attempts = row.attempts + 1;
    if (r && r.status !== 'rejected') {
      next.push({ ...withoutSecrets(row), state: 'done', sendingSince: null, attempts, lastError: null, lastErrorCode: null, retryAt: null, doneAt: opts.now, unanswered: false });
      if (row.entity) accepted.push(row.entity);
      continue;
    }
    const code = r ? r.code ?? 'unknown' : 'internal_error';
    const message = r ? r.message ?? r.code ?? 'rejected' : 'No answer for this entry';
    const transient = TRANSIENT_CODES.has(code) || (!!row.entity && heldEntities.has(row.entity));
    const tries = (row.transientTries ?? 0) + (transient ? 1 : 0);
    if (transient && tries < MAX_TRANSIENT_TRIES) {
      if (row.entity) heldEntities.add(row.entity);
      // Answered: sent again later under a new seq (push.ts claimRows).
      next.push({ ...row, state: 'pending', sendingSince: null, attempts, lastError: message, lastErrorCode: code, transientTries: tries, retryAt: opts.now + opts.backoff(tries), unanswered: r ? false : row.unanswered });
    } else {
      next.push({ ...row, state: 'rejected', sendingSince: null, attempts, lastError: message, lastErrorCode: code, transientTries: tries, retryAt: null, unanswered: false });
    }
  }
  return { next, accepted };
}

/**
 * Claim filter over pending rows in seq order: skip a row waiting out its retry delay, and every
 * later row of the same entity (so an edit never overtakes the creation it depends on).
 * Stateful: make one per claim.
 */
export function dueForPush(now: number): (row: OutboxRow) => boolean {
  const held = new Set<string>();
  return (row) => {
    if (row.retryAt && row.retryAt > now) {
      if (row.entity) held.add(row.entity);
      return false;
    }
    return !(row.entity && held.has(row.entity));
  };
}

/** Milliseconds until the earliest held-back pending row is due (null: none is waiting). */
export async function nextRetryIn(db: MoiDb, now: number = Date.now()): Promise<number | null> {
  let earliest = Infinity;
  await db.outbox.where('state').equals('pending').each((r) => {
    if (r.retryAt && r.retryAt < earliest) earliest = r.retryAt;
  });
  return earliest === Infinity ? null : Math.max(0, earliest - now);
}

/**
 * "Sync now" pressed: the person at the counter wants every waiting entry tried at once, so the
 * rows held back for their retry delay become due now (their count of tries is kept).
 */
export async function releaseRetryHolds(db: MoiDb): Promise<number> {
  return db.outbox.where('state').equals('pending').and((r) => !!r.retryAt).modify((r) => { r.retryAt = null; });
}
