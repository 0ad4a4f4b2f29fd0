// Outbox row transitions shared by the push and attachments adapters: claim (pending → sending),
// release after a failed request, recover rows a closed page left sending, and clear the `_pending`
// flag of entities with no unsynced work left.
import type { ChangeType } from '../../../contract/sync';
import { ENTITY_TABLE, parseEntityKey } from '../entities';
import Dexie from 'dexie';
import { ApiRequestError } from '../../lib/api';
import type { MoiDb, OutboxRow } from '../db';
import { META } from '../outbox';
import { dueForPush } from './push-retry';

/** A `sending` claim older than this belonged to a page that closed mid-request. */
export const STALE_SENDING_MS = 90_000;

/** Put back rows left `sending` by a page that closed mid-request (all of them when `elected`: nobody else is sending). */
export async function recoverStale(db: MoiDb, elected: boolean, now = Date.now()): Promise<void> {
  // Nothing left sending (the usual case): no write at all. A modify() over the index is a write
  // transaction that makes every live query reading the outbox run again (the gift lists' "refused"
  // marks over thousands of gifts), a long main-thread task at every push attempt, offline too.
  if ((await db.outbox.where('state').equals('sending').count()) === 0) return;
  const cutoff = now - STALE_SENDING_MS;
  await db.outbox.where('state').equals('sending').modify((r) => {
    if (elected || !r.sendingSince || r.sendingSince < cutoff) {
      r.state = 'pending';
      r.sendingSince = null;
      r.unanswered = true;
    }
  });
}

/** The highest seq of this device the server has answered (push answers' lastSeq), kept in meta. */
export const ANSWERED_SEQ = 'answeredSeq';

/**
 * Atomically move the next `limit` due pending rows (seq order) to `sending`. Two drainers never
 * claim the same row. The server answers a seq at or below the highest it has answered as
 * `duplicate` (Replicache's last applied seq), so:
 * - while any row is being sent, nothing is claimed;
 * - rows sent in a request that got no answer go again FIRST and alone, under their seq (the
 *   server may have applied them: then they answer duplicate; if not, nothing later was applied);
 * - any other claim whose rows include a seq at or below the answered one (a row retried after a
 *   rejection, or held back for its retry delay while later rows went) is given new seqs, in its
 *   order, above every seq of the device.
 */
export async function claimRows(db: MoiDb, limit: number): Promise<OutboxRow[]> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    // Rows another drainer is sending (or a closed page left sending, until recoverStale puts them
    // back): their outcome is unknown, so nothing later may go before them.
    if ((await db.outbox.where('state').equals('sending').count()) > 0) return [];
    const pending = db.outbox.where('[state+seq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]);
    const unanswered = await pending.clone().filter((r) => !!r.unanswered).limit(limit).toArray();
    const rows = unanswered.length ? unanswered : await pending.filter(dueForPush(Date.now())).limit(limit).toArray();
    if (rows.length === 0) return rows;
    if (!unanswered.length) {
      const answered = ((await db.meta.get(ANSWERED_SEQ))?.value as number | undefined) ?? 0;
      if (rows.some((r) => r.seq <= answered)) {
        const last = await db.outbox.orderBy('seq').last();
        let next = Math.max(((await db.meta.get(META.seq))?.value as number | undefined) ?? 0, last?.seq ?? 0, answered);
        for (const r of rows) r.seq = ++next;
        await db.meta.put({ key: META.seq, value: next });
      }
    }
    const now = Date.now();
    for (const r of rows) { r.state = 'sending'; r.sendingSince = now; }
    await db.outbox.bulkPut(rows);
    return rows;
  });
}

/** A push answered: remember the highest seq the server has answered for this device. */
export async function noteAnsweredSeq(db: MoiDb, lastSeq: number | undefined): Promise<void> {
  if (lastSeq === undefined) return;
  const cur = ((await db.meta.get(ANSWERED_SEQ))?.value as number | undefined) ?? 0;
  if (lastSeq > cur) await db.meta.put({ key: ANSWERED_SEQ, value: lastSeq });
}

/** A request for these rows failed: back to pending, one attempt counted (none for a 401). */
export async function releaseRows(db: MoiDb, rows: OutboxRow[], err: unknown): Promise<void> {
  const message = err instanceof Error ? err.message : String(err);
  const code = err instanceof ApiRequestError ? err.code : null;
  const is401 = err instanceof ApiRequestError && err.status === 401;
  await db.transaction('rw', db.outbox, async () => {
    const current = await db.outbox.bulkGet(rows.map((r) => r.id));
    const next: OutboxRow[] = [];
    for (const cur of current) {
      if (!cur || cur.state !== 'sending') continue;
      // A 401 leaves the row exactly as it was (no attempt counted).
      // The server may have applied it (the answer was lost): it goes again first, under its seq.
      next.push(is401
        ? { ...cur, state: 'pending', sendingSince: null, unanswered: true }
        : { ...cur, state: 'pending', sendingSince: null, attempts: cur.attempts + 1, lastError: message, lastErrorCode: code, unanswered: true });
    }
    await db.outbox.bulkPut(next);
  });
}

/** The entities whose rows carry a `_pending` flag the outbox clears. */
const FLAGGED: readonly ChangeType[] = ['gift', 'counter', 'user', 'signup', 'event'];

/** The tables clearPendingFlags writes: a transaction that calls it must include every one. */
export const flaggedTables = (db: MoiDb) => FLAGGED.map((type) => db.table(ENTITY_TABLE[type]));

/** Clear `_pending` on entities (gift:<id>, …) that no longer have any unsynced mutation. */
export async function clearPendingFlags(db: MoiDb, entities: string[]): Promise<void> {
  if (entities.length === 0) return;
  const stillOpen = new Set<string>();
  await db.outbox.where('entity').anyOf(entities).each((r) => { if (r.state !== 'done' && r.entity) stillOpen.add(r.entity); });
  const byTable = new Map<string, string[]>();
  for (const ent of entities) {
    if (stillOpen.has(ent)) continue;
    const key = parseEntityKey(ent);
    if (!key || !FLAGGED.includes(key.type)) continue;
    const tableName = ENTITY_TABLE[key.type];
    const list = byTable.get(tableName) ?? [];
    list.push(key.id);
    byTable.set(tableName, list);
  }
  for (const [tableName, ids] of byTable) await db.table(tableName).where('id').anyOf(ids).modify({ _pending: 0 });
}
