// Receipt message and verification, end to end (issue 15): a counter saves a gift with the giver's
// mobile and consent in real Chromium; the server's messaging worker sends it through the webhook
// adapter to a stand-in provider on a loopback port, which receives the receipt message with the
// verification link; opening the link with no sign-in shows the masked receipt.
// With MOI_SHOTS=1 it saves the receipt (with its QR code) and the verification page at 390, 800
// and 1440 px in English and Tamil to /tmp/shots/messaging/.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PW, setUpCounterDay, signInAtCounter } from './counter-fixtures';
import { ADMIN, launchBrowser, newContext, startServer, type E2EServer } from './harness';
import { webhookStandIn, type StandIn } from '../messaging/stand-ins';

const SHOTS = process.env.MOI_SHOTS === '1' ? '/tmp/shots/messaging' : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const SECRET = 'e2e-webhook-secret-0123';
const WIDTHS = [390, 800, 1440];

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const port = (s.address() as { port: number }).port;
    s.close(() => resolve(port));
  });
});

/** The saved gift's receipt (with its QR code) at each width. */
async function shootReceipt(page: Page, lang: string) {
  if (!SHOTS) return;
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w, height: w === 390 ? 844 : 1000 });
    await page.waitForTimeout(300);
    await page.getByTestId('last-receipt').screenshot({ path: `${SHOTS}/receipt-${lang}-${w}.png` });
  }
  await page.setViewportSize({ width: 800, height: 1280 });
}

async function setLang(page: Page, lang: 'en' | 'ta') {
  await page.evaluate((l) => localStorage.setItem('moi.language', l), lang);
  await page.reload();
}

