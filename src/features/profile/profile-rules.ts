// Pure rules of the profile page (spec §3, §5, §6): role chip text, mobile input, who edits what,
// and the size a picture is scaled to before it is kept on the device.
import type { Role } from '../../../contract/roles';

export const MOBILE_LENGTH = 10;
export const MAX_PICTURE_SIDE = 1024;

/** Role chip text: underscores become spaces and each word is capitalised ('event_admin' → 'Event Admin'); 'User' when absent. */
export function formatRole(role: string | null | undefined, fallback = 'User'): string {
  const text = (role ?? '').replace(/_/g, ' ').trim();
  if (!text) return fallback;
  return text.replace(/\s+/g, ' ').split(' ').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** The mobile field accepts digits only, at most 10 of them. */
export function sanitizeMobile(input: string): string {
  return input.replace(/\D/g, '').slice(0, MOBILE_LENGTH);
}

export function isValidMobile(mobile: string | null | undefined): boolean {
  return typeof mobile === 'string' && new RegExp(`^\\d{${MOBILE_LENGTH}}$`).test(mobile);
}

/**
 * Whether the mobile stops a save: the 10-digit check applies to a mobile the user can edit (app_admin)
 * or has entered. A non-admin with no mobile on record (the admin form makes it optional) can still
 * save a new name — spec §5/§6 would trap them; see the README's departures.
 */
export function mobileBlocksSave(mobile: string, canEditMobile: boolean): boolean {
  if (!canEditMobile && mobile === '') return false;
  return !isValidMobile(mobile);
}

/** Helper text shows while the field is non-empty and not exactly 10 digits. */
export function showMobileHelper(mobile: string): boolean {
  return mobile.length > 0 && !isValidMobile(mobile);
}

/** Only app_admin edits username and mobile, saves through updateadmin, and does not see User Type. */
export function isAppAdmin(role: Role | string | null | undefined): boolean {
  return role === 'app_admin';
}

export function isImageFile(file: { type: string } | null | undefined): boolean {
  return !!file && typeof file.type === 'string' && file.type.startsWith('image/');
}

/** Scale (w, h) so the longest side is at most `max`, keeping the aspect ratio; never upscales. */
export function fitWithin(width: number, height: number, max = MAX_PICTURE_SIDE): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const longest = Math.max(width, height);
  if (longest <= max) return { width: Math.round(width), height: Math.round(height) };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

