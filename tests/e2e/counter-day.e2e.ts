// One working day at a counter, end to end in Chromium with the service worker on:
// the app admin creates an event; an event admin creates two counters and two staff (with PINs)
// and opens the counters (REST, as those screens are another engineer's); then a staff member on
// a tablet (800×1280) signs in and, through the gift entry UI, enters 30 gifts — 20 of them
// offline — reloads offline, opens a receipt's print view, deletes a mistaken entry with a reason,
// closes the counter with a cash tally offline, and goes online. The owner then sees exactly the
// 30 gifts with the right totals, and the deleted gift is in the deleted list with its reason.
// With MOI_SHOTS=1 it also saves screenshots to /tmp/shots/counter/.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PW, call, login, setUpCounterDay, signInAtCounter } from './counter-fixtures';
import { launchBrowser, newContext, startServer, waitForServiceWorker, type E2EServer } from './harness';

const SHOTS = process.env.MOI_SHOTS === '1' ? '/tmp/shots/counter' : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

// From vocabulary/moi-vocabulary.json (given names, places, customary amounts).
const NAMES = ['முருகன்', 'Selvam', 'ராஜா', 'Kannan', 'பாண்டி', 'Karuppasamy', 'முத்து', 'Velmurugan', 'மீனாட்சி', 'Lakshmi',
  'செல்வி', 'Pandiammal', 'கவிதா', 'Valli', 'தேவி', 'Priya', 'சரஸ்வதி', 'Amudha', 'ராணி', 'Chitra',
  'அழகர்', 'Chinnasamy', 'மாரியப்பன்', 'Arumugam', 'சண்முகம்', 'Balu', 'சரவணன்', 'Karthik', 'அருண்', 'Jayakumar'];
const PLACES = ['மதுரை', 'Usilampatti', 'செக்கானூரணி', 'Thirumangalam', 'மேலூர்', 'Vadipatti', 'பேரையூர்', 'Sholavandan', 'அலங்காநல்லூர்', 'Kallupatti'];
const AMOUNTS = [101, 201, 251, 501, 1001, 1116, 2001, 5001, 100, 200, 500, 1000];

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

