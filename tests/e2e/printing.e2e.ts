// Receipts printed on save (issue 28), end to end: Chromium with the service worker on, the real
// server configured with a LAN printer, and a stand-in ESC/POS printer on a loopback port. A gift
// saved → exactly one job whose raster is the receipt canvas dot for dot and whose QR decodes to
// the receipt's link; a reprint is marked duplicate; with the printer off the gift is saved, the job
// waits (said on screen, with Retry) across a reload and prints once when the printer is back.
// With MOI_SHOTS=1 it saves screenshots to /tmp/shots/printing/.
import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { giftAudit } from '../../server/db/schema';
import { seedCounter, seedEvent, seedUser } from '../sync/fixtures';
import { startStandInPrinter, type PrintedJob, type StandInPrinter } from '../support/escpos-printer';
import { launchBrowser, newContext, signInAtCounter, startServer, type E2EServer } from './harness';
import { canvasDots, decodeQr, differingDots, jobIds } from './print-canvas';

const SHOTS = process.env.MOI_SHOTS === '1' ? '/tmp/shots/printing' : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

let printer: StandInPrinter;
let server: E2EServer;
let browser: Browser;
let context: BrowserContext;
let staff: { id: string; username: string; password: string };

beforeAll(async () => {
  printer = await startStandInPrinter({ pngDir: '/tmp/print-rasters/e2e' });
  server = await startServer({ PRINTER_HOST: '127.0.0.1', PRINTER_PORT: String(printer.port) });
  staff = await seedUser(server.app, 'printstaff', 'counter_staff', 'staff-e2e-password');
  const eventId = await seedEvent(server.app, { title: 'Print e2e wedding' });
  await seedCounter(server.app, eventId, { code: 'A', staffIds: [staff.id] });
  browser = await launchBrowser();
  context = await newContext(browser, { width: 800, height: 1280 });
  await context.addInitScript(() => localStorage.setItem('moi.e2e', '1'));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await printer?.close();
});

async function saveGift(page: Page, name: string, village: string, amount: number): Promise<string> {
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="village"]').fill(village);
  await page.locator('input[name="amount"]').fill(String(amount));
  const before = await page.getByTestId('saved-receipt-no').getAttribute('data-receipt').catch(() => null);
  await page.locator('input[name="amount"]').press('Control+Enter');
  await page.waitForFunction((b) => {
    const r = document.querySelector('[data-testid="saved-receipt-no"]')?.getAttribute('data-receipt');
    return !!r && r !== b;
  }, before, { timeout: 15_000 });
  return (await page.getByTestId('saved-receipt-no').getAttribute('data-receipt'))!;
}





/** Share of black dots in a row of the raster. */
const inked = (job: PrintedJob, y: number) => job.raster.dots.subarray(y * job.raster.width, (y + 1) * job.raster.width).reduce((a, b) => a + b, 0) / job.raster.width;

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const w of [390, 800, 1440]) {
    await page.setViewportSize({ width: w, height: w === 390 ? 844 : 1000 });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png` });
  }
  await page.setViewportSize({ width: 800, height: 1280 });
}

it('prints each saved gift once on the LAN printer, reprints marked duplicate, and keeps jobs through a printer outage and a reload', { timeout: 120_000 }, async () => {
  const t0 = Date.now();
  const page = await context.newPage();
  await signInAtCounter(page, server.url, staff);
  // the server has a printer: this device, which never chose one, prints through it
  await page.locator('[data-testid="printer-status"][data-phase="idle"]').waitFor({ timeout: 15_000 });
  await expect.poll(() => page.getByTestId('printer-status').textContent()).toContain('Printer ready');

  // ---- a gift saved with printing on: exactly one job, the canvas dot for dot, the QR readable ----
  await saveGift(page, 'முத்துலட்சுமி', 'உசிலம்பட்டி', 1001);
  const [first] = await printer.waitForJobs(1);
  expect(first.errors).toEqual([]);
  expect(first.initialised && first.cut).toBe(true);
  const [firstId] = await jobIds(page);
  expect(differingDots(first, await canvasDots(page, firstId))).toBe(0);
  const link = await page.locator('[data-testid="last-receipt"] svg[data-qr]').getAttribute('data-qr');
  expect(link).toMatch(/\/r\//);
  expect(decodeQr(first)).toBe(link);
  // the receipt is not a duplicate: no black banner across its top
  expect(inked(first, 14)).toBeLessThan(0.5);
  await shots(page, 'entry-printer-ready-en');

  // ---- a reprint from the banner: a second job, marked DUPLICATE / நகல் (a black banner on top) ----
  await page.getByTestId('saved-banner').getByRole('button', { name: 'Print' }).click();
  const jobs = await printer.waitForJobs(2);
  const dupId = (await jobIds(page)).find((id) => id !== firstId)!;
  expect(differingDots(jobs[1], await canvasDots(page, dupId))).toBe(0);
  expect(inked(jobs[1], 14)).toBeGreaterThan(0.8);
  expect(decodeQr(jobs[1])).toBe(link);
  // …and kept in the gift's history on the server (synced from the device's outbox)
  await expect.poll(async () => (await server.app.db.select().from(giftAudit).where(eq(giftAudit.action, 'reprint'))).map((a) => [a.giftId, a.by, a.after]), { timeout: 30_000 })
    .toEqual([[firstId, staff.id, { copy: 2 }]]);

  // ---- the printer is switched off: the gift is saved, the job waits, and says so ----
  await printer.down();
  const receiptNo = await saveGift(page, 'Karuppasamy', 'Thirumangalam', 501);
  expect(receiptNo).toMatch(/-0002$/);
  const waiting = page.getByTestId('printer-waiting');
  await waiting.waitFor({ timeout: 15_000 });
  expect(await waiting.textContent()).toContain('Saved — printer not connected, will print when it is');
  expect(await waiting.textContent()).toContain('1 receipt waiting to print');
  await shots(page, 'entry-printer-waiting-en');

  // ---- a reload while it waits; the printer comes back; Retry prints it, once ----
  await page.reload();
  await page.locator('input[name="name"]').waitFor({ timeout: 30_000 });
  await page.getByTestId('printer-waiting').waitFor({ timeout: 15_000 });
  await printer.up();
  await page.getByTestId('printer-waiting').getByRole('button', { name: 'Retry' }).click();
  const after = await printer.waitForJobs(3);
  expect(after[2].errors).toEqual([]);
  expect(inked(after[2], 14)).toBeLessThan(0.5);
  await page.locator('[data-testid="printer-status"][data-phase="idle"]').waitFor({ timeout: 15_000 });
  // another reload: nothing is printed again
  await page.reload();
  await page.locator('[data-testid="printer-status"][data-phase="idle"]').waitFor({ timeout: 30_000 });
  await new Promise((r) => setTimeout(r, 1500));
  expect(printer.jobs.length).toBe(3);

  if (SHOTS) {
    await page.getByRole('link', { name: 'Printer settings' }).click();
    await page.getByTestId('printer-settings').waitFor();
    await shots(page, 'printer-settings-en');
    await page.goBack();
  }
  console.log(`[printing e2e] ${((Date.now() - t0) / 1000).toFixed(1)} s`);
});
