// Where the signed-in user lives on the device (spec §3): localStorage 'user' (JSON), and the
// sessionStorage 'userId' that logout removes.
import type { User } from '../../../contract/entities';
import type { Role } from '../../../contract/roles';

// Spelled out (type-checked) rather than imported: contract/roles pulls zod into the first load.
const ROLES: readonly Role[] = ['app_admin', 'event_admin', 'event_owner', 'counter_staff'];

export const USER_KEY = 'user';
export const SESSION_USER_ID_KEY = 'userId';

export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    // A structural check, not the zod schema: zod would weigh on the landing page's first load.
    const u = JSON.parse(raw) as Partial<User> | null;
    const ok =
      !!u &&
      typeof u.id === 'string' &&
      typeof u.username === 'string' &&
      typeof u.user_id === 'string' &&
      ROLES.includes(u.role as Role);
    return ok ? ({ name: '', mobile: null, userType: null, profileImagePath: null, ...u } as User) : null;
  } catch {
    return null;
  }
}

export function storeUser(user: User): void {
  try {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    sessionStorage.setItem(SESSION_USER_ID_KEY, user.user_id);
  } catch {
    // storage unavailable: the session still works until the page reloads
  }
}

export function clearStoredUser(): void {
  try {
    localStorage.removeItem(USER_KEY);
    sessionStorage.removeItem(SESSION_USER_ID_KEY);
  } catch {
    // nothing stored
  }
}
