// Issue 29: the provider's Razorpay account, through its documented REST API over plain HTTPS
// (https://razorpay.com/docs/api/): HTTP Basic auth with the key id and secret, JSON bodies.
// - Payment Links (POST /v1/payment_links): Smart Track, one per event, reference_id = the event id;
// - Subscriptions (POST /v1/subscriptions): Partner Track, on the monthly plan made in the dashboard;
// - Refunds (POST /v1/payments/:id/refund): the provider gives a payment back (all, or part of it);
// - webhooks: X-Razorpay-Signature is the hex HMAC-SHA256 of the raw body with the webhook secret.
// The base URL is configurable (RAZORPAY_API_URL) so tests run this against a stand-in on loopback.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type RazorpayAccount = { keyId: string; keySecret: string; apiUrl: string };

export class RazorpayError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) { super(message); }
}

async function call<T>(acct: RazorpayAccount, path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${acct.apiUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${acct.keyId}:${acct.keySecret}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new RazorpayError(0, 'unreachable', `Razorpay could not be reached: ${(err as Error).message}`);
  }
  const text = await res.text();
  let json: unknown = null;
  try { json = JSON.parse(text); } catch { /* not JSON: said below */ }
  if (!res.ok) {
    const e = (json as { error?: { code?: string; description?: string } } | null)?.error;
    throw new RazorpayError(res.status, e?.code ?? 'error', e?.description ?? `Razorpay answered ${res.status}`);
  }
  if (!json || typeof json !== 'object') throw new RazorpayError(res.status, 'bad_answer', 'Razorpay answered something that is not JSON');
  return json as T;
}

export type PaymentLink = { id: string; short_url: string; status: string; reference_id?: string; amount: number };

/** A Payment Link for one event's Smart Track (amount in paise, INR). */
export function createPaymentLink(acct: RazorpayAccount, a: {
  amountPaise: number; referenceId: string; description: string; notes: Record<string, string>; callbackUrl?: string | null;
  customer?: { name?: string; contact?: string; email?: string };
}): Promise<PaymentLink> {
  return call<PaymentLink>(acct, '/v1/payment_links', {
    amount: a.amountPaise, currency: 'INR', accept_partial: false, reference_id: a.referenceId, description: a.description,
    ...(a.customer ? { customer: a.customer } : {}), notify: { sms: !!a.customer?.contact, email: !!a.customer?.email }, reminder_enable: true,
    notes: a.notes, ...(a.callbackUrl ? { callback_url: a.callbackUrl, callback_method: 'get' } : {}),
  });
}

export type Subscription = { id: string; short_url: string; status: string; plan_id: string };

/** A subscription on the Partner Track plan (monthly; total_count months, Razorpay's required bound). */
export function createSubscription(acct: RazorpayAccount, a: { planId: string; totalCount: number; notes: Record<string, string> }): Promise<Subscription> {
  return call<Subscription>(acct, '/v1/subscriptions', { plan_id: a.planId, total_count: a.totalCount, quantity: 1, customer_notify: 1, notes: a.notes });
}

export type Refund = { id: string; entity: 'refund'; amount: number; payment_id: string; status: string; notes?: Record<string, string> };

/** Refunds a captured payment: `amountPaise` of it, or (omitted) all that is left. Razorpay answers the refund, `processed` or `pending`. */
export function refundPayment(acct: RazorpayAccount, paymentId: string, a: { amountPaise?: number; notes: Record<string, string>; receipt?: string }): Promise<Refund> {
  return call<Refund>(acct, `/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
    ...(a.amountPaise ? { amount: a.amountPaise } : {}), speed: 'normal', notes: a.notes, ...(a.receipt ? { receipt: a.receipt } : {}),
  });
}

/** Is `signature` the HMAC-SHA256 (hex) of the exact raw body with the webhook secret? */
export function webhookSignatureOk(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const want = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(want, Buffer.from(signature, 'hex'));
}
