// One error shape for the whole API: { code, message } with a code from contract/errors.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ErrorCode } from '../contract/errors';

export class HttpError extends Error {
  constructor(public status: number, public code: ErrorCode, message: string, public issues?: unknown) {
    super(message);
  }
}

export function sendError(reply: FastifyReply, status: number, code: ErrorCode, message: string, issues?: unknown) {
  return reply.code(status).send(issues ? { code, message, issues } : { code, message });
}

/** Parse a body with a contract schema; throws a 400 invalid_body HttpError listing each issue. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body);
  if (!r.success) {
    const issues = r.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }));
    const summary = issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
    throw new HttpError(400, 'invalid_body', `Invalid request: ${summary}`, issues);
  }
  return r.data;
}

/** The PostgreSQL SQLSTATE of a database error, looking through Drizzle's DrizzleQueryError wrapper. */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** True when a string, key or nested value holds a NUL character, which PostgreSQL text cannot store. */
export function containsNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (!v || typeof v !== 'object' || depth > 32) return false;
  if (Array.isArray(v)) return v.some((x) => containsNul(x, depth + 1));
  if (Buffer.isBuffer(v)) return false;
  for (const [k, x] of Object.entries(v)) if (k.includes('\u0000') || containsNul(x, depth + 1)) return true;
  return false;
}
