// The signed-in user, in one place (spec §3–4). A small vanilla zustand store holds the auth state;
// its persistence is the spec's localStorage `user` (JSON) and the sessionStorage `userId` that
// sign-out removes. The React side (features/auth/auth-context.tsx) reads this store; code outside
// React (event handlers, the data layer's writes, the landing page) calls signedInUser() or
// requireSignedInUser(). The data layer keeps its own mirror (Dexie meta `user`), written at sign-in.
// Dexie-free and zod-free: the landing page's first load imports this.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { User } from '../../contract/entities';
import type { Role } from '../../contract/roles';

// Spelled out (type-checked) rather than imported: contract/roles pulls zod into the first load.
const ROLES: readonly Role[] = ['app_admin', 'event_admin', 'event_owner', 'counter_staff'];

export const USER_KEY = 'user';
export const SESSION_USER_ID_KEY = 'userId';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type AuthState = {
  status: AuthStatus;
  user: User | null;
  /** The server no longer knows this session (401): the device keeps working, sync needs a new sign-in. */
  sessionExpired: boolean;
};

export const initialAuthState: AuthState = { status: 'loading', user: null, sessionExpired: false };
export const authStore = createStore<AuthState>()(() => initialAuthState);

/** The user stored on this device, checked for shape; null when absent or not a user. */
// The last parse, so that the same stored text gives the same object (screens compare by identity).
let parsed: { raw: string; user: User | null } | null = null;

export function readStoredUser(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): User | null {
  try {
    const raw = storage?.getItem(USER_KEY);
    if (!raw) return null;
    if (parsed?.raw === raw) return parsed.user;
    // A structural check, not the zod schema: zod would weigh on the landing page's first load.
    const u = JSON.parse(raw) as Partial<User> | null;
    const ok =
      !!u &&
      typeof u.id === 'string' &&
      typeof u.username === 'string' &&
      typeof u.user_id === 'string' &&
      ROLES.includes(u.role as Role);
    const user = ok ? ({ name: '', mobile: null, userType: null, profileImagePath: null, ...u } as User) : null;
    parsed = { raw, user };
    return user;
  } catch {
    return null;
  }
}

function persist(user: User | null): void {
  try {
    if (user) {
      localStorage.setItem(USER_KEY, JSON.stringify(user));
      sessionStorage.setItem(SESSION_USER_ID_KEY, user.user_id);
    } else {
      localStorage.removeItem(USER_KEY);
      sessionStorage.removeItem(SESSION_USER_ID_KEY);
    }
  } catch {
    // storage unavailable: the session still works until the page reloads
  }
}

/** The transitions of the auth state; each keeps the store and its persistence in step. */
export const auth = {
  /** Page load: authenticated from the stored user (reload, offline), else unauthenticated. */
  init(): User | null {
    const user = readStoredUser();
    authStore.setState({ status: user ? 'authenticated' : 'unauthenticated', user, sessionExpired: false }, true);
    return user;
  },
  signedIn(user: User): void {
    persist(user);
    authStore.setState({ status: 'authenticated', user, sessionExpired: false }, true);
  },
  /** A newer record of the same person (server refresh, profile save); a sign-out or another sign-in in between wins. */
  refresh(user: User): void {
    const s = authStore.getState();
    if (s.status !== 'authenticated' || s.user?.id !== user.id) return;
    persist(user);
    authStore.setState({ user });
  },
  /** Apply a saved profile change to the signed-in user (same id only); the frame shows it at once. */
  update(id: string, patch: Partial<Pick<User, 'name' | 'username' | 'mobile' | 'profileImagePath'>>): void {
    const cur = signedInUser();
    if (!cur || cur.id !== id) return;
    const next = { ...cur, ...patch };
    if (authStore.getState().status === 'authenticated') auth.refresh(next);
    else persist(next);
  },
  expired(): void {
    if (authStore.getState().status === 'authenticated') authStore.setState({ sessionExpired: true });
  },
  signedOut(): void {
    persist(null);
    authStore.setState({ status: 'unauthenticated', user: null, sessionExpired: false }, true);
  },
};

/** Who is signed in on this device, or null. Works before the auth provider has started. */
export function signedInUser(): User | null {
  const s = authStore.getState();
  return s.status === 'loading' ? readStoredUser() : s.user;
}

export class NotSignedInError extends Error {
  constructor() {
    super('No signed-in user on this device');
    this.name = 'NotSignedInError';
  }
}

/** The signed-in user for a write that records its actor: a missing user is an error, never 'unknown'. */
export function requireSignedInUser(): User {
  const u = signedInUser();
  if (!u) throw new NotSignedInError();
  return u;
}

/** The signed-in user for a screen; re-renders when it changes (sign-in, sign-out, a saved profile). */
export function useCurrentUser(): User | null {
  const s = useStore(authStore);
  return s.status === 'loading' ? readStoredUser() : s.user;
}