describe('a working day at the counter', () => {
  let server: E2EServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let eventId = '';
  let counterA = '';
  const gifts: { name: string; village: string; amount: number; mode: 'cash' | 'upi' }[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // app admin and event admin work through the REST API (their screens are another engineer's)
    const day = await setUpCounterDay(server);
    eventId = day.eventId;
    counterA = day.counterA;
    ctx = await newContext(browser, { width: 800, height: 1280, locale: 'en-IN' });
    page = await ctx.newPage();
  });

  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  async function enterGift(i: number, opts: { upi?: boolean } = {}) {
    const name = NAMES[i % NAMES.length];
    const village = PLACES[(i * 7) % PLACES.length];
    const amount = AMOUNTS[i % AMOUNTS.length];
    await page.locator('input[name="name"]').fill(name);
    await page.locator('input[name="village"]').fill(village);
    await page.locator('input[name="amount"]').fill(String(amount));
    if (opts.upi) {
      await page.locator('.mantine-SegmentedControl-label', { hasText: 'UPI' }).click();
      await page.getByTestId('upi-qr').locator('img').waitFor();
      await page.getByLabel('I have seen the payment succeed').check();
    }
    await page.locator('input[name="amount"]').press('Control+Enter');
    const seq = String(gifts.length + 1).padStart(4, '0');
    await page.waitForFunction((s) => document.querySelector('[data-testid="last-receipt"] [data-testid="receipt-no"]')?.textContent?.endsWith(`-${s}`), seq, { timeout: 15_000 });
    await page.waitForFunction(() => (document.querySelector('input[name="name"]') as HTMLInputElement | null)?.value === '' && document.activeElement === document.querySelector('input[name="name"]'));
    gifts.push({ name, village, amount, mode: opts.upi ? 'upi' : 'cash' });
  }

  const t0 = Date.now();
  const step = (what: string) => console.log(`[counter-day +${((Date.now() - t0) / 1000).toFixed(1)} s] ${what}`);

  it('runs the day: 30 gifts (20 offline), reload offline, print view, delete with reason, close with tally offline, sync', async () => {
    // ---- the staff member signs in on the tablet ----
    await signInAtCounter(page, server, 'staff1');
    // the offline half of the day needs the service worker controlling the page
    await Promise.race([
      waitForServiceWorker(page),
      new Promise((_, reject) => setTimeout(() => reject(new Error('No service worker took control of the page within 60 s (is it registered?)')), 60_000)),
    ]);
    await page.locator('input[name="name"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('entry-header').textContent(), { timeout: 30_000 }).toContain('Selvam weds Meenakshi');
    await shot(page, 'entry-tablet-en-empty');
    step('signed in, entry screen ready');

    // ---- 10 gifts online (two by UPI QR) ----
    for (let i = 0; i < 10; i++) await enterGift(i, { upi: i === 3 || i === 7 });
    await shot(page, 'entry-tablet-en-receipt');
    step('10 gifts online');
    // online, the sync loop sends them within moments: wait until the server has all ten
    const ownerOnline = await login(server, 'owner1', PW);
    await expect.poll(async () => (await call<{ totals: { count: number } }>(server, ownerOnline, 'GET', `/moi/events/${eventId}/totals`)).totals.count, { timeout: 30_000, interval: 500 }).toBe(10);

    // ---- the network drops: 20 gifts offline, with a reload in the middle ----
    await ctx.setOffline(true);
    for (let i = 10; i < 20; i++) await enterGift(i);
    step('10 gifts offline');
    // the tablet reloads while the next giver is half typed: the typing comes back, marked not saved
    await page.locator('input[name="name"]').fill('Half Typed');
    await page.locator('input[name="amount"]').fill('251');
    await page.reload();
    await page.locator('input[name="name"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('entry-header').textContent(), { timeout: 15_000 }).toContain('Counter A');
    await page.getByTestId('entry-restored').waitFor({ timeout: 15_000 });
    expect(await page.locator('input[name="name"]').inputValue()).toBe('Half Typed');
    expect(await page.locator('input[name="amount"]').inputValue()).toBe('251');
    await shot(page, 'entry-tablet-en-restored');
    await page.getByRole('button', { name: 'Clear the form' }).click();
    expect(await page.locator('input[name="name"]').inputValue()).toBe('');
    step('reloaded offline');
    for (let i = 20; i < 30; i++) await enterGift(i);
    step('20 gifts offline');
    // a mistaken entry, deleted below with a reason
    await page.locator('input[name="name"]').fill('Wrong Entry');
    await page.locator('input[name="amount"]').fill('999');
    await page.locator('input[name="amount"]').press('Control+Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid="last-receipt"] [data-testid="receipt-no"]')?.textContent?.endsWith('-0031'));

    // ---- the counter's list, offline: 31 rows, totals, pending markers; print view of a receipt ----
    await page.goto(`${server.url}/counter/gifts/lists`);
    await page.getByTestId('gift-totals').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('total-count').textContent(), { timeout: 15_000 }).toBe('31');
    await shot(page, 'list-tablet-en-offline');
    await page.getByTestId('gift-row').first().click();
    await page.getByRole('button', { name: 'Reprint receipt' }).click();
    await page.getByRole('dialog', { name: 'Receipt' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    const printRoot = page.getByTestId('print-root');
    expect(await printRoot.isVisible()).toBe(true);
    expect(await printRoot.getByTestId('receipt-no').textContent()).toMatch(/-0031$/);
    await shot(page, 'receipt-print-58-en');
    await page.emulateMedia({ media: 'screen' });
    // Escape closes the receipt and the gift's detail under it (each of Mantine's Modal and Drawer
    // closes on Escape): the detail is opened again from its row.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Receipt' }).waitFor({ state: 'hidden' });
    await page.getByTestId('gift-detail').waitFor({ state: 'hidden' });
    await page.getByTestId('gift-row').first().click();

    // delete the mistaken entry (the newest row) with a reason
    const detail = page.getByTestId('gift-detail');
    await detail.getByRole('button', { name: 'Delete' }).click();
    await detail.getByLabel(/Reason/).fill('Entered by mistake — no such guest');
    await detail.getByRole('button', { name: 'Delete this gift' }).click();
    await detail.getByTestId('deleted-info').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('total-count').textContent()).toBe('30');

    // ---- close the counter with the cash tally, still offline ----
    const expectedCash = gifts.filter((g) => g.mode === 'cash').reduce((s, g) => s + g.amount, 0);
    await page.goto(`${server.url}/counter/gifts/entry`);
    await page.getByRole('button', { name: 'Close counter' }).click();
    let rest = expectedCash;
    for (const [value, kind] of [[500, 'notes'], [200, 'notes'], [100, 'notes'], [50, 'notes'], [20, 'notes'], [10, 'notes'], [5, 'coins'], [2, 'coins'], [1, 'coins']] as const) {
      const n = Math.floor(rest / value);
      rest -= n * value;
      if (n) await page.getByLabel(`₹${value} ${kind}`, { exact: true }).fill(String(n));
    }
    // A blind count (issue 18): the expected figure appears only once the count is saved.
    expect(await page.getByTestId('tally-difference').count()).toBe(0);
    await shot(page, 'close-counter-tablet-en');
    await page.getByRole('button', { name: 'Save the count and close' }).click();
    await expect.poll(() => page.getByTestId('count-difference').textContent()).toContain('₹0');
    await page.keyboard.press('Escape');
    await page.getByText('This counter is closed. It accepts no new gifts.').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    // nothing has reached the server yet
    const ownerApi = await login(server, 'owner1', PW);
    const before = await call<{ totals: { count: number } }>(server, ownerApi, 'GET', `/moi/events/${eventId}/totals`);
    expect(before.totals.count).toBe(10);

    step('counter closed offline');
    // ---- online again: everything reaches the server exactly once ----
    await ctx.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const expectedSum = gifts.reduce((s, g) => s + g.amount, 0);
    await expect.poll(async () => (await call<{ totals: { count: number } }>(server, ownerApi, 'GET', `/moi/events/${eventId}/totals`)).totals.count, { timeout: 60_000, interval: 1000 }).toBe(30);
    const totals = await call<{ totals: { count: number; sum: number; cash: number; upi: number; deleted: number }; byCounter: { code: string; count: number; status: string }[] }>(server, ownerApi, 'GET', `/moi/events/${eventId}/totals`);
    expect(totals.totals).toMatchObject({ count: 30, sum: expectedSum, cash: expectedCash, upi: expectedSum - expectedCash, deleted: 1 });
    expect(totals.byCounter.find((c) => c.code === 'A')).toMatchObject({ count: 30 });
    const list = await call<{ gifts: { receiptNo: string; name: string }[]; total: number }>(server, ownerApi, 'GET', `/moi/gifts?eventId=${eventId}&limit=500`);
    expect(list.total).toBe(30);
    expect(new Set(list.gifts.map((g) => g.receiptNo)).size).toBe(30);
    expect(list.gifts.map((g) => g.name).sort()).toEqual(gifts.map((g) => g.name).sort());
    await expect.poll(async () => (await call<{ counters: { id: string; status: string; tally: { countedTotal: number; difference: number } | null }[] }>(server, ownerApi, 'GET', `/moi/counters?eventId=${eventId}`)).counters.find((c) => c.id === counterA)?.status, { timeout: 30_000 }).toBe('closed');
    const counters = await call<{ counters: { id: string; tally: { countedTotal: number; expectedCash: number; difference: number } | null }[] }>(server, ownerApi, 'GET', `/moi/counters?eventId=${eventId}`);
    expect(counters.counters.find((c) => c.id === counterA)?.tally).toMatchObject({ countedTotal: expectedCash, expectedCash, difference: 0 });
    const eaApi = await login(server, 'ea1', PW);
    const deleted = await call<{ gifts: { name: string; deleteReason: string | null; deletedByName: string | null }[] }>(server, eaApi, 'GET', `/moi/gifts/deleted?eventId=${eventId}`);
    expect(deleted.gifts).toMatchObject([{ name: 'Wrong Entry', deleteReason: 'Entered by mistake — no such guest', deletedByName: 'Kavitha' }]);

    // the tablet's own list shows every row as on the server
    await page.goto(`${server.url}/counter/gifts/lists`);
    await expect.poll(() => page.getByRole('img', { name: 'Waiting to sync' }).count(), { timeout: 30_000 }).toBe(0);
    await shot(page, 'list-tablet-en-synced');
    step('all synced and checked');
  }, 600_000);
});
