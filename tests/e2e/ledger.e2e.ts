// The moi ledger end to end (issue 12), in Chromium with the service worker on: the host imports an
// old book (CSV) through the import screen, records a moi they gave and adds an invitation; then at
// the counter of the host's new event, offline, staff type a returning giver and the hint shows what
// that giver gave before and what the host gave them; Alt+L names the person on the gift, which the
// server links once the tablet is back online.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LedgerResponse } from '../../contract/ledger';
import { PW, login, setUpCounterDay, signInAtCounter, type Api } from './counter-fixtures';
import { launchBrowser, newContext, startServer, type E2EServer } from './harness';

const BOOK = [
  'பக்கம்,பெயர்,இனிஷியல்,ஊர்,தொகை',
  '1,முருகன்,மு.,மேலூர்,"₹1,001"',
  '1,Selvam,K.,Theni,501',
  '1,,R.,Madurai,201',
  '2,Kannan,S,Vadipatti,ஆயிரம்',
  '2,Selvam,K.,Theni,501',
].join('\n');

/** The 20th of next month: its YYYY-MM-DD and how the calendar and the box name it. */
const invitationDay = (() => {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + 1, 20);
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-20`;
  return { iso, label: `20 ${d.toLocaleString('en-IN', { month: 'long' })} ${d.getFullYear()}` };
})();

async function ledgerOf(s: E2EServer, who: Api): Promise<LedgerResponse> {
  const r = await fetch(`${s.url}/moi/ledger`, { headers: { cookie: who.cookie } });
  return (await r.json()) as LedgerResponse;
}
async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('the family’s moi ledger', () => {
  let server: E2EServer;
  let browser: Browser;
  let host: BrowserContext;
  let page: Page;
  let ownerApi: Api;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await setUpCounterDay(server);
    ownerApi = await login(server, 'owner1', PW);
    host = await newContext(browser, { width: 1280, height: 900, locale: 'en-IN' });
    await host.addInitScript(() => localStorage.setItem('moi.language', 'en'));
    page = await host.newPage();
  });
  afterAll(async () => {
    await host?.close();
    await browser?.close();
    await server?.close();
  });

  it('the host imports an old book, records a moi given and adds an invitation', async () => {
    // Its label reads 'Date *' (required); the box's accessible name is 'Date'.
    const dateBox = () => page.getByRole('textbox', { name: 'Date', exact: true });
    await page.goto(`${server.url}/session/signin`);
    await page.locator('input[name="username"]').fill('owner1');
    await page.locator('input[type="password"]').fill(PW);
    await page.locator('input[type="password"]').press('Enter');
    await page.waitForURL((u) => !u.pathname.includes('signin'), { timeout: 30_000 });

    await page.goto(`${server.url}/ledger/import`);
    await page.locator('input[type="file"]').setInputFiles({ name: 'old-book-2019.csv', mimeType: 'text/csv', buffer: Buffer.from(BOOK) });
    await expect.poll(() => page.getByTestId('import-counts').textContent()).toContain('2 to import · 2 with a problem · 1 repeated');
    // Fix the unreadable amount of row 5.
    await page.getByLabel('Amount 5').fill('1000');
    await expect.poll(() => page.getByTestId('import-counts').textContent()).toContain('3 to import');
    await page.getByLabel('Name of the past function').fill('Ear-piercing 2019');
    // Dates are typed day first, as written here, and shown back in words.
    await page.getByLabel('Date of the function').pressSequentially('14/04/2019');
    await page.getByLabel('Date of the function').press('Tab');
    expect(await page.getByLabel('Date of the function').inputValue()).toBe('14 April 2019');
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await expect.poll(() => page.getByTestId('import-done').textContent()).toContain('3 imported');
    // The same file again brings nothing in twice.
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await expect.poll(() => page.getByTestId('import-done').textContent()).toContain('0 imported · 3 were already imported');

    await page.goto(`${server.url}/ledger/given`);
    await page.getByRole('combobox', { name: 'Given to (a person of the ledger)' }).fill('Murugan');
    await page.getByRole('option', { name: /முருகன்/ }).click();
    await page.getByRole('combobox', { name: 'Function' }).click();
    await page.getByRole('option', { name: 'Housewarming' }).click();
    await dateBox().fill('2/3/2025');
    await dateBox().press('Tab');
    expect(await dateBox().inputValue()).toBe('2 March 2025');
    await page.getByLabel('Amount (₹)').fill('2001');
    await page.getByRole('button', { name: 'Save moi given' }).click();
    await expect.poll(() => page.getByTestId('given-saved').textContent()).toContain('₹2,001');

    await page.goto(`${server.url}/ledger/invitations`);
    await page.getByRole('combobox', { name: 'Given to (a person of the ledger)' }).fill('Selvam');
    await page.getByRole('option', { name: /Selvam/ }).click();
    // The invitation's date picked from the calendar: the 20th of next month.
    await dateBox().click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: invitationDay.label }).click();
    expect(await dateBox().inputValue()).toBe(invitationDay.label);
    await page.getByRole('button', { name: 'Save invitation' }).click();

    // Both writes reach the server through the outbox.
    const l = await until(() => ledgerOf(server, ownerApi), (x) => x.invitations.length === 1 && x.people.some((p) => p.given === 2001));
    const murugan = l.people.find((p) => p.name === 'முருகன்')!;
    expect(murugan).toMatchObject({ received: 1001, given: 2001 });
    expect(l.people.find((p) => p.name === 'Selvam')).toMatchObject({ received: 501 });
    expect(l.invitations[0]).toMatchObject({ date: invitationDay.iso, functionType: 'wedding' });
  });

  it('at the counter of the new event, offline, the hint shows for a returning giver', async () => {
    const ctx = await newContext(browser, { width: 800, height: 1280, locale: 'en-IN' });
    await ctx.addInitScript(() => localStorage.setItem('moi.language', 'en'));
    const counter = await ctx.newPage();
    const refreshed = counter.waitForResponse((r) => r.url().includes('/moi/ledger/hints/refresh') && r.status() === 200, { timeout: 60_000 });
    await signInAtCounter(counter, server, 'staff1');
    await refreshed;
    // The host's ledger lines reach the tablet through the sync pull (no ledger request of its own).
    const lines = () => counter.evaluate(() => new Promise<number>((resolve) => {
      const open = indexedDB.open('moi');
      open.onsuccess = () => {
        const idb = open.result;
        if (!idb.objectStoreNames.contains('ledgerHints')) { idb.close(); resolve(0); return; }
        const req = idb.transaction('ledgerHints').objectStore('ledgerHints').count();
        req.onsuccess = () => { idb.close(); resolve(req.result); };
      };
      open.onerror = () => resolve(0);
    }));
    await expect.poll(lines, { timeout: 30_000 }).toBeGreaterThan(0);
    await ctx.setOffline(true);
    await counter.locator('input[name="name"]').fill('Murugan');
    await counter.locator('input[name="village"]').fill('Melur');
    const hint = counter.getByTestId('ledger-hint');
    await expect.poll(() => hint.textContent(), { timeout: 10_000 }).toContain('Their last moi: ₹1,001 · Wedding 2019');
    expect(await hint.textContent()).toContain('We gave: ₹2,001 · Housewarming 2025; Balance: Gave more ₹1,000');
    await counter.keyboard.press('Alt+l');
    expect(await counter.locator('input[name="initial"]').inputValue()).toBe('மு.');
    // Saved offline with the person named on it; once online, the server links the gift to that person.
    // What the host gave them (₹2,001) is prefilled as the returning part; a smaller gift returns only itself.
    expect(await counter.locator('input[name="returning"]').inputValue()).toBe('2001');
    await counter.locator('input[name="amount"]').fill('1501');
    expect(await counter.locator('input[name="returning"]').inputValue()).toBe('1501');
    await counter.locator('input[name="amount"]').press('Control+Enter');
    await counter.waitForFunction(() => (document.querySelector('input[name="name"]') as HTMLInputElement | null)?.value === '', undefined, { timeout: 15_000 });
    // A giver the ledger does not know: no hint.
    await counter.locator('input[name="name"]').fill('Pandi');
    await expect.poll(() => hint.count()).toBe(0);
    await ctx.setOffline(false);
    const linked = async () => {
      const r = await server.app.db.execute(sql`select l.how, g.returning_amount from ledger_links l join gifts g on g.id = l.gift_id where g.amount = 1501 and g.name = 'Murugan'`);
      return (r as unknown as { rows: Array<{ how: string; returning_amount: number }> }).rows.map((x) => `${x.how} ${x.returning_amount}`);
    };
    await expect.poll(linked, { timeout: 30_000 }).toEqual(['counter 1501']);
    await ctx.close();
  });
});
