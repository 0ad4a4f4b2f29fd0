// Every write that a device may need to see appends to the change log; its id is the pull cursor.
import { sql } from 'drizzle-orm';
import type { ChangeType } from '../../contract/sync';
import type { Db } from '../db/client';
import { changeLog } from '../db/schema';

export type ChangeEntry = {
  type: ChangeType;
  entityId: string;
  /** The event the row belongs to (scopes gifts, counters, audits, staff PINs, the event itself). */
  eventId?: string | null;
  /** For user rows: the user the row is. */
  userId?: string | null;
  counterId?: string | null;
  deleted?: boolean;
};

/**
 * Writers of the change log take this transaction-scoped lock first, so log ids commit in id order:
 * a pull never sees id N+1 while N is still in flight (it would skip N for ever). Call it inside a
 * transaction; it is released at commit or rollback.
 */
export async function lockChangeLog(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7201003)`);
}

export async function recordChanges(tx: Db, entries: ChangeEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await lockChangeLog(tx);
  await tx.insert(changeLog).values(entries.map((e) => ({
    type: e.type,
    entityId: e.entityId,
    eventId: e.eventId ?? null,
    userId: e.userId ?? null,
    counterId: e.counterId ?? null,
    deleted: e.deleted ?? false,
  })));
}

export const recordChange = (tx: Db, entry: ChangeEntry) => recordChanges(tx, [entry]);
