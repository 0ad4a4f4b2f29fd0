import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { UNAUTHENTICATED_EVENT } from '../../lib/api';
import { loginOk, makeUser, Providers, recordingLifecycle, stubFetch } from '../../app/test-helpers';
import { AuthProvider, useAuth } from './auth-context';
import { AuthGuard, RoleGuard } from './guards';

const realFetch = globalThis.fetch;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('useAuth', () => {
  it('throws the spec message outside its provider', () => {
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });

  it('starts loading, then is unauthenticated when nothing is stored', async () => {
    const seen: string[] = [];
    const { result } = renderHook(
      () => {
        const a = useAuth();
        seen.push(a.status);
        return a;
      },
      { wrapper: ({ children }) => <AuthProvider lifecycle={recordingLifecycle()}>{children}</AuthProvider> },
    );
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    expect(seen[0]).toBe('loading');
    expect(result.current.user).toBeNull();
  });

  it('is authenticated from the stored user (reload / offline) and resumes the data session', async () => {
    const user = makeUser('counter_staff');
    localStorage.setItem('user', JSON.stringify(user));
    const lc = recordingLifecycle();
    const { result } = renderHook(() => useAuth(), { wrapper: ({ children }) => <AuthProvider lifecycle={lc}>{children}</AuthProvider> });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    expect(result.current.user?.username).toBe(user.username);
    expect(lc.calls).toEqual([`resumeSession:${user.username}`]);
  });

  it('refreshes the stored user from the server when online (a changed name or role shows)', async () => {
    const user = makeUser('event_owner', { name: 'Old name' });
    localStorage.setItem('user', JSON.stringify(user));
    stubFetch({ 'GET /moi/auth/me': { status: 200, body: { ...user, name: 'New name', role: 'event_admin' } } });
    const { result } = renderHook(() => useAuth(), { wrapper: ({ children }) => <AuthProvider lifecycle={recordingLifecycle()}>{children}</AuthProvider> });
    await waitFor(() => expect(result.current.user?.name).toBe('New name'));
    expect(result.current.user?.role).toBe('event_admin');
    expect(JSON.parse(localStorage.getItem('user')!).name).toBe('New name');
  });

  it('stays signed in with the stored user when the refresh cannot reach the server', async () => {
    const user = makeUser('counter_staff', { name: 'Offline name' });
    localStorage.setItem('user', JSON.stringify(user));
    const { requests } = stubFetch({ 'GET /moi/auth/me': 'network' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { result } = renderHook(() => useAuth(), { wrapper: ({ children }) => <AuthProvider lifecycle={recordingLifecycle()}>{children}</AuthProvider> });
      await waitFor(() => expect(requests.length).toBe(1));
      // Run the failed refresh to its end (its 10 s timeout included): the stored user stands.
      await act(() => vi.runAllTimersAsync());
      expect(result.current.isAuthenticated).toBe(true);
      expect(result.current.user?.name).toBe('Offline name');
      expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Offline name');
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores a stored value that is not a user', async () => {
    localStorage.setItem('user', '{"hello":1}');
    const { result } = renderHook(() => useAuth(), { wrapper: ({ children }) => <AuthProvider lifecycle={recordingLifecycle()}>{children}</AuthProvider> });
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
  });

  it('login posts the credentials with the device id, stores the user and marks authenticated', async () => {
    const user = makeUser('event_owner');
    const { requests } = stubFetch({ 'POST /moi/auth/login': loginOk(user) });
    const lc = recordingLifecycle();
    const { result } = renderHook(() => useAuth(), { wrapper: ({ children }) => <AuthProvider lifecycle={lc}>{children}</AuthProvider> });
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    await act(async () => {
      await result.current.login(' eventowner ', 'secret-pass');
    });
    expect(result.current.isAuthenticated).toBe(true);
    expect(JSON.parse(localStorage.getItem('user')!).username).toBe(user.username);
    expect(sessionStorage.getItem('userId')).toBe(user.user_id);
    expect(requests[0].body).toMatchObject({ username: 'eventowner', password: 'secret-pass' });
    expect((requests[0].body as { deviceId: string }).deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lc.calls).toEqual([`afterSignIn:${user.username}`]);
  });

  it('keeps the device secret the server issues and sends it next time; a device id taken by another installation is replaced unseen', async () => {
    const user = makeUser('counter_staff');
    const taken = '0192f000-0000-7000-8000-00000000d0d0';
    localStorage.setItem('moi.deviceId', taken);
    const { requests } = stubFetch({
      'POST /moi/auth/login': ({ body }) => {
        const b = body as { deviceId: string; deviceSecret?: string };
        if (b.deviceId === taken) return { status: 403, body: { code: 'device_taken', message: 'taken' } };
        return { status: 200, body: { user, device: { deviceId: b.deviceId, code: 'T9', ...(b.deviceSecret ? {} : { secret: 'issued-secret' }) } } };
      },
    });
    const { result } = renderHook(() => useAuth(), { wrapper: ({ children }) => <AuthProvider lifecycle={recordingLifecycle()}>{children}</AuthProvider> });
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    await act(async () => {
      await result.current.login('staff', 'secret-pass');
    });
    expect(result.current.isAuthenticated).toBe(true);
    expect(requests.map((r) => (r.body as { deviceId: string }).deviceId)[0]).toBe(taken);
    const fresh = (requests[1].body as { deviceId: string }).deviceId;
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh).not.toBe(taken);
    expect(localStorage.getItem('moi.deviceId')).toBe(fresh);
    expect(localStorage.getItem('moi.deviceSecret')).toBe('issued-secret');
    // The next person signing in on this tablet presents the secret with the same device id.
    await act(async () => {
      await result.current.login('staff2', 'secret-pass');
    });
    expect(requests[2].body).toMatchObject({ deviceId: fresh, deviceSecret: 'issued-secret' });
  });

  it('a failed login leaves the state unauthenticated and stores nothing', async () => {
    stubFetch({ 'POST /moi/auth/login': { status: 401, body: { code: 'invalid_credentials', message: 'no' } } });
    const { result } = renderHook(() => useAuth(), { wrapper: ({ children }) => <AuthProvider lifecycle={recordingLifecycle()}>{children}</AuthProvider> });
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    await act(async () => {
      await expect(result.current.login('a', 'b')).rejects.toMatchObject({ code: 'invalid_credentials' });
    });
    expect(result.current.status).toBe('unauthenticated');
    expect(result.current.sessionExpired).toBe(false);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('logout clears the stored user and the session userId, and tells the server', async () => {
    const user = makeUser('app_admin');
    localStorage.setItem('user', JSON.stringify(user));
    sessionStorage.setItem('userId', user.user_id);
    const { requests } = stubFetch({ 'POST /moi/auth/logout': { status: 200, body: { ok: true } } });
    const lc = recordingLifecycle();
    const { result } = renderHook(() => useAuth(), { wrapper: ({ children }) => <AuthProvider lifecycle={lc}>{children}</AuthProvider> });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    let res: unknown;
    await act(async () => {
      res = await result.current.logout();
    });
    expect(res).toEqual({ ok: true });
    expect(result.current.status).toBe('unauthenticated');
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStorage.getItem('userId')).toBeNull();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain('POST /moi/auth/logout');
    expect(lc.calls).toEqual([`resumeSession:${user.username}`, 'beforeSignOut', 'afterSignOut']);
  });

  it('logout still signs out locally when the server cannot be reached', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('app_admin')));
    stubFetch({ 'POST /moi/auth/logout': 'network' });
    const { result } = renderHook(() => useAuth(), { wrapper: ({ children }) => <AuthProvider lifecycle={recordingLifecycle()}>{children}</AuthProvider> });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    await act(async () => {
      await result.current.logout();
    });
    expect(result.current.status).toBe('unauthenticated');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('logout is refused while unsynced work exists: nothing is cleared, the server is not called', async () => {
    const user = makeUser('counter_staff');
    localStorage.setItem('user', JSON.stringify(user));
    sessionStorage.setItem('userId', user.user_id);
    const { requests } = stubFetch({ 'POST /moi/auth/logout': { status: 200, body: { ok: true } } });
    const lc = recordingLifecycle(3);
    const { result } = renderHook(() => useAuth(), { wrapper: ({ children }) => <AuthProvider lifecycle={lc}>{children}</AuthProvider> });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    let res: unknown;
    await act(async () => {
      res = await result.current.logout();
    });
    expect(res).toEqual({ ok: false, pending: 3 });
    expect(result.current.isAuthenticated).toBe(true);
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(sessionStorage.getItem('userId')).toBe(user.user_id);
    expect(requests.filter((r) => r.path === '/moi/auth/logout')).toHaveLength(0);
    expect(lc.calls).not.toContain('afterSignOut');
  });

  it('a 401 from any call while signed in marks the session expired but keeps the user signed in locally', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('counter_staff')));
    const { result } = renderHook(() => useAuth(), { wrapper: ({ children }) => <AuthProvider lifecycle={recordingLifecycle()}>{children}</AuthProvider> });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    act(() => {
      window.dispatchEvent(new CustomEvent(UNAUTHENTICATED_EVENT));
    });
    expect(result.current.sessionExpired).toBe(true);
    expect(result.current.isAuthenticated).toBe(true);
  });
});

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}|${JSON.stringify(loc.state)}`}</div>;
}

function renderGuarded(path: string, group?: 'appAdmin' | 'eventAdmin' | 'eventOwner' | 'all') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <div>home</div> },
      { path: '/session/signin', element: <Where /> },
      {
        path: '/secret',
        element: (
          <AuthGuard>
            <RoleGuard group={group}>
              <div>secret content</div>
            </RoleGuard>
          </AuthGuard>
        ),
      },
    ],
    { initialEntries: ['/', path], initialIndex: 1 },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('guards', () => {
  it('redirects an unauthenticated visit to the sign-in page with the requested path as from, replacing history', async () => {
    const router = renderGuarded('/secret?x=1');
    expect(await screen.findByTestId('where')).toHaveTextContent('/session/signin|{"from":"/secret?x=1"}');
    expect(screen.queryByText('secret content')).toBeNull();
    // history was replaced: going back leaves the app's previous entry, not the guarded page
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('renders nothing while authentication is loading, then the child when authenticated', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('event_admin')));
    const outside: string[] = [];
    const inside: string[] = [];
    function Outside() {
      outside.push(useAuth().status);
      return null;
    }
    function Inside() {
      inside.push(useAuth().status);
      return <div>secret content</div>;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/secret',
          element: (
            <>
              <Outside />
              <AuthGuard>
                <Inside />
              </AuthGuard>
            </>
          ),
        },
      ],
      { initialEntries: ['/secret'] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByText('secret content')).toBeInTheDocument();
    expect(outside[0]).toBe('loading');
    expect(inside.length).toBeGreaterThan(0);
    expect(inside).not.toContain('loading');
  });

  it('shows no access (never the content) when the role is outside the group', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('counter_staff')));
    renderGuarded('/secret', 'eventAdmin');
    expect(await screen.findByTestId('no-access')).toBeInTheDocument();
    expect(screen.queryByText('secret content')).toBeNull();
    expect(screen.getByRole('link', { name: /home screen/i })).toHaveAttribute('href', '/counter/gifts/entry');
  });

  it('shows the content when the role is inside the group', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('event_admin')));
    renderGuarded('/secret', 'eventOwner');
    expect(await screen.findByText('secret content')).toBeInTheDocument();
  });
});
