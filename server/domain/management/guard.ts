// The refusal rule of the management endpoints (contract/admin.ts header), domain side: 404 when an
// id is out of scope, 403 forbidden. Reading the session and the params is the routes' part (routes/guard.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { HttpError, retryAborted } from '../../errors';
import type { Actor } from '../../session';
import { actorLinks } from '../scope';

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);
export const forbidden = (message = 'You do not have access to this') => new HttpError(403, 'forbidden', message);

/** Event ids the actor administers ('all' for app_admin, none for owners and staff). */
export async function adminEventIds(db: Db, actor: Actor): Promise<string[] | 'all'> {
  if (actor.role === 'app_admin') return 'all';
  if (actor.role !== 'event_admin') return [];
  const res = await db.execute(sql`select l.event from (${actorLinks(actor.id)}) l where l.k = 'admin'`);
  return (res as unknown as { rows: Array<{ event: string }> }).rows.map((r) => r.event);
}

/** A write transaction of a management endpoint (the change log needs no lock: domain/sync-pull.ts, cursors). */
export function writeTx<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return retryAborted(() => db.transaction(async (t) => fn(t as unknown as Db)));
}