describe('a receipt message and its verification link', () => {
  let server: E2EServer;
  let hook: StandIn;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    hook = await webhookStandIn({ secret: SECRET });
    const port = await freePort();
    server = await startServer({
      MESSAGING_PROVIDER: 'webhook', MESSAGING_WEBHOOK_URL: hook.url, MESSAGING_WEBHOOK_SECRET: SECRET, PUBLIC_URL: `http://localhost:${port}`,
    }, { port });
    await setUpCounterDay(server);
    browser = await launchBrowser();
    ctx = await newContext(browser, { width: 800, height: 1280, locale: 'en-IN' });
    page = await ctx.newPage();
  });

  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
    await hook?.close();
  });

  it('the counter saves a gift with mobile and consent; the giver gets the link; the link shows the masked receipt', async () => {
    await signInAtCounter(page, server, 'staff1');
    await page.locator('input[name="name"]').fill('Karuppasamy');
    await page.locator('input[name="initial"]').fill('M.');
    await page.locator('input[name="village"]').fill('Usilampatti');
    await page.locator('input[name="amount"]').fill('1001');
    await page.locator('input[name="mobile"]').fill('9876543210');
    const consent = page.getByLabel('Send the receipt to this mobile');
    expect(await consent.isChecked()).toBe(false); // off unless the giver agrees
    await consent.check();
    await page.locator('input[name="amount"]').press('Control+Enter');
    const receipt = page.getByTestId('last-receipt');
    await receipt.getByTestId('receipt-verify').waitFor({ timeout: 15_000 });
    const qrLink = await receipt.getByTestId('receipt-verify').locator('svg').getAttribute('data-qr');
    expect(qrLink).toMatch(new RegExp(`^${server.url}/r/[A-Za-z0-9_-]{22}$`));
    expect(await receipt.getByTestId('receipt-verify').innerText()).toContain(qrLink!);
    await shootReceipt(page, 'en');

    // The tablet syncs; the server's worker sends the receipt message to the stand-in provider.
    const deadline = Date.now() + 60_000;
    while (hook.accepted.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(hook.violations).toEqual([]);
    expect(hook.accepted).toHaveLength(1);
    const sent = hook.accepted[0];
    expect(sent.to).toBe('9876543210');
    expect(sent.text).toContain('₹1,001');
    expect(sent.text).toContain('செல்வம் – மீனாட்சி திருமணம்');
    expect(sent.text).toContain('தங்கள் வருகைக்கு நன்றி!');
    const link = sent.text.match(/https?:\/\/\S+\/r\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBe(qrLink);

    // The giver opens the link on their own phone: no sign-in.
    const phone = await newContext(browser, { width: 390, height: 844, locale: 'en-IN' });
    const p = await phone.newPage();
    await p.goto(link!);
    const result = p.getByTestId('verify-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getAttribute('data-status')).toBe('valid');
    expect(await p.getByTestId('verify-giver').innerText()).toBe('M•• K••••');
    expect(await p.getByTestId('verify-amount').innerText()).toBe('₹1,001');
    const text = await p.locator('body').innerText();
    expect(text).toContain('Valid receipt');
    for (const hidden of ['Karuppasamy', 'Usilampatti', '9876543210', 'Kavitha']) expect(text).not.toContain(hidden);

    // An unknown token (a tablet that has not synced yet) is explained, not an error page.
    await p.goto(`${server.url}/r/AAAAAAAAAAAAAAAAAAAAAA`);
    await p.getByTestId('verify-result').waitFor();
    expect(await p.getByTestId('verify-result').getAttribute('data-status')).toBe('unknown');
    expect(await p.locator('body').innerText()).toContain('Not yet received by the server');

    if (SHOTS) {
      for (const lang of ['en', 'ta'] as const) {
        await p.goto(link!);
        await setLang(p, lang);
        await p.getByTestId('verify-result').waitFor();
        for (const w of WIDTHS) {
          await p.setViewportSize({ width: w, height: w === 390 ? 844 : 900 });
          await p.screenshot({ path: `${SHOTS}/verify-valid-${lang}-${w}.png`, fullPage: true });
        }
        await p.goto(`${server.url}/r/AAAAAAAAAAAAAAAAAAAAAA`);
        await p.getByTestId('verify-result').waitFor();
        await p.setViewportSize({ width: 390, height: 844 });
        await p.screenshot({ path: `${SHOTS}/verify-unknown-${lang}-390.png`, fullPage: true });
      }
      // The Tamil receipt: the tablet switched to Tamil saves the next gift.
      await setLang(page, 'ta');
      await page.locator('input[name="name"]').waitFor();
      await page.locator('input[name="name"]').fill('முருகன்');
      await page.locator('input[name="village"]').fill('மதுரை');
      await page.locator('input[name="amount"]').fill('501');
      await page.locator('input[name="amount"]').press('Control+Enter');
      await page.getByTestId('last-receipt').getByTestId('receipt-verify').waitFor({ timeout: 15_000 });
      await shootReceipt(page, 'ta');
      // The admin screens: Messages (app admin) and Host updates (event admin), as the e2e made them.
      for (const [user, path, name] of [[ADMIN.username, '/admin/messaging', 'admin-messaging'], ['ea1', '/event/messaging', 'host-messaging']] as const) {
        const admin = await newContext(browser, { width: 1440, height: 1000, locale: 'en-IN' });
        const a = await admin.newPage();
        await a.goto(`${server.url}/session/signin`);
        await a.getByLabel(/Username/).fill(user);
        await a.locator('input[type="password"]').fill(user === 'ea1' ? PW : ADMIN.password);
        await a.getByRole('button', { name: 'Sign in' }).click();
        await a.waitForURL((u) => !u.pathname.startsWith('/session'), { timeout: 30_000 });
        for (const lang of ['en', 'ta'] as const) {
          await a.evaluate((l) => localStorage.setItem('moi.language', l), lang);
          await a.goto(`${server.url}${path}`);
          await a.getByRole('button', { name: lang === 'en' ? (name === 'admin-messaging' ? 'Save template' : 'Save') : (name === 'admin-messaging' ? 'வார்ப்புருவைச் சேமி' : 'சேமி') }).waitFor({ timeout: 30_000 });
          if (name === 'admin-messaging') await a.getByTestId('outbox').waitFor();
          for (const w of WIDTHS) {
            await a.setViewportSize({ width: w, height: 1000 });
            await a.waitForTimeout(300);
            await a.screenshot({ path: `${SHOTS}/${name}-${lang}-${w}.png`, fullPage: true });
          }
        }
        await admin.close();
      }
    }
    await phone.close();
  });

  it('the app admin stops messages to a mobile on the Messages screen; the next gift with it sends nothing', async () => {
    const admin = await newContext(browser, { width: 800, height: 1000, locale: 'en-IN' });
    const a = await admin.newPage();
    await a.goto(`${server.url}/session/signin`);
    await a.getByLabel(/Username/).fill(ADMIN.username);
    await a.locator('input[type="password"]').fill(ADMIN.password);
    await a.getByRole('button', { name: 'Sign in' }).click();
    await a.waitForURL((u) => !u.pathname.startsWith('/session'), { timeout: 30_000 });
    await a.goto(`${server.url}/admin/messaging`);
    await a.getByLabel('Mobile number (10 digits)').fill('98765 43210');
    await a.getByRole('button', { name: 'Stop messages' }).click();
    await a.getByText('No more messages will go to 9876543210.').waitFor({ timeout: 15_000 });

    const before = hook.accepted.length;
    await page.locator('input[name="name"]').fill('Karuppasamy');
    await page.locator('input[name="village"]').fill('Usilampatti');
    await page.locator('input[name="amount"]').fill('2001');
    await page.locator('input[name="mobile"]').fill('9876543210');
    await page.getByLabel(/Send the receipt to this mobile|ரசீதை இந்தக் கைபேசிக்கு அனுப்பு/).check();
    await page.locator('input[name="amount"]').press('Control+Enter');
    // The gift reaches the server and its message is cancelled, not sent.
    const deadline = Date.now() + 60_000;
    let states: string[] = [];
    while (Date.now() < deadline) {
      const rows = await a.evaluate(async () => (await (await fetch('/moi/admin/messaging/outbox')).json()) as { messages: Array<{ recipient: string; state: string; reason: string | null }> });
      states = rows.messages.filter((m) => m.recipient === '98••••••10').map((m) => `${m.state}:${m.reason ?? ''}`);
      if (states.some((x) => x.startsWith('cancelled'))) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(states).toContain('cancelled:opted_out');
    expect(hook.accepted.length).toBe(before);
    await admin.close();
  });
});
