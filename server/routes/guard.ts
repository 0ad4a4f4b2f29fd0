// The request side of the management endpoints' refusal rule (contract/admin.ts header): 401 without
// a session, 403 when the role is outside the endpoint's group, 404 for a missing id. The domain gets
// the actor and plain ids, never the request.
import type { FastifyRequest } from 'fastify';
import { inGroup, type AuthGroup } from '../../contract/roles';
import type { Db } from '../db/client';
import { HttpError } from '../errors';
import { requireActor, type Actor } from '../session';

export async function requireGroup(db: Db, req: FastifyRequest, group: AuthGroup): Promise<Actor> {
  const actor = await requireActor(db, req);
  if (!inGroup(actor.role, group)) throw new HttpError(403, 'forbidden', 'You do not have access to this');
  return actor;
}

/** Route params are strings; a route that needs an id answers 404 for a missing one. */
export function param(req: FastifyRequest, name: string): string {
  const v = (req.params as Record<string, string | undefined>)[name];
  if (!v) throw new HttpError(404, 'not_found', `${name} not found`);
  return v;
}
