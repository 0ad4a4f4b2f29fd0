// A tablet whose clock reads 2020 after it heard the server (its battery ran flat and it woke at a
// venue with no Internet time): it still saves gifts, says in words that its clock is wrong, and
// the server records them timed by the server's clock, flagged clock_wrong (issue 31).
import { eq } from 'drizzle-orm';
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

type Hook = { createGift(i: unknown): Promise<{ id: string; receiptNo: string }>; counts(): Promise<{ unsynced: number }>; syncNow(): Promise<void> };
const moi = (page: Page) => page.waitForFunction(() => !!(window as unknown as { __moi?: unknown }).__moi, null, { timeout: 30_000 });
const shot = (page: Page, name: string) => (process.env.MOI_SHOTS ? page.screenshot({ path: `/tmp/shots/clock/${name}.png`, fullPage: false }).then(() => undefined) : Promise.resolve());

beforeAll(async () => {
  server = await startServer();
  staff = await seedUser(server.app, 'clockstaff', 'counter_staff', 'staff-e2e-password');
  eventId = await seedEvent(server.app, { title: 'Clock e2e wedding' });
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

it('a tablet reading 2020 saves gifts, warns in words, and the server records them corrected and flagged', { timeout: 180_000 }, async () => {
  const page = await context.newPage();
  await page.clock.install();
  await signInAtCounter(page, server.url, staff);
  await expect(page.getByTestId('clock-warning').count()).resolves.toBe(0);

  // The battery ran flat: the tablet wakes in 2020. The next answer from the server measures it.
  await page.clock.setSystemTime(new Date('2020-01-01T09:00:00+05:30'));
  await page.evaluate(() => (window as unknown as { __moi: Hook }).__moi.syncNow());
  await page.reload();
  await moi(page);
  const warning = page.getByTestId('clock-warning');
  await warning.waitFor({ timeout: 30_000 });
  expect(await warning.textContent()).toMatch(/This tablet’s clock is wrong.*about \d+ years behind the server\..*Gifts are still saved/);
  for (const w of [390, 800, 1440]) {
    await page.setViewportSize({ width: w, height: w === 390 ? 844 : 1000 });
    await shot(page, `entry-clock-warning-${w}`);
  }

  const before = Date.now();
  const g = await page.evaluate((input) => (window as unknown as { __moi: Hook }).__moi.createGift(input), {
    eventId, counterId, counterCode: 'A', name: 'கடிகாரம் தவறிய டேப்லெட்', village: 'மதுரை', amount: 1001, enteredBy: staff.id,
  });
  await page.evaluate(() => (window as unknown as { __moi: Hook }).__moi.syncNow());
  await expect.poll(async () => (await page.evaluate(() => (window as unknown as { __moi: Hook }).__moi.counts())).unsynced, { timeout: 30_000 }).toBe(0);
  const [row] = await server.app.db.select().from(gifts).where(eq(gifts.id, g.id));
  expect(row.flags).toEqual(['clock_wrong']);
  expect(Math.abs(Date.parse(row.enteredAt) - before)).toBeLessThan(5 * 60_000);
  expect(row.deviceEnteredAt!.startsWith('2020-01-01') || row.deviceEnteredAt!.startsWith('2020-01-0')).toBe(true);
  await page.close();
});

it('a nearly full device says so on the entry screen before a save fails, and still saves', { timeout: 120_000 }, async () => {
  const ctx = await newContext(browser, { width: 800, height: 1280 });
  try {
    await ctx.addInitScript(() => {
      localStorage.setItem('moi.e2e', '1');
      // The device's disk as the browser reports it: 20 MB left of 2 GB.
      const MB = 1024 * 1024;
      Object.defineProperty(navigator.storage, 'estimate', { value: async () => ({ usage: 2028 * MB, quota: 2048 * MB }) });
    });
    const page = await ctx.newPage();
    await signInAtCounter(page, server.url, staff);
    const warning = page.getByTestId('storage-low');
    await warning.waitFor({ timeout: 30_000 });
    expect(await warning.textContent()).toContain('Only 20 MB left');
    for (const w of [390, 1440]) {
      await page.setViewportSize({ width: w, height: w === 390 ? 844 : 1000 });
      await shot(page, `entry-storage-low-${w}`);
    }
    const g = await page.evaluate((input) => (window as unknown as { __moi: Hook }).__moi.createGift(input), {
      eventId, counterId, counterCode: 'A', name: 'இடம் குறைந்த டேப்லெட்', village: 'மதுரை', amount: 501, enteredBy: staff.id,
    });
    expect(g.receiptNo).toMatch(/^A-/);
  } finally {
    await ctx.close();
  }
});
