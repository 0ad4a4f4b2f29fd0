// Messaging endpoints (issue 15):
// - /moi/admin/messaging…  (app admin) the provider as configured (secrets never shown back),
//   templates, the outbox with each message's state, a test send, opt-outs;
// - /moi/events/:id/host-messaging  (the event's admins) the host family's numbers and rhythm;
// - /moi/messaging/callbacks/:provider  (the provider) delivery statuses and opt-outs, checked by
//   the provider's signature or shared secret.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hostMessagingSchema, messageStates, optOutSchema, templateSchema, testSendSchema, type OutboxRow, type ProviderInfo } from '../../contract/messaging';
import { canAdminEvent } from '../domain/scope';
import { notFound } from '../domain/management/guard';
import { hostMessaging, outboxMessages, saveHostMessaging } from '../domain/messaging-admin';
import { HttpError, parseBody } from '../errors';
import { uuidv7 } from '../../contract/ids';
import { providerFor } from '../messaging';
import { applyStatusUpdates, enqueueMessages, recordOptOut } from '../messaging/outbox';
import { ProviderError } from '../messaging/provider';
import { listTemplates, saveTemplate } from '../messaging/templates';
import { whatsappVerify } from '../messaging/whatsapp-cloud';
import { param, requireGroup } from './guard';

const outboxQuerySchema = z.object({ state: z.enum(messageStates).optional(), limit: z.coerce.number().int().min(1).max(500).default(100) });

export default async function messagingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const cfg = app.config.messaging;
  const provider = providerFor(cfg);

  app.get('/admin/messaging', async (req): Promise<ProviderInfo> => {
    await requireGroup(db, req, 'appAdmin');
    const s = (name: string, v: string | null | undefined, secret: boolean) => ({ name, set: !!v, secret, value: secret || !v ? null : v });
    const settings = cfg.provider === 'whatsapp_cloud' ? [
      s('WHATSAPP_PHONE_NUMBER_ID', cfg.whatsapp?.phoneNumberId, false), s('WHATSAPP_API_URL', cfg.whatsapp?.apiUrl, false),
      s('WHATSAPP_TOKEN', cfg.whatsapp?.token, true), s('WHATSAPP_APP_SECRET', cfg.whatsapp?.appSecret, true), s('WHATSAPP_VERIFY_TOKEN', cfg.whatsapp?.verifyToken, true),
    ] : cfg.provider === 'sms_fast2sms' ? [
      s('SMS_SENDER_ID', cfg.fast2sms?.senderId, false), s('SMS_DLT_ENTITY_ID', cfg.fast2sms?.entityId, false), s('FAST2SMS_API_URL', cfg.fast2sms?.apiUrl, false),
      s('FAST2SMS_API_KEY', cfg.fast2sms?.apiKey, true), s('MESSAGING_CALLBACK_SECRET', cfg.callbackSecret, true),
    ] : cfg.provider === 'webhook' ? [
      s('MESSAGING_WEBHOOK_URL', cfg.webhook?.url, false), s('MESSAGING_WEBHOOK_SECRET', cfg.webhook?.secret, true),
    ] : [];
    return { provider: cfg.provider, channel: provider?.channel ?? null, settings, publicUrl: cfg.publicUrl };
  });

  app.get('/admin/messaging/templates', async (req) => {
    await requireGroup(db, req, 'appAdmin');
    return { templates: await listTemplates(db) };
  });

  app.put('/admin/messaging/templates', async (req) => {
    const actor = await requireGroup(db, req, 'appAdmin');
    const t = parseBody(templateSchema, req.body);
    await saveTemplate(db, t, actor.id);
    return { templates: await listTemplates(db) };
  });

  app.get('/admin/messaging/outbox', async (req): Promise<{ messages: OutboxRow[] }> => {
    await requireGroup(db, req, 'appAdmin');
    const q = parseBody(outboxQuerySchema, req.query);
    return { messages: await outboxMessages(db, q) };
  });

  app.post('/admin/messaging/test', async (req) => {
    const actor = await requireGroup(db, req, 'appAdmin');
    const b = parseBody(testSendSchema, req.body);
    if (!provider) throw new HttpError(409, 'conflict', 'No messaging provider is configured (MESSAGING_PROVIDER=none)');
    await enqueueMessages(db, [{
      idempotencyKey: `test:${uuidv7()}`, kind: 'test', eventId: null, recipient: b.to, templateKey: 'test', lang: b.lang,
      vars: { server: (cfg.publicUrl ?? 'Moi').replace(/^https?:\/\//, '').slice(0, 60) },
    }]);
    req.log.info({ by: actor.id }, 'messaging test queued');
    return { queued: true };
  });

  app.post('/admin/messaging/opt-outs', async (req) => {
    await requireGroup(db, req, 'appAdmin');
    const b = parseBody(optOutSchema, req.body);
    await recordOptOut(db, b.mobile, 'admin');
    return { ok: true };
  });

  app.get('/events/:id/host-messaging', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const id = param(req, 'id');
    if (!(await canAdminEvent(db, actor, id))) throw notFound('Event');
    return hostMessaging(db, id, provider?.channel ?? 'whatsapp');
  });

  app.put('/events/:id/host-messaging', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const id = param(req, 'id');
    if (!(await canAdminEvent(db, actor, id))) throw notFound('Event');
    const b = parseBody(hostMessagingSchema, req.body);
    await saveHostMessaging(db, actor, id, b);
    return b;
  });

  // Provider callbacks: the raw body is kept (signatures are over the exact bytes).
  await app.register(async (cb) => {
    cb.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded', 'text/plain'], { parseAs: 'string' }, (_req, body, done) => done(null, body));

    cb.get<{ Params: { provider: string }; Querystring: Record<string, string> }>('/messaging/callbacks/:provider', async (req, reply) => {
      if (req.params.provider !== 'whatsapp_cloud' || !cfg.whatsapp) throw notFound('Callback');
      const challenge = whatsappVerify(cfg.whatsapp, req.query);
      if (challenge === null) throw new HttpError(403, 'forbidden', 'Verify token mismatch');
      return reply.type('text/plain').send(challenge);
    });

    cb.post<{ Params: { provider: string }; Querystring: Record<string, string> }>('/messaging/callbacks/:provider', async (req) => {
      // The body stays text here, so the NUL guard of hardening.ts sees no parsed strings: check it (raw or JSON-escaped).
      if (typeof req.body === 'string' && (req.body.includes('\u0000') || req.body.includes('\\u0000'))) throw new HttpError(400, 'invalid_body', 'Invalid request: the body contains a NUL character');
      if (!provider || req.params.provider !== provider.name) throw notFound('Callback');
      let parsed;
      try {
        parsed = provider.parseCallback({ headers: req.headers, rawBody: typeof req.body === 'string' ? req.body : '', query: req.query });
      } catch (e) {
        if (e instanceof ProviderError) throw new HttpError(401, 'unauthenticated', 'Callback not signed by the provider');
        throw new HttpError(400, 'invalid_body', 'Unreadable callback');
      }
      const updated = await applyStatusUpdates(db, parsed.updates);
      for (const m of parsed.optOuts) await recordOptOut(db, m, provider.name);
      return { ok: true, updated };
    });
  });
}
