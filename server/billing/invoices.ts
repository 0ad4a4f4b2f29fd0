// Issue 29: the provider's GST tax invoices and credit notes (Razorpay cannot make GST invoices).
// Issued in the transaction that records the payment (or the refund): the serial comes from
// invoice_serials, the series' row for the financial year locked FOR UPDATE, so serials are
// consecutive per financial year with no gap and no duplicate (domain/invariants.ts R9).
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { financialYear, indianDate, invoiceSerial, taxSplit, type InvoiceData, type InvoiceRow, type InvoiceSeries, type PaidPlan } from '../../contract/billing';
import { uuidv7 } from '../../contract/ids';
import type { Db } from '../db/client';
import { toIso } from '../db/iso';
import { eventMembers, events, invoiceSerials, invoices, organisations, users } from '../db/schema';
import type { BillingConfig } from './config';

/** The next serial of a series in a financial year: its row created if missing, then locked and advanced. */
export async function nextSerial(tx: Db, series: InvoiceSeries, fy: string): Promise<number> {
  await tx.insert(invoiceSerials).values({ series, fy, last: 0 }).onConflictDoNothing();
  const [row] = await tx.select({ last: invoiceSerials.last }).from(invoiceSerials)
    .where(and(eq(invoiceSerials.series, series), eq(invoiceSerials.fy, fy))).for('update');
  const next = row.last + 1;
  await tx.update(invoiceSerials).set({ last: next }).where(and(eq(invoiceSerials.series, series), eq(invoiceSerials.fy, fy)));
  return next;
}

const DESCRIPTION: Record<PaidPlan, { en: string; ta: string }> = {
  smart_track: { en: 'Moi Smart Track — one event (moi counting and tracking service)', ta: 'மொய் ஸ்மார்ட் டிராக் — ஒரு நிகழ்வு (மொய் எண்ணுதல், பதிவுச் சேவை)' },
  partner_track: { en: 'Moi Partner Track — one month (halls and venues)', ta: 'மொய் பார்ட்னர் டிராக் — ஒரு மாதம் (மண்டபங்கள்)' },
};

/** Who is billed: the organisation (its GSTIN and state make the place of supply), or the event's family. */
async function buyerOf(tx: Db, cfg: BillingConfig, p: { orgId: string | null; eventId: string | null; contact?: string | null }): Promise<InvoiceData['buyer']> {
  if (p.orgId) {
    const [o] = await tx.select().from(organisations).where(eq(organisations.id, p.orgId));
    if (o) return { name: o.nameEn || o.nameTa || '', address: o.address, gstin: o.gstin, stateCode: o.stateCode ?? o.gstin?.slice(0, 2) ?? cfg.supplier.stateCode };
  }
  if (p.eventId) {
    const [ev] = await tx.select({ hostNames: events.hostNames, venue: events.venue, orgId: events.orgId }).from(events).where(eq(events.id, p.eventId));
    const [owner] = await tx.select({ name: users.name }).from(eventMembers).innerJoin(users, eq(users.id, eventMembers.userId))
      .where(and(eq(eventMembers.eventId, p.eventId), eq(eventMembers.role, 'owner'))).limit(1);
    // An unregistered buyer with no state on record: the place of supply is the supplier's location (IGST Act s.12(2)(b)).
    return { name: owner?.name || ev?.hostNames || p.contact || '', address: ev?.venue ?? '', gstin: null, stateCode: cfg.supplier.stateCode };
  }
  return { name: p.contact ?? '', address: '', gstin: null, stateCode: cfg.supplier.stateCode };
}

/**
 * Issue the tax invoice of a captured payment, once (unique per payment): called in the webhook's
 * transaction. Returns the invoice id (the existing one when the payment already has one).
 */
