// Public pages in real Chromium with the service worker on: the landing page renders offline from the
// SW after one visit; Sign In reaches the sign-in page; anchors scroll with the 80 px offset; the
// drawer and the carousel work from the keyboard; axe-core finds no serious or critical violation on
// the landing, sign-in and not-found pages (English and Tamil).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, newContext, seriousA11yViolations, startServer, waitForServiceWorker, waitForStill, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  // LANDING_E2E_DIST lets a developer point at a build of their own (default: dist-e2e/ from global-setup).
  server = await startServer(process.env.LANDING_E2E_DIST ? { STATIC_DIR: process.env.LANDING_E2E_DIST } : {});
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string, opts: { width?: number; height?: number; lang?: 'en' | 'ta' } = {}) {
  const context = await newContext(browser, { width: opts.width ?? 1440, height: opts.height ?? 900, locale: opts.lang === 'ta' ? 'ta-IN' : 'en-IN' });
  await context.addInitScript((lang) => localStorage.setItem('moi.language', lang), opts.lang ?? 'en');
  const page = await context.newPage();
  const response = await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  // The landing and sign-in arrive rendered (server/prerender.ts): their buttons answer once React has
  // hydrated them, which sets the page's own title (the HTML's is the shell's).
  if (path === '/' || path === '/session/signin') await page.waitForFunction(() => document.title !== 'மொய் · Moi');
  return { context, page, response };
}

/** The app's own registration, or (while the app has none) the built worker registered directly. */
async function ensureServiceWorker(page: Page): Promise<void> {
  const registered = await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration()), null, { timeout: 8_000, polling: 100 }).then(() => true, () => false);
  if (!registered) await page.evaluate(async () => void (await navigator.serviceWorker.register('/sw.js', { scope: '/' })));
  await waitForServiceWorker(page);
}

const seriousViolations = seriousA11yViolations;

