// The refusal rule of the management endpoints (contract/admin.ts header): 401 without a session,
// 403 when the role is outside the endpoint's group, 404 when an id is missing or out of scope.
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { inGroup, type AuthGroup } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { HttpError, retryAborted } from '../../errors';
import { requireActor, type Actor } from '../../session';
import { actorLinks } from '../scope';

export async function requireGroup(db: Db, req: FastifyRequest, group: AuthGroup): Promise<Actor> {
  const actor = await requireActor(db, req);
  if (!inGroup(actor.role, group)) throw new HttpError(403, 'forbidden', 'You do not have access to this');
  return actor;
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);
export const forbidden = (message = 'You do not have access to this') => new HttpError(403, 'forbidden', message);

/** Route params are strings; a route that needs an id answers 404 for a missing one. */
export function param(req: FastifyRequest, name: string): string {
  const v = (req.params as Record<string, string | undefined>)[name];
  if (!v) throw notFound(name);
  return v;
}

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
