// Calls of the guest display (contract/guest-display.ts): the counter's (signed in) and the guest screen's (public).
import {
  GUEST_DISPLAY_PATH, GUEST_PUBLIC_PATH, guestDisplayCreatedSchema, guestPairedSchema, type GuestDisplayCreated, type GuestEntry, type GuestPaired,
} from '../../contract/guest-display';
import { API_BASE, apiFetch } from './api';

export const createGuestDisplay = async (counterId: string): Promise<GuestDisplayCreated> =>
  guestDisplayCreatedSchema.parse(await apiFetch(GUEST_DISPLAY_PATH, { method: 'POST', json: { counterId }, timeoutMs: 8000 }));
export const guestDisplayState = (id: string) =>
  apiFetch<{ id: string; paired: boolean; live: boolean; expiresAt: string }>(`${GUEST_DISPLAY_PATH}/${encodeURIComponent(id)}`, { timeoutMs: 8000 });
export const revokeGuestDisplay = (id: string) => apiFetch(`${GUEST_DISPLAY_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE', timeoutMs: 8000 });
export const showOnGuestDisplay = (id: string, entry: GuestEntry) =>
  apiFetch(`${GUEST_DISPLAY_PATH}/${encodeURIComponent(id)}/show`, { method: 'POST', json: entry, timeoutMs: 5000 });

/** The guest screen: 'not_found' for an unknown or expired code, 'too_many' when rate limited, 'offline' when the server is away. */
export async function pairGuestScreen(code: string): Promise<GuestPaired | 'not_found' | 'too_many' | 'offline' | 'bad_code'> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${GUEST_PUBLIC_PATH}/pair`, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
  } catch {
    return 'offline';
  }
  if (res.status === 404) return 'not_found';
  if (res.status === 429) return 'too_many';
  if (res.status === 400) return 'bad_code';
  if (!res.ok) return 'offline';
  return guestPairedSchema.parse(await res.json());
}

/** The screen's pairing (its cookie), or null when it has none; 'offline' when the server is away. */
export async function guestScreenPairing(): Promise<GuestPaired | null | 'offline'> {
  try {
    const res = await fetch(`${API_BASE}${GUEST_PUBLIC_PATH}/me`, { credentials: 'include', cache: 'no-store' });
    if (res.status === 404) return null;
    if (!res.ok) return 'offline';
    return guestPairedSchema.parse(await res.json());
  } catch {
    return 'offline';
  }
}

export const leaveGuestScreen = () => fetch(`${API_BASE}${GUEST_PUBLIC_PATH}/leave`, { method: 'POST', credentials: 'include' }).catch(() => undefined);
export const guestStreamUrl = () => `${API_BASE}${GUEST_PUBLIC_PATH}/stream`;
