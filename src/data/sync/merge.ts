// Merging a pulled server change into the device database: a pure, typed decision so it can be
// tested alone. Rule: a local row that still has unsynced mutations (pending, sending or rejected)
// is never overwritten; the push result and a later pull reconcile it. Otherwise the server wins.
import { entityKey } from '../entities';
import type { Change } from '../../../contract/sync';

export type MergeDecision<R> = { op: 'put'; row: R } | { op: 'delete' } | { op: 'keep' };

type WithPending = { _pending?: 0 | 1 };

export function mergeChange<R extends { id: string }>(
  local: (R & WithPending) | undefined,
  change: { row?: R; deleted?: true },
  hasUnsyncedWork: boolean,
): MergeDecision<R & WithPending> {
  if (hasUnsyncedWork && local) return { op: 'keep' };
  if (change.deleted) return local ? { op: 'delete' } : { op: 'keep' };
  if (!change.row) return { op: 'keep' };
  return { op: 'put', row: { ...change.row, _pending: 0 } };
}


/** Collapse a page of changes to the latest per entity (the server sends them in log order). */
export function latestPerEntity(changes: Change[]): Change[] {
  const last = new Map<string, Change>();
  for (const c of changes) {
    const k = entityKey(c.type, c.id);
    last.delete(k);
    last.set(k, c);
  }
  return [...last.values()];
}
