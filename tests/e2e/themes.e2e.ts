// The dark themes on the real app with the demo wedding (issue 16): in the Red and Slate dark themes
// the top bar's status dot is told apart online and offline by shape as well as colour and stands out
// from the bar; and screens with coloured tags and buttons (the gift list's Cheque tag, the red Close
// and Revoke buttons, the phone's navigation drawer) have no serious or critical axe finding there.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAMES, seedDemo } from '../../server/seed-demo';
import { launchBrowser, newContext, seriousA11yViolations, startServer, waitForServiceWorker, type E2EServer } from './harness';

const PASSWORD = 'themes-demo-pass';
let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  await seedDemo(server.app.db, { password: PASSWORD });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(page: Page, username: string) {
  await page.goto(`${server.url}/session/signin`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/session/signin'), { timeout: 30_000 });
}

/**
 * One signed-in page per role for the whole file (a sign-in and a service-worker install each, not
 * one per test). A theme is switched the way the device keeps it, in localStorage, before the
 * screen is loaded again: what the page shows is what it shows when opened in that theme.
 */
async function signedIn(username: string, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { width, height: 900 });
  await context.addInitScript(() => localStorage.setItem('moi.language', 'en'));
  const page = await context.newPage();
  await signIn(page, username);
  return { context, page };
}
async function openInTheme(page: Page, theme: string, path: string) {
  await page.evaluate((t) => localStorage.setItem('moi.settings', JSON.stringify({ activeTheme: t })), theme);
  await page.goto(`${server.url}${path}`);
  expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('moi.settings') ?? '{}') as { activeTheme?: string }).activeTheme)).toBe(theme);
}

/** WCAG contrast of two computed CSS colours (rgb()/rgba() with alpha 1). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const x = Number(v) / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

async function dot(page: Page) {
  return page.getByTestId('sync-status').getByRole('img').evaluate((el) => {
    const s = getComputedStyle(el);
    const bar = getComputedStyle(document.querySelector('[data-testid="topbar"]')!).backgroundColor;
    return { fill: s.backgroundColor, ring: s.borderTopColor, ringWidth: parseFloat(s.borderTopWidth), width: el.getBoundingClientRect().width, bar };
  });
}

describe('status dot in the Red and Slate dark themes', () => {
  let owner: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    owner = await signedIn(DEMO_USERNAMES.owner, 1440);
    await owner.page.goto(`${server.url}/event/gift`);
    await waitForServiceWorker(owner.page);
  });
  afterAll(async () => { await owner?.context.close(); });

  for (const theme of ['red', 'slateDark1', 'slateDark2']) {
    it(`${theme}: a filled disc that stands out on the bar online, a hollow red ring offline`, async () => {
      const { context, page } = owner;
      await openInTheme(page, theme, '/event/gift');
      await page.locator('[data-testid="sync-status"][data-online="true"]').waitFor({ timeout: 30_000 });
      const on = await dot(page);
      expect(on.ringWidth).toBe(0);
      expect(contrast(on.fill, on.bar), `online ${on.fill} on ${on.bar}`).toBeGreaterThanOrEqual(3);

      await context.setOffline(true);
      try {
        await page.reload();
        await page.locator('[data-testid="sync-status"][data-online="false"]').waitFor({ timeout: 30_000 });
        const off = await dot(page);
        expect(off.fill).toBe('rgba(0, 0, 0, 0)'); // hollow
        expect(off.ring).toBe('rgb(255, 61, 87)');
        expect(off.width - 2 * off.ringWidth).toBeGreaterThanOrEqual(off.width / 2); // the hole is most of it
        expect(contrast(off.ring, off.bar)).toBeGreaterThanOrEqual(3);
      } finally {
        await context.setOffline(false);
      }
    });
  }
});

describe('dark themes: no serious or critical axe finding', () => {
  let admin: { context: BrowserContext; page: Page };
  beforeAll(async () => { admin = await signedIn(DEMO_USERNAMES.eventAdmin, 1440); });
  afterAll(async () => { await admin?.context.close(); });

  for (const [theme, width] of [['slateDark1', 1440], ['slateDark2', 390], ['red', 800]] as const) {
    it(`${theme} at ${width} px: gift list tags, red buttons, devices, navigation`, async () => {
      const { page } = admin;
      await page.setViewportSize({ width, height: 900 });
      const problems: Record<string, string[]> = {};
      for (const path of ['/event/gifts/manage', '/event/counter', '/eventadmin/devices']) {
        await openInTheme(page, theme, path);
        await page.getByTestId('breadcrumb').waitFor({ timeout: 30_000 });
        await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]'), null, { timeout: 30_000 });
        if (path === '/event/gifts/manage') await page.locator('.gl-tag[data-mode="cheque"]').first().waitFor({ timeout: 30_000 });
        const found = await seriousA11yViolations(page);
        if (found.length) problems[path] = found;
      }
      expect(problems).toEqual({});
    });
  }
});
