// The guest display end to end (issue 18), real Chromium, the real app and server: a counter tablet
// and a guest screen in two browser contexts. The counter shows a code, the guest screen pairs with
// it, follows the entry being typed and saved (name, village, amount in figures and Tamil words,
// shortcuts expanded), never shows an earlier gift or a total, comes back after the network drops,
// and goes back to the code form when the counter ends it. The on-tablet guest panel shows the same.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setUpCounterDay, signInAtCounter } from './counter-fixtures';
import { launchBrowser, newContext, startServer, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;
let counterCtx: BrowserContext;
let guestCtx: BrowserContext;
let counter: Page;
let guest: Page;
const guestApiCalls: string[] = [];

async function typeGift(p: Page, g: { name: string; village?: string; amount: string }) {
  await p.locator('input[name="name"]').fill(g.name);
  if (g.village) await p.locator('input[name="village"]').fill(g.village);
  await p.locator('input[name="amount"]').fill(g.amount);
}
async function save(p: Page) {
  const before = await p.locator('[data-testid="saved-receipt-no"]').getAttribute('data-receipt').catch(() => null);
  await p.locator('input[name="amount"]').press('Control+Enter');
  await p.waitForFunction((b) => {
    const r = document.querySelector('[data-testid="saved-receipt-no"]')?.getAttribute('data-receipt');
    return !!r && r !== b;
  }, before, { timeout: 15_000 });
  return p.locator('[data-testid="saved-receipt-no"]').getAttribute('data-receipt');
}
const guestText = () => guest.locator('[data-testid="guest-entry"]').innerText();

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await setUpCounterDay(server);
  counterCtx = await newContext(browser, { width: 800, height: 1280 });
  guestCtx = await newContext(browser, { width: 1280, height: 720 });
  counter = await counterCtx.newPage();
  guest = await guestCtx.newPage();
  guest.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/moi/')) guestApiCalls.push(u.pathname);
  });
  await signInAtCounter(counter, server, 'staff1');
  await counter.locator('input[name="name"]').waitFor({ timeout: 30_000 });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('pairs a guest screen, shows only the entry being saved, survives a network drop, and ends', { timeout: 90_000 }, async () => {
  // Two gifts before the screen is paired: the screen must never show them or their total.
  await typeGift(counter, { name: 'EarlierGiverOne', village: 'Melur', amount: '7777' });
  await save(counter);
  await typeGift(counter, { name: 'EarlierGiverTwo', village: 'Theni', amount: '3333' });
  await save(counter);

  await counter.getByRole('button', { name: 'Pair a second screen' }).click();
  const code = (await counter.locator('[data-testid="guest-code"]').innerText()).trim();
  expect(code).toMatch(/^\d{6}$/);

  await guest.goto(`${server.url}/guest`);
  await guest.getByLabel('Pairing code').fill('000000');
  await guest.getByRole('button', { name: 'Pair with the counter' }).click();
  await guest.getByRole('alert').filter({ hasText: 'No counter is showing this code' }).waitFor();
  await guest.getByLabel('Pairing code').fill(code);
  await guest.getByRole('button', { name: 'Pair with the counter' }).click();
  await guest.locator('[data-testid="guest-where"]').filter({ hasText: 'Counter A' }).waitFor({ timeout: 10_000 });
  await guest.getByText('Waiting for the next gift').waitFor();
  await counter.locator('[data-testid="guest-paired"]').waitFor({ timeout: 10_000 });

  // Typing: the alias "Madurai" and the amount "1k1" are shown expanded on the counter before saving.
  await typeGift(counter, { name: 'Kannan', village: 'Madurai', amount: '1k1' });
  await counter.getByText('= ₹1,001').waitFor();
  await guest.locator('[data-testid="guest-amount"]').filter({ hasText: '₹1,001' }).waitFor({ timeout: 5_000 });
  expect(await guestText()).toContain('Being written');
  expect(await guest.locator('[data-testid="guest-words"]').innerText()).toBe('ஆயிரத்து ஒன்று ரூபாய் மட்டும்');
  const receipt = await save(counter);
  await guest.locator('[data-testid="guest-entry"][data-state="saved"]').waitFor({ timeout: 5_000 });
  const shown = await guestText();
  expect(shown).toContain('Kannan');
  expect(shown).toContain('மதுரை'); // the alias saved as the village's Tamil name
  expect(shown).toContain(`Receipt ${receipt}`);

  // Masking: nothing of the earlier gifts or any total in the guest page, nor in what it fetched.
  const html = await guest.content();
  for (const s of ['EarlierGiverOne', 'EarlierGiverTwo', '7,777', '3,333', '12,111', '11,110']) expect(html).not.toContain(s);
  expect(guestApiCalls.length).toBeGreaterThan(0);
  for (const path of guestApiCalls) expect(path.startsWith('/moi/public/guest/')).toBe(true);

  // The on-tablet guest panel: the same single entry, no list, no total.
  await counter.getByLabel('Guest panel on this tablet').check({ force: true });
  const panel = counter.locator('[data-testid="guest-panel"]');
  await panel.waitFor();
  expect(await panel.innerText()).toContain('Kannan');
  expect(await panel.innerText()).not.toContain('EarlierGiver');

  // The Wi-Fi drops: the guest screen is cut off, the server's connections close.
  await guestCtx.setOffline(true);
  server.app.server.closeAllConnections();
  await guest.locator('[data-testid="guest-reconnecting"]').waitFor({ timeout: 10_000 });
  await guestCtx.setOffline(false);
  await guest.locator('[data-testid="guest-reconnecting"]').waitFor({ state: 'detached', timeout: 20_000 });
  await typeGift(counter, { name: 'Murugan', village: 'Theni', amount: '501' });
  await guest.locator('[data-testid="guest-name"]').filter({ hasText: 'Murugan' }).waitFor({ timeout: 10_000 });
  await save(counter);
  await guest.locator('[data-testid="guest-entry"][data-state="saved"]').filter({ hasText: 'Murugan' }).waitFor({ timeout: 5_000 });

  // The counter ends the second screen: it goes back to the code form.
  await counter.getByRole('button', { name: 'End the second screen' }).click();
  await guest.getByText('The counter ended this display').waitFor({ timeout: 10_000 });
  await guest.getByLabel('Pairing code').waitFor();
});
