// The profile page in real Chromium against the real server, service worker on:
// online — edit the name (through the spec's `update` call) and upload a picture (Success dialog,
// OK reloads, the new picture shows); then offline — edit the name, choose a picture (kept on the
// device, downscaled to ≤ 1024 px), reload offline (the pending values still show), go online —
// the server has both, the badges clear. PROFILE_SHOTS=1 also saves screenshots to /tmp/shots/profile.
import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { createUser } from '../../server/test-utils';
import { launchBrowser, newContext, startServer, waitForServiceWorker, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;
const STAFF = { username: 'profile-cs', password: 'profile-e2e-pass', name: 'Meena Selvam', mobile: '9840012345' };
const SHOTS = process.env.PROFILE_SHOTS === '1' ? '/tmp/shots/profile' : null;

beforeAll(async () => {
  server = await startServer();
  await createUser(server.app, { ...STAFF, role: 'counter_staff', userType: 'Counter staff' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function serverRow() {
  const [row] = await server.app.db.select().from(users).where(eq(users.username, STAFF.username));
  return row;
}

/** A PNG drawn by the browser itself (so its bytes are a real image), as a buffer for setInputFiles. */
async function makePng(page: Page, width: number, height: number, color: string): Promise<Buffer> {
  const b64 = await page.evaluate(([w, h, c]) => {
    const canvas = document.createElement('canvas');
    canvas.width = w as number;
    canvas.height = h as number;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = c as string;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(canvas.width / 2, canvas.height / 2, Math.min(canvas.width, canvas.height) / 3, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/png').split(',')[1];
  }, [width, height, color]);
  return Buffer.from(b64, 'base64');
}

const avatar = (page: Page) => page.getByRole('img', { name: /^Profile picture of/ });

async function avatarLoaded(page: Page): Promise<{ src: string; width: number }> {
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('img[alt^="Profile picture of"]');
    return !!img && img.complete && img.naturalWidth > 0;
  }, null, { timeout: 20_000 });
  return avatar(page).evaluate((img: HTMLImageElement) => ({ src: img.getAttribute('src') ?? '', width: img.naturalWidth }));
}

const t0 = Date.now();
const step = (what: string) => console.log(`[profile e2e +${((Date.now() - t0) / 1000).toFixed(1)}s] ${what}`);

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(900); // the 800 ms page animation
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

it('edits and uploads online, then offline: reload keeps pending values, going online syncs both', async () => {
  const context = await newContext(browser, { width: 800, height: 1280 });
  try {
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('pageerror', e));
    await page.goto(`${server.url}/session/signin`);
    await page.evaluate(() => localStorage.setItem('moi.language', 'en'));
    await page.getByLabel(/^Username/).fill(STAFF.username);
    await page.getByLabel(/^Password/).fill(STAFF.password);
    await page.getByLabel(/^Password/).press('Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/session'), { timeout: 30_000 });
    await waitForServiceWorker(page);

    // ---- online: the view, then edit the name through the spec call ----
    step('online: the view, then edit the name through the spec call');
    await page.goto(`${server.url}/page-layouts/user-profile`);
    await page.getByTestId('profile-page').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { name: STAFF.name }).isVisible()).toBe(true);
    expect(await page.getByTestId('role-chip').innerText()).toBe('Counter Staff');
    expect((await avatarLoaded(page)).src).toBe('/assets/images/avatars/default.svg');
    await shot(page, 'e2e-view-tablet-en');

    const updateCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/moi/user/update')) updateCalls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Full Name').fill('Meena S. Online');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('User Profile was updated successfully').waitFor({ timeout: 10_000 });
    expect(updateCalls).toEqual(['POST /moi/user/update']);
    expect((await serverRow()).name).toBe('Meena S. Online');
    expect((await serverRow()).lastUpdatedBy).toBe((await serverRow()).userId);

    // ---- online: upload a picture → Success dialog → OK reloads → the new picture shows ----
    step('online: upload a picture → Success dialog → OK reloads → the new picture shows');
    await page.getByLabel('Choose a new profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await makePng(page, 300, 300, '#c2255c') });
    expect(await avatar(page).getAttribute('src')).toMatch(/^blob:/); // local preview
    await page.getByRole('button', { name: 'Update DP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Success' });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.innerText()).toContain('Profile picture updated successfully!');
    const firstPath = (await serverRow()).profileImagePath;
    expect(firstPath).toBeTruthy();
    expect(await avatar(page).getAttribute('src')).toMatch(new RegExp(`^/moi/user/profile-image/${firstPath}\\?t=\\d+$`));
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'OK' }).click()]);
    await page.getByTestId('profile-page').waitFor({ timeout: 30_000 });
    const afterReload = await avatarLoaded(page);
    expect(afterReload.src).toContain(`/moi/user/profile-image/${firstPath}`);
    expect(afterReload.width).toBe(300);
    expect(await page.getByRole('heading', { name: 'Meena S. Online' }).isVisible()).toBe(true);

    // ---- offline: edit the name and choose a picture ----
    step('offline: edit the name and choose a picture');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Full Name').fill('Meena Offline');
    let started = Date.now();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Waiting to sync').waitFor({ timeout: 10_000 });
    console.log(`bench profile.offline_save.click_to_badge: ${Date.now() - started} ms`);
    expect(await page.getByRole('heading', { name: 'Meena Offline' }).isVisible()).toBe(true);

    await page.getByLabel('Choose a new profile picture').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: await makePng(page, 2400, 1600, '#1971c2') });
    started = Date.now();
    await page.getByRole('button', { name: 'Update DP' }).click();
    await page.getByText('Waiting to upload').waitFor({ timeout: 15_000 });
    console.log(`bench profile.offline_picture.click_to_badge: ${Date.now() - started} ms (downscale of 2400x1600 included)`);
    // The Blob kept on the device was downscaled to ≤ 1024 px on its longest side, as WebP or JPEG.
    const kept = await page.evaluate(async () => {
      const idb = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open('moi');
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      const rows = await new Promise<Array<{ blob: Blob; mime: string }>>((res, rej) => {
        const r = idb.transaction('files').objectStore('files').getAll();
        r.onsuccess = () => res(r.result as Array<{ blob: Blob; mime: string }>);
        r.onerror = () => rej(r.error);
      });
      idb.close();
      const bmp = await createImageBitmap(rows[0].blob);
      return { count: rows.length, mime: rows[0].mime, type: rows[0].blob.type, width: bmp.width, height: bmp.height, size: rows[0].blob.size };
    });
    expect(kept.count).toBe(1);
    expect(['image/webp', 'image/jpeg']).toContain(kept.mime);
    expect(kept.type).toBe(kept.mime);
    expect([kept.width, kept.height]).toEqual([1024, 683]);
    console.log(`bench profile.picture.offline_blob: ${(kept.size / 1024).toFixed(1)} kB (${kept.mime}, ${kept.width}x${kept.height} from a 2400x1600 PNG)`);
    await shot(page, 'e2e-offline-pending-tablet-en');

    // ---- reload while offline: the pending values are still shown ----
    step('reload while offline: the pending values are still shown');
    await page.reload();
    await page.getByTestId('profile-page').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { name: 'Meena Offline' }).isVisible()).toBe(true);
    await page.getByText('Waiting to sync').waitFor({ timeout: 10_000 });
    await page.getByText('Waiting to upload').waitFor({ timeout: 10_000 });
    await page.getByText('Offline — showing saved copy').waitFor({ timeout: 10_000 });
    expect(await avatar(page).getAttribute('src')).toMatch(/^blob:/); // preview of the waiting picture
    expect((await serverRow()).name).toBe('Meena S. Online');
    await shot(page, 'e2e-offline-reloaded-tablet-en');

    // ---- online again: the sync loop sends both; the server has them; the badges clear ----
    step('online again: the sync loop sends both; the server has them; the badges clear');
    started = Date.now();
    await context.setOffline(false);
    await page.getByRole('dialog', { name: 'Success' }).waitFor({ timeout: 60_000 });
    console.log(`bench profile.online_to_dialog: ${Date.now() - started} ms`);
    await page.getByText('Waiting to sync').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByText('Waiting to upload').waitFor({ state: 'detached', timeout: 30_000 });
    const synced = await serverRow();
    expect(synced.name).toBe('Meena Offline');
    expect(synced.profileImagePath).toBeTruthy();
    expect(synced.profileImagePath).not.toBe(firstPath);
    await Promise.all([page.waitForEvent('load'), page.getByRole('dialog', { name: 'Success' }).getByRole('button', { name: 'OK' }).click()]);
    await page.getByTestId('profile-page').waitFor({ timeout: 30_000 });
    const final = await avatarLoaded(page);
    expect(final.src).toContain(`/moi/user/profile-image/${synced.profileImagePath}`);
    expect(final.width).toBe(1024);
    expect(await page.getByRole('heading', { name: 'Meena Offline' }).isVisible()).toBe(true);
    expect(await page.getByText('Waiting to sync').count()).toBe(0);
    expect(await page.getByText('Offline — showing saved copy').count()).toBe(0);
  } finally {
    await context.close();
  }
});
