// The moi book end to end, in Chromium with the service worker on: the demo owner opens the demo
// event's gifts, goes offline, reloads, and exports the event as PDF and as Excel from the device's
// own data. The files hold what the screen shows: the number of gifts and the money total.
// With MOI_SHOTS=1 it also saves screenshots of the export dialog (390 and 800 px) to /tmp/shots/report-e2e/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_EVENT_ID, DEMO_USERNAMES, seedDemo } from '../../server/seed-demo';
import { launchBrowser, newContext, startServer, waitForServiceWorker, type E2EServer } from './harness';

const SHOTS = process.env.MOI_SHOTS === '1' ? '/tmp/shots/report-e2e' : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const PW = 'demo-e2e-password';
const rupees = (s: string) => Number(s.replace(/[^\d]/g, ''));

async function exportFile(page: Page, format: 'PDF book' | 'Excel' | 'CSV', dir: string): Promise<string> {
  await page.getByTestId('export-open').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(format).check();
  if (format === 'PDF book') await dialog.getByLabel('Blank pages for late arrivals').fill('2');
  await dialog.getByRole('button', { name: 'Make the file' }).click();
  await expect.poll(() => dialog.getByTestId('export-ready').count(), { timeout: 90_000 }).toBe(1);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download' }).click()]);
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  await page.keyboard.press('Escape');
  return file;
}

describe('the moi book, exported offline', () => {
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {});
    await seedDemo(server.app.db, { password: PW });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the demo owner, offline, exports the demo event as PDF and Excel with the screen\'s counts and totals', { timeout: 300_000 }, async () => {
    const ctx = await newContext(browser, { width: 1280, height: 900 });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/session/signin`);
    await page.getByLabel('Username').fill(DEMO_USERNAMES.owner);
    await page.getByLabel(/^Password/).fill(PW);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/session/signin'), { timeout: 30_000 });
    await waitForServiceWorker(page);
    await page.goto(`${server.url}/event/gift?event=${DEMO_EVENT_ID}`);
    await expect.poll(async () => rupees(await page.getByTestId('total-count').innerText()), { timeout: 60_000 }).toBeGreaterThan(150);

    await ctx.setOffline(true);
    await page.reload();
    await expect.poll(async () => rupees(await page.getByTestId('total-count').innerText()), { timeout: 30_000 }).toBeGreaterThan(150);
    const count = rupees(await page.getByTestId('total-count').innerText());
    const money = (await Promise.all(['cash', 'upi', 'cheque'].map(async (k) => rupees(await page.getByTestId(`total-${k}`).innerText())))).reduce((a, b) => a + b, 0);
    const items = rupees(await page.getByTestId('total-items').innerText());

    if (SHOTS) {
      for (const width of [390, 800]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByTestId('export-open').click();
        await page.getByRole('dialog').getByRole('button', { name: 'Make the file' }).waitFor();
        await page.screenshot({ path: `${SHOTS}/export-dialog-${width}.png`, fullPage: false });
        await page.keyboard.press('Escape');
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // Cancel while the book is being made: the dialog says nothing was saved and offers no file.
    await page.getByTestId('export-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('PDF book').check();
    await dialog.getByLabel('Blank pages for late arrivals').fill('200');
    await dialog.getByRole('button', { name: 'Make the file' }).click();
    await dialog.getByRole('progressbar').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByText('Cancelled. Nothing was saved.').waitFor();
    expect(await dialog.getByTestId('export-ready').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Make the file' }).isEnabled()).toBe(true);
    await page.keyboard.press('Escape');

    const dir = path.join(server.dataDir, 'downloads');
    mkdirSync(dir, { recursive: true });
    const pdf = await exportFile(page, 'PDF book', dir);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(`₹${new Intl.NumberFormat('en-IN').format(money)}`);
    expect(text).toMatch(new RegExp(`\\b${count}\\b`)); // the number of givers in the summary
    if (SHOTS) execFileSync('pdftoppm', ['-r', '50', '-png', pdf, `${SHOTS}/book`]);

    const xlsx = await exportFile(page, 'Excel', dir);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsx);
    const rows = (wb.worksheets[0].getSheetValues() as unknown[][]).slice(2);
    expect(rows).toHaveLength(count);
    expect(rows.reduce((s, r) => s + (r[9] as number), 0)).toBe(money);
    expect(rows.filter((r) => r[8] === 'Item' || r[8] === 'பொருள்')).toHaveLength(items);

    // The events list has Export on the event's card too (still offline).
    await page.goto(`${server.url}/events`);
    await page.getByTestId('event-card').first().waitFor();
    const csv = await exportFile(page, 'CSV', dir);
    const lines = readFileSync(csv, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(count + 1);
    await ctx.close();
  });
});
