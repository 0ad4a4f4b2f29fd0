// The cash custody chain end to end (issue 18), in Chromium with the service worker on: the event
// admin names the host's nominee (with a PIN) and opens counter A with a ₹1,000 float; a staff
// member on a tablet goes offline, enters 20 gifts, closes with a BLIND count (no expected figure
// in the page until the count is saved), hands the cash to the nominee who confirms with her PIN,
// prints the handover slip (the print root's content is checked), and goes online: the server has
// the handover once, verified. The owner then sees the chain on the event page.
// With MOI_SHOTS=1 it saves screenshots to /tmp/shots/custody/.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, launchBrowser, newContext, startServer, waitForServiceWorker, type E2EServer } from './harness';
import { PW, call, login, signInAtCounter } from './counter-fixtures';

const SHOTS = process.env.MOI_SHOTS === '1' ? '/tmp/shots/custody' : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => { if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }); };

const AMOUNTS = [101, 201, 251, 501, 1001, 1116, 2001, 5001, 100, 200];
const NOMINEE = { name: 'Meenakshi Ammal', mobile: '9876500011', pin: '246810' };

async function signIn(page: Page, server: E2EServer, username: string) {
  await page.goto(`${server.url}/session/signin`);
  await page.getByLabel(/Username/).fill(username);
  await page.locator('input[type="password"]').fill(PW);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/session'), { timeout: 30_000 });
}

/** Does this page's device database hold a nominee yet (pulled from the server)? */
const hasNominee = (page: Page) => page.evaluate(() => new Promise<boolean>((resolve) => {
  const r = indexedDB.open('moi');
  r.onerror = () => resolve(false);
  r.onsuccess = () => {
    const db = r.result;
    try {
      const c = db.transaction('nominees').objectStore('nominees').count();
      c.onsuccess = () => { resolve(c.result > 0); db.close(); };
      c.onerror = () => { resolve(false); db.close(); };
    } catch {
      resolve(false);
      db.close();
    }
  };
}));

