// The one interface every messaging provider implements (issue 15): send a rendered template,
// and read the provider's delivery-status callbacks. Adapters: whatsapp-cloud.ts, fast2sms.ts,
// webhook.ts; 'none' has no adapter (nothing is sent; the PWA's wa.me / sms: links remain).
import type { MessageChannel, MessageLang, MessageTemplate } from '../../contract/messaging';

export type SendRequest = {
  /** Indian mobile, 10 digits (adapters add the country code their API wants). */
  to: string;
  channel: MessageChannel;
  template: MessageTemplate;
  /** Variable values in the template's order; `text` is the template rendered with them (checked). */
  vars: Record<string, string>;
  text: string;
  lang: MessageLang;
  /** One per message, for ever: the outbox row's key. Sent where the provider honours one. */
  idempotencyKey: string;
};

export type SendResult = { providerMessageId: string; status: 'accepted' | 'sent' | 'delivered' };

/** A provider's refusal: `retryable` for its overload or outage (429, 5xx, network), not for bad requests. */
export class ProviderError extends Error {
  constructor(public reason: string, public retryable: boolean) {
    super(reason);
    this.name = 'ProviderError';
  }
}

export type StatusUpdate = {
  /** The provider's id of the message, or our idempotency key when the provider echoes it back. */
  providerMessageId?: string;
  idempotencyKey?: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  reason?: string;
};

export type CallbackRequest = { headers: Record<string, string | string[] | undefined>; rawBody: string; query: Record<string, string> };
export type CallbackResult = { updates: StatusUpdate[]; optOuts: string[] };

export interface MessagingProvider {
  readonly name: string;
  readonly channel: MessageChannel;
  /** Whether a resend with the same idempotency key is dropped by the provider (safe after a crash). */
  readonly honoursIdempotencyKey: boolean;
  send(req: SendRequest): Promise<SendResult>;
  /** Checks the callback's signature or secret (throws ProviderError when it is not the provider's) and reads it. */
  parseCallback(req: CallbackRequest): CallbackResult;
}

/** fetch with a timeout; a network failure or timeout is a retryable ProviderError. */
export async function post(url: string, init: RequestInit, timeoutMs = 15_000): Promise<{ status: number; body: unknown; text: string }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, method: init.method ?? 'POST', signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    throw new ProviderError(`network: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300), true);
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, body, text };
}

export const retryableStatus = (s: number) => s === 429 || s >= 500;

/** Indian mobile as 91XXXXXXXXXX (E.164 without the plus). */
export const e164in = (mobile: string) => (mobile.length === 10 ? `91${mobile}` : mobile.replace(/^\+/, ''));
