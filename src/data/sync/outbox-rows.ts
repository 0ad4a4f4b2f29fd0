// Outbox row transitions shared by the push and attachments adapters: claim (pending → sending),
// release after a failed request, recover rows a closed page left sending, and clear the `_pending`
// flag of entities with no unsynced work left.
import type { ChangeType } from '../../../contract/sync';
import { ENTITY_TABLE, parseEntityKey } from '../entities';
import Dexie from 'dexie';
import { ApiRequestError } from '../../lib/api';
import type { MoiDb, OutboxRow } from '../db';
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
    }
  });
}

/** Atomically move the next `limit` due pending rows (seq order) to `sending`. Two drainers never claim the same row. */
export async function claimRows(db: MoiDb, limit: number): Promise<OutboxRow[]> {
  return db.transaction('rw', db.outbox, async () => {
    const rows = await db.outbox.where('[state+seq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
      .filter(dueForPush(Date.now())).limit(limit).toArray();
    const now = Date.now();
    for (const r of rows) { r.state = 'sending'; r.sendingSince = now; }
    if (rows.length) await db.outbox.bulkPut(rows);
    return rows;
  });
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
      next.push(is401
        ? { ...cur, state: 'pending', sendingSince: null }
        : { ...cur, state: 'pending', sendingSince: null, attempts: cur.attempts + 1, lastError: message, lastErrorCode: code });
    }
    await db.outbox.bulkPut(next);
  });
}

/** The entities whose rows carry a `_pending` flag the outbox clears. */
const FLAGGED: readonly ChangeType[] = ['gift', 'counter', 'user', 'signup', 'event'];

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
