// Issue 29: the provider's plans, Razorpay account and GST identity, from the environment.
import { z } from 'zod';
import { gstinSchema, stateCodeSchema } from '../../contract/billing';

const flag = z.enum(['true', 'false', '1', '0', '']).optional();

export const billingEnv = {
  /** Refuse to open an event or a counter without a plan (default: on when Razorpay is configured). */
  PLANS_ENFORCED: flag,
  /** How many events an organisation (or a family, for the provider's own events) opens free. Default 1. */
  FREE_EVENTS: z.coerce.number().int().min(0).max(10).optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** Razorpay's API (tests point it at a stand-in on loopback). */
  RAZORPAY_API_URL: z.string().url().default('https://api.razorpay.com'),
  /** The Partner Track plan made once in Razorpay's dashboard (₹1,500 monthly). */
  RAZORPAY_PARTNER_PLAN_ID: z.string().optional(),
  /** Where Razorpay sends the buyer after paying (the app's address). */
  PUBLIC_APP_URL: z.string().url().optional(),
  SUPPLIER_NAME: z.string().default('Moi'),
  SUPPLIER_ADDRESS: z.string().default(''),
  SUPPLIER_GSTIN: gstinSchema.optional(),
  SUPPLIER_STATE: stateCodeSchema.default('33'),
  /** SAC of the service on the invoice: 998599 "other support services n.e.c." unless the provider's adviser says otherwise. */
  INVOICE_SAC: z.string().regex(/^\d{6}$/).default('998599'),
};

type BillingEnv = z.output<z.ZodObject<typeof billingEnv>>;

export function billingConfigOf(e: BillingEnv) {
  const razorpay = e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
    ? { keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? null, apiUrl: e.RAZORPAY_API_URL.replace(/\/$/, ''), partnerPlanId: e.RAZORPAY_PARTNER_PLAN_ID ?? null }
    : null;
  const enforced = e.PLANS_ENFORCED === undefined || e.PLANS_ENFORCED === '' ? !!razorpay : e.PLANS_ENFORCED === 'true' || e.PLANS_ENFORCED === '1';
  return {
    enforced,
    freeEvents: e.FREE_EVENTS ?? 1,
    razorpay,
    publicAppUrl: e.PUBLIC_APP_URL ?? null,
    supplier: { name: e.SUPPLIER_NAME, address: e.SUPPLIER_ADDRESS, gstin: e.SUPPLIER_GSTIN ?? '', stateCode: e.SUPPLIER_STATE },
    sac: e.INVOICE_SAC,
  };
}
export type BillingConfig = ReturnType<typeof billingConfigOf>;

// The push path's mutators get no app handle: the running app's billing settings are registered
// here by buildApp (one app per process in production; a test file builds its apps one at a time).
let active: BillingConfig | null = null;
export const setActiveBilling = (cfg: BillingConfig) => { active = cfg; };
export const activeBilling = (): BillingConfig => active ?? billingConfigOf({ SUPPLIER_NAME: 'Moi', SUPPLIER_ADDRESS: '', SUPPLIER_STATE: '33', INVOICE_SAC: '998599', RAZORPAY_API_URL: 'https://api.razorpay.com' } as BillingEnv);
