// Typed calls of the management REST endpoints (contract/admin.ts). These are online-only:
// offline they throw ApiRequestError with status 0 / code 'network' (err.isNetwork) — show
// "You are offline; this needs a connection" and keep the form as it was.
// Device writes (gifts, counter open/close with tally, sign-ups) go through src/data instead.
import type {
  ReviewGiftResponse,
  AdminUser, CounterResponse, DeviceRow, CounterView, CreateCounterBody, CreateEventBody, CreateMembershipBody,
  CreateUserBody, DashboardResponse, EventResponse, EventStatus, EventSummary,
  ListCountersQuery, ListUsersQuery, MembershipRow, OkResponse, SignupRow,
  UpdateEventBody, UpdateMembershipBody, UpdateUserBody,
} from '../../contract/admin';
import {
  counterResponseSchema, dashboardResponseSchema, deviceResponseSchema, eventResponseSchema, listCountersResponseSchema,
  listDevicesResponseSchema, listEventsResponseSchema, listMembershipsResponseSchema, listSignupsResponseSchema,
  listUsersResponseSchema, membershipResponseSchema, okResponseSchema, reviewGiftResponseSchema, signupResponseSchema,
  userResponseSchema,
} from '../../contract/admin';
import type { MoiEvent, OpeningFloat } from '../../contract/entities';
import { apiFetch } from './api';
import { localDay } from './typed-date';

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
  return (await apiFetch<{ users: AdminUser[] }>(`/moi/admin/users${qs(query)}`, { schema: listUsersResponseSchema })).users;
}
export const listStaff = (q: Omit<ListUsersQuery, 'role'> = {}) => listUsers({ ...q, role: 'counter_staff' });

export async function createUser(body: CreateUserBody): Promise<AdminUser> {
  return (await apiFetch<{ user: AdminUser }>('/moi/admin/users', { method: 'POST', json: body, schema: userResponseSchema })).user;
}
/** Event admins must pass eventId (an event they administer); counterIds + pin assign and set the PIN at once. */
export const createStaff = (body: Omit<CreateUserBody, 'role'>) => createUser({ ...body, role: 'counter_staff' });

export async function updateUser(id: string, body: UpdateUserBody): Promise<AdminUser> {
  return (await apiFetch<{ user: AdminUser }>(`/moi/admin/users/${enc(id)}`, { method: 'PATCH', json: body, schema: userResponseSchema })).user;
}
export async function setDisabled(id: string, disabled: boolean): Promise<AdminUser> {
  return (await apiFetch<{ user: AdminUser }>(`/moi/admin/users/${enc(id)}/disabled`, { method: 'POST', json: { disabled }, schema: userResponseSchema })).user;
}
export async function resetPassword(id: string, password: string): Promise<OkResponse> {
  return apiFetch<OkResponse>(`/moi/admin/users/${enc(id)}/password`, { method: 'POST', json: { password }, schema: okResponseSchema });
}

// ---------- events ----------
export async function listEvents(query: { status?: EventStatus } = {}): Promise<EventSummary[]> {
  return (await apiFetch<{ events: EventSummary[] }>(`/moi/events${qs(query)}`, { schema: listEventsResponseSchema })).events;
}
export async function createEvent(body: CreateEventBody): Promise<MoiEvent> {
  return (await apiFetch<EventResponse>('/moi/events', { method: 'POST', json: body, schema: eventResponseSchema })).event;
}
export async function updateEvent(id: string, body: UpdateEventBody): Promise<MoiEvent> {
  return (await apiFetch<EventResponse>(`/moi/events/${enc(id)}`, { method: 'PATCH', json: body, schema: eventResponseSchema })).event;
}
export async function setEventStatus(id: string, status: EventStatus): Promise<MoiEvent> {
  return (await apiFetch<EventResponse>(`/moi/events/${enc(id)}/status`, { method: 'POST', json: { status }, schema: eventResponseSchema })).event;
}

