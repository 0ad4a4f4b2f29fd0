// Cash custody (issue 18): whether OTP confirmation is available here (a messaging provider is
// configured), and sending a one-time code to a nominee for a handover. The handover itself, the
// nominees and the float are sync mutations (contract/sync.ts), so they work offline.
import type { FastifyInstance } from 'fastify';
import { otpRequestSchema } from '../../contract/custody';
import { requireGroup } from './guard';
import { sendHandoverOtp } from '../domain/custody';
import { newContext } from '../domain/mutation-context';
import { HttpError, parseBody } from '../errors';

export default async function custodyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const otpOn = app.config.messaging.provider !== 'none';

  app.get('/custody/config', async (req) => {
    await requireGroup(db, req, 'all');
    return { otp: otpOn };
  });

  app.post('/custody/otp', async (req) => {
    const actor = await requireGroup(db, req, 'all');
    const body = parseBody(otpRequestSchema, req.body);
    if (!otpOn) throw new HttpError(409, 'conflict', 'Messaging is not configured on this server: confirm with the nominee’s PIN');
    const ctx = await newContext(db, actor);
    const r = await sendHandoverOtp(db, ctx, body);
    return { sent: true, ...r };
  });
}