describe('landing page', () => {
  it('renders offline from the service worker after one visit, legal pages too', async () => {
    const { context, page } = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await ensureServiceWorker(page);
    await context.setOffline(true);
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: /Every moi gift/ }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    expect(await page.locator('#price-list').getByText('₹999').isVisible()).toBe(true);
    // The first slide's image comes from the precache too.
    expect(await page.locator('img[src*="slide-1"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy-policy');
    // Offline, the payment button falls back to contact.
    await page.goto(`${server.url}/#price-list`, { waitUntil: 'load' });
    expect(await page.locator('script[src*="razorpay"]').count()).toBe(0);
    await context.close();
  });

  it('makes no third-party request when analytics and payment are not configured', async () => {
    const context = await newContext(browser, { width: 1440, height: 900 });
    const page = await context.newPage();
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
    expect(await page.evaluate(() => 'gtag' in window || 'plausible' in window)).toBe(false);
    await context.close();
  });

  it('arriving with /#benefits puts that section 80 px below the top', async () => {
    const { context, page } = await open('/#benefits');
    await page.waitForFunction(() => {
      const el = document.getElementById('benefits');
      return !!el && Math.abs(el.getBoundingClientRect().top - 80) <= 2;
    }, null, { timeout: 10_000 });
    await context.close();
  });

  it('Sign In navigates to the sign-in page', async () => {
    const { context, page } = await open('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/session/signin');
    await page.getByLabel(/password/i).first().waitFor();
    await context.close();
  });

  it('the first load carries only the active language; the language button fetches the other, then switches, and keeps the choice', async () => {
    const { context, page } = await open('/');
    const tamilTitle = 'ஒவ்வொரு மொய்யும்';
    const scriptsWithTamilTitle: string[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.text().catch(() => '');
      if (body.includes(tamilTitle)) scriptsWithTamilTitle.push(new URL(res.url()).pathname);
    });
    await page.getByRole('heading', { level: 1, name: /Every moi gift/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scriptsWithTamilTitle).toEqual([]);
    await page.getByRole('banner').getByRole('button', { name: /தமிழ்|Tamil/ }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(tamilTitle) }).waitFor({ timeout: 10_000 });
    // The response listener reads each body asynchronously: on a loaded machine the heading can win that race.
    await expect.poll(() => scriptsWithTamilTitle.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ta');
    // No catalogue key ever reaches the page.
    expect(await page.locator('body').innerText()).not.toMatch(/\blanding\.[a-z]+\./);
    // Kept on this device (open() sets English before every load, so a reload here would not tell).
    expect(await page.evaluate(() => localStorage.getItem('moi.language'))).toBe('ta');
    await context.close();
  });

  it('an anchor link scrolls the section to 80 px below the top, highlights it and restyles the bar', async () => {
    const { context, page } = await open('/');
    const header = page.getByRole('banner');
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    await header.getByRole('link', { name: 'Price list' }).click();
    await page.waitForFunction(() => Math.abs(document.getElementById('price-list')!.getBoundingClientRect().top - 80) <= 2, null, { timeout: 10_000 });
    await page.waitForFunction(() => document.querySelector('header a[href="#price-list"]')?.getAttribute('aria-current') === 'true');
    expect(await header.getAttribute('data-scrolled')).toBe('true');
    expect(new URL(page.url()).hash).toBe('#price-list');
    // Scrolling back near the top: below 100 px the bar returns to its first style.
    await page.evaluate(() => window.scrollTo({ top: 60, behavior: 'instant' }));
    await page.waitForFunction(() => document.querySelector('header')?.getAttribute('data-scrolled') === 'false');
    await context.close();
  });

  it('on a phone the menu is a right-hand drawer, operable from the keyboard', async () => {
    const { context, page } = await open('/', { width: 390, height: 844 });
    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    const box = (await drawer.boundingBox())!;
    await waitForStill(page); // the slide-in
    const settled = (await drawer.boundingBox())!;
    expect(Math.round(settled.x + settled.width)).toBe(390);
    expect(settled.x).toBeGreaterThan(390 - 330);
    expect(box.width).toBeGreaterThan(200);
    // Focus is inside; Tab cycles within the drawer.
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await burger.evaluate((b) => b === document.activeElement)).toBe(true);
    // A drawer link scrolls to its section with the offset.
    await burger.click();
    await drawer.getByRole('link', { name: 'Contact' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('a[href="#contact"]') !== null && window.scrollY > 1000, null, { timeout: 10_000 });
    await context.close();
  });

  it('the carousel is operable from the keyboard', async () => {
    const { context, page } = await open('/');
    const visible = () => page.locator('[aria-roledescription="slide"]:not([hidden])').getAttribute('aria-label');
    expect(await visible()).toBe('Slide 1 of 5');
    await page.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('Enter');
    expect(await visible()).toBe('Slide 2 of 5');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await visible()).toBe('Slide 5 of 5');
    await page.getByRole('button', { name: 'Pause slideshow' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Play slideshow' }).waitFor();
    await page.getByRole('button', { name: 'Go to slide 3' }).focus();
    await page.keyboard.press('Enter');
    expect(await visible()).toBe('Slide 3 of 5');
    await context.close();
  });

  it('a slow first visit shows the logo and spinner from index.html until the app mounts (the landing itself is in its HTML)', async () => {
    const context = await newContext(browser, { width: 390, height: 800, locale: 'ta-IN' });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // Hold every script, as a slow connection would, while index.html itself arrives.
    await context.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    // The landing and sign-in pages come rendered at build time (tests/e2e/prerender.e2e.ts): the
    // landing's heading is there with every script held. Other pages start from the shell.
    await page.goto(`${server.url}/`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('boot-loading-screen').count()).toBe(0);
    // Module scripts hold DOMContentLoaded back, so wait only for the response to start.
    await page.goto(`${server.url}/privacy-policy`, { waitUntil: 'commit' });
    const boot = page.getByRole('status', { name: /Loading/ });
    await boot.waitFor();
    // The logo loads while every script is still held (the status can show a moment before it has).
    await expect.poll(() => page.locator('.boot-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    release();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('boot-loading-screen').count()).toBe(0);
    await context.close();
  });

  it('an unknown path answers 404 and shows the not-found page with a way home', async () => {
    const { context, page, response } = await open('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: /Every moi gift/ }).waitFor();
    await context.close();
  });
});

describe('headers on a small phone (360 px)', () => {
  for (const lang of ['en', 'ta'] as const) {
    it(`${lang}: signed in, the landing and plain pages keep every header control on screen ("Open the app" is wider than "Sign in")`, async () => {
      const { context, page } = await open('/session/signin', { width: 360, height: 740, lang });
      try {
        await page.locator('input[name="username"]').fill(ADMIN.username);
        await page.locator('input[name="password"]').fill(ADMIN.password);
        await page.locator('button[type="submit"]').click();
        await page.waitForURL((u) => !u.pathname.startsWith('/session/signin'), { timeout: 30_000 });
        for (const path of ['/', '/privacy-policy', '/no/such/page']) {
          await page.goto(`${server.url}${path}`);
          await page.locator('h1').first().waitFor();
          const openApp = page.locator('header').getByRole('link', { name: lang === 'ta' ? 'செயலியைத் திற' : 'Open the app' });
          await openApp.waitFor();
          const edges = await page.locator('header').evaluate((h) => [...h.querySelectorAll('a, button')].filter((e) => (e as HTMLElement).offsetParent).map((e) => e.getBoundingClientRect().right));
          expect(Math.max(...edges), `${path}: rightmost header control`).toBeLessThanOrEqual(360);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
        }
      } finally {
        await context.close();
      }
    });
  }
});

describe('accessibility (axe-core): no serious or critical violations', () => {
  for (const lang of ['en', 'ta'] as const) {
    describe(lang, () => {
      // One browser context per language, each page opened in it at its width (a context per page
      // cost a fresh service-worker install each time).
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        context = await newContext(browser, { width: 1440, height: 900, locale: lang === 'ta' ? 'ta-IN' : 'en-IN' });
        await context.addInitScript((l) => localStorage.setItem('moi.language', l), lang);
        page = await context.newPage();
      });
      afterAll(async () => { await context?.close(); });
      for (const [name, path, width] of [
        ['landing', '/', 1440],
        ['landing (phone)', '/', 390],
        ['sign-in', '/session/signin', 1440],
        ['not-found', '/no/such/page', 390],
        ['privacy', '/privacy-policy', 800],
      ] as const) {
        it(`${name} in ${lang}`, async () => {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
          await page.locator('h1').first().waitFor();
          await waitForStill(page);
          expect(await seriousViolations(page)).toEqual([]);
        });
      }
    });
  }
});
