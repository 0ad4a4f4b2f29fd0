// Issue 29: Razorpay webhooks, applied in ONE transaction with the entitlement change and the
// invoice: the delivery's X-Razorpay-Event-Id is inserted first (a replay finds it and changes
// nothing), then the payment and its purpose. Correct in any arrival order:
// - a payment is granted once it is known to be captured AND what it paid for is known: payment.captured
//   names only the payment and its order; payment_link.paid names the link (reference = the event) and
//   the order; order.paid the order. Whichever arrives second completes the pair (grant and invoice are
//   unique per payment, so the third changes nothing).
// - a subscription's state is taken from the newest delivery by (paid_count, created_at): a late
//   'pending' does not undo the 'active' of a later successful charge.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PLAN_PRICES_PAISE } from '../../contract/billing';
import { uuidv7 } from '../../contract/ids';
import type { Db } from '../db/client';
import { eventEntitlements, events, invoices, organisations, paymentLinks, payments, subscriptions, webhookEvents } from '../db/schema';
import type { BillingConfig } from './config';
import { refreshEntitlements, refreshOrgEntitlements } from './entitlements';
import { issueCreditNote, issueInvoice } from './invoices';

type Entity = Record<string, unknown>;
export type WebhookBody = { event?: string; created_at?: number; payload?: Record<string, { entity?: Entity } | undefined> };

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const notes = (e: Entity | undefined) => ((e?.notes && typeof e.notes === 'object' && !Array.isArray(e.notes)) ? e.notes as Record<string, unknown> : {});
const isoOf = (secs: unknown) => (num(secs) ? new Date(num(secs)! * 1000).toISOString() : null);

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

export async function applyWebhook(tx: Db, cfg: BillingConfig, eventId: string, body: WebhookBody): Promise<WebhookOutcome> {
  const name = str(body.event) ?? 'unknown';
  const fresh = await tx.insert(webhookEvents).values({ id: eventId, event: name }).onConflictDoNothing().returning({ id: webhookEvents.id });
  if (!fresh.length) return 'duplicate';
  const p = body.payload ?? {};
  const payment = p.payment?.entity;
  const link = p.payment_link?.entity;
  const order = p.order?.entity;
  const sub = p.subscription?.entity;
  const refund = p.refund?.entity;
  if (sub) await applySubscription(tx, sub, num(body.created_at) ?? 0);
  if (link) await noteLink(tx, link);
  if (payment) await applyPayment(tx, cfg, payment, { link, order, sub });
  else if (order && str(order.status) === 'paid') await settleOrder(tx, cfg, str(order.id));
  if (refund) await applyRefund(tx, refund);
  return sub || link || payment || order || refund ? 'applied' : 'ignored';
}

/** The subscription's newest state (ordered by paid_count, then the delivery's created_at). */
async function applySubscription(tx: Db, s: Entity, createdAt: number): Promise<void> {
  const id = str(s.id);
  if (!id) return;
  const paidCount = num(s.paid_count) ?? 0;
  const key = paidCount * 10_000_000_000 + createdAt;
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  let orgId = row?.orgId ?? str(notes(s).moi_org_id);
  if (!orgId) return;
  if (!row) {
    if (!(await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, orgId))).length) return;
    await tx.insert(subscriptions).values({ id, orgId, status: 'created' });
  } else if (row.stateSeenAt > key) {
    return; // an older state arriving late
  }
  orgId = row?.orgId ?? orgId;
  await tx.update(subscriptions).set({
    status: str(s.status) ?? 'created', paidCount, currentEnd: isoOf(s.current_end), chargeAt: isoOf(s.charge_at), shortUrl: str(s.short_url) ?? row?.shortUrl ?? null,
    stateSeenAt: key, updatedAt: new Date().toISOString(),
  }).where(eq(subscriptions.id, id));
  await refreshOrgEntitlements(tx, orgId);
}

async function noteLink(tx: Db, l: Entity): Promise<void> {
  const id = str(l.id);
  if (!id) return;
  const [row] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, id));
  const orderId = str(l.order_id);
  if (!row) {
    // A link made outside this server (the dashboard) naming one of our events as its reference.
    const ref = str(l.reference_id) ?? str(notes(l).moi_event_id);
    if (!ref || !(await tx.select({ id: events.id }).from(events).where(eq(events.id, ref))).length) return;
    await tx.insert(paymentLinks).values({ id, eventId: ref, amountPaise: num(l.amount) ?? PLAN_PRICES_PAISE.smart_track, shortUrl: str(l.short_url) ?? '', status: str(l.status) ?? 'created', orderId });
    return;
  }
  await tx.update(paymentLinks).set({ status: str(l.status) ?? row.status, ...(orderId ? { orderId } : {}) }).where(eq(paymentLinks.id, id));
}

