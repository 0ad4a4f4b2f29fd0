// Every route × every role against the ARCHITECTURE §4 table: the page renders, the visit is
// redirected to sign-in (signed out), or the no-access page shows (role outside the group).
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { isAppPath, signedInPaths } from '../../contract/app-paths';
import type { Role } from '../../contract/roles';
import { appRoutes } from './route-table';
import { freshDevice, makeUser, mountApp } from './test-helpers';

// The table of ARCHITECTURE §4, written out independently of route-table.ts.
const A = 'app_admin', E = 'event_admin', O = 'event_owner', S = 'counter_staff';
const expected: Record<string, Role[]> = {
  '/dashboard/default': [A],
  '/admin/Eventadmin': [A],
  '/admin/eventownerpage': [A],
  '/admin/counteradminpage': [A],
  '/admin/closedcounters': [A],
  '/admin/adminManagegift': [A],
  '/admin/DeletedMoiList': [A],
  '/admin/membership': [A],
  '/admin/messaging': [A],
  '/event/counter': [A, E],
  '/eventadmin/counter/staff': [A, E],
  '/event/gifts/manage': [A, E],
  '/eventadmin/eventadmindeletedgifts': [A, E],
  '/event/messaging': [A, E],
  '/eventadmin/devices': [A, E], // issue 16: the device-revoke screen (not in ARCHITECTURE §4's first table)
  '/admin/provider': [A], // issue 16: provider settings
  '/events': [A, E, O],
  '/event/gift': [A, E, O],
  '/gifts/lists': [A, E, O],
  '/charts/echarts': [A, E, O],
  '/ledger/people': [A, E, O],
  '/ledger/given': [A, E, O],
  '/ledger/invitations': [A, E, O],
  '/ledger/due': [A, E, O],
  '/ledger/import': [A, E, O],
  '/ledger/book': [A, E, O],
  '/ledger/families': [A, E, O],
  '/ledger/villages': [A, E, O],
  '/ledger/household': [A, E, O], // issue 30: the family shares the ledger
  '/counter/gifts/entry': [A, E, O, S],
  '/counter/gifts/lists': [A, E, O, S],
  '/counter/membership': [A, E, O, S],
  '/counter/membership/form': [A, E, O, S],
  '/counter/printer': [A, E, O, S], // issue 28: each device's receipt printer
  '/partners': [A, E], // issue 29: a hall's page (its admins; every hall for the app admin)
  '/event/plan': [A, E, O], // issue 29: an event's plan and payment
  '/admin/billing': [A], // issue 29: the provider's plans, payments and invoices
  '/page-layouts/user-profile': [A, E, O, S],
};

const mount = (path: string) => mountApp(path);

beforeEach(freshDevice);

describe('route table', () => {
  it('has exactly the routes of ARCHITECTURE §4', () => {
    expect(appRoutes.map((r) => r.path).sort()).toEqual(Object.keys(expected).sort());
  });

  it('the server knows every page the router has (answers 200), and no other (404)', () => {
    expect([...signedInPaths].sort()).toEqual(appRoutes.map((r) => r.path).sort());
    for (const r of appRoutes) expect(isAppPath(r.path), r.path).toBe(true);
    expect(isAppPath('/session/signin')).toBe(true);
    expect(isAppPath('/')).toBe(true);
    expect(isAppPath('/no/such/page')).toBe(false);
    // A receipt's public verification page (any token shape the page then checks).
    expect(isAppPath('/r/AbCdEfGhIjKlMnOpQrStUv')).toBe(true);
    expect(isAppPath('/r/')).toBe(false);
  });

  it('every route page file exports a default component', async () => {
    for (const r of appRoutes) {
      const mod = await r.load();
      expect(typeof mod.default, r.path).toBe('function');
    }
  }, 60_000);
});

describe.each([A, E, O, S] as Role[])('signed in as %s', (role) => {
  it('each route renders its page, or the no-access page when the role is outside its group', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser(role)));
    const paths = Object.keys(expected);
    const router = mount(paths[0]);
    for (const path of paths) {
      await act(async () => {
        await router.navigate(path);
      });
      const allowed = expected[path].includes(role);
      if (allowed) {
        await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent(`page:${path}`));
        expect(screen.queryByTestId('no-access')).toBeNull();
      } else {
        await waitFor(() => expect(screen.getByTestId('no-access')).toBeInTheDocument());
        // Says who to ask: the event admin for staff and hosts, the app admin for an event admin.
        expect(screen.getByTestId('no-access')).toHaveTextContent(role === E ? 'ask the app admin' : 'ask the event admin');
        expect(screen.queryByTestId('page')).toBeNull();
      }
      expect(router.state.location.pathname).toBe(path);
    }
  }, 60_000);
});

describe('signed out', () => {
  it.each(Object.keys(expected))('%s redirects to sign-in with from', async (path) => {
    const router = mount(`${path}?q=1`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/session/signin'));
    expect(router.state.location.state).toEqual({ from: `${path}?q=1` });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByTestId('page')).toBeNull();
  });

  it('public routes render without signing in; unknown paths show the not-found page', async () => {
    const router = mount('/privacy-policy');
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy-policy'));
    await act(async () => {
      await router.navigate('/definitely/not/here');
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/definitely/not/here');
    expect(screen.queryByTestId('page')).toBeNull();
  });
});

describe('layout', () => {
  it('shows breadcrumbs from the route table and the role-filtered navigation', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('event_admin')));
    mount('/eventadmin/counter/staff');
    const crumb = await screen.findByTestId('breadcrumb');
    expect(crumb).toHaveTextContent('Counter staff');
    expect(screen.getByRole('link', { name: 'Event' })).toHaveAttribute('href', '/event/counter');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toHaveTextContent('Counters');
    expect(nav).not.toHaveTextContent('Event admins');
  });

  it("the breadcrumb's Home goes to the root path, as the spec says (the landing's 'Open the app' leads back in)", async () => {
    localStorage.setItem('user', JSON.stringify(makeUser('event_owner')));
    const router = mount('/gifts/lists');
    const crumb = await screen.findByTestId('breadcrumb');
    const home = within(crumb).getByRole('link', { name: 'Home' });
    expect(home).toHaveAttribute('href', '/');
    await act(async () => home.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
