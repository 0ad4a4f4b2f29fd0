import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { freshDevice, loginOk, makeUser, Providers, stubFetch } from '../../app/test-helpers';
import { setLanguage } from '../../lib/i18n';
import { setOnline } from '../../../tests/support/dom-stubs';
import SignInPage, { safeFrom } from './signin-page';

const realFetch = globalThis.fetch;
beforeEach(freshDevice);
afterEach(() => {
  globalThis.fetch = realFetch;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname}</div>;
}

function renderSignIn(state?: { from?: string }) {
  const router = createMemoryRouter(
    [
      { path: '/session/signin', element: <SignInPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [{ pathname: '/session/signin', state }] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

async function fillAndEnter(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/username/i), username);
  await user.type(screen.getByLabelText(/^password/i), `${password}{Enter}`);
}

describe('sign-in page', () => {
  it('has visible labels and a show/hide password toggle', async () => {
    renderSignIn();
    const pw = (await screen.findByLabelText(/^password/i)) as HTMLInputElement;
    expect(screen.getByLabelText(/username/i)).toBeInTheDocument();
    expect(pw.type).toBe('password');
    const toggle = screen.getByRole('button', { name: /show password/i });
    await userEvent.setup().click(toggle);
    expect(pw.type).toBe('text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    toggle.focus();
    fireEvent.keyDown(toggle, { key: 'Enter' });
    expect(pw.type).toBe('password');
  });

  it('submits on Enter and goes to the role home (counter staff → gift entry)', async () => {
    const { requests } = stubFetch({ 'POST /moi/auth/login': loginOk(makeUser('counter_staff')) });
    renderSignIn();
    await fillAndEnter('staff1', 'pass-1234');
    expect(await screen.findByTestId('where')).toHaveTextContent('/counter/gifts/entry');
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/moi/auth/login', body: { username: 'staff1', password: 'pass-1234' } });
  });

  it.each([
    ['app_admin', '/dashboard/default'],
    ['event_admin', '/event/counter'],
    ['event_owner', '/events'],
  ] as const)('%s lands on %s', async (role, home) => {
    stubFetch({ 'POST /moi/auth/login': loginOk(makeUser(role)) });
    renderSignIn();
    await fillAndEnter('u', 'p');
    expect(await screen.findByTestId('where')).toHaveTextContent(home);
  });

  it('goes back to the requested page (from) after sign-in', async () => {
    stubFetch({ 'POST /moi/auth/login': loginOk(makeUser('event_owner')) });
    renderSignIn({ from: '/charts/echarts' });
    await fillAndEnter('u', 'p');
    expect(await screen.findByTestId('where')).toHaveTextContent('/charts/echarts');
  });

  it('shows the wrong-credentials message and stays on the page', async () => {
    stubFetch({ 'POST /moi/auth/login': { status: 401, body: { code: 'invalid_credentials', message: 'Invalid' } } });
    renderSignIn();
    await fillAndEnter('u', 'bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
    expect(screen.queryByTestId('where')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('shows the lockout message on too many attempts', async () => {
    stubFetch({ 'POST /moi/auth/login': { status: 429, body: { code: 'too_many_attempts', message: 'Locked' } } });
    renderSignIn();
    await fillAndEnter('u', 'bad');
    expect(await screen.findByRole('alert')).toHaveTextContent(/try again in 15 minutes/);
  });

  it('says a connection is needed when the network fails', async () => {
    stubFetch({ 'POST /moi/auth/login': 'network' });
    renderSignIn();
    await fillAndEnter('u', 'p');
    expect(await screen.findByRole('alert')).toHaveTextContent(/connection is needed to sign in/);
  });

  it('warns up front when the browser is offline', async () => {
    setOnline(false);
    renderSignIn();
    expect(await screen.findByTestId('offline-notice')).toHaveTextContent(/connection is needed to sign in/);
  });

  it('asks for both fields before calling the server', async () => {
    const { requests } = stubFetch({});
    renderSignIn();
    await userEvent.setup().type(await screen.findByLabelText(/username/i), 'only-name{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/enter your username and password/);
    expect(requests).toHaveLength(0);
  });

  it('shows a busy state while signing in and ignores a second submit', async () => {
    const user = makeUser('event_owner');
    const { requests, api } = stubFetch({ 'POST /moi/auth/login': { status: 200, body: { user, device: null } } });
    const release = api.hold();
    renderSignIn();
    await fillAndEnter('u', 'p');
    const button = await screen.findByRole('button', { name: /signing in/i });
    expect(button).toHaveAttribute('data-loading');
    fireEvent.submit(button.closest('form')!);
    release();
    expect(await screen.findByTestId('where')).toHaveTextContent('/events');
    expect(requests).toHaveLength(1);
  });

  it('is in Tamil when Tamil is chosen', async () => {
    setLanguage('ta');
    renderSignIn();
    expect(await screen.findByLabelText(/பயனர் பெயர்/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'உள்நுழைக' })).toBeInTheDocument();
  });

  it('follows only same-app paths from the from state', () => {
    expect(safeFrom('/events?x=1')).toBe('/events?x=1');
    expect(safeFrom('//evil.example/')).toBeNull();
    expect(safeFrom('https://evil.example/')).toBeNull();
    expect(safeFrom('/session/signin')).toBeNull();
    expect(safeFrom(undefined)).toBeNull();
  });
});

describe('sign-in page when already signed in', () => {
  it('sends a signed-in user straight to their home', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('event_admin')));
    renderSignIn();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/event/counter'));
  });
});
