// Issue 29: the domain side of routes/billing.ts — paying for a plan (Smart Track: a Payment Link for
// an event; Partner Track: a subscription for a hall), who may fetch an invoice, and the provider's view.
// Takes the actor, plain ids and the billing config; never the request.
import { and, desc, eq, isNull, notInArray } from 'drizzle-orm';
import { PLAN_PRICES_PAISE } from '../../contract/billing';
import type { Db } from '../db/client';
import { toIso } from '../db/iso';
import { eventEntitlements, events, invoices, organisations, paymentLinks, payments, subscriptions } from '../db/schema';
import { HttpError, retryAborted } from '../errors';
import { notFound } from '../domain/management/guard';
import { mayManageOrg, planState, type ManagedOrg } from '../domain/organisations';
import { canAdminEvent, canReadEvent } from '../domain/scope';
import type { Actor } from '../session';
import type { BillingConfig } from './config';
import { invoiceRows, revenueByMonth } from './invoices';
import { createPaymentLink, createSubscription, RazorpayError, refundPayment } from './razorpay';
import { applyRefund } from './webhooks';

const gatewayDown = (e: unknown) => {
  if (e instanceof RazorpayError) return new HttpError(502, 'gateway_error', `The payment gateway refused: ${e.message}`);
  return e;
};

const gateway = (cfg: BillingConfig) => {
  if (!cfg.razorpay) throw new HttpError(409, 'conflict', 'Payments are not set up on this server (RAZORPAY_KEY_ID)');
  return cfg.razorpay;
};

/** Smart Track: the event's open Payment Link, or a new one (its admins and owners). */
export async function payForEvent(db: Db, actor: Actor, id: string, cfg: BillingConfig): Promise<{ shortUrl: string; linkId: string }> {
  const [ev] = await db.select().from(events).where(eq(events.id, id));
  if (!ev || !(await canReadEvent(db, actor, id))) throw notFound('Event');
  if (!(await canAdminEvent(db, actor, id)) && actor.role !== 'event_owner') throw new HttpError(403, 'forbidden', 'Only the event’s admins and owners pay for it');
  if (ev.entitled === 'smart_track') throw new HttpError(409, 'conflict', 'This event’s Smart Track is already paid');
  const [open] = await db.select().from(paymentLinks).where(and(eq(paymentLinks.eventId, id), eq(paymentLinks.status, 'created'))).orderBy(desc(paymentLinks.createdAt)).limit(1);
  if (open) return { shortUrl: open.shortUrl, linkId: open.id };
  const acct = gateway(cfg);
  const link = await createPaymentLink(acct, {
    amountPaise: PLAN_PRICES_PAISE.smart_track, referenceId: id, description: `Moi Smart Track: ${ev.titleEn || ev.titleTa || 'event'} (${ev.date})`.slice(0, 2048),
    notes: { moi_event_id: id, moi_plan: 'smart_track' }, callbackUrl: cfg.publicAppUrl ? `${cfg.publicAppUrl}/admin/events/${id}` : null,
  }).catch((e) => { throw gatewayDown(e); });
  await db.insert(paymentLinks).values({ id: link.id, eventId: id, amountPaise: PLAN_PRICES_PAISE.smart_track, shortUrl: link.short_url, status: link.status, createdBy: actor.id }).onConflictDoNothing();
  return { shortUrl: link.short_url, linkId: link.id };
}

/** Partner Track: the hall's pending subscription, or a new one (its admins). */
export async function subscribeOrg(db: Db, actor: Actor, org: ManagedOrg, cfg: BillingConfig): Promise<{ shortUrl: string; subscriptionId: string }> {
  const [cur] = await db.select().from(subscriptions)
    .where(and(eq(subscriptions.orgId, org.id), notInArray(subscriptions.status, ['cancelled', 'completed', 'expired', 'halted']))).orderBy(desc(subscriptions.createdAt)).limit(1);
  if (cur?.status === 'active' || cur?.status === 'pending') throw new HttpError(409, 'conflict', 'The Partner Track is already active');
  if (cur?.shortUrl) return { shortUrl: cur.shortUrl, subscriptionId: cur.id };
  const acct = gateway(cfg);
  if (!acct.partnerPlanId) throw new HttpError(409, 'conflict', 'The Partner Track plan is not set up (RAZORPAY_PARTNER_PLAN_ID)');
  const sub = await createSubscription(acct, { planId: acct.partnerPlanId, totalCount: 120, notes: { moi_org_id: org.id, moi_plan: 'partner_track' } })
    .catch((e) => { throw gatewayDown(e); });
  await db.insert(subscriptions).values({ id: sub.id, orgId: org.id, status: sub.status, shortUrl: sub.short_url, createdBy: actor.id }).onConflictDoNothing();
  return { shortUrl: sub.short_url, subscriptionId: sub.id };
}

