// WhatsApp Business Cloud API adapter (template messages).
// Send: POST {WHATSAPP_API_URL}/{phone-number-id}/messages, `Authorization: Bearer <token>`, JSON
//   { messaging_product: "whatsapp", recipient_type: "individual", to, type: "template",
//     template: { name, language: { code }, components: [{ type: "body", parameters: [{ type: "text", text }] }] },
//     biz_opaque_callback_data }
//   answered { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid…" }] } or
//   { error: { message, type, code, error_subcode?, error_data?: { details }, fbtrace_id } }.
// Webhooks: GET verification (hub.mode=subscribe, hub.verify_token, hub.challenge), and POST
//   { object: "whatsapp_business_account", entry: [{ changes: [{ field: "messages", value: { statuses: [{ id, status,
//   timestamp, recipient_id, errors?: [{ code, title }], biz_opaque_callback_data? }], messages?: [{ from, type, text: { body } }] } }] }] }
//   signed `X-Hub-Signature-256: sha256=<HMAC-SHA256(app secret, raw body)>`.
// (Meta for Developers: WhatsApp Cloud API — Messages reference, Template messages, Webhooks and
// "Verify the webhook payload"; biz_opaque_callback_data is echoed in status webhooks.)
// The Cloud API has no idempotency key: a send whose outcome is unknown is not repeated (outbox.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { valueNames } from './templates';
import type { MessagingConfig } from './config';
import { type CallbackRequest, type CallbackResult, type MessagingProvider, ProviderError, type SendRequest, type SendResult, e164in, post, retryableStatus } from './provider';

type WaError = { error?: { message?: string; code?: number; error_data?: { details?: string } } };
type WaStatus = { id?: string; status?: string; errors?: Array<{ code?: number; title?: string; message?: string }>; biz_opaque_callback_data?: string };
type WaHook = { object?: string; entry?: Array<{ changes?: Array<{ field?: string; value?: { statuses?: WaStatus[]; messages?: Array<{ from?: string; type?: string; text?: { body?: string } }> } }> }> };

/** Replies that mean "stop sending me messages" (English and Tamil). */
const STOP_WORDS = new Set(['stop', 'unsubscribe', 'நிறுத்து', 'வேண்டாம்']);

export function whatsappCloud(cfg: NonNullable<MessagingConfig['whatsapp']>): MessagingProvider {
  return {
    name: 'whatsapp_cloud',
    channel: 'whatsapp',
    honoursIdempotencyKey: false,
    async send(req: SendRequest): Promise<SendResult> {
      const t = req.template;
      if (!t.waTemplateName) throw new ProviderError(`template ${t.key}/${t.lang} has no WhatsApp template name`, false);
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: e164in(req.to),
        type: 'template',
        template: {
          name: t.waTemplateName,
          language: { code: t.waLanguage || req.lang },
          // One parameter per value: DLT's side-by-side placeholders of one value are one {{n}} on WhatsApp.
          components: t.variables.length ? [{ type: 'body', parameters: valueNames(t.variables).map((v) => ({ type: 'text', text: req.vars[v] })) }] : [],
        },
        // Echoed in the status webhooks: ties a status to our row even if its wamid was never recorded.
        biz_opaque_callback_data: req.idempotencyKey,
      };
      const r = await post(`${cfg.apiUrl}/${cfg.phoneNumberId}/messages`, {
        headers: { authorization: `Bearer ${cfg.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const ok = r.body as { messages?: Array<{ id?: string; message_status?: string }> } & WaError;
      if (r.status >= 200 && r.status < 300 && ok?.messages?.[0]?.id) return { providerMessageId: ok.messages[0].id, status: 'accepted' };
      const e = ok?.error;
      const reason = e ? `${e.code ?? r.status}: ${e.message ?? ''}${e.error_data?.details ? ` (${e.error_data.details})` : ''}` : `HTTP ${r.status}`;
      // 130429/131056/80007: throughput and rate limits; 131000/131016: something went wrong / service unavailable.
      const retry = retryableStatus(r.status) || [130429, 131056, 80007, 131000, 131016].includes(e?.code ?? 0);
      throw new ProviderError(reason.slice(0, 500), retry);
    },
    parseCallback(req: CallbackRequest): CallbackResult {
      const sig = String(req.headers['x-hub-signature-256'] ?? '');
      const want = `sha256=${createHmac('sha256', cfg.appSecret).update(req.rawBody).digest('hex')}`;
      if (sig.length !== want.length || !timingSafeEqual(Buffer.from(sig), Buffer.from(want))) throw new ProviderError('bad signature', false);
      const hook = JSON.parse(req.rawBody) as WaHook;
      const out: CallbackResult = { updates: [], optOuts: [] };
      for (const entry of hook.entry ?? []) {
        for (const ch of entry.changes ?? []) {
          for (const s of ch.value?.statuses ?? []) {
            if (!s.id || !['sent', 'delivered', 'read', 'failed'].includes(s.status ?? '')) continue;
            const err = s.errors?.[0];
            out.updates.push({
              providerMessageId: s.id, idempotencyKey: s.biz_opaque_callback_data, status: s.status as 'sent' | 'delivered' | 'read' | 'failed',
              reason: err ? `${err.code ?? ''}: ${err.title ?? err.message ?? ''}` : undefined,
            });
          }
          for (const m of ch.value?.messages ?? []) {
            const text = m.text?.body?.trim().toLowerCase() ?? '';
            if (m.from && STOP_WORDS.has(text)) out.optOuts.push(m.from.replace(/^91(\d{10})$/, '$1'));
          }
        }
      }
      return out;
    },
  };
}

/** The webhook verification handshake (GET): the challenge when the token is ours, else null. */
export function whatsappVerify(cfg: NonNullable<MessagingConfig['whatsapp']>, q: Record<string, string>): string | null {
  return q['hub.mode'] === 'subscribe' && q['hub.verify_token'] === cfg.verifyToken ? q['hub.challenge'] ?? '' : null;
}
