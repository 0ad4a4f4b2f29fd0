// Lost local database, end to end in Chromium (issue 13): a staff member signs in and saves gifts;
// the browser then loses the site's IndexedDB (as storage eviction or "clear site data" would) while
// localStorage keeps the device id, its secret and the signed-in user; after a reload the next
// receipt number continues above the last one (never 0001 again) and the server accepts the gift.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PW, call, login, setUpCounterDay, signInAtCounter } from './counter-fixtures';
import { launchBrowser, newContext, startServer, type E2EServer } from './harness';

type GiftRow = { receiptNo: string; name: string };

describe('a tablet that lost its IndexedDB', () => {
  let server: E2EServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let eventId = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    eventId = (await setUpCounterDay(server)).eventId;
    ctx = await newContext(browser, { width: 800, height: 1280, locale: 'en-IN' });
    page = await ctx.newPage();
  });

  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  async function save(name: string, amount: number): Promise<string> {
    const before = await page.locator('[data-testid="saved-receipt-no"]').getAttribute('data-receipt').catch(() => null);
    await page.locator('input[name="name"]').fill(name);
    await page.locator('input[name="village"]').fill('Melur');
    await page.locator('input[name="amount"]').fill(String(amount));
    await page.locator('input[name="amount"]').press('Control+Enter');
    await page.waitForFunction((prev) => {
      const r = document.querySelector('[data-testid="saved-receipt-no"]')?.getAttribute('data-receipt');
      return !!r && r !== prev;
    }, before, { timeout: 20_000 });
    return (await page.locator('[data-testid="saved-receipt-no"]').getAttribute('data-receipt'))!;
  }

  const serverGifts = async () => {
    const owner = await login(server, 'owner1', PW);
    return (await call<{ gifts: GiftRow[] }>(server, owner, 'GET', `/moi/gifts?eventId=${eventId}`)).gifts;
  };

  it('continues its receipt numbers above the last one after a reload, and the server accepts the gift', async () => {
    await signInAtCounter(page, server, 'staff1');
    await page.locator('input[name="name"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('entry-header').textContent(), { timeout: 30_000 }).toContain('Counter A');
    const first = [await save('Murugan', 501), await save('Selvi', 1001), await save('Kannan', 101)];
    expect(first[2]).toMatch(/^A-[A-Z]\d+-0003$/);
    const deviceCode = first[0].split('-')[1];
    await expect.poll(async () => (await serverGifts()).length, { timeout: 30_000, interval: 500 }).toBe(3);

    // The browser drops the site's IndexedDB only (localStorage and the session cookie stay).
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: server.url, storageTypes: 'indexeddb' });
    expect(await page.evaluate(() => localStorage.getItem('moi.deviceSecret'))).toBeTruthy();
    // Hold the server's answer about this device for a moment: the entry screen must wait for it.
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    await ctx.route('**/moi/devices/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.locator('input[name="name"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('entry-header').textContent(), { timeout: 30_000 }).toContain('Counter A');
    // The lifeline (localStorage, issue 31) brings the device code and its last receipt number back
    // with the database: the tablet saves the next gift before the server has said anything about it.
    expect(await page.getByTestId('entry-preparing').count()).toBe(0);
    const next = await save('Lakshmi', 251);
    expect(next).toBe(`A-${deviceCode}-0004`);
    release();
    await expect.poll(async () => (await serverGifts()).map((g) => g.receiptNo).sort(), { timeout: 30_000, interval: 500 })
      .toEqual([1, 2, 3, 4].map((k) => `A-${deviceCode}-000${k}`));
    expect((await serverGifts()).find((g) => g.receiptNo === next)?.name).toBe('Lakshmi');
  });
});
