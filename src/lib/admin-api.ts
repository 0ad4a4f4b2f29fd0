// Typed calls of the management REST endpoints (contract/admin.ts). These are online-only:
// offline they throw ApiRequestError with status 0 / code 'network' (err.isNetwork) — show
// "You are offline; this needs a connection" and keep the form as it was.
// Device writes (gifts, counter open/close with tally, sign-ups) go through src/data instead.
import type {
  ReviewGiftResponse,
  AdminUser, CounterResponse, DeviceRow, CounterView, CreateCounterBody, CreateEventBody, CreateMembershipBody,
  CreateUserBody, DashboardResponse, EventResponse, EventStatus, EventSummary, EventTotals, GiftAuditResponse,
  ListCountersQuery, ListGiftsQuery, ListGiftsResponse, ListUsersQuery, MembershipRow, OkResponse, SignupRow,
  UpdateCounterBody, UpdateEventBody, UpdateMembershipBody, UpdateUserBody,
} from '../../contract/admin';
import type { MoiEvent, OpeningFloat } from '../../contract/entities';
import { apiFetch } from './api';

type Query = Record<string, string | number | boolean | undefined | null>;
function qs(q: Query | undefined): string {
  if (!q) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}
const enc = encodeURIComponent;

// ---------- users ----------
export async function listUsers(query: ListUsersQuery = {}): Promise<AdminUser[]> {
  return (await apiFetch<{ users: AdminUser[] }>(`/moi/admin/users${qs(query)}`)).users;
}
export const listEventAdmins = (q: Omit<ListUsersQuery, 'role'> = {}) => listUsers({ ...q, role: 'event_admin' });
export const listEventOwners = (q: Omit<ListUsersQuery, 'role'> = {}) => listUsers({ ...q, role: 'event_owner' });
export const listStaff = (q: Omit<ListUsersQuery, 'role'> = {}) => listUsers({ ...q, role: 'counter_staff' });

export async function createUser(body: CreateUserBody): Promise<AdminUser> {
  return (await apiFetch<{ user: AdminUser }>('/moi/admin/users', { method: 'POST', json: body })).user;
}
export const createEventAdmin = (body: Omit<CreateUserBody, 'role'>) => createUser({ ...body, role: 'event_admin' });
export const createEventOwner = (body: Omit<CreateUserBody, 'role'>) => createUser({ ...body, role: 'event_owner' });
/** Event admins must pass eventId (an event they administer); counterIds + pin assign and set the PIN at once. */
export const createStaff = (body: Omit<CreateUserBody, 'role'>) => createUser({ ...body, role: 'counter_staff' });

export async function updateUser(id: string, body: UpdateUserBody): Promise<AdminUser> {
  return (await apiFetch<{ user: AdminUser }>(`/moi/admin/users/${enc(id)}`, { method: 'PATCH', json: body })).user;
}
export async function setDisabled(id: string, disabled: boolean): Promise<AdminUser> {
  return (await apiFetch<{ user: AdminUser }>(`/moi/admin/users/${enc(id)}/disabled`, { method: 'POST', json: { disabled } })).user;
}
export async function resetPassword(id: string, password: string): Promise<OkResponse> {
  return apiFetch<OkResponse>(`/moi/admin/users/${enc(id)}/password`, { method: 'POST', json: { password } });
}

// ---------- events ----------
export async function listEvents(query: { status?: EventStatus } = {}): Promise<EventSummary[]> {
  return (await apiFetch<{ events: EventSummary[] }>(`/moi/events${qs(query)}`)).events;
}
export async function getEvent(id: string): Promise<EventSummary> {
  return (await apiFetch<{ event: EventSummary }>(`/moi/events/${enc(id)}`)).event;
}
export async function createEvent(body: CreateEventBody): Promise<MoiEvent> {
  return (await apiFetch<EventResponse>('/moi/events', { method: 'POST', json: body })).event;
}
export async function updateEvent(id: string, body: UpdateEventBody): Promise<MoiEvent> {
  return (await apiFetch<EventResponse>(`/moi/events/${enc(id)}`, { method: 'PATCH', json: body })).event;
}
export async function setEventStatus(id: string, status: EventStatus): Promise<MoiEvent> {
  return (await apiFetch<EventResponse>(`/moi/events/${enc(id)}/status`, { method: 'POST', json: { status } })).event;
}
/** byHour buckets follow the device's local hours (tzOffset defaults to this device's offset). */
export async function getEventTotals(eventId: string, tzOffset = -new Date().getTimezoneOffset()): Promise<EventTotals> {
  return apiFetch<EventTotals>(`/moi/events/${enc(eventId)}/totals${qs({ tzOffset })}`);
}

