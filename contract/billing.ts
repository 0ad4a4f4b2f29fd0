// The provider's business (issue 29): organisations (halls, venues), the two plans, entitlement,
// subscription states and the GST invoice's arithmetic. Pure: the server and the PWA share it.
import { z } from 'zod';

/** The two plans of the specification, in paise (prices include GST). */
export const PLAN_PRICES_PAISE = { smart_track: 99_900, partner_track: 150_000 } as const;
export type PaidPlan = keyof typeof PLAN_PRICES_PAISE;

/** GST on the provider's services: 18 % (CGST 9 % + SGST 9 % within the supplier's state, else IGST 18 %). */
export const GST_RATE_PERCENT = 18;

/**
 * Razorpay subscription states. A hall's Partner Track entitles its events while `active`, and while
 * `pending` (a renewal charge failed and Razorpay is still retrying it): the hall is not cut off
 * during the retries; `halted` (retries exhausted), `cancelled`, `completed`, `expired`, `paused` do not.
 */
export const subscriptionStatuses = ['created', 'authenticated', 'active', 'pending', 'halted', 'cancelled', 'completed', 'expired', 'paused'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export const entitlingSubscription = (s: string | null | undefined) => s === 'active' || s === 'pending';

export const entitlementSources = ['smart_track', 'partner_track', 'override', 'free_first'] as const;
export type EntitlementSource = (typeof entitlementSources)[number];

/** Today's date in India (YYYY-MM-DD): the function day, and the invoice's financial year. */
export function indianDate(ms: number): string {
  return new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * May counters of this event open now? While it is entitled, or — the function day under way is never
 * stopped by a lapse — up to the Indian date it was entitled through when it opened. Checked when an
 * event opens and when a counter opens; never when a gift is saved.
 */
export function mayOpenCounters(event: { entitled?: string | null; entitledThrough?: string | null }, nowMs: number): boolean {
  if (event.entitled) return true;
  return !!event.entitledThrough && indianDate(nowMs) <= event.entitledThrough;
}

// ---- Organisations -------------------------------------------------------------------------------

/** GSTIN: 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity digit, 'Z', check character. */
export const gstinSchema = z.string().trim().toUpperCase().regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'A GSTIN is 15 characters: state code, PAN, entity, Z, check');
export const stateCodeSchema = z.string().regex(/^\d{2}$/, 'Two digits (Tamil Nadu: 33)');

export const orgBodySchema = z.object({
  id: z.string().min(8).max(64).optional(),
  nameTa: z.string().trim().max(200).nullable().optional(),
  nameEn: z.string().trim().max(200).nullable().optional(),
  gstin: gstinSchema.nullable().optional().or(z.literal('').transform(() => null)),
  address: z.string().trim().max(500).optional(),
  stateCode: stateCodeSchema.nullable().optional(),
  logoFileId: z.string().max(64).nullable().optional(),
  brandColour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #8a1c2b').nullable().optional(),
  receiptFooter: z.string().trim().max(300).optional(),
});
export type OrgBody = z.infer<typeof orgBodySchema>;

/** A hall's logo: at most 200 kB (it travels to every counter tablet of the hall's events). */
export const ORG_LOGO_MAX_BYTES = 200 * 1024;

export const orgMemberBodySchema = z.object({ userId: z.string().min(1).max(64), role: z.enum(['admin', 'staff']) });

export type Organisation = {
  id: string; nameTa: string | null; nameEn: string | null; gstin: string | null; address: string; stateCode: string | null;
  logoFileId: string | null; brandColour: string | null; receiptFooter: string;
};

export type OrgMember = { userId: string; name: string; username: string; role: 'admin' | 'staff' };

export type PlanState = {
  /** The hall's Partner Track subscription as Razorpay last told, or null. */
  subscription: { id: string; status: SubscriptionStatus | string; currentEnd: string | null; shortUrl: string | null } | null;
  entitled: boolean;
};

export const overrideBodySchema = z.object({ reason: z.string().trim().min(3).max(300) });

// ---- GST invoices -------------------------------------------------------------------------------

/** The Indian financial year of a date (YYYY-MM-DD): 1 April to 31 March, written '26-27'. */
export function financialYear(isoDate: string): string {
  const y = Number(isoDate.slice(0, 4));
  const m = Number(isoDate.slice(5, 7));
  const start = m >= 4 ? y : y - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export const INVOICE_SERIES = { invoice: 'MOI', credit_note: 'MCN' } as const;
export type InvoiceSeries = keyof typeof INVOICE_SERIES;

/**
 * The serial printed on the document (CGST rule 46(b): at most 16 characters, consecutive, unique
 * per financial year): 'MOI/26-27/00001' (15 characters), credit notes 'MCN/26-27/00001'.
 */
export function invoiceSerial(series: InvoiceSeries, fy: string, seq: number): string {
  const s = `${INVOICE_SERIES[series]}/${fy}/${String(seq).padStart(5, '0')}`;
  if (s.length > 16) throw new Error(`Invoice serial ${s} is longer than 16 characters`);
  return s;
}

export type TaxSplit = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number; intraState: boolean };

/**
 * A GST-inclusive total split into taxable value and tax: CGST + SGST (half each) when the place of
 * supply is the supplier's state, IGST otherwise. Paise throughout; the parts add up to the total.
 */
export function taxSplit(totalPaise: number, supplierState: string, placeOfSupply: string): TaxSplit {
  const taxablePaise = Math.round((totalPaise * 100) / (100 + GST_RATE_PERCENT));
  const tax = totalPaise - taxablePaise;
  const intraState = supplierState === placeOfSupply;
  const cgstPaise = intraState ? Math.floor(tax / 2) : 0;
  return { taxablePaise, cgstPaise, sgstPaise: intraState ? tax - cgstPaise : 0, igstPaise: intraState ? 0 : tax, totalPaise, intraState };
}

/** What an invoice or credit note says (stored with it: the document never changes afterwards). */
export type InvoiceData = {
  serial: string;
  series: InvoiceSeries;
  issuedDate: string;
  supplier: { name: string; address: string; gstin: string; stateCode: string };
  buyer: { name: string; address: string; gstin: string | null; stateCode: string };
  placeOfSupply: string;
  sac: string;
  description: { en: string; ta: string };
  tax: TaxSplit;
  paymentId: string;
  /** A credit note: the invoice it reduces. */
  original?: { serial: string; issuedDate: string } | null;
};

export type InvoiceRow = { id: string; serial: string; series: InvoiceSeries; issuedAt: string; totalPaise: number; paymentId: string; eventId: string | null; orgId: string | null; buyer: string };

/** Indian state codes used for the place of supply. */
export const STATE_NAMES: Record<string, string> = {
  '01': 'Jammu and Kashmir', '02': 'Himachal Pradesh', '03': 'Punjab', '04': 'Chandigarh', '05': 'Uttarakhand', '06': 'Haryana', '07': 'Delhi',
  '08': 'Rajasthan', '09': 'Uttar Pradesh', '10': 'Bihar', '11': 'Sikkim', '12': 'Arunachal Pradesh', '13': 'Nagaland', '14': 'Manipur',
  '15': 'Mizoram', '16': 'Tripura', '17': 'Meghalaya', '18': 'Assam', '19': 'West Bengal', '20': 'Jharkhand', '21': 'Odisha', '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh', '24': 'Gujarat', '26': 'Dadra and Nagar Haveli and Daman and Diu', '27': 'Maharashtra', '29': 'Karnataka', '30': 'Goa',
  '31': 'Lakshadweep', '32': 'Kerala', '33': 'Tamil Nadu', '34': 'Puducherry', '35': 'Andaman and Nicobar Islands', '36': 'Telangana',
  '37': 'Andhra Pradesh', '38': 'Ladakh',
};
