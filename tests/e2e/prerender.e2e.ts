// The landing and the sign-in page arrive rendered (server/prerender.ts): with none of the app's
// scripts loaded the page is already there, styled, in the device's language; a device holding what
// the build could not know (a signed-in user) starts from the loading screen as before; and once the
// scripts run React takes over the same elements (hydration) instead of drawing the page again.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { landing as enLanding } from '../../src/locales/en/landing';
import { landing as taLanding } from '../../src/locales/ta/landing';
import { auth as enAuth } from '../../src/locales/en/auth';
import { auth as taAuth } from '../../src/locales/ta/auth';
import { launchBrowser, startServer, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function withoutScripts(lang: 'en' | 'ta', stored: Record<string, string> = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, locale: lang === 'ta' ? 'ta-IN' : 'en-IN' });
  await context.addInitScript((s) => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }, stored);
  const page = await context.newPage();
  // None of the app's JavaScript: only what the HTML itself does.
  await page.route('**/assets/**/*.js', (route) => route.abort());
  return { context, page };
}

it('shows the landing and the sign-in page from their HTML, styled, in the browser\'s language, before any script', async () => {
  for (const lang of ['en', 'ta'] as const) {
    const { context, page } = await withoutScripts(lang);
    await page.goto(`${server.url}/`);
    const title = lang === 'en' ? enLanding.hero.title : taLanding.hero.title;
    await expect.poll(() => page.locator('h1').textContent()).toBe(title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    expect(await page.locator('#price-list').isVisible()).toBe(true);
    // Styled by the inlined CSS: the hero's buttons are laid out as buttons, not bare links.
    const btn = page.locator(`a[href="#price-list"]`).first();
    expect(await btn.evaluate((el) => getComputedStyle(el).display)).not.toBe('inline');
    // The first slide, the largest paint, is in the HTML.
    expect(await page.locator('img[src*="slide-1"]').count()).toBeGreaterThan(0);
    expect(await page.locator('template').count()).toBe(0);

    await page.goto(`${server.url}/session/signin`);
    const label = lang === 'en' ? enAuth.username : taAuth.username;
    await expect.poll(() => page.locator('label', { hasText: label }).count()).toBe(1);
    expect(await page.locator('input[name="username"]').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(lang === 'en' ? enAuth.title : taAuth.title);
    // Submitted before the script runs, the form never puts the password in the address.
    if (lang === 'en') {
      await page.locator('input[name="username"]').fill('someone');
      await page.locator('input[name="password"]').fill('secret-password');
      await page.locator('input[name="password"]').press('Enter');
      await page.waitForLoadState();
      expect(page.url()).not.toContain('secret-password');
    }
    await context.close();
  }
});

it('a device with a signed-in user or a chosen language gets what it asked for, not the built page', async () => {
  // A user on record: "Open the app" on the landing, straight on from sign-in; the shell's loading screen until the app runs.
  const user = JSON.stringify({ id: 'u1', username: 'someone', name: 'Someone', role: 'event_admin' });
  const { context, page } = await withoutScripts('en', { user });
  for (const url of ['/', '/session/signin']) {
    await page.goto(`${server.url}${url}`);
    await page.getByTestId('boot-loading-screen').waitFor();
    expect(await page.locator('h1').count(), url).toBe(0);
  }
  await context.close();
  // Tamil chosen on an English browser: the Tamil page.
  const ta = await withoutScripts('en', { 'moi.language': 'ta' });
  await ta.page.goto(`${server.url}/`);
  await expect.poll(() => ta.page.locator('h1').textContent()).toBe(taLanding.hero.title);
  await ta.context.close();
});

it('hydrates the rendered page: the same elements stay, no error, and the page works', async () => {
  for (const lang of ['en', 'ta'] as const) {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, locale: lang === 'ta' ? 'ta-IN' : 'en-IN' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Any console error fails, and the browser's complaint about the Permissions-Policy header (a
    // warning: "Unrecognized feature: 'bluetooth'", which it then ignores).
    page.on('console', (m) => { if (m.type() === 'error' || m.text().includes('Permissions-Policy')) errors.push(m.text()); });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstH1: Element | null }).firstH1 = document.querySelector('h1');
      });
    });
    await page.goto(`${server.url}/`);
    await page.waitForLoadState('networkidle');
    // Hydrated: the page's own title replaces the shell's.
    await page.waitForFunction(() => document.title !== 'மொய் · Moi');
    // The heading the HTML brought is the one on the page now: React took it over, not drew it again.
    expect(await page.evaluate(() => (window as unknown as { firstH1: Element | null }).firstH1 === document.querySelector('h1'))).toBe(true);
    const signIn = lang === 'en' ? enLanding.nav.signIn : taLanding.nav.signIn;
    await page.getByRole('link', { name: signIn }).first().click();
    await page.waitForURL('**/session/signin');
    await page.locator('label', { hasText: lang === 'en' ? enAuth.username : taAuth.username }).waitFor();
    await page.locator('input[name="username"]').fill('someone');
    expect(await page.locator('input[name="username"]').inputValue()).toBe('someone');
    // A client-side navigation by React's router (a reload would have lost firstH1).
    expect(await page.evaluate(() => (window as unknown as { firstH1?: Element | null }).firstH1 !== undefined)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }
});
