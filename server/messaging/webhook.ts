// A generic HTTPS JSON webhook for any other provider (or a relay the operator runs).
// Send: POST MESSAGING_WEBHOOK_URL with JSON { idempotencyKey, to, channel, lang, template: { key,
//   dltTemplateId, waTemplateName, waLanguage, variables }, vars, text }, headers `Idempotency-Key`
//   and `X-Moi-Signature: sha256=<HMAC-SHA256(MESSAGING_WEBHOOK_SECRET, body)>`. The receiver answers
//   2xx { id, status? } (status "accepted" | "sent" | "delivered"); 4xx refuses (not retried, its
//   { error } kept as the reason), 429/5xx are retried. It must drop a repeated Idempotency-Key
//   (answering the first id): that is what makes a resend after a crash safe.
// Callbacks: POST /moi/messaging/callbacks/webhook, signed the same way, { id, status, reason? }
//   or { statuses: [...] }; { optOut: "<mobile>" } records an opt-out.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MessagingConfig } from './config';
import { valueNames } from './templates';
import { type CallbackRequest, type CallbackResult, type MessagingProvider, ProviderError, type SendRequest, type SendResult, post, retryableStatus } from './provider';

export const signBody = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export function webhookProvider(cfg: NonNullable<MessagingConfig['webhook']>): MessagingProvider {
  return {
    name: 'webhook',
    channel: cfg.channel,
    honoursIdempotencyKey: true,
    async send(req: SendRequest): Promise<SendResult> {
      const t = req.template;
      const body = JSON.stringify({
        idempotencyKey: req.idempotencyKey, to: req.to, channel: req.channel, lang: req.lang,
        template: { key: t.key, dltTemplateId: t.dltTemplateId, waTemplateName: t.waTemplateName, waLanguage: t.waLanguage, variables: valueNames(t.variables) },
        vars: req.vars, text: req.text,
      });
      const r = await post(cfg.url, {
        headers: { 'content-type': 'application/json', 'idempotency-key': req.idempotencyKey, 'x-moi-signature': signBody(cfg.secret, body) },
        body,
      });
      const a = r.body as { id?: string; status?: string; error?: string } | null;
      if (r.status >= 200 && r.status < 300 && a?.id) {
        const status = a.status === 'delivered' || a.status === 'sent' ? a.status : 'accepted';
        return { providerMessageId: String(a.id), status };
      }
      throw new ProviderError(`${r.status}: ${a?.error ?? r.text.slice(0, 200)}`.slice(0, 500), r.status < 200 || r.status >= 300 ? retryableStatus(r.status) : true);
    },
    parseCallback(req: CallbackRequest): CallbackResult {
      const sig = String(req.headers['x-moi-signature'] ?? '');
      const want = signBody(cfg.secret, req.rawBody);
      if (sig.length !== want.length || !timingSafeEqual(Buffer.from(sig), Buffer.from(want))) throw new ProviderError('bad signature', false);
      const b = JSON.parse(req.rawBody) as { id?: string; status?: string; reason?: string; statuses?: Array<{ id?: string; status?: string; reason?: string }>; optOut?: string };
      const list = b.statuses ?? (b.id ? [b] : []);
      const updates: CallbackResult['updates'] = [];
      for (const s of list) {
        if (s.id && (s.status === 'sent' || s.status === 'delivered' || s.status === 'read' || s.status === 'failed')) updates.push({ providerMessageId: s.id, status: s.status, reason: s.reason });
      }
      return { updates, optOuts: b.optOut && /^\d{10}$/.test(b.optOut) ? [b.optOut] : [] };
    },
  };
}
