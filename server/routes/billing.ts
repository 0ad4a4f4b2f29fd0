// Issue 29: paying for plans, Razorpay's webhooks, invoices and the provider's view.
// - POST /moi/events/:id/pay             Smart Track: a Payment Link for the event (its admins, owners)
// - POST /moi/orgs/:id/subscribe         Partner Track: a subscription for the hall (its admins)
// - POST /moi/billing/razorpay/webhook   Razorpay (signature over the raw body; deduplicated by event id)
// - GET  /moi/invoices/:id/pdf?lang=     the buyer's (or the provider's) invoice or credit note
// - GET  /moi/admin/billing              the provider: organisations, payments, invoices, overrides, revenue
// - POST /moi/admin/payments/:id/refund  the app admin refunds a payment (Razorpay's refunds API; a credit note)
// The queries are in billing/checkout.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { InvoiceData } from '../../contract/billing';
import { HttpError, parseBody, retryAborted } from '../errors';
import { billingOverview, invoiceFor, payForEvent, refundPaymentAsAdmin, subscribeOrg } from '../billing/checkout';
import { invoicePdf } from '../billing/invoice-pdf';
import { webhookSignatureOk } from '../billing/razorpay';
import { applyWebhook, type WebhookBody } from '../billing/webhooks';
import { notFound } from '../domain/management/guard';
import { param, requireGroup } from './guard';
import { requireOrg } from './organisations';

export default async function billingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const cfg = app.config.billing;

  app.post('/events/:id/pay', async (req) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const id = param(req, 'id');
    return payForEvent(db, actor, id, cfg);
  });

  app.post('/orgs/:id/subscribe', async (req) => {
    const { actor, org } = await requireOrg(db, req, 'details');
    return subscribeOrg(db, actor, org, cfg);
  });

  // Razorpay's deliveries: the body kept as text (the signature is over its exact bytes).
  await app.register(async (hook) => {
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    hook.post('/billing/razorpay/webhook', async (req) => {
      // The body stays text here, so the NUL guard of hardening.ts sees no parsed strings: check it (raw or JSON-escaped).
      if (typeof req.body === 'string' && (req.body.includes('\u0000') || req.body.includes('\\u0000'))) throw new HttpError(400, 'invalid_body', 'Invalid request: the body contains a NUL character');
      const secret = cfg.razorpay?.webhookSecret;
      if (!secret) throw notFound('Webhook');
      const raw = typeof req.body === 'string' ? req.body : '';
      const sig = req.headers['x-razorpay-signature'];
      if (!webhookSignatureOk(raw, typeof sig === 'string' ? sig : undefined, secret)) throw new HttpError(400, 'invalid_body', 'The webhook signature does not match');
      const eventId = req.headers['x-razorpay-event-id'];
      if (typeof eventId !== 'string' || !eventId || eventId.length > 100) throw new HttpError(400, 'invalid_body', 'X-Razorpay-Event-Id is missing');
      let body: WebhookBody;
      try {
        body = JSON.parse(raw) as WebhookBody;
      } catch {
        throw new HttpError(400, 'invalid_body', 'The webhook body is not JSON');
      }
      if (!body || typeof body !== 'object') throw new HttpError(400, 'invalid_body', 'The webhook body is not an object');
      const outcome = await retryAborted(() => db.transaction(async (t) => applyWebhook(t as never, cfg, eventId, body)));
      return { ok: true, outcome };
    });
  });

  app.get('/invoices/:id/pdf', async (req, reply) => {
    const actor = await requireGroup(db, req, 'eventOwner');
    const { lang } = parseBody(z.object({ lang: z.enum(['en', 'ta']).default('en') }), req.query);
    const inv = await invoiceFor(db, actor, param(req, 'id'));
    const pdf = await invoicePdf(inv.data as InvoiceData, lang);
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `attachment; filename="${inv.serial.replace(/\//g, '-')}-${lang}.pdf"`);
    return reply.send(Buffer.from(pdf));
  });

  app.post('/admin/payments/:id/refund', async (req) => {
    const actor = await requireGroup(db, req, 'appAdmin');
    const b = parseBody(z.object({ amountPaise: z.number().int().min(100).optional() }).strict(), req.body ?? {});
    return refundPaymentAsAdmin(db, actor, param(req, 'id'), b.amountPaise, cfg);
  });

  app.get('/admin/billing', async (req) => {
    await requireGroup(db, req, 'appAdmin');
    return billingOverview(db, cfg);
  });


}