export async function issueInvoice(tx: Db, cfg: BillingConfig, p: { paymentId: string; plan: PaidPlan; amountPaise: number; orgId: string | null; eventId: string | null; contact?: string | null }, nowMs = Date.now()): Promise<string> {
  const [had] = await tx.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.series, 'invoice'), eq(invoices.paymentId, p.paymentId)));
  if (had) return had.id;
  const date = indianDate(nowMs);
  const fy = financialYear(date);
  const seq = await nextSerial(tx, 'invoice', fy);
  const serial = invoiceSerial('invoice', fy, seq);
  const buyer = await buyerOf(tx, cfg, p);
  const data: InvoiceData = {
    serial, series: 'invoice', issuedDate: date, supplier: cfg.supplier, buyer, placeOfSupply: buyer.stateCode, sac: cfg.sac,
    description: DESCRIPTION[p.plan], tax: taxSplit(p.amountPaise, cfg.supplier.stateCode, buyer.stateCode), paymentId: p.paymentId, original: null,
  };
  const id = uuidv7();
  await tx.insert(invoices).values({ id, series: 'invoice', fy, seq, serial, issuedAt: new Date(nowMs).toISOString(), paymentId: p.paymentId, eventId: p.eventId, orgId: p.orgId, data });
  return id;
}

/** A credit note for a refund (once per refund id), reducing the payment's invoice by the refunded amount. */
export async function issueCreditNote(tx: Db, r: { refundId: string; paymentId: string; amountPaise: number }, nowMs = Date.now()): Promise<string | null> {
  const [had] = await tx.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.series, 'credit_note'), eq(invoices.paymentId, r.refundId)));
  if (had) return had.id;
  const [orig] = await tx.select().from(invoices).where(and(eq(invoices.series, 'invoice'), eq(invoices.paymentId, r.paymentId)));
  if (!orig) return null;
  const od = orig.data as InvoiceData;
  const date = indianDate(nowMs);
  const fy = financialYear(date);
  const seq = await nextSerial(tx, 'credit_note', fy);
  const serial = invoiceSerial('credit_note', fy, seq);
  const data: InvoiceData = {
    ...od, serial, series: 'credit_note', issuedDate: date, tax: taxSplit(r.amountPaise, od.supplier.stateCode, od.placeOfSupply),
    paymentId: r.refundId, original: { serial: od.serial, issuedDate: od.issuedDate },
  };
  const id = uuidv7();
  await tx.insert(invoices).values({ id, series: 'credit_note', fy, seq, serial, issuedAt: new Date(nowMs).toISOString(), paymentId: r.refundId, originalId: orig.id, eventId: orig.eventId, orgId: orig.orgId, data });
  return id;
}

export async function invoiceRows(db: Db, where: { orgId?: string; eventId?: string; all?: true }): Promise<InvoiceRow[]> {
  const cond: SQL | undefined = where.orgId ? eq(invoices.orgId, where.orgId) : where.eventId ? eq(invoices.eventId, where.eventId) : undefined;
  if (!cond && !where.all) return [];
  const rows = await db.select().from(invoices).where(cond).orderBy(desc(invoices.issuedAt)).limit(500);
  return rows.map((r) => {
    const d = r.data as InvoiceData;
    return { id: r.id, serial: r.serial, series: r.series, issuedAt: toIso(r.issuedAt)!, totalPaise: d.tax.totalPaise, paymentId: r.paymentId, eventId: r.eventId, orgId: r.orgId, buyer: d.buyer.name };
  });
}

/** Revenue by Indian calendar month (invoices less credit notes), for the provider's view. */
export async function revenueByMonth(db: Db): Promise<Array<{ month: string; invoices: number; totalPaise: number; taxablePaise: number }>> {
  const res = await db.execute(sql`select to_char(issued_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
      count(*) filter (where series = 'invoice')::int as n,
      sum(case when series = 'invoice' then 1 else -1 end * (data->'tax'->>'totalPaise')::int)::int as total,
      sum(case when series = 'invoice' then 1 else -1 end * (data->'tax'->>'taxablePaise')::int)::int as taxable
    from invoices group by 1 order by 1 desc limit 36`);
  return (res as unknown as { rows: Array<{ month: string; n: number; total: number; taxable: number }> }).rows.map((r) => ({ month: r.month, invoices: r.n, totalPaise: r.total, taxablePaise: r.taxable }));
}
