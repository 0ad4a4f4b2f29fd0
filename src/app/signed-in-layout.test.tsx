// The signed-in frame as a user meets it: sign-out (refused while work is unsynced), compact
// sidebar kept per device, the phone drawer, the session-ended notice.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNAUTHENTICATED_EVENT } from '../lib/api';
import { SETTINGS_KEY } from '../lib/settings';
import { auth } from '../lib/auth-store';
import { OPEN_SYNC_PANEL_EVENT } from './signed-in-layout';
import { stubPhoneScreen } from '../../tests/support/dom-stubs';
import { freshDevice, makeUser, mountApp, recordingLifecycle, stubFetch, type RecordingLifecycle } from './test-helpers';

const realFetch = globalThis.fetch;
const realMatchMedia = window.matchMedia;
const mount = (path: string, lifecycle: RecordingLifecycle = recordingLifecycle()) => mountApp(path, lifecycle);

beforeEach(freshDevice);
afterEach(() => {
  globalThis.fetch = realFetch;
  window.matchMedia = realMatchMedia;
});

async function openUserMenuAndSignOut() {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('user-menu'));
  await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }, { timeout: 4000 }));
}

describe('sign-out from the user menu', () => {
  it('signs out and goes to the sign-in page', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('event_owner')));
    stubFetch({ 'POST /moi/auth/logout': { status: 200, body: { ok: true } } });
    const router = mount('/events');
    await screen.findByTestId('page', {}, { timeout: 5000 });
    await openUserMenuAndSignOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/session/signin'));
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('is refused with unsynced entries: a warning says how many, the user stays signed in, and the sync panel can be opened', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('counter_staff')));
    const { requests } = stubFetch({ 'POST /moi/auth/logout': { status: 200, body: { ok: true } } });
    const lc = recordingLifecycle(2);
    const router = mount('/counter/gifts/entry', lc);
    await screen.findByTestId('page', {}, { timeout: 5000 });
    await openUserMenuAndSignOut();
    const dialog = await screen.findByRole('dialog', {}, { timeout: 4000 });
    expect(dialog).toHaveTextContent('2 entries on this device have not reached the server yet');
    expect(router.state.location.pathname).toBe('/counter/gifts/entry');
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(requests.filter((r) => r.path === '/moi/auth/logout')).toHaveLength(0);
    let opened = 0;
    window.addEventListener(OPEN_SYNC_PANEL_EVENT, () => opened++);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Open sync panel' }));
    expect(opened).toBe(1);
  });
});

describe('breadcrumbs', () => {
  it("the home link goes to the root path, not the role's home (spec §2)", async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('event_owner')));
    mount('/events');
    await screen.findByTestId('page', {}, { timeout: 5000 });
    const trail = within(screen.getByTestId('breadcrumb')).getByRole('navigation');
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });
});

describe('sidebar', () => {
  it('switches to compact mode and keeps it on this device', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('app_admin')));
    mount('/dashboard/default');
    await screen.findByTestId('page', {}, { timeout: 5000 });
    expect(screen.getByTestId('sidebar-full')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Compact sidebar' }));
    expect(await screen.findByTestId('sidebar-compact')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY)!).layout1Settings.leftSidebar.mode).toBe('compact');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('uses the background image of the spec in full mode', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('app_admin')));
    mount('/dashboard/default');
    await screen.findByTestId('page', {}, { timeout: 5000 });
    expect(screen.getByTestId('sidebar-full').style.backgroundImage).toContain('/assets/images/sidebar/sidebar-bg-dark.jpg');
  });

  it('on a phone the navigation is a drawer opened from the top bar, closed after following a link', async () => {
    stubPhoneScreen();
    localStorage.setItem('user', JSON.stringify(makeUser('counter_staff')));
    const router = mount('/counter/gifts/entry');
    await screen.findByTestId('page', {}, { timeout: 5000 });
    expect(screen.queryByTestId('sidebar-full')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByTestId('sidebar-full');
    // The drawer is a dialog named for what it holds (the name on the dialog, not on a plain wrapper div).
    expect(screen.getByRole('dialog', { name: 'Main navigation' })).toContainElement(drawer);
    await user.click(within(drawer).getByRole('link', { name: /My counter's gifts/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/counter/gifts/lists'));
    await waitFor(() => expect(screen.queryByTestId('sidebar-full')).toBeNull(), { timeout: 4000 });
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    await user.click(within(await screen.findByTestId('sidebar-full')).getByRole('button', { name: 'Close navigation' }));
    await waitFor(() => expect(screen.queryByTestId('sidebar-full')).toBeNull(), { timeout: 4000 });
  });
});

describe('session ended on the server', () => {
  it('a 401 shows a notice with a way to sign in again, keeping the page', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('counter_staff')));
    mount('/counter/gifts/lists');
    await screen.findByTestId('page', {}, { timeout: 5000 });
    act(() => {
      window.dispatchEvent(new CustomEvent(UNAUTHENTICATED_EVENT));
    });
    const notice = await screen.findByTestId('session-ended');
    expect(notice).toHaveTextContent('Sign in again');
    expect(within(notice).getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/session/signin');
    expect(screen.getByTestId('page')).toBeInTheDocument();
  });
});

describe('keyboard', () => {
  it('offers a skip link to the main content, and the content is not a nested main landmark', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('event_owner')));
    mount('/events');
    await screen.findByTestId('page', {}, { timeout: 5000 });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')).toContainElement(screen.getByTestId('page'));
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});

describe('top bar', () => {
  it('shows a name saved on the profile page at once, without a reload', async () => {
    const me = makeUser('counter_staff', { name: 'Muthu' });
    localStorage.setItem('user', JSON.stringify(me));
    stubFetch({});
    mount('/counter/gifts/entry');
    const menu = await screen.findByTestId('user-menu', {}, { timeout: 5000 });
    expect(within(menu).getByText('Muthu')).toBeInTheDocument();
    // What the profile page does after a save (src/features/profile/use-profile.ts).
    act(() => auth.update(me.id, { name: 'Muthu Kannan' }));
    await waitFor(() => expect(within(screen.getByTestId('user-menu')).getByText('Muthu Kannan')).toBeInTheDocument());
  });
});
