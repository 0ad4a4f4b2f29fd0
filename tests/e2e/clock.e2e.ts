// A tablet whose clock runs 10 minutes fast, in real Chromium against the real server: it learns
// its offset from X-Server-Time, its gifts are stored with the device time, the offset and the
// corrected time; keyed offline while another tablet closes the counter, they still land when it
// reconnects — flagged after_close and outside the closed count, which does not change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { counters, gifts } from '../../server/db/schema';
import { PW, call, login, setUpCounterDay, signInAtCounter } from './counter-fixtures';
import { launchBrowser, newContext, startServer, waitForServiceWorker, type E2EServer } from './harness';

const FAST_MS = 10 * 60_000;

describe('a tablet with a fast clock', () => {
  let server: E2EServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let counterA = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    counterA = (await setUpCounterDay(server)).counterA;
    ctx = await newContext(browser, { width: 800, height: 1280 });
    // The page's clock (not the server's) runs 10 minutes ahead.
    await ctx.addInitScript((fast: number) => {
      const Real = Date;
      class Fast extends Real {
        constructor(...a: unknown[]) {
          if (a.length) super(...(a as [number]));
          else super(Real.now() + fast);
        }
        static now() { return Real.now() + fast; }
      }
      (globalThis as { Date: DateConstructor }).Date = Fast as DateConstructor;
    }, FAST_MS);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  async function enterGift(name: string, amount: number, n: number) {
    await page.locator('input[name="name"]').fill(name);
    await page.locator('input[name="amount"]').fill(String(amount));
    await page.locator('input[name="amount"]').press('Control+Enter');
    await page.waitForFunction((s) => document.querySelector('[data-testid="last-receipt"] [data-testid="receipt-no"]')?.textContent?.endsWith(`-${s}`), String(n).padStart(4, '0'), { timeout: 15_000 });
  }
  const rowOf = async (name: string) => (await server.app.db.select().from(gifts).where(eq(gifts.name, name)))[0];

  it('stores corrected times, and gifts keyed before another tablet closed the counter land flagged, outside the closed count', async () => {
    await signInAtCounter(page, server, 'staff1');
    await waitForServiceWorker(page);
    await page.locator('input[name="name"]').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('moi.clockOffset') ?? 'null')?.offsetMs)).toBeLessThan(-FAST_MS + 5_000);

    // Online: the gift reaches the server with the right time.
    const before = Date.now();
    await enterGift('Online Ravi', 501, 1);
    await expect.poll(() => rowOf('Online Ravi'), { timeout: 30_000, interval: 500 }).toBeTruthy();
    const online = await rowOf('Online Ravi');
    expect(Math.abs(Date.parse(online.enteredAt) - before)).toBeLessThan(10_000);
    expect(Date.parse(online.deviceEnteredAt!) - Date.parse(online.enteredAt)).toBeGreaterThan(FAST_MS - 10_000);
    expect(online.flags).toEqual([]);

    // The Wi-Fi drops; two gifts are keyed; meanwhile the event admin closes the counter elsewhere.
    await ctx.setOffline(true);
    await enterGift('Offline Kala', 1001, 2);
    await enterGift('Offline Mani', 201, 3);
    const deviceId = crypto.randomUUID();
    const ea = await login(server, 'ea1', PW, deviceId);
    await call(server, ea, 'POST', '/moi/sync/push', { deviceId, mutations: [{ id: crypto.randomUUID(), seq: 1, name: 'counter.close', args: { id: counterA, tally: { counts: { n500: 1, c1: 1 }, countedTotal: 501, expectedCash: 501, difference: 0, reason: null } } }] });
    const closed = (await server.app.db.select().from(counters).where(eq(counters.id, counterA)))[0];
    expect(closed.tally).toMatchObject({ expectedCash: 501, countedTotal: 501 });

    // Back online: the tablet's gifts land (not refused), flagged, and the closed count is unchanged.
    await ctx.setOffline(false);
    await expect.poll(async () => (await rowOf('Offline Mani'))?.flags, { timeout: 60_000, interval: 500 }).toEqual(['after_close']);
    const kala = await rowOf('Offline Kala');
    expect(kala.flags).toEqual(['after_close']);
    expect(Date.parse(kala.enteredAt)).toBeLessThan(Date.parse(closed.closedAt!));
    expect((await server.app.db.select().from(counters).where(eq(counters.id, counterA)))[0].tally).toEqual(closed.tally);
  }, 180_000);
});
