// Authentication state of spec §4: starts 'loading', reads the stored user, is authenticated when
// one is present. Login stores the user; logout clears it (and sessionStorage userId) — but never
// while this device holds unsynced work (the data layer refuses, and the UI says why).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { LoginResponse } from '../../../contract/api';
import type { User } from '../../../contract/entities';
import { ApiRequestError, apiFetch, UNAUTHENTICATED_EVENT } from '../../lib/api';
import { getDeviceId, getDeviceSecret, resetDeviceId, setDeviceSecret } from '../../lib/device';
import { auth, authStore, type AuthStatus } from '../../lib/auth-store';
import { clearAllDrafts } from '../../lib/drafts';

export type { AuthStatus };
export type SignOutResult = { ok: true } | { ok: false; pending: number };

/** What the data layer does around a session (src/data/lifecycle.ts); injectable for tests. */
export type SessionLifecycle = {
  afterSignIn(res: LoginResponse): Promise<void>;
  beforeSignOut(): Promise<SignOutResult>;
  afterSignOut(): Promise<void>;
  resumeSession(user: User): void;
};

// Loaded on demand so Dexie stays out of the landing page's chunk.
const dataLifecycle: SessionLifecycle = {
  afterSignIn: async (res) => (await import('../../data/lifecycle')).afterSignIn(res),
  beforeSignOut: async () => (await import('../../data/lifecycle')).beforeSignOut(),
  afterSignOut: async () => (await import('../../data/lifecycle')).afterSignOut(),
  resumeSession: (user) => {
    void import('../../data/lifecycle').then((m) => m.resumeSession(user)).catch(() => undefined);
  },
};

export type AuthContextValue = {
  status: AuthStatus;
  isLoading: boolean;
  isAuthenticated: boolean;
  user: User | null;
  /** The server no longer knows this session (401): the device keeps working, sync needs a new sign-in. */
  sessionExpired: boolean;
  /** Throws ApiRequestError (invalid_credentials 401, too_many_attempts 429, network status 0). */
  login(username: string, password: string): Promise<User>;
  /** Refused (ok:false, pending) while unsynced work exists; nothing is cleared then. */
  logout(): Promise<SignOutResult>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

function deviceLabel(): string {
  const ua = typeof navigator !== 'undefined' ? navigator.userAgent : '';
  const kind = /iPad|Tablet|Android(?!.*Mobile)/i.test(ua) ? 'Tablet' : /Mobile|iPhone|Android/i.test(ua) ? 'Phone' : 'Computer';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Chrome\//.test(ua) ? 'Chrome' : /Firefox\//.test(ua) ? 'Firefox' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  return `${kind} · ${browser}`;
}

export function AuthProvider({ children, lifecycle = dataLifecycle }: { children: ReactNode; lifecycle?: SessionLifecycle }) {
  const state = useStore(authStore);
  const lifecycleRef = useRef(lifecycle);
  const loggingIn = useRef(false);

  useEffect(() => {
    const user = auth.init();
    if (!user) return;
    lifecycleRef.current.resumeSession(user);
    // When online, refresh the stored user (name, role) from the server; offline, the stored one stands.
    apiFetch<User>('/moi/auth/me', { timeoutMs: 10_000 })
      .then((fresh) => {
        if (!fresh || typeof fresh !== 'object' || fresh.id !== user.id) return;
        auth.refresh(fresh);
      })
      .catch(() => undefined); // offline, or 401 (handled by the unauthenticated event)
  }, []);

  useEffect(() => {
    // A 401 from any call while signed in: the server session is gone (revoked or expired).
    const onUnauthenticated = () => {
      if (!loggingIn.current) auth.expired();
    };
    window.addEventListener(UNAUTHENTICATED_EVENT, onUnauthenticated);
    return () => window.removeEventListener(UNAUTHENTICATED_EVENT, onUnauthenticated);
  }, []);

  const login = useCallback(async (username: string, password: string) => {
    loggingIn.current = true;
    try {
      const attempt = () => {
        const deviceSecret = getDeviceSecret();
        return apiFetch<LoginResponse>('/moi/auth/login', {
          method: 'POST',
          json: { username: username.trim(), password, deviceId: getDeviceId(), deviceLabel: deviceLabel(), ...(deviceSecret ? { deviceSecret } : {}) },
        });
      };
      let res: LoginResponse;
      try {
        res = await attempt();
      } catch (e) {
        // The stored device id belongs to another installation (or its secret was lost): become a
        // new device with its own code and sign in again; the person signing in sees nothing of it.
        if (!(e instanceof ApiRequestError && e.code === 'device_taken')) throw e;
        resetDeviceId();
        res = await attempt();
      }
      if (res.device?.secret && res.device.deviceId === getDeviceId()) setDeviceSecret(res.device.secret);
      try {
        await lifecycleRef.current.afterSignIn(res);
      } catch (e) {
        // The session is valid even if local set-up failed; sync retries on its own.
        console.error('afterSignIn failed', e);
      }
      auth.signedIn(res.user);
      return res.user;
    } finally {
      loggingIn.current = false;
    }
  }, []);

  const logout = useCallback(async (): Promise<SignOutResult> => {
    const check = await lifecycleRef.current.beforeSignOut();
    if (!check.ok) return check;
    try {
      await apiFetch('/moi/auth/logout', { method: 'POST', timeoutMs: 8000 });
    } catch {
      // Offline or already signed out on the server: the local sign-out still happens.
    }
    try {
      await lifecycleRef.current.afterSignOut();
    } catch (e) {
      console.error('afterSignOut failed', e);
    }
    auth.signedOut();
    clearAllDrafts();
    return { ok: true };
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      isLoading: state.status === 'loading',
      isAuthenticated: state.status === 'authenticated',
      user: state.user,
      sessionExpired: state.sessionExpired,
      login,
      logout,
    }),
    [state, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
