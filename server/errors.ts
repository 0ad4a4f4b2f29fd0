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

/**
 * The domain-error → HTTP status table: a domain function throws DomainError(code) and means the
 * same thing whether it runs in a push (answered per mutation) or behind a REST route (this status).
 */
export const domainStatus: Record<ErrorCode, number> = {
  invalid_body: 400,
  counted: 409,
  reason_required: 400,
  not_image: 400,
  invalid_credentials: 401,
  unauthenticated: 401,
  forbidden: 403,
  not_assigned: 403,
  unknown_device: 403,
  device_taken: 403,
  device_mismatch: 403,
  user_disabled: 403,
  not_found: 404,
  conflict: 409,
  duplicate_receipt: 409,
  counter_closed: 409,
  event_closed: 409,
  counters_open: 409,
  version_conflict: 409,
  username_taken: 409,
  weak_password: 400,
  file_too_large: 413,
  too_many_attempts: 429,
  device_code_exhausted: 503,
  db_unavailable: 503,
  printer_unreachable: 503,
  not_entitled: 402,
  gateway_error: 502,
  internal_error: 500,
};

export class DomainError extends HttpError {
  constructor(code: ErrorCode, message: string) {
    super(domainStatus[code], code, message);
  }
}

/** The PostgreSQL SQLSTATE of a database error, looking through Drizzle's DrizzleQueryError wrapper. */
/**
 * Run a transaction again (up to three times) when PostgreSQL aborted it as a deadlock victim or a
 * serialization failure: with no global lock, two writers can meet on rows in opposite orders.
 */
export async function retryAborted<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = sqlState(err);
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
    }
  }
}

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
