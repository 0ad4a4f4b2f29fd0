// Test helpers for the frame (Mantine in its test mode: no transitions, no portals): providers with a recording session lifecycle, a fetch stub that answers
// the auth contract (contract/api.ts), and users of each role.
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LoginResponse } from '../../contract/api';
import type { User } from '../../contract/entities';
import type { Role } from '../../contract/roles';
import { AuthProvider, type SessionLifecycle, type SignOutResult } from '../features/auth/auth-context';
import '../lib/i18n';
import { SettingsProvider } from '../lib/settings-context';
import { mantineThemeFor } from '../lib/themes';

export function makeUser(role: Role, over: Partial<User> = {}): User {
  return {
    id: `id-${role}`,
    user_id: `U-${role}`,
    username: role.replace('_', ''),
    name: `Test ${role}`,
    mobile: null,
    role,
    userType: null,
    profileImagePath: null,
    ...over,
  };
}

export type RecordingLifecycle = SessionLifecycle & { calls: string[]; pending: number };

/** A lifecycle that records what the auth provider asked of the data layer; `pending` > 0 refuses sign-out. */
export function recordingLifecycle(pending = 0): RecordingLifecycle {
  const lc: RecordingLifecycle = {
    calls: [],
    pending,
    async afterSignIn(res: LoginResponse) {
      lc.calls.push(`afterSignIn:${res.user.username}`);
    },
    async beforeSignOut(): Promise<SignOutResult> {
      lc.calls.push('beforeSignOut');
      return lc.pending > 0 ? { ok: false, pending: lc.pending } : { ok: true };
    },
    async afterSignOut() {
      lc.calls.push('afterSignOut');
    },
    resumeSession(user: User) {
      lc.calls.push(`resumeSession:${user.username}`);
    },
  };
  return lc;
}

export function Providers({ children, lifecycle }: { children: ReactNode; lifecycle?: SessionLifecycle }) {
  return (
    <SettingsProvider>
      <MantineProvider theme={mantineThemeFor('blue')} env="test">
        <AuthProvider lifecycle={lifecycle ?? recordingLifecycle()}>{children}</AuthProvider>
      </MantineProvider>
    </SettingsProvider>
  );
}

type Reply = { status: number; body?: unknown } | 'network';

/** Replace fetch with one answering by "METHOD path"; records the requests made. */
export function stubFetch(routes: Record<string, Reply | ((body: unknown) => Reply)>) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, body });
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === 'function' ? route(body) : route;
    if (!reply) return new Response(JSON.stringify({ code: 'not_found', message: 'no stub' }), { status: 404 });
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  };
  globalThis.fetch = fn as typeof fetch;
  return { requests };
}

export const loginOk = (user: User): Reply => ({ status: 200, body: { user, device: { deviceId: 'd', code: 'T7' } } satisfies LoginResponse });
