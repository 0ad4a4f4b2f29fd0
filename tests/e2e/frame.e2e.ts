// The signed-in frame against the real server: each of the four roles signs in through the real
// sign-in page and sees its own menu, signs out; a deep link visited signed out (and reloaded)
// leads through sign-in back to it; a signed-in tablet stays signed in across a reload offline.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../contract/roles';
import { createUser } from '../../server/test-utils';
import { ADMIN, launchBrowser, newContext, startServer, waitForServiceWorker, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;

const PASSWORD = 'frame-e2e-pass';
const users: Record<Role, { username: string; password: string; home: string; sees: string[]; notSees: string[] }> = {
  app_admin: { username: ADMIN.username, password: ADMIN.password, home: '/dashboard/default', sees: ['Dashboard', 'Administration', 'Event', 'Events', 'Counter', 'Profile', 'Help'], notSees: [] },
  event_admin: { username: 'frame-ea', password: PASSWORD, home: '/event/counter', sees: ['Event', 'Events', 'Counter', 'Profile', 'Help'], notSees: ['Dashboard', 'Administration'] },
  event_owner: { username: 'frame-eo', password: PASSWORD, home: '/events', sees: ['Events', 'Counter', 'Profile', 'Help'], notSees: ['Dashboard', 'Administration', 'Counter staff'] },
  counter_staff: { username: 'frame-cs', password: PASSWORD, home: '/counter/gifts/entry', sees: ['Counter', 'Gift entry', 'Profile', 'Help'], notSees: ['Dashboard', 'Administration', 'My events'] },
};

beforeAll(async () => {
  server = await startServer();
  for (const role of ['event_admin', 'event_owner', 'counter_staff'] as const) {
    await createUser(server.app, { username: users[role].username, password: PASSWORD, role, name: `Frame ${role}` });
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Password/).press('Enter');
}

const navText = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).innerText();

describe('sign in as each role', () => {
  for (const role of ['app_admin', 'event_admin', 'event_owner', 'counter_staff'] as const) {
    it(`${role}: lands on its home, sees its menu, signs out`, async () => {
      const u = users[role];
      const context = await newContext(browser);
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}/session/signin`);
        await signIn(page, u.username, u.password);
        await page.waitForURL(`${server.url}${u.home}`, { timeout: 30_000 });
        await page.getByTestId('breadcrumb').waitFor({ timeout: 30_000 });
        const nav = await navText(page);
        for (const label of u.sees) expect(nav, `${role} should see ${label}`).toContain(label);
        for (const label of u.notSees) expect(nav.split('\n'), `${role} should not see ${label}`).not.toContain(label);
        expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!).username).toBe(u.username);

        // Signed in across a reload.
        await page.reload();
        await page.getByTestId('breadcrumb').waitFor({ timeout: 30_000 });
        expect(new URL(page.url()).pathname).toBe(u.home);

        await page.getByTestId('user-menu').click();
        await page.getByRole('menuitem', { name: 'Sign out' }).click();
        await page.waitForURL(`${server.url}/session/signin`, { timeout: 30_000 });
        expect(await page.evaluate(() => [localStorage.getItem('user'), sessionStorage.getItem('userId')])).toEqual([null, null]);
        // The server session is gone too.
        const me = await page.evaluate(async () => (await fetch('/moi/auth/me', { credentials: 'include' })).status);
        expect(me).toBe(401);
      } finally {
        await context.close();
      }
    });
  }
});

it('a role outside the group gets the no-access page, never the content', async () => {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/session/signin`);
    await signIn(page, users.counter_staff.username, PASSWORD);
    await page.waitForURL(`${server.url}${users.counter_staff.home}`, { timeout: 30_000 });
    await page.goto(`${server.url}/admin/Eventadmin`);
    await page.getByTestId('no-access').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { name: 'No access' }).count()).toBe(1);
  } finally {
    await context.close();
  }
});

it('wrong password shows the message and stays on the sign-in page', async () => {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/session/signin`);
    await signIn(page, users.event_owner.username, 'not-the-password');
    await expect.poll(() => page.getByRole('alert').innerText(), { timeout: 15_000 }).toContain('Wrong username or password');
    expect(new URL(page.url()).pathname).toBe('/session/signin');
  } finally {
    await context.close();
  }
});

it('a deep link opened (and reloaded) while signed out goes through sign-in back to the deep link', async () => {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/charts/echarts?event=x`);
    await page.waitForURL(`${server.url}/session/signin`, { timeout: 30_000 });
    await page.reload();
    await page.getByLabel('Username').waitFor();
    await signIn(page, users.event_owner.username, PASSWORD);
    await page.waitForURL(`${server.url}/charts/echarts?event=x`, { timeout: 30_000 });
    await page.getByTestId('breadcrumb').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('breadcrumb').innerText()).toContain('Charts');
  } finally {
    await context.close();
  }
});

it('a signed-in tablet stays signed in when reloaded offline', async () => {
  const context = await newContext(browser, { width: 800, height: 1280 });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/session/signin`);
    await signIn(page, users.counter_staff.username, PASSWORD);
    await page.waitForURL(`${server.url}${users.counter_staff.home}`, { timeout: 30_000 });
    // Use the app's service worker; if the app has not registered one yet, register the built one.
    const registered = await page
      .waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration()), null, { timeout: 10_000 })
      .then(() => true, () => false);
    if (!registered) await page.evaluate(async () => void (await navigator.serviceWorker.register('/sw.js', { scope: '/' })));
    // Bounded: an install that fails (e.g. dist-e2e/ rebuilt underneath the server) must fail here, clearly.
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration())?.active, null, { timeout: 60_000 });
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('breadcrumb').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/counter/gifts/entry');
    expect(await page.getByTestId('breadcrumb').innerText()).toContain('Gift entry');
    // At a tablet's width the entry screen keeps its room: the signed-in menu is there, compact (icons only).
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByTestId('vertical-nav').getAttribute('data-mode')).toBe('compact');
    expect(await nav.getByRole('button').or(nav.getByRole('link')).count()).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});
