// An overall cap on a public endpoint, across every address (issue 31): the per-address limits
// (@fastify/rate-limit) stop one guesser, not many addresses at once. Per server process, in a
// one-minute window; past the cap every caller gets 429 `too_many_attempts` with Retry-After, and
// the database is not touched.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export function overallLimit(maxPerMinute: number, busyMessage: string) {
  let windowStart = 0;
  let count = 0;
  return async (_req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      count = 0;
    }
    if (++count > maxPerMinute) {
      reply.header('Retry-After', String(Math.max(1, Math.ceil((windowStart + 60_000 - now) / 1000))));
      throw new HttpError(429, 'too_many_attempts', busyMessage);
    }
  };
}
