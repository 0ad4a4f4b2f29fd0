// The device database lost while OFFLINE, in Chromium with the service worker (issue 31): a counter
// tablet at a venue with no network; the site's IndexedDB is deleted (as eviction or "clear site
// data" would) while the page is open, then the page is loaded again. Before, the counter said "No
// open counter is assigned to you" until the network returned and the gifts keyed offline were
// gone. Now the counter keeps taking gifts, says what happened, the receipt numbers continue, and
// once the network is back the server records every gift exactly once (src/data/lifeline.ts). And a
// browser that refuses to open the database at all (a private window, a full or damaged store).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PW, call, login, setUpCounterDay, signInAtCounter } from './counter-fixtures';
import { launchBrowser, newContext, startServer, waitForServiceWorker, type E2EServer } from './harness';

describe('a counter tablet whose IndexedDB is deleted while offline', () => {
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

  async function save(name: string, amount: number, on: Page = page): Promise<string> {
    const page = on;
    // Read at once (a locator would wait its full timeout for a banner not shown yet).
    const before = await page.evaluate(() => document.querySelector('[data-testid="saved-receipt-no"]')?.getAttribute('data-receipt') ?? null);
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
    return (await call<{ gifts: Array<{ receiptNo: string; name: string }> }>(server, owner, 'GET', `/moi/gifts?eventId=${eventId}`)).gifts;
  };
  const entryReady = async (on: Page = page) => {
    const page = on;
    await page.locator('input[name="name"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('entry-header').textContent(), { timeout: 30_000 }).toContain('Counter A');
  };

  it('keeps taking gifts, says so in words, and the server records each gift once when the network returns', async () => {
    await signInAtCounter(page, server, 'staff1');
    await waitForServiceWorker(page);
    await entryReady();
    const first = await save('Murugan', 501);
    const code = first.split('-')[1];
    await expect.poll(async () => (await serverGifts()).length, { timeout: 30_000, interval: 500 }).toBe(1);

    // The venue has no network; two gifts are keyed.
    await ctx.setOffline(true);
    expect([await save('Selvi', 1001), await save('Kannan', 101)]).toEqual([`A-${code}-0002`, `A-${code}-0003`]);

    // The browser deletes the site's database under the open page (localStorage stays).
    await page.evaluate(() => new Promise<void>((resolve, reject) => {
      const req = indexedDB.deleteDatabase('moi');
      req.onsuccess = () => resolve();
      req.onerror = () => reject(req.error);
    }));
    expect(await page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'moi'))).toBe(false);

    // The page is loaded again, still offline: the counter is there, and says what happened.
    await page.reload();
    await entryReady();
    await page.getByTestId('storage-restored').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('storage-restored').textContent()).toContain('2 entries not yet sent were put back');
    expect(await page.getByTestId('entry-preparing').count()).toBe(0);
    expect(await save('Lakshmi', 251)).toBe(`A-${code}-0004`);
    await page.getByRole('button', { name: 'Understood' }).click();
    expect(await page.getByTestId('storage-restored').count()).toBe(0);

    // The network returns: every gift reaches the server, none twice.
    await ctx.setOffline(false);
    await expect.poll(async () => (await serverGifts()).map((g) => g.receiptNo).sort(), { timeout: 45_000, interval: 500 })
      .toEqual([1, 2, 3, 4].map((k) => `A-${code}-000${k}`));
    expect((await serverGifts()).map((g) => g.name).sort()).toEqual(['Kannan', 'Lakshmi', 'Murugan', 'Selvi']);
  });

  it('a browser that refuses to open the database: the counter works from memory, and what is keyed outlives a reload offline', async () => {
    const refusing = await newContext(browser, { width: 800, height: 1280, locale: 'en-IN' });
    // As a private window or a damaged store: opening the app's database throws (other databases open).
    await refusing.addInitScript(() => {
      const open = IDBFactory.prototype.open;
      IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
        if (name === 'moi') throw new DOMException('The user denied permission to access the database.', 'InvalidStateError');
        return open.call(this, name, version);
      } as typeof open;
    });
    const p = await refusing.newPage();
    try {
      await signInAtCounter(p, server, 'staff2');
      await waitForServiceWorker(p);
      await entryReady(p);
      await p.getByTestId('storage-restored').waitFor({ timeout: 15_000 });
      expect(await p.getByTestId('storage-restored').textContent()).toContain('cannot be opened');
      const first = await save('Valli', 301, p);
      const [counterCode, code] = first.split('-');
      await expect.poll(async () => (await serverGifts()).filter((g) => g.name === 'Valli').length, { timeout: 30_000, interval: 500 }).toBe(1);

      await refusing.setOffline(true);
      expect(await save('Arul', 201, p)).toBe(`${counterCode}-${code}-0002`);
      await p.reload();
      await entryReady(p);
      expect(await save('Bala', 151, p)).toBe(`${counterCode}-${code}-0003`);
      await refusing.setOffline(false);
      await expect.poll(async () => (await serverGifts()).filter((g) => g.receiptNo.includes(`-${code}-`)).map((g) => `${g.receiptNo} ${g.name}`).sort(), { timeout: 45_000, interval: 500 })
        .toEqual([`${counterCode}-${code}-0001 Valli`, `${counterCode}-${code}-0002 Arul`, `${counterCode}-${code}-0003 Bala`]);
    } finally {
      await refusing.close();
    }
  });
});
