// Issue 29: a hall's branding end to end in Chromium. The hall's admin uploads its logo on the hall's
// page (an image over 200 kB is refused before it is sent, in the page's language); the counter of the
// hall's event then shows the hall's logo, name and receipt footer on the receipt of a gift it saves,
// and the moi book the admin's device makes has the hall's logo, name and footer on its cover.
// With MOI_SHOTS=1 it saves screenshots at 390, 800 and 1440 px to /tmp/shots/branding/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { events, orgMembers, organisations, users } from '../../server/db/schema';
import { samplePng } from '../support/png';
import { PW, setUpCounterDay, signInAtCounter } from './counter-fixtures';
import { launchBrowser, newContext, startServer, type E2EServer } from './harness';

const SHOTS = process.env.MOI_SHOTS === '1' ? '/tmp/shots/branding' : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const WIDTHS = [390, 800, 1440];

let server: E2EServer;
let browser: Browser;
let eventId = '';
const orgId = uuidv7();
const dir = path.join(tmpdir(), `moi-brand-${process.pid}`);

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w, height: 1000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true });
  }
}

/** Picks a file through the labelled file input, as a user does (the browser's file chooser). */
async function choose(page: Page, file: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByLabel('Logo image').click()]);
  await chooser.setFiles(file);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  eventId = (await setUpCounterDay(server)).eventId;
  // The event belongs to a hall whose admin is the event's admin (ea1).
  const [ea] = await server.app.db.select().from(users).where(eq(users.username, 'ea1'));
  await server.app.db.insert(organisations).values({ id: orgId, nameEn: 'Lakshmi Mahal', nameTa: 'லட்சுமி மஹால்', address: 'Madurai', brandColour: '#8a1c2b', receiptFooter: 'Lakshmi Mahal, Madurai · 0452 123456' });
  await server.app.db.insert(orgMembers).values({ orgId, userId: ea.id, role: 'admin' });
  await server.app.db.update(events).set({ orgId, updatedAt: new Date().toISOString() }).where(eq(events.id, eventId));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'logo.png'), samplePng(240, 120));
  writeFileSync(path.join(dir, 'big.png'), Buffer.concat([samplePng(), Buffer.alloc(250 * 1024)]));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('the hall’s admin uploads its logo; the counter’s receipt shows the hall’s logo, name and footer', { timeout: 120_000 }, async () => {
  const ctx = await newContext(browser, { width: 1440, height: 1000 });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/session/signin`);
  await page.getByLabel('Username').fill('ea1');
  await page.getByLabel(/^Password/).fill(PW);
  await page.getByLabel(/^Password/).press('Enter');
  await page.waitForURL((u) => !u.pathname.includes('signin'), { timeout: 20_000 });
  await page.goto(`${server.url}/partners`);
  await page.getByText('No logo yet.').waitFor({ timeout: 20_000 });
  // Too large: refused on the page, nothing sent.
  await choose(page, path.join(dir, 'big.png'));
  await page.getByText('The image is larger than 200 kB').waitFor();
  expect(await page.getByRole('button', { name: 'Upload logo' }).isDisabled()).toBe(true);
  await choose(page, path.join(dir, 'logo.png'));
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await page.getByText('Logo saved').waitFor({ timeout: 20_000 });
  const logo = page.getByTestId('org-logo');
  await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(240);
  await shots(page, 'partners-en');
  if (SHOTS) {
    await page.getByText('தமிழ்', { exact: true }).first().click();
    await page.getByText('இன்னும் சின்னம் இல்லை.').or(page.getByTestId('org-logo')).first().waitFor();
    await shots(page, 'partners-ta');
    await page.getByText('English', { exact: true }).first().click();
  }

  // The moi book made on the admin's device: the hall's logo, name and footer on its cover.
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`${server.url}/event/gift?event=${eventId}`);
  await page.getByTestId('export-open').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('PDF book').check();
  await dialog.getByRole('button', { name: 'Make the file' }).click();
  await expect.poll(() => dialog.getByTestId('export-ready').count(), { timeout: 90_000 }).toBe(1);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download' }).click()]);
  const book = path.join(dir, 'book.pdf');
  await download.saveAs(book);
  const cover = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', book, '-'], { encoding: 'utf8' });
  expect(cover).toContain('Lakshmi Mahal, Madurai · 0452 123456');
  const images = execFileSync('pdfimages', ['-f', '1', '-l', '1', '-list', book], { encoding: 'utf8' }).trim().split('\n').slice(2);
  expect(images).toHaveLength(1);
  expect(images[0]).toMatch(/\b240\s+120\b/);
  if (SHOTS) execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '60', '-png', book, `${SHOTS}/book-cover`]);
  await ctx.close();

  // The counter of the hall's event: a gift's receipt carries the hall's branding.
  const tablet = await newContext(browser, { width: 800, height: 1280, locale: 'en-IN' });
  const counter = await tablet.newPage();
  await signInAtCounter(counter, server, 'staff1');
  await counter.locator('input[name="name"]').waitFor({ timeout: 30_000 });
  await counter.locator('input[name="name"]').fill('முருகன்');
  await counter.locator('input[name="village"]').fill('மதுரை');
  await counter.locator('input[name="amount"]').fill('1001');
  await counter.locator('input[name="amount"]').press('Control+Enter');
  const receipt = counter.getByTestId('last-receipt');
  await receipt.getByTestId('receipt-brand').waitFor({ timeout: 15_000 });
  expect(await receipt.getByTestId('receipt-brand').textContent()).toContain('Lakshmi Mahal');
  expect(await receipt.getByTestId('receipt-brand-footer').textContent()).toContain('0452 123456');
  await expect.poll(() => receipt.locator('img.r-logo').evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(240);
  await shots(counter, 'counter-receipt-en');
  await tablet.close();
});
