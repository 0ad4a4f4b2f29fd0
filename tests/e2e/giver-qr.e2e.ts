// Givers pre-fill by QR, end to end in Chromium (issue 30 item 4): the host's invitation QR for a
// family of their ledger → the public form on the giver's phone (name filled from the invitation;
// nothing sent to the server) → the giver's QR → the counter tablet's camera (Chromium's fake camera
// playing that QR, read by jsQR: headless Chromium on Linux has no BarcodeDetector) → the entry form
// filled, Save focused → one Enter → the gift on the server, linked to the invited person.
// A code that is not a giver's (a UPI QR) is said to be so. With MOI_SHOTS=1 it also saves screenshots (scan dialog and filled form, 390 and 800 px wide) to
// /tmp/shots/giver-qr-e2e/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gifts, ledgerLinks, ledgerPeople, users } from '../../server/db/schema';
import { uuidv7 } from '../../contract/ids';
import { PW, setUpCounterDay, untilSignInHydrated, type CounterDay } from './counter-fixtures';
import { fakeCameraArgs, writeQrVideo } from './fake-camera';
import { launchBrowser, newContext, startServer, type E2EServer } from './harness';

const SHOTS = process.env.MOI_SHOTS === '1' ? '/tmp/shots/giver-qr-e2e' : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

let server: E2EServer;
let day: CounterDay;
let browser: Browser;
const opened: Browser[] = [];
let dir: string;
let ownerId: string;
const personId = uuidv7();

/** Signs in through the sign-in page, once React has taken it over. */
async function signIn(page: Page, username: string) {
  await page.goto(`${server.url}/session/signin`);
  await untilSignInHydrated(page);
  await page.getByLabel(/Username/).fill(username);
  await page.locator('input[type="password"]').fill(PW);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/session/signin'), { timeout: 30_000 });
}

