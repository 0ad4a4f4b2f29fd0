// GET /moi/public/receipts/:token — what anyone holding a receipt may check, with no sign-in
// (issue 15): the event's title and date, the giver's name masked, the amount, the time and the
// counter, and whether it is valid or cancelled. Nothing else of the event: no other gift, no
// mobile, no full name. A token the server does not know answers 200 `unknown` (the counter's
// tablet may not have synced yet), so the page explains instead of erroring.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { receiptTokenSchema } from '../../contract/entities';
import { publicReceipt } from '../domain/public-receipts';
import { HttpError } from '../errors';
import { overallLimit } from '../overall-limit';

/** Generous for a person scanning receipts, far too slow to guess a 128-bit token. */
export const PUBLIC_RECEIPT_RATE_PER_MINUTE = 60;
/** All addresses together, per server process: a hall's guests checking receipts stay far below it. */
export const PUBLIC_RECEIPT_OVERALL_PER_MINUTE = 1200;

export default async function publicReceiptRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { token: string } }>('/public/receipts/:token', {
    preHandler: overallLimit(PUBLIC_RECEIPT_OVERALL_PER_MINUTE, 'The server is answering many receipt checks. Try again in a minute.'),
    config: {
      rateLimit: {
        max: PUBLIC_RECEIPT_RATE_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (req: FastifyRequest) => req.ip || 'unknown',
        errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string }) =>
          new HttpError(429, 'too_many_attempts', `Too many receipt checks from this address. Try again in ${ctx.after}.`),
      },
    },
  }, async (req) => {
    const token = receiptTokenSchema.safeParse(req.params.token);
    if (!token.success) throw new HttpError(400, 'invalid_body', 'This is not a receipt link');
    return publicReceipt(app.db, token.data);
  });
}
