// The installed shell survives losing the network: load the app from the real server, wait until the
// service worker controls the page, go offline, reload — the app still renders, deep routes too,
// while /moi/ API paths are never answered from the shell cache.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newContext, startServer, waitForServiceWorker, type E2EServer } from './harness';

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

/** The React root has rendered something the user can see. */
async function expectShellRendered(page: Page) {
  // innerText, not textContent: Mantine's <style> tags inside #root are not something a user sees.
  const rendered = () => {
    const root = document.getElementById('root');
    return !!root && root.children.length > 0 && root.innerText.trim().length > 0;
  };
  const ok = await page.waitForFunction(rendered, null, { timeout: 30_000 }).then(() => true, () => false);
  if (!ok) throw new Error(`#root stayed empty at ${page.url()}: ${(await page.evaluate(() => document.body.innerHTML)).slice(0, 400)}`);
  expect(await page.title()).toMatch(/Moi/);
}

/** The app itself registers the service worker (a page that never does would not work offline). */
async function appRegistersWorker(page: Page): Promise<boolean> {
  return page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration()), null, { timeout: 20_000, polling: 100 }).then(() => true, () => false);
}

it('renders the app shell offline after the service worker took control', async () => {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const health = await page.request.get(`${server.url}/moi/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' });

    await page.goto(server.url, { waitUntil: 'load' });
    await expectShellRendered(page);
    expect(await appRegistersWorker(page)).toBe(true);
    await waitForServiceWorker(page);
    // The precache is complete once the worker is active and controlling.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');

    await context.setOffline(true);
    await page.reload({ waitUntil: 'load' });
    await expectShellRendered(page);

    // A route never visited online opens offline too (navigation fallback + precached lazy chunk).
    await page.goto(`${server.url}/session/signin`, { waitUntil: 'load' });
    await expectShellRendered(page);
    expect(new URL(page.url()).pathname).toBe('/session/signin');

    // API paths are denied to the navigation fallback: offline they fail instead of showing the shell.
    await expect(page.goto(`${server.url}/moi/health`)).rejects.toThrow();
  } finally {
    await context.close();
  }
});