/** The counter's entry screen in a browser whose camera shows `video`. */
async function counterWithCamera(video: string, width: number): Promise<Page> {
  const b = await launchBrowser(fakeCameraArgs(video));
  opened.push(b);
  const page = await (await newContext(b, { width, height: 1100 })).newPage();
  await signIn(page, 'staff1');
  await page.waitForURL('**/counter/gifts/entry', { timeout: 30_000 });
  await page.locator('[data-testid="scan-open"]:not([disabled])').waitFor({ timeout: 30_000 });
  return page;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'moi-giver-qr-'));
  server = await startServer();
  day = await setUpCounterDay(server);
  [{ id: ownerId }] = await server.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'owner1'));
  // A family of the host's ledger (from an earlier function): the one the host invites.
  await server.app.db.insert(ledgerPeople).values({ id: personId, ownerId, name: 'ஆறுமுகம்', initial: 'க.', village: 'மேலூர்' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  for (const b of opened) await b.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('givers pre-fill by QR', () => {
  it('invitation QR → giver’s form → giver’s QR → counter camera → filled form → saved gift linked to the invited person', async () => {
    // The host: the invitation QR for that family, from the ledger's invitations.
    const host = await (await newContext(browser)).newPage();
    await signIn(host, 'owner1');
    await host.goto(`${server.url}/ledger/invitations`);
    const picker = host.locator('[data-testid="invitation-qr"] input').first();
    await picker.click();
    await picker.fill('ஆறு');
    await host.getByRole('option', { name: /ஆறுமுகம்/ }).click();
    const link = (await host.getByTestId('giver-form-link').getAttribute('href')) ?? '';
    expect(await host.getByTestId('giver-form-link').textContent()).toContain('n=ஆறுமுகம்');
    const linkUrl = new URL(link);
    expect(linkUrl.pathname).toBe('/qr');
    expect(linkUrl.searchParams.get('o')).toBe(ownerId);
    expect(linkUrl.searchParams.get('p')).toBe(personId);
    // The QR drawn is that link.
    expect(await host.locator('[data-testid="invitation-qr-code"] svg[data-qr]').getAttribute('data-qr')).toBe(link);

    // The giver, on their phone: the form opens with their name; they add the rest and get their code.
    const phone = await (await newContext(browser, { width: 390, height: 844 })).newPage();
    const apiCalls: string[] = [];
    phone.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/moi/')) apiCalls.push(r.url()); });
    await phone.goto(link);
    await expect.poll(() => phone.locator('#g-name').inputValue(), { timeout: 30_000 }).toBe('ஆறுமுகம்');
    await phone.locator('#g-kin').fill('வள்ளி');
    await phone.locator('#g-mobile').fill('9876543210');
    await phone.locator('#g-amount').fill('1001');
    await phone.locator('form button[type="submit"]').click();
    const qr = phone.locator('svg[data-qr]');
    await qr.waitFor();
    expect(await qr.getAttribute('data-qr')).toMatch(/^MOI-G1:/);
    expect(apiCalls).toEqual([]);
    const video = path.join(dir, 'giver.y4m');
    await writeQrVideo(phone, 'svg[data-qr]', video);

    // The counter: the camera reads the giver's code and the form fills in, Save focused.
    const counter = await counterWithCamera(video, 800);
    await counter.getByTestId('scan-open').click();
    await expect.poll(() => counter.locator('input[name="name"]').inputValue(), { timeout: 30_000 }).toBe('ஆறுமுகம்');
    await expect.poll(() => counter.getByRole('dialog').count()).toBe(0);
    expect(await counter.locator('input[name="initial"]').inputValue()).toBe('க.');
    expect(await counter.locator('input[name="village"]').inputValue()).toBe('மேலூர்');
    expect(await counter.locator('input[name="kinName"]').inputValue()).toBe('வள்ளி');
    expect(await counter.locator('input[name="mobile"]').inputValue()).toBe('9876543210');
    expect(await counter.locator('input[name="amount"]').inputValue()).toBe('1001');
    await expect.poll(() => counter.evaluate(() => (document.activeElement as HTMLButtonElement | null)?.type)).toBe('submit');
    // The camera is off once the code is read.
    expect(await counter.evaluate(() => Array.from(document.querySelectorAll('video')).some((v) => v.srcObject))).toBe(false);
    await counter.getByTestId('scan-linked').waitFor();
    if (SHOTS) {
      await counter.screenshot({ path: `${SHOTS}/filled-800.png`, fullPage: true });
      await counter.setViewportSize({ width: 390, height: 844 });
      await counter.screenshot({ path: `${SHOTS}/filled-390.png`, fullPage: true });
    }

    // The staff confirm the cash: one key.
    await counter.keyboard.press('Enter');
    await counter.getByTestId('saved-banner').waitFor({ timeout: 15_000 });
    const db = server.app.db;
    const savedRows = () => db.select().from(gifts).where(and(eq(gifts.eventId, day.eventId), eq(gifts.name, 'ஆறுமுகம்')));
    await expect.poll(async () => (await savedRows()).length, { timeout: 30_000 }).toBe(1);
    const [saved] = await savedRows();
    expect(saved).toMatchObject({ initial: 'க.', village: 'மேலூர்', kinName: 'வள்ளி', mobile: '9876543210', amount: 1001, mode: 'cash', counterId: day.counterA });
    const links = await db.select().from(ledgerLinks).where(eq(ledgerLinks.giftId, saved.id));
    expect(links).toEqual([expect.objectContaining({ personId, ownerId, how: 'counter' })]);
  });

  it('a code that is not a Moi giver’s: the dialog says so and keeps looking; Esc closes it, the camera stops, the form stays empty', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.setContent(await QRCode.toString('upi://pay?pa=selvam@okaxis&pn=Selvam', { type: 'svg' }));
    const video = path.join(dir, 'other.y4m');
    await writeQrVideo(page, 'svg', video);
    const counter = await counterWithCamera(video, 800);
    await counter.keyboard.press('Alt+KeyQ');
    await counter.getByTestId('scan-not-moi').waitFor({ timeout: 30_000 });
    expect(await counter.getByTestId('scan-not-moi').textContent()).toContain('not a Moi giver’s code');
    expect(await counter.evaluate(() => !!document.querySelector('video')?.srcObject)).toBe(true);
    if (SHOTS) {
      await counter.screenshot({ path: `${SHOTS}/scan-dialog-800.png` });
      await counter.setViewportSize({ width: 390, height: 844 });
      await counter.screenshot({ path: `${SHOTS}/scan-dialog-390.png` });
    }
    await counter.keyboard.press('Escape');
    await expect.poll(() => counter.getByRole('dialog').count()).toBe(0);
    expect(await counter.evaluate(() => Array.from(document.querySelectorAll('video')).some((v) => v.srcObject))).toBe(false);
    expect(await counter.locator('input[name="name"]').inputValue()).toBe('');
  });
});
