// Every write that a device may need to see appends to the change log. No lock: each row records
// its transaction and pulls stop below the oldest running one (domain/sync-pull.ts, cursors).
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

export async function recordChanges(tx: Db, entries: ChangeEntry[]): Promise<void> {
  if (entries.length === 0) return;
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