async function applyPayment(tx: Db, cfg: BillingConfig, pay: Entity, ctx: { link?: Entity; order?: Entity; sub?: Entity }): Promise<void> {
  const id = str(pay.id);
  if (!id) return;
  const status = str(pay.status) ?? 'created';
  const orderId = str(pay.order_id) ?? str(ctx.order?.id) ?? str(ctx.link?.order_id);
  const subscriptionId = str(pay.subscription_id) ?? str(ctx.sub?.id);
  const captured = status === 'captured' || status === 'refunded';
  await tx.insert(payments).values({
    id, amountPaise: num(pay.amount) ?? 0, status, orderId, subscriptionId, email: str(pay.email), contact: str(pay.contact),
    capturedAt: captured ? isoOf(pay.created_at) ?? new Date().toISOString() : null,
  }).onConflictDoUpdate({
    target: payments.id,
    // A captured payment stays captured (a 'authorized' delivery arriving late does not undo it).
    set: {
      status: sql`case when ${payments.status} in ('captured', 'refunded') and excluded.status not in ('refunded') then ${payments.status} else excluded.status end`,
      orderId: sql`coalesce(${payments.orderId}, excluded.order_id)`, subscriptionId: sql`coalesce(${payments.subscriptionId}, excluded.subscription_id)`,
      capturedAt: sql`coalesce(${payments.capturedAt}, excluded.captured_at)`,
    },
  });
  await settlePayment(tx, cfg, id);
}

async function settleOrder(tx: Db, cfg: BillingConfig, orderId: string | null): Promise<void> {
  if (!orderId) return;
  for (const p of await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId))) await settlePayment(tx, cfg, p.id);
}

/** Grant and invoice a captured payment whose purpose is known (both idempotent: unique per payment). */
async function settlePayment(tx: Db, cfg: BillingConfig, paymentId: string): Promise<void> {
  const [pay] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!pay?.capturedAt) return;
  let { plan, eventId, orgId } = pay;
  if (!plan && pay.orderId) {
    const [l] = await tx.select().from(paymentLinks).where(eq(paymentLinks.orderId, pay.orderId));
    if (l) {
      plan = 'smart_track';
      eventId = l.eventId;
      const [ev] = await tx.select({ orgId: events.orgId }).from(events).where(eq(events.id, l.eventId));
      orgId = ev?.orgId ?? null;
      await tx.update(paymentLinks).set({ status: 'paid' }).where(eq(paymentLinks.id, l.id));
      await tx.update(payments).set({ plan, eventId, linkId: l.id }).where(eq(payments.id, paymentId));
    }
  }
  if (!plan && pay.subscriptionId) {
    const [s] = await tx.select({ orgId: subscriptions.orgId }).from(subscriptions).where(eq(subscriptions.id, pay.subscriptionId));
    if (s) {
      plan = 'partner_track';
      orgId = s.orgId;
      await tx.update(payments).set({ plan, orgId }).where(eq(payments.id, paymentId));
    }
  }
  if (!plan) return; // its purpose arrives with another delivery
  if (plan === 'smart_track' && eventId) {
    await tx.insert(eventEntitlements).values({ id: uuidv7(), eventId, source: 'smart_track', paymentId }).onConflictDoNothing();
    await refreshEntitlements(tx, [eventId]);
  }
  await issueInvoice(tx, cfg, { paymentId, plan, amountPaise: pay.amountPaise, orgId: plan === 'partner_track' ? orgId : null, eventId: plan === 'smart_track' ? eventId : null, contact: pay.contact });
}

/**
 * A processed refund: its credit note (once per refund id), the payment's refunded amount, and a Smart
 * Track refunded in full no longer entitles its event. Shared by the refund webhooks and the provider's
 * own refunds (checkout.ts), so whichever records a refund first, the other changes nothing.
 */
export async function applyRefund(tx: Db, r: Entity): Promise<void> {
  const id = str(r.id);
  const paymentId = str(r.payment_id);
  const amount = num(r.amount);
  if (!id || !paymentId || !amount || (str(r.status) && str(r.status) !== 'processed')) return;
  const [pay] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!pay) return;
  if ((await tx.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.series, 'credit_note'), eq(invoices.paymentId, id)))).length) return;
  const note = await issueCreditNote(tx, { refundId: id, paymentId, amountPaise: amount });
  if (!note) return;
  const refunded = pay.refundedPaise + amount;
  await tx.update(payments).set({ refundedPaise: refunded }).where(eq(payments.id, paymentId));
  // A Smart Track refunded in full no longer entitles its event.
  if (pay.plan === 'smart_track' && pay.eventId && refunded >= pay.amountPaise) {
    await tx.update(eventEntitlements).set({ revokedAt: new Date().toISOString() })
      .where(and(eq(eventEntitlements.paymentId, paymentId), isNull(eventEntitlements.revokedAt)));
    await refreshEntitlements(tx, [pay.eventId]);
  }
}
