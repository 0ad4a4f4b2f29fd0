// Where the signed-in user lives on the device (spec §3): localStorage 'user' (JSON), and the
// sessionStorage 'userId' that logout removes.
import { userSchema, type User } from '../../../contract/entities';

export const USER_KEY = 'user';
export const SESSION_USER_ID_KEY = 'userId';

export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
