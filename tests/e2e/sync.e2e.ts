// Offline sync end to end in Chromium with the service worker on: sign in; go offline; record 30
// gifts; reload offline (still listed as pending); close the page and open it again offline; go
// online; the server holds each gift exactly once and the pending count reaches 0.
import { and, eq, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gifts } from '../../server/db/schema';
import { seedCounter, seedEvent, seedUser } from '../sync/fixtures';
import { launchBrowser, newContext, signInAtCounter, startServer, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;
let context: BrowserContext;
let staff: { id: string; username: string; password: string };
let eventId = '';
let counterId = '';

type Counts = { pending: number; sending: number; rejected: number; unsynced: number; gifts: number; localPending: number };
type Hook = { createGift(i: unknown): Promise<{ id: string; receiptNo: string }>; counts(): Promise<Counts>; syncNow(): Promise<void> };
const hook = async (page: Page) => {
  await page.waitForFunction(() => !!(window as unknown as { __moi?: unknown }).__moi, null, { timeout: 30_000 });
};
const counts = (page: Page) => page.evaluate(() => (window as unknown as { __moi: Hook }).__moi.counts());
const t0 = Date.now();
const step = (what: string) => console.log(`[sync.e2e +${((Date.now() - t0) / 1000).toFixed(1)}s] ${what}`);
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots/sync/e2e-${name}.png` }).catch(() => {});

beforeAll(async () => {
  server = await startServer();
  staff = await seedUser(server.app, 'counterstaff1', 'counter_staff', 'staff-e2e-password');
  eventId = await seedEvent(server.app, { title: 'Sync e2e wedding' });
  counterId = await seedCounter(server.app, eventId, { code: 'A', staffIds: [staff.id] });
  browser = await launchBrowser();
  context = await newContext(browser, { width: 800, height: 1280 });
  await context.addInitScript(() => localStorage.setItem('moi.e2e', '1'));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

it('30 gifts recorded offline survive reload and page close, then reach the server exactly once', { timeout: 240_000 }, async () => {
  let page = await context.newPage();
  // Signed in with the service worker on; the loop has synced once (device code stored, cursor set).
  await signInAtCounter(page, server.url, staff);
  step('signed in');
  await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-online')).toBe('true');

  await context.setOffline(true);
  step('offline');
  const receipts: string[] = [];
  for (let i = 0; i < 30; i++) {
    const g = await page.evaluate((input) => (window as unknown as { __moi: Hook }).__moi.createGift(input), {
      eventId, counterId, counterCode: 'A', name: `விருந்தினர் ${i + 1}`, village: 'மதுரை', amount: 101 + i * 100, enteredBy: staff.id,
    });
    receipts.push(g.receiptNo);
  }
  expect(new Set(receipts).size).toBe(30);
  expect(receipts[0]).toMatch(/^A-[A-Z]\d{1,5}-0001$/);
  expect(await counts(page)).toMatchObject({ unsynced: 30, localPending: 30 });
  await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-online')).toBe('false');
  await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-pending')).toBe('30');
  await shot(page, 'offline-30-pending');
  step('30 recorded');

  // Reload while offline: the service worker serves the app; the entries are still pending.
  await page.reload();
  step('reloaded');
  await hook(page);
  expect(await counts(page)).toMatchObject({ unsynced: 30, localPending: 30, gifts: 30 });
  await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-pending')).toBe('30');
  // Nothing is missing from the app offline: no "A new version is available" (an API call failing
  // offline once showed it on every reload).
  await page.getByTestId('counter-entry-form').or(page.locator('input[name="name"]')).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1_000);
  expect(await page.getByTestId('preload-notice').count()).toBe(0);

  // Close the page and open the app again, still offline.
  await page.close();
  page = await context.newPage();
  step('new page');
  await page.goto(`${server.url}/counter/gifts/entry`);
  await hook(page);
  expect(await counts(page)).toMatchObject({ unsynced: 30, localPending: 30 });
  expect(Number((await server.app.db.select({ n: sql<number>`count(*)` }).from(gifts).where(eq(gifts.eventId, eventId)))[0].n)).toBe(0);

  // The network returns: the loop drains on `online`.
  await context.setOffline(false);
  step('online again');
  await expect.poll(async () => (await counts(page)).unsynced, { timeout: 60_000, interval: 250 }).toBe(0);
  await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-pending'), { timeout: 10_000 }).toBe('0');
  await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-online')).toBe('true');
  expect((await counts(page)).localPending).toBe(0);
  await shot(page, 'online-synced');

  const rows = await server.app.db.select({ id: gifts.id, receiptNo: gifts.receiptNo }).from(gifts).where(eq(gifts.eventId, eventId));
  expect(rows).toHaveLength(30);
  expect(new Set(rows.map((r) => r.receiptNo))).toEqual(new Set(receipts));
  const keyed = await server.app.db.select({ n: sql<number>`count(*)` }).from(gifts)
    .where(and(eq(gifts.eventId, eventId), eq(gifts.enteredBy, staff.id)));
  expect(Number(keyed[0].n)).toBe(30);
  await page.close();
});
