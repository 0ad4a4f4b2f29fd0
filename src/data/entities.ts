// One typed registry of the device's entities: each change type's Dexie table, and the outbox
// `entity` key (`gift:<id>`, `counter:<id>`, …) built and read in one place. The pull, the prune at
// sign-in, the pending flags and the repositories all go through it.
import type { ChangeType } from '../../contract/sync';
import { changeTypes } from '../../contract/sync';
import type { MoiDb } from './db';

type TableName = { [K in keyof MoiDb]: MoiDb[K] extends { bulkPut: unknown } ? K : never }[keyof MoiDb] & string;

/** The Dexie table of each change type. */
export const ENTITY_TABLE = {
  gift: 'gifts', event: 'events', counter: 'counters', user: 'users', audit: 'audits',
  membership: 'memberships', signup: 'signups', staffPin: 'staffPins', nominee: 'nominees', handover: 'handovers', ledgerPerson: 'ledgerHints',
} as const satisfies Record<ChangeType, TableName>;

export type EntityKey = `${ChangeType}:${string}`;

/** The outbox `entity` key of a record (gift:<id>, counter:<id>, …). */
export const entityKey = (type: ChangeType, id: string): EntityKey => `${type}:${id}`;

/** The type and id of an outbox `entity` key; null for anything else. */
export function parseEntityKey(key: string | null | undefined): { type: ChangeType; id: string } | null {
  if (!key) return null;
  const i = key.indexOf(':');
  if (i <= 0) return null;
  const type = key.slice(0, i) as ChangeType;
  return (changeTypes as readonly string[]).includes(type) ? { type, id: key.slice(i + 1) } : null;
}
