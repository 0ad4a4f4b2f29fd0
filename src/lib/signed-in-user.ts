// The signed-in user as the auth provider stores it (spec §4: localStorage `user`), for screens
// that need "who is doing this" (counter open/close, corrections) without a network round trip.
import type { User } from '../../contract/entities';

/** Fired on window when a screen saves a change to the stored signed-in user (a new name or picture). */
export const SIGNED_IN_USER_CHANGED = 'moi:signed-in-user-changed';

/** Tell the auth provider (and with it the top bar) that the stored user changed. */
export function announceSignedInUserChanged(): void {
  globalThis.dispatchEvent?.(new Event(SIGNED_IN_USER_CHANGED));
}

export function readSignedInUser(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): User | null {
  try {
    const raw = storage?.getItem('user');
    if (!raw) return null;
    const u = JSON.parse(raw) as Partial<User>;
    return u && typeof u.id === 'string' && typeof u.role === 'string' ? (u as User) : null;
  } catch {
    return null;
  }
}
