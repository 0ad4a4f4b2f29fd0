// Issue 29: typed calls of the partner, plan and invoice endpoints (server/routes/organisations.ts,
// server/routes/billing.ts). Online-only, like the other management calls. Paying opens Razorpay's
// hosted page (a Payment Link or a Subscription's short URL): no payment script is loaded by the app.
import type { InvoiceRow, Organisation, OrgBody, OrgMember, PlanState } from '../../contract/billing';
import { orgLogoPath } from '../../contract/entities';
import type { CreateEventBody } from '../../contract/admin';
import { API_BASE, apiFetch } from './api';

const enc = encodeURIComponent;

export type OrgEvent = { id: string; titleEn: string | null; titleTa: string | null; date: string; status: string; entitled: string | null };
export type OrgPage = { org: Organisation; members: OrgMember[]; events: OrgEvent[]; plan: PlanState; invoices: InvoiceRow[] };
export type EventPlan = {
  eventId: string; orgId: string | null; entitled: string | null; entitledThrough: string | null; enforced: boolean; canPay: boolean;
  grants: Array<{ source: string; reason: string | null; at: string | null }>;
  link: { id: string; shortUrl: string; status: string } | null; org: PlanState | null; invoices: InvoiceRow[];
};
export type StatementMonth = { month: string; events: number; gifts: number; amount: number; messages: number };
export type ProviderBilling = {
  enforced: boolean;
  orgs: Array<{ id: string; nameEn: string | null; nameTa: string | null; gstin: string | null; plan: PlanState }>;
  payments: Array<{ id: string; plan: string | null; eventId: string | null; orgId: string | null; amountPaise: number; status: string; refundedPaise: number; capturedAt: string | null }>;
  invoices: InvoiceRow[];
  overrides: Array<{ eventId: string; title: string; reason: string | null; by: string | null; at: string | null }>;
  revenue: Array<{ month: string; invoices: number; totalPaise: number; taxablePaise: number }>;
};

export const listOrgs = async () => (await apiFetch<{ orgs: Organisation[] }>('/moi/orgs')).orgs;
export const getOrg = (id: string) => apiFetch<OrgPage>(`/moi/orgs/${enc(id)}`);
export const createOrg = async (body: OrgBody) => (await apiFetch<{ org: Organisation }>('/moi/orgs', { method: 'POST', json: body })).org;
export const updateOrg = async (id: string, body: OrgBody) => (await apiFetch<{ org: Organisation }>(`/moi/orgs/${enc(id)}`, { method: 'PATCH', json: body })).org;
/** The hall's new logo (multipart `file`); the server checks its type by its bytes and its size (issue 29). */
export const uploadOrgLogo = async (id: string, file: Blob, name: string) => {
  const fd = new FormData();
  fd.append('file', file, name);
  return (await apiFetch<{ org: Organisation }>(`/moi/orgs/${enc(id)}/logo`, { method: 'POST', body: fd, timeoutMs: 60_000 })).org;
};
export const orgLogoUrl = (fileId: string) => `${API_BASE}${orgLogoPath(fileId)}`;
export const setOrgMember = (id: string, userId: string, role: 'admin' | 'staff') => apiFetch(`/moi/orgs/${enc(id)}/members`, { method: 'PUT', json: { userId, role } });
export const removeOrgMember = (id: string, userId: string) => apiFetch(`/moi/orgs/${enc(id)}/members/${enc(userId)}`, { method: 'DELETE' });
export const createOrgEvent = (id: string, body: CreateEventBody) => apiFetch(`/moi/orgs/${enc(id)}/events`, { method: 'POST', json: body });
export const orgStatement = async (id: string) => (await apiFetch<{ months: StatementMonth[] }>(`/moi/orgs/${enc(id)}/statement`)).months;
export const subscribeOrg = (id: string) => apiFetch<{ shortUrl: string; subscriptionId: string }>(`/moi/orgs/${enc(id)}/subscribe`, { method: 'POST' });
export const eventPlan = (id: string) => apiFetch<EventPlan>(`/moi/events/${enc(id)}/plan`);
export const payEvent = (id: string) => apiFetch<{ shortUrl: string; linkId: string }>(`/moi/events/${enc(id)}/pay`, { method: 'POST' });
export const grantOverride = (id: string, reason: string) => apiFetch(`/moi/events/${enc(id)}/override`, { method: 'POST', json: { reason } });
export const removeOverride = (id: string) => apiFetch(`/moi/events/${enc(id)}/override`, { method: 'DELETE' });
/** The app admin refunds a payment (all that is left of it) through Razorpay; a credit note is issued (issue 29). */
export const refundPayment = (id: string) => apiFetch<{ refundId: string; status: string; amountPaise: number; refundedPaise: number; entitled: string | null }>(`/moi/admin/payments/${enc(id)}/refund`, { method: 'POST', json: {} });
export const providerBilling = () => apiFetch<ProviderBilling>('/moi/admin/billing');
export const invoicePdfUrl = (id: string, lang: 'en' | 'ta') => `${API_BASE}/moi/invoices/${enc(id)}/pdf?lang=${lang}`;

/** ₹ with two decimals from paise (invoices), Indian grouping. */
export const rupeesOfPaise = (p: number) => `₹${(p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
