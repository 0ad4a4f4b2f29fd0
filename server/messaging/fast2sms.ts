// Fast2SMS "DLT SMS (Manual)" adapter: an Indian SMS gateway whose API carries the DLT fields itself.
// Docs used: docs.fast2sms.com (Authorization key: `authorization` header on POST) and
// docs.fast2sms.com/reference/new-endpoint-1-1 "DLT Manual (Single)": POST https://www.fast2sms.com/dev/bulkV2
// with body fields sender_id (DLT-approved 3–6 letter header), message (the full DLT-approved text
// with each {#var#} replaced by its value — any other difference fails the SMS), template_id (DLT
// content template id), entity_id (DLT principal entity id), route "dlt_manual", numbers (comma
// separated 10-digit mobiles), flash "0". Answers { return: true, request_id, message: [...] } or
// { return: false, status_code, message }.
// Delivery reports: the gateway is pointed (in its panel) at /moi/messaging/callbacks/sms_fast2sms
// ?secret=<MESSAGING_CALLBACK_SECRET>; we read request_id, number and status from its JSON or
// form body (the report's exact shape was not in the docs we had: unknown statuses are ignored).
// No idempotency key: a send whose outcome is unknown is not repeated (outbox.ts).
import { timingSafeEqual } from 'node:crypto';
import type { MessagingConfig } from './config';
import { type CallbackRequest, type CallbackResult, type MessagingProvider, ProviderError, type SendRequest, type SendResult, post, retryableStatus } from './provider';

type F2sAnswer = { return?: boolean; request_id?: string; message?: string | string[]; status_code?: number };

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function fast2sms(cfg: NonNullable<MessagingConfig['fast2sms']>, callbackSecret: string): MessagingProvider {
  return {
    name: 'sms_fast2sms',
    channel: 'sms',
    honoursIdempotencyKey: false,
    async send(req: SendRequest): Promise<SendResult> {
      if (!req.template.dltTemplateId) throw new ProviderError(`template ${req.template.key}/${req.template.lang} has no DLT template id`, false);
      const r = await post(cfg.apiUrl, {
        headers: { authorization: cfg.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          route: 'dlt_manual', sender_id: cfg.senderId, message: req.text, template_id: req.template.dltTemplateId, entity_id: cfg.entityId,
          numbers: req.to, flash: '0',
        }),
      });
      const a = r.body as F2sAnswer | null;
      if (r.status >= 200 && r.status < 300 && a?.return === true && a.request_id) return { providerMessageId: String(a.request_id), status: 'accepted' };
      const msg = Array.isArray(a?.message) ? a.message.join('; ') : a?.message ?? r.text.slice(0, 200);
      const code = a?.status_code ?? r.status;
      throw new ProviderError(`${code}: ${msg}`.slice(0, 500), retryableStatus(r.status) || retryableStatus(code));
    },
    parseCallback(req: CallbackRequest): CallbackResult {
      if (!sameSecret(req.query.secret ?? '', callbackSecret)) throw new ProviderError('bad callback secret', false);
      let b: Record<string, unknown>;
      try {
        b = JSON.parse(req.rawBody) as Record<string, unknown>;
      } catch {
        b = Object.fromEntries(new URLSearchParams(req.rawBody));
      }
      const reports = Array.isArray(b) ? (b as Array<Record<string, unknown>>) : [b];
      const updates: CallbackResult['updates'] = [];
      for (const x of reports) {
        const id = x.request_id ? String(x.request_id) : '';
        const s = String(x.status ?? '').toLowerCase();
        const status = s.startsWith('deliv') ? 'delivered' : ['failed', 'undelivered', 'rejected', 'expired'].includes(s) ? 'failed' : s === 'sent' ? 'sent' : null;
        if (id && status) updates.push({ providerMessageId: id, status, reason: status === 'failed' ? String(x.reason ?? x.status) : undefined });
      }
      return { updates, optOuts: [] };
    },
  };
}