// ---------- counters and staff ----------
export async function listCounters(query: ListCountersQuery = {}): Promise<CounterView[]> {
  return (await apiFetch<{ counters: CounterView[] }>(`/moi/counters${qs(query)}`)).counters;
}
export const listClosedCounters = (eventId?: string) => listCounters({ eventId, status: 'closed' });
export async function createCounter(eventId: string, body: CreateCounterBody): Promise<CounterView> {
  return (await apiFetch<CounterResponse>(`/moi/events/${enc(eventId)}/counters`, { method: 'POST', json: body })).counter;
}
export async function updateCounter(id: string, body: UpdateCounterBody): Promise<CounterView> {
  return (await apiFetch<CounterResponse>(`/moi/counters/${enc(id)}`, { method: 'PATCH', json: body })).counter;
}
/** Replaces the counter's staff set with userIds. */
export async function assignStaff(counterId: string, userIds: string[]): Promise<CounterView> {
  return (await apiFetch<CounterResponse>(`/moi/counters/${enc(counterId)}/staff`, { method: 'PUT', json: { userIds } })).counter;
}
/** Online convenience; offline, use openCounter from src/data/gifts-repo (the counter.open mutation). */
export async function openCounterOnline(counterId: string, openingFloat?: OpeningFloat | null): Promise<CounterView> {
  return (await apiFetch<CounterResponse>(`/moi/counters/${enc(counterId)}/open`, { method: 'POST', json: openingFloat ? { openingFloat } : {} })).counter;
}
export async function markGiftReviewed(giftId: string): Promise<ReviewGiftResponse['gift']> {
  return (await apiFetch<ReviewGiftResponse>(`/moi/gifts/${enc(giftId)}/review`, { method: 'POST', json: {} })).gift;
}
export async function setStaffPin(userId: string, counterId: string, pin: string): Promise<OkResponse> {
  return apiFetch<OkResponse>(`/moi/counters/${enc(counterId)}/staff/${enc(userId)}/pin`, { method: 'PUT', json: { pin } });
}

// ---------- gifts (reads; corrections go through src/data/gifts-repo) ----------
export async function listGifts(query: ListGiftsQuery = {}): Promise<ListGiftsResponse> {
  return apiFetch<ListGiftsResponse>(`/moi/gifts${qs(query as Query)}`);
}
export async function listDeletedGifts(query: ListGiftsQuery = {}): Promise<ListGiftsResponse> {
  return apiFetch<ListGiftsResponse>(`/moi/gifts/deleted${qs(query as Query)}`);
}
export async function giftAudit(giftId: string): Promise<GiftAuditResponse> {
  return apiFetch<GiftAuditResponse>(`/moi/gifts/${enc(giftId)}/audit`);
}

// ---------- memberships and sign-ups ----------
export async function listMembershipPlans() {
  return (await apiFetch<{ plans: { plan: 'smart_track' | 'partner_track'; price: number; per: 'event' | 'month' }[] }>('/moi/membership-plans')).plans;
}
export async function listMemberships(): Promise<MembershipRow[]> {
  return (await apiFetch<{ memberships: MembershipRow[] }>('/moi/memberships')).memberships;
}
export async function createMembership(body: CreateMembershipBody): Promise<MembershipRow> {
  return (await apiFetch<{ membership: MembershipRow }>('/moi/memberships', { method: 'POST', json: body })).membership;
}
export async function updateMembership(id: string, body: UpdateMembershipBody): Promise<MembershipRow> {
  return (await apiFetch<{ membership: MembershipRow }>(`/moi/memberships/${enc(id)}`, { method: 'PATCH', json: body })).membership;
}
export async function listSignups(): Promise<SignupRow[]> {
  return (await apiFetch<{ signups: SignupRow[] }>('/moi/signups')).signups;
}
export async function setSignupStatus(id: string, status: SignupRow['status']): Promise<SignupRow> {
  return (await apiFetch<{ signup: SignupRow }>(`/moi/signups/${enc(id)}`, { method: 'PATCH', json: { status } })).signup;
}

// ---------- dashboard ----------
/** The device's local date as YYYY-MM-DD. */
export function localDate(d = new Date()): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** `date` defaults to the device's local date, so "events today" is the user's today, not the server's UTC day. */
export async function dashboard(date: string = localDate()): Promise<DashboardResponse> {
  return apiFetch<DashboardResponse>(`/moi/dashboard${qs({ date })}`);
}

// ---------- devices ----------
export async function listDevices(): Promise<DeviceRow[]> {
  return (await apiFetch<{ devices: DeviceRow[] }>('/moi/devices')).devices;
}
/** Revoke a lost tablet (signs it out, refuses its pushes) or let it back in. */
export async function setDeviceRevoked(deviceId: string, revoked: boolean): Promise<DeviceRow> {
  return (await apiFetch<{ device: DeviceRow }>(`/moi/devices/${enc(deviceId)}/revoked`, { method: 'POST', json: { revoked } })).device;
}
