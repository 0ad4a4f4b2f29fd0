// Test helpers for the frame (Mantine in its test mode: no transitions, no portals): providers with a recording session lifecycle, the HTTP fake
// (tests/support/fake-api.ts: answers checked against contract/api.ts), and users of each role.
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { LoginResponse } from '../../contract/api';
import type { Reply } from '../../tests/support/fake-api';
import type { User } from '../../contract/entities';
import type { Role } from '../../contract/roles';
import { AuthProvider, type SessionLifecycle, type SignOutResult } from '../features/auth/auth-context';
import { setLanguage } from '../lib/i18n';
import { SettingsProvider } from '../lib/settings-context';
import { mantineThemeFor } from '../lib/themes';
import { buildRoutes } from './router';
import { appRoutes } from './route-table';

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

export { stubFetch } from '../../tests/support/fake-api';

export const loginOk = (user: User): Reply => ({ status: 200, body: { user, device: { deviceId: 'd', code: 'T7' } } satisfies LoginResponse });

/** A device nobody used yet: no stored session, settings or drafts' owner; English. */
export function freshDevice(): void {
  localStorage.clear();
  sessionStorage.clear();
  setLanguage('en');
}

// Stand-in pages so a test sees the frame (guards, layout, navigation), not the pages' data loading.
const stubbedRoutes = appRoutes.map((r) => ({
  ...r,
  load: async () => ({ default: () => <div data-testid="page">{`page:${r.path}`}</div> }),
}));

/** The whole route table with stand-in pages, in a memory router at `path`, under the providers. */
export function mountApp(path: string, lifecycle: SessionLifecycle = recordingLifecycle()) {
  const router = createMemoryRouter(buildRoutes(stubbedRoutes), { initialEntries: [path] });
  render(
    <Providers lifecycle={lifecycle}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}