// ---------- counters and staff ----------
export async function listCounters(query: ListCountersQuery = {}): Promise<CounterView[]> {
  return (await apiFetch<{ counters: CounterView[] }>(`/moi/counters${qs(query)}`, { schema: listCountersResponseSchema })).counters;
}
export async function createCounter(eventId: string, body: CreateCounterBody): Promise<CounterView> {
  return (await apiFetch<CounterResponse>(`/moi/events/${enc(eventId)}/counters`, { method: 'POST', json: body, schema: counterResponseSchema })).counter;
}
/** Replaces the counter's staff set with userIds. */
export async function assignStaff(counterId: string, userIds: string[]): Promise<CounterView> {
  return (await apiFetch<CounterResponse>(`/moi/counters/${enc(counterId)}/staff`, { method: 'PUT', json: { userIds }, schema: counterResponseSchema })).counter;
}
/** Online convenience; offline, use openCounter from src/data/gifts-repo (the counter.open mutation). */
export async function openCounterOnline(counterId: string, openingFloat?: OpeningFloat | null): Promise<CounterView> {
  return (await apiFetch<CounterResponse>(`/moi/counters/${enc(counterId)}/open`, { method: 'POST', json: openingFloat ? { openingFloat } : {}, schema: counterResponseSchema })).counter;
}
export async function markGiftReviewed(giftId: string): Promise<ReviewGiftResponse['gift']> {
  return (await apiFetch<ReviewGiftResponse>(`/moi/gifts/${enc(giftId)}/review`, { method: 'POST', json: {}, schema: reviewGiftResponseSchema })).gift;
}
export async function setStaffPin(userId: string, counterId: string, pin: string): Promise<OkResponse> {
  return apiFetch<OkResponse>(`/moi/counters/${enc(counterId)}/staff/${enc(userId)}/pin`, { method: 'PUT', json: { pin }, schema: okResponseSchema });
}

// ---------- gifts (reads; corrections go through src/data/gifts-repo) ----------

// ---------- memberships and sign-ups ----------
export async function listMemberships(): Promise<MembershipRow[]> {
  return (await apiFetch<{ memberships: MembershipRow[] }>('/moi/memberships', { schema: listMembershipsResponseSchema })).memberships;
}
export async function createMembership(body: CreateMembershipBody): Promise<MembershipRow> {
  return (await apiFetch<{ membership: MembershipRow }>('/moi/memberships', { method: 'POST', json: body, schema: membershipResponseSchema })).membership;
}
export async function updateMembership(id: string, body: UpdateMembershipBody): Promise<MembershipRow> {
  return (await apiFetch<{ membership: MembershipRow }>(`/moi/memberships/${enc(id)}`, { method: 'PATCH', json: body, schema: membershipResponseSchema })).membership;
}
export async function listSignups(): Promise<SignupRow[]> {
  return (await apiFetch<{ signups: SignupRow[] }>('/moi/signups', { schema: listSignupsResponseSchema })).signups;
}
export async function setSignupStatus(id: string, status: SignupRow['status']): Promise<SignupRow> {
  return (await apiFetch<{ signup: SignupRow }>(`/moi/signups/${enc(id)}`, { method: 'PATCH', json: { status }, schema: signupResponseSchema })).signup;
}

// ---------- dashboard ----------
/** `date` defaults to the device's local date, so "events today" is the user's today, not the server's UTC day. */
export async function dashboard(date: string = localDay()): Promise<DashboardResponse> {
  return apiFetch<DashboardResponse>(`/moi/dashboard${qs({ date })}`, { schema: dashboardResponseSchema });
}

// ---------- devices ----------
export async function listDevices(): Promise<DeviceRow[]> {
  return (await apiFetch<{ devices: DeviceRow[] }>('/moi/devices', { schema: listDevicesResponseSchema })).devices;
}
/** Revoke a lost tablet (signs it out, refuses its pushes) or let it back in. */
export async function setDeviceRevoked(deviceId: string, revoked: boolean): Promise<DeviceRow> {
  return (await apiFetch<{ device: DeviceRow }>(`/moi/devices/${enc(deviceId)}/revoked`, { method: 'POST', json: { revoked }, schema: deviceResponseSchema })).device;
}

// ---------- the calls the management kit's forms and tables make (components/ asks, these call) ----------
export const accountCalls = { update: updateUser, resetPassword, setDisabled };
export const eventCalls = { create: createEvent, update: updateEvent };