/** The invoice if the actor may fetch it (the provider; the hall's managers; the event's admins and owners); else 404. */
export async function invoiceFor(db: Db, actor: Actor, id: string): Promise<typeof invoices.$inferSelect> {
  const [inv] = await db.select().from(invoices).where(eq(invoices.id, id));
  let ok = actor.role === 'app_admin';
  if (!ok && inv?.orgId) ok = await mayManageOrg(db, actor, inv.orgId);
  if (!ok && inv?.eventId) ok = await canReadEvent(db, actor, inv.eventId) && (actor.role === 'event_owner' || await canAdminEvent(db, actor, inv.eventId));
  if (!inv || !ok) throw notFound('Invoice');
  return inv;
}

/**
 * The app admin refunds a payment (all that is left of it, or `amountPaise`) through Razorpay's refunds
 * API; a processed refund is recorded at once as its webhook would be (credit note, refunded amount, a
 * Smart Track refunded in full no longer entitles its event); a pending one when refund.processed arrives.
 */
export async function refundPaymentAsAdmin(db: Db, actor: Actor, paymentId: string, amountPaise: number | undefined, cfg: BillingConfig) {
  const [pay] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!pay) throw notFound('Payment');
  const left = pay.amountPaise - pay.refundedPaise;
  if (pay.status !== 'captured' && pay.status !== 'refunded') throw new HttpError(409, 'conflict', 'Only a captured payment can be refunded');
  if (left <= 0) throw new HttpError(409, 'conflict', 'This payment has been refunded in full');
  if (amountPaise !== undefined && amountPaise > left) throw new HttpError(400, 'invalid_body', `At most ${left} paise of this payment is left to refund`, [{ path: ['amountPaise'], message: `At most ${left}` }]);
  const acct = gateway(cfg);
  const refund = await refundPayment(acct, paymentId, { amountPaise: amountPaise ?? left, notes: { moi_refunded_by: actor.id } })
    .catch((e) => { throw gatewayDown(e); });
  await retryAborted(() => db.transaction(async (tx) => applyRefund(tx as never, { ...refund })));
  const [after] = await db.select({ refundedPaise: payments.refundedPaise }).from(payments).where(eq(payments.id, paymentId));
  const [ev] = pay.eventId ? await db.select({ entitled: events.entitled }).from(events).where(eq(events.id, pay.eventId)) : [];
  return { refundId: refund.id, status: refund.status, amountPaise: refund.amount, refundedPaise: after?.refundedPaise ?? pay.refundedPaise, entitled: ev?.entitled ?? null };
}

/** The provider's view: organisations and their plans, payments, invoices, overrides, revenue. */
export async function billingOverview(db: Db, cfg: BillingConfig) {
  const orgs = await db.select().from(organisations).orderBy(organisations.createdAt);
  const plans = await Promise.all(orgs.map((o) => planState(db, o.id)));
  const pays = await db.select().from(payments).orderBy(desc(payments.createdAt)).limit(200);
  const overrides = await db.select({ eventId: eventEntitlements.eventId, reason: eventEntitlements.reason, by: eventEntitlements.grantedBy, at: eventEntitlements.createdAt, titleEn: events.titleEn, titleTa: events.titleTa })
    .from(eventEntitlements).innerJoin(events, eq(events.id, eventEntitlements.eventId))
    .where(and(eq(eventEntitlements.source, 'override'), isNull(eventEntitlements.revokedAt))).orderBy(desc(eventEntitlements.createdAt)).limit(200);
  return {
    enforced: cfg.enforced,
    orgs: orgs.map((o, i) => ({ id: o.id, nameEn: o.nameEn, nameTa: o.nameTa, gstin: o.gstin, plan: plans[i] })),
    payments: pays.map((p) => ({ id: p.id, plan: p.plan, eventId: p.eventId, orgId: p.orgId, amountPaise: p.amountPaise, status: p.status, refundedPaise: p.refundedPaise, capturedAt: toIso(p.capturedAt) })),
    invoices: await invoiceRows(db, { all: true }),
    overrides: overrides.map((o) => ({ eventId: o.eventId, title: o.titleEn || o.titleTa || '', reason: o.reason, by: o.by, at: toIso(o.at) })),
    revenue: await revenueByMonth(db),
  };
}