describe('cash custody: float → 20 gifts → blind count → handover by PIN → slip → owner sees the chain', () => {
  let server: E2EServer;
  let browser: Browser;
  let eventId = '';
  let counterA = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const admin = await login(server, ADMIN.username, ADMIN.password);
    const ea = (await call<{ user: { id: string } }>(server, admin, 'POST', '/moi/admin/users', { username: 'ea1', password: PW, name: 'Ganesan', role: 'event_admin' })).user;
    const owner = (await call<{ user: { id: string } }>(server, admin, 'POST', '/moi/admin/users', { username: 'owner1', password: PW, name: 'Selvam', role: 'event_owner' })).user;
    eventId = (await call<{ event: { id: string } }>(server, admin, 'POST', '/moi/events', {
      titleTa: 'செல்வம் – மீனாட்சி திருமணம்', titleEn: 'Selvam weds Meenakshi', functionType: 'wedding', date: new Date().toISOString().slice(0, 10),
      venue: 'Meenakshi Mahal, Madurai', hostNames: 'Selvam & Meenakshi', thankYouNote: 'நன்றி', upiId: null, ownerIds: [owner.id], adminIds: [ea.id],
    })).event.id;
    await call(server, admin, 'POST', `/moi/events/${eventId}/status`, { status: 'open' });
    const eaApi = await login(server, 'ea1', PW);
    counterA = (await call<{ counter: { id: string } }>(server, eaApi, 'POST', `/moi/events/${eventId}/counters`, { code: 'A', name: 'Main entrance' })).counter.id;
    await call(server, eaApi, 'POST', '/moi/admin/users', { username: 'staff1', password: PW, name: 'Kavitha', role: 'counter_staff', eventId, counterIds: [counterA], pin: '111111' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('runs the chain offline and syncs it once', async () => {
    const t0 = Date.now();
    const step = (what: string) => console.log(`[custody +${((Date.now() - t0) / 1000).toFixed(1)} s] ${what}`);

    // ---- the event admin names the nominee and opens counter A with a float ----
    const adminCtx = await newContext(browser, { width: 1440, height: 1000 });
    const ap = await adminCtx.newPage();
    await signIn(ap, server, 'ea1');
    await ap.goto(`${server.url}/event/counter?event=${eventId}`);
    const card = ap.getByTestId('counter-card-A');
    await card.waitFor({ timeout: 30_000 });
    const section = ap.getByTestId('custody-section');
    await section.getByRole('button', { name: 'Add nominee' }).click();
    const nd = ap.getByRole('dialog');
    await nd.getByLabel('Name').fill(NOMINEE.name);
    await nd.getByLabel('Mobile (for OTP)').fill(NOMINEE.mobile);
    await nd.getByLabel('PIN (6 digits)').fill(NOMINEE.pin);
    await nd.getByRole('button', { name: 'Save nominee' }).click();
    await section.getByText(NOMINEE.name).waitFor();
    await card.getByRole('button', { name: 'Open counter' }).click();
    const od = ap.getByRole('dialog');
    await od.getByLabel('Float amount (₹)').fill('1000');
    await od.getByRole('button', { name: 'Open the counter' }).click();
    await card.getByTestId('counter-float').waitFor();
    await shot(ap, 'admin-counters-1440-en');
    const eaApi = await login(server, 'ea1', PW);
    await expect.poll(async () => (await call<{ counters: Array<{ id: string; status: string; openingFloat?: { amount: number } | null }> }>(server, eaApi, 'GET', `/moi/counters?eventId=${eventId}`))
      .counters.find((c) => c.id === counterA), { timeout: 30_000, interval: 500 }).toMatchObject({ status: 'open', openingFloat: { amount: 1000 } });
    step('nominee named, counter opened with a ₹1,000 float');

    // ---- the tablet: sign in, wait for the nominee's PIN hash, go offline, 20 gifts ----
    const ctx = await newContext(browser, { width: 800, height: 1280 });
    const page = await ctx.newPage();
    await signInAtCounter(page, server, 'staff1');
    await waitForServiceWorker(page);
    await page.locator('input[name="name"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => hasNominee(page), { timeout: 30_000, interval: 500 }).toBe(true);
    await ctx.setOffline(true);
    let cash = 0;
    for (let i = 0; i < 20; i++) {
      const amount = AMOUNTS[i % AMOUNTS.length];
      await page.locator('input[name="name"]').fill(`Guest ${i + 1}`);
      await page.locator('input[name="village"]').fill('மதுரை');
      await page.locator('input[name="amount"]').fill(String(amount));
      await page.locator('input[name="amount"]').press('Control+Enter');
      await page.waitForFunction((s) => document.querySelector('[data-testid="last-receipt"] [data-testid="receipt-no"]')?.textContent?.endsWith(`-${s}`), String(i + 1).padStart(4, '0'), { timeout: 15_000 });
      cash += amount;
    }
    step('20 gifts offline');

    // ---- blind count: nothing of the expected figure in the page until the count is saved ----
    await page.getByRole('button', { name: 'Close counter' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('₹500 notes', { exact: true }).waitFor();
    const expected = 1000 + cash;
    const html = await page.content();
    expect(html).not.toContain('Expected cash');
    expect(html).not.toContain(new Intl.NumberFormat('en-IN').format(expected));
    expect(await page.getByTestId('tally-expected').count()).toBe(0);
    let rest = expected - 10; // ₹10 short
    for (const [value, kind] of [[500, 'notes'], [200, 'notes'], [100, 'notes'], [50, 'notes'], [20, 'notes'], [10, 'notes'], [5, 'coins'], [2, 'coins'], [1, 'coins']] as const) {
      const n = Math.floor(rest / value);
      rest -= n * value;
      if (n) await dialog.getByLabel(`₹${value} ${kind}`, { exact: true }).fill(String(n));
    }
    await shot(page, 'blind-count-800-en');
    await dialog.getByRole('button', { name: 'Save the count and close' }).click();
    await expect.poll(() => dialog.getByTestId('count-expected').textContent()).toContain(new Intl.NumberFormat('en-IN').format(expected));
    expect(await dialog.getByTestId('count-difference').textContent()).toContain('−₹10');
    await dialog.getByLabel(/Reason for the difference/).fill('₹10 given as change');
    await dialog.getByRole('button', { name: 'Save the reason' }).click();
    await dialog.getByTestId('count-reason').waitFor();
    step('blind count saved, figures shown after');

    // ---- handover to the nominee, confirmed by her PIN (checked on the tablet, offline) ----
    await dialog.getByTestId('handover-A').click();
    const hd = page.getByRole('dialog', { name: /Hand over cash/ });
    await hd.getByLabel('Receiver’s PIN').fill('135791');
    await hd.getByRole('button', { name: 'Confirm handover' }).click();
    await hd.getByRole('alert').filter({ hasText: 'The PIN does not match' }).waitFor();
    await hd.getByLabel('Receiver’s PIN').fill(NOMINEE.pin);
    await hd.getByRole('button', { name: 'Confirm handover' }).click();
    await hd.getByTestId('handover-saved').waitFor();
    await shot(page, 'handover-saved-800-en');

    // ---- the slip: the print root holds both names, the time, the amount and signature lines ----
    // window.print is stubbed: it notes whether the slip was marked as the only thing to print.
    await page.evaluate(() => {
      const w = window as unknown as { printed: number; slipOnly: boolean };
      w.printed = 0;
      window.print = () => { w.printed++; w.slipOnly = document.body.classList.contains('moi-printing-slip'); };
    });
    await hd.getByRole('button', { name: 'Print handover slip' }).click();
    await page.getByRole('dialog', { name: 'Cash handover slip' }).getByRole('button', { name: 'Print', exact: true }).click();
    expect(await page.evaluate(() => { const w = window as unknown as { printed: number; slipOnly: boolean }; return { printed: w.printed, slipOnly: w.slipOnly }; }))
      .toEqual({ printed: 1, slipOnly: true });
    // While printing, the slip is the only print root shown (the entry page's last receipt is not).
    await page.evaluate(() => document.body.classList.add('moi-printing', 'moi-printing-slip'));
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.moi-print-root').count()).toBeGreaterThan(1);
    expect(await page.locator('.moi-print-root:visible').count()).toBe(1);
    const printRoot = page.getByTestId('handover-slip-print');
    expect(await printRoot.isVisible()).toBe(true);
    const slip = (await printRoot.textContent()) ?? '';
    expect(slip).toContain('Cash handover slip');
    expect(slip).toContain('Counter A');
    expect(slip).toContain(NOMINEE.name);
    expect(slip).toContain('Kavitha');
    expect(slip).toContain(`₹${new Intl.NumberFormat('en-IN').format(expected - 10)}`);
    expect(slip.match(/Signature/g)?.length).toBe(2);
    await shot(page, 'handover-slip-print-en');
    await page.emulateMedia({ media: 'screen' });
    step('handover recorded and slip printed, still offline');

    // ---- online: everything lands once ----
    const ownerApi = await login(server, 'owner1', PW);
    const pulled = async () => (await call<{ changes: Array<{ type: string; id: string; row?: Record<string, unknown> }> }>(server, ownerApi, 'GET', '/moi/sync/pull?since=0&types=handover')).changes;
    expect(await pulled()).toHaveLength(0);
    await ctx.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(async () => (await pulled()).length, { timeout: 60_000, interval: 1000 }).toBe(1);
    const [h] = await pulled();
    expect(h.row).toMatchObject({ fromCounterId: counterA, toKind: 'nominee', toName: NOMINEE.name, cash: expected - 10, method: 'pin', verified: true, flags: [] });
    await expect.poll(async () => (await call<{ totals: { count: number } }>(server, ownerApi, 'GET', `/moi/events/${eventId}/totals`)).totals.count, { timeout: 30_000 }).toBe(20);
    const counters = await call<{ counters: Array<{ id: string; tally: Record<string, unknown> | null }> }>(server, ownerApi, 'GET', `/moi/counters?eventId=${eventId}`);
    expect(counters.counters.find((c) => c.id === counterA)?.tally).toMatchObject({ countedTotal: expected - 10, expectedCash: expected, float: 1000, cashGifts: cash, difference: -10, reason: '₹10 given as change' });
    step('synced once');

    // ---- the owner sees the chain ----
    const ownerCtx = await newContext(browser, { width: 390, height: 844 });
    const op = await ownerCtx.newPage();
    await signIn(op, server, 'owner1');
    await op.goto(`${server.url}/event/gift?event=${eventId}`);
    const chain = op.getByTestId('owner-custody');
    await expect.poll(() => chain.getByTestId('custody-step').count(), { timeout: 30_000, interval: 500 }).toBe(1);
    const text = (await chain.textContent()) ?? '';
    expect(text).toContain('Float put in: ₹1,000');
    expect(text).toContain(`Counted at close: ₹${new Intl.NumberFormat('en-IN').format(expected - 10)}`);
    expect(text).toContain(`Counter A → Nominee ${NOMINEE.name}`);
    expect(text).toContain('Confirmed (PIN)');
    expect(text).toContain('by Kavitha');
    await chain.scrollIntoViewIfNeeded();
    await shot(op, 'owner-chain-390-en');
    step('owner sees the chain');
    await Promise.all([ownerCtx.close(), ctx.close(), adminCtx.close()]);
  }, 120_000);
});
