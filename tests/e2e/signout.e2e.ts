// Sign-out on a shared counter tablet, in real Chromium with the service worker on: a staff member
// with a profile picture signs in, keys gifts that sync, and signs out. The tablet's IndexedDB then
// holds no gift, user, audit or PIN row and no acknowledged outbox entry, the service worker's
// picture cache is gone, and the device keeps its identity; the next staff member (another counter)
// signs in and sees only their own counter's data, with receipt numbers continuing the device's
// sequence. SIGNOUT_SHOTS=1 saves screenshots to /tmp/shots/signout.
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PW, call, login, setUpCounterDay, signInAtCounter, type CounterDay } from './counter-fixtures';
import { launchBrowser, newContext, startServer, waitForServiceWorker, type E2EServer } from './harness';

const SHOTS = process.env.SIGNOUT_SHOTS === '1' ? '/tmp/shots/signout' : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

// A 2×2 red PNG (real image bytes; the server checks them).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

type Dump = { tables: Record<string, unknown[]>; meta: Record<string, unknown> };

/** Every row of the device database, read with the raw IndexedDB API (no app code involved). */
function readDeviceDb(page: Page): Promise<Dump> {
  return page.evaluate(() => new Promise<Dump>((resolve, reject) => {
    const req = indexedDB.open('moi');
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const idb = req.result;
      const names = Array.from(idb.objectStoreNames);
      const tx = idb.transaction(names, 'readonly');
      const out: Dump = { tables: {}, meta: {} };
      for (const n of names) {
        const r = tx.objectStore(n).getAll();
        r.onsuccess = () => {
          if (n === 'meta') for (const m of r.result as { key: string; value: unknown }[]) out.meta[m.key] = m.value;
          else out.tables[n] = r.result;
        };
      }
      tx.oncomplete = () => { idb.close(); resolve(out); };
      tx.onerror = () => reject(tx.error);
    };
  }));
}

const pictureCache = (page: Page) => page.evaluate(async () => {
  if (!(await caches.has('profile-images'))) return null;
  return (await (await caches.open('profile-images')).keys()).map((r) => new URL(r.url).pathname);
});

describe('signing out on a shared tablet', () => {
  let server: E2EServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let day: CounterDay;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    day = await setUpCounterDay(server);
    const ea = await login(server, 'ea1', PW);
    // Another staff member, on counter B only.
    await call(server, ea, 'POST', '/moi/admin/users', { username: 'staff3', password: PW, name: 'Murugesan', role: 'counter_staff', eventId: day.eventId, counterIds: [day.counterB], pin: '333333' });
    // staff1's picture, uploaded before the tablet session so the top bar shows it at sign-in.
    const staff1 = await login(server, 'staff1', PW);
    const me = (await call<{ id: string }[]>(server, staff1, 'GET', '/moi/user/getuserbyusername/staff1'))[0]!;
    const fd = new FormData();
    fd.append('id', me.id);
    fd.append('file', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const up = await fetch(`${server.url}/moi/user/uploadProfileImage`, { method: 'POST', headers: { cookie: staff1.cookie, origin: server.url }, body: fd });
    expect(up.status).toBe(200);
    ctx = await newContext(browser, { width: 800, height: 1280, locale: 'en-IN' });
    page = await ctx.newPage();
    page.on('pageerror', (e) => console.error('pageerror', e));
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  async function enterGift(name: string, amount: number, receiptEnd: string) {
    await page.locator('input[name="name"]').fill(name);
    await page.locator('input[name="village"]').fill('மதுரை');
    await page.locator('input[name="mobile"]').fill('9876543210');
    await page.locator('input[name="amount"]').fill(String(amount));
    await page.locator('input[name="amount"]').press('Control+Enter');
    await page.waitForFunction((s) => document.querySelector('[data-testid="last-receipt"] [data-testid="receipt-no"]')?.textContent?.endsWith(s), receiptEnd, { timeout: 15_000 });
  }

  async function synced() {
    await page.getByTestId('sync-status').click();
    await page.getByTestId('sync-panel').getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-pending'), { timeout: 30_000 }).toBe('0');
    await expect.poll(() => page.getByTestId('sync-status').getAttribute('aria-label'), { timeout: 30_000 }).toMatch(/All synced/);
    await page.keyboard.press('Escape');
  }

  it('leaves no synced data or picture behind, keeps the device identity, and the next person sees only their scope', async () => {
    await signInAtCounter(page, server, 'staff1');
    await waitForServiceWorker(page);
    await page.locator('input[name="name"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('entry-header').textContent(), { timeout: 30_000 }).toContain('Counter A');
    await enterGift('Murugan', 501, '-0001');
    await enterGift('Selvi', 1001, '-0002');
    await synced();
    const owner = await login(server, 'owner1', PW);
    expect((await call<{ totals: { count: number } }>(server, owner, 'GET', `/moi/events/${day.eventId}/totals`)).totals.count).toBe(2);

    // What the tablet holds while staff1 is signed in: gifts, PIN hashes, users, the picture.
    const during = await readDeviceDb(page);
    expect(during.tables.gifts).toHaveLength(2);
    expect(during.tables.staffPins!.length).toBeGreaterThan(0);
    expect(during.tables.users!.length).toBeGreaterThan(0);
    await expect.poll(() => pictureCache(page), { timeout: 20_000 }).toEqual([expect.stringMatching(/^\/moi\/user\/profile-image\//)]);
    const identity = { deviceId: during.meta.deviceId, deviceCode: during.meta.deviceCode, receiptSeq: during.meta.receiptSeq };
    expect(identity.receiptSeq).toBe(2);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/before-signout-800-en.png` });

    // Sign out from the user menu.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/session/signin', { timeout: 30_000 });

    const after = await readDeviceDb(page);
    for (const table of ['gifts', 'users', 'audits', 'staffPins', 'events', 'counters', 'memberships', 'signups', 'outbox']) {
      expect({ table, rows: after.tables[table] }).toEqual({ table, rows: [] });
    }
    expect(after.meta).toMatchObject(identity);
    expect(after.meta.pullCursor).toBe(0);
    expect(after.meta.user).toBeUndefined();
    expect(after.meta.pullScope).toBeUndefined();
    expect(await pictureCache(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/after-signout-800-en.png` });

    // The next person, on counter B only, sees only counter B.
    await signInAtCounter(page, server, 'staff3');
    await page.locator('input[name="name"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('entry-header').textContent(), { timeout: 30_000 }).toContain('Counter B');
    // The device's receipt sequence continues: never a second 0001 from this tablet.
    await enterGift('Kannan', 201, '-0003');
    await synced();
    const next = await readDeviceDb(page);
    const gifts = next.tables.gifts as { counterId: string; name: string }[];
    expect(gifts.map((g) => [g.counterId, g.name])).toEqual([[day.counterB, 'Kannan']]);
    const pins = next.tables.staffPins as { counterId: string }[];
    expect(pins.length).toBeGreaterThan(0);
    expect(pins.every((p) => p.counterId === day.counterB)).toBe(true);
    expect((next.tables.users as { username: string }[]).map((u) => u.username)).not.toContain('staff1');
    await page.goto(`${server.url}/counter/gifts/lists`);
    await expect.poll(() => page.getByTestId('total-count').textContent(), { timeout: 30_000 }).toBe('1');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/next-person-list-800-en.png` });
  }, 300_000);
});
