// Every signed-in screen of every role, in English and Tamil, in real Chromium against the real server
// holding the demo wedding (npm run seed:demo's data): axe-core finds no serious or critical WCAG 2.1
// A/AA violation on any of them, the menu item, breadcrumb and tab title name the screen alike, the
// breadcrumb stays on one line on a phone, and in Tamil no visible English remains (text nodes, placeholders and
// accessible labels of controls), apart from a short list of brand words and the demo's own data
// (names, villages, banks typed in English are what the user typed).
// EVERY_SCREEN_SHOTS=1 also saves full-page screenshots at 390, 800 and 1440 px to /tmp/shots/every
// (or to EVERY_SCREEN_SHOTS_DIR).
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeDefs } from '../../src/app/route-defs';
import { inGroup, type Role } from '../../contract/roles';
import { seedDemo, DEMO_USERNAMES } from '../../server/seed-demo';
import { eq, isNull } from 'drizzle-orm';
import { counters, devices, events, gifts, users } from '../../server/db/schema';
import { defaultVillageAliases } from '../../ledger/villages';
import { newReceiptToken } from '../../contract/receipts';
import { ADMIN, launchBrowser, newContext, seriousA11yViolations, startServer, trackRequests, waitForRequestsQuiet, waitForStill, type E2EServer } from './harness';

const PASSWORD = 'every-screen-demo-pass';
const SHOTS = process.env.EVERY_SCREEN_SHOTS === '1' ? (process.env.EVERY_SCREEN_SHOTS_DIR ?? '/tmp/shots/every') : null;

let server: E2EServer;
let browser: Browser;
/** Words that come from the data (what users typed), allowed in Tamil mode. */
const dataWords = new Set<string>();

/**
 * Brand and technical words a Tamil screen keeps in Latin letters on purpose (the spec's own Tamil
 * strings use them), plus the units and abbreviations printed beside numbers.
 */
const ALLOWED = new Set(
  [
    'moi', 'moibook', 'sms', 'whatsapp', 'upi', 'pin', 'pins', 'otp', 'pdf', 'excel', 'xlsx', 'csv', 'qr', 'id', 'wi-fi', 'wifi', 'gpay', 'phonepe', 'paytm',
    'razorpay', 'ga', 'g', 'https', 'pl', 'dlt', 'gst', 'gstin', 'sac', 'unicode', 'english', 'enter', 'ctrl', 'esc', 'tab', 'shift', 'am', 'pm', 'rs', 'kb', 'mb', 'px', 'ok', 'smart', 'track', 'pro', 'partner', 'a', 'b', 'c', 'd', 'e',
    // The keyword a giver replies to stop messages, quoted as they must type it.
    'stop',
    // Keyboard shortcuts, as printed on the keys (Alt+Q opens the giver's QR scan, Alt+S, Alt+L).
    'alt', 'l', 'q', 's',
    // The receipt printer page's names of connections, systems and drivers (issue 28), as printed on the
    // printer's box and the tablet's settings: a Tamil spelling of WinUSB or Zadig could not be looked up.
    'usb', 'lan', 'ble', 'otg', 'pos', 'android', 'chrome', 'windows', 'winusb', 'zadig', 'iphone', 'ipad',
  ].map((w) => w.toLowerCase()),
);

const ROLE_USER: Record<Role, { username: string; password: string }> = {
  app_admin: ADMIN,
  event_admin: { username: DEMO_USERNAMES.eventAdmin, password: PASSWORD },
  event_owner: { username: DEMO_USERNAMES.owner, password: PASSWORD },
  counter_staff: { username: DEMO_USERNAMES.staff1, password: PASSWORD },
};

function addWords(text: string | null | undefined) {
  for (const w of (text ?? '').toLowerCase().match(/[a-z][a-z.'’-]*/g) ?? []) dataWords.add(w.replace(/[.'’-]+$/, ''));
}

beforeAll(async () => {
  server = await startServer(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {});
  await seedDemo(server.app.db, { password: PASSWORD });
  const db = server.app.db;
  for (const g of await db.select().from(gifts)) for (const v of Object.values(g)) if (typeof v === 'string') addWords(v);
  for (const u of await db.select({ name: users.name, username: users.username }).from(users)) { addWords(u.name); addWords(u.username); }
  for (const c of await db.select({ name: counters.name, code: counters.code }).from(counters)) { addWords(c.name); addWords(c.code); }
  for (const e of await db.select().from(events)) for (const v of Object.values(e)) if (typeof v === 'string') addWords(v);
  // The ledger's seeded village spellings (/ledger/villages lists them, English spellings included).
  for (const group of defaultVillageAliases) for (const w of group) addWords(w);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(page: Page, who: { username: string; password: string }) {
  await page.goto(`${server.url}/session/signin`);
  await page.locator('input[name="username"]').fill(who.username);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/session/signin'), { timeout: 30_000 });
}

/** Wait until the page's content is there with no loader or skeleton, and the entry animation is over. */
async function settle(page: Page): Promise<void> {
  await page.locator('#main-content').waitFor({ state: 'attached', timeout: 30_000 });
  await waitForRequestsQuiet(page);
  await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]'), null, { timeout: 30_000 }).catch(() => undefined);
  // The entry animation over and the fonts in (a fixed 900 ms sleep before: ~140 s a run).
  await waitForStill(page);
}

/** Visible Latin-letter words on the page that are neither brand words nor the data's own words. */
async function visibleEnglish(page: Page): Promise<string[]> {
  // Device labels and codes are stored data too (a tablet names itself when it signs in).
  for (const d of await server.app.db.select({ label: devices.label, code: devices.code }).from(devices)) { addWords(d.label); addWords(d.code); }
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element | null) => !!el && (el as HTMLElement).checkVisibility?.({ opacityProperty: true, visibilityProperty: true }) !== false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      const text = n.textContent?.trim();
      if (text && /[A-Za-z]/.test(text) && visible(parent)) out.push(text);
    }
    for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) if (visible(el)) out.push((el as HTMLInputElement).placeholder);
    for (const el of document.querySelectorAll('[aria-label]')) if (visible(el)) out.push(el.getAttribute('aria-label') ?? '');
    return out;
  });
  const bad = new Set<string>();
  for (const text of found) {
    // e-mail addresses, web addresses and usernames like demo-staff1 are data, not wording.
    // So are environment variable names (MESSAGING_PROVIDER) and SMS DLT template placeholders ({#var#}).
    const cleaned = text.replace(/\S+@\S+|https?:\/\/\S+|\b[\w.-]+\.(in|com|org)\b|\b[A-Z][A-Z0-9]*(_[A-Z0-9]+)+\b|\{#var#\}/g, ' ');
    const words = cleaned.toLowerCase().match(/[a-z][a-z.'’-]*/g) ?? [];
    const foreign = words.map((w) => w.replace(/[.'’-]+$/, '')).filter((w) => w && !ALLOWED.has(w) && !dataWords.has(w) && !/^demo-/.test(w));
    if (foreign.length) bad.add(text.slice(0, 80));
  }
  return [...bad];
}

const ONLY = process.env.EVERY_SCREEN_ROLES?.split(',');
/** EVERY_SCREEN_PATHS=/ledger/import,/admin/messaging walks only those screens (to re-take a few screenshots). */
const ONLY_PATHS = process.env.EVERY_SCREEN_PATHS?.split(',');

/** The words the menu item, the breadcrumb's current segment and the tab title use for the screen. */
async function pageNames(page: Page, path: string): Promise<{ menu: string[]; crumb: string; title: string }> {
  return page.evaluate((p) => ({
    menu: [...document.querySelectorAll(`nav a[href="${p}"]`)].map((a) => (a.textContent ?? '').trim()).filter(Boolean),
    crumb: (document.querySelector('[data-testid="breadcrumb"] [aria-current="page"]')?.textContent ?? '').trim(),
    title: document.title.split(' · ')[0],
  }), path);
}
/** The screens axe has already checked, by language and path. */
const axed = new Set<string>();
const ROLES = (['app_admin', 'event_admin', 'event_owner', 'counter_staff'] as Role[]).filter((r) => !ONLY || ONLY.includes(r));

for (const role of ROLES) {
  const paths = routeDefs.filter((r) => inGroup(role, r.group) && (!ONLY_PATHS || ONLY_PATHS.includes(r.path))).map((r) => r.path);
  describe(`every ${role} screen`, () => {
    for (const lang of ['en', 'ta'] as const) {
      it(`${lang}: no serious/critical axe violation${lang === 'ta' ? ', no visible English' : ''}, menu, breadcrumb and title agree, on ${paths.length} screens`, async () => {
        const context = await newContext(browser, { width: 1440, height: 900, locale: lang === 'ta' ? 'ta-IN' : 'en-IN' });
        await context.addInitScript((l) => localStorage.setItem('moi.language', l), lang);
        const page = await context.newPage();
        trackRequests(page);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        try {
          await signIn(page, ROLE_USER[role]);
          const problems: Record<string, string[]> = {};
          for (const [i, path] of paths.entries()) {
            const t0 = Date.now();
            // The first screen loads the app; the rest are reached inside it, as a user moves from screen
            // to screen (a full reload a screen cost seconds each; the public screens below load cold).
            const before = i === 0 ? null : await page.evaluate(() => document.title);
            if (i === 0) await page.goto(`${server.url}${path}`);
            else await page.evaluate((p) => { history.pushState(null, '', p); dispatchEvent(new PopStateEvent('popstate')); }, path);
            await settle(page);
            // A lazily loaded screen: React keeps the previous one on show until the new one's code has
            // run, so a busy machine can look "settled" at the old screen. Its title changes when the new
            // one is there (two screens in a row with one title only wait this out).
            if (before !== null && (await page.evaluate(() => document.title)) === before) {
              await page.waitForFunction((t) => document.title !== t, before, { timeout: 10_000 }).then(() => settle(page), () => undefined);
            }
            const t1 = Date.now();
            // axe once per screen and language: a screen's structure is the same for each role that sees
            // it (the role changes which rows and actions show, and each role's words are checked below).
            const firstLook = !axed.has(`${lang} ${path}`);
            const found = firstLook ? (await seriousA11yViolations(page)).map((v) => `axe ${v}`) : [];
            axed.add(`${lang} ${path}`);
            if (lang === 'ta') found.push(...(await visibleEnglish(page)).map((w) => `English: ${w}`));
            // One name per screen: the menu item says what the breadcrumb and the page's title say.
            const names = await pageNames(page, path);
            if (!names.menu.includes(names.crumb) || names.title !== names.crumb) found.push(`names differ: ${JSON.stringify(names)}`);
            // On a phone the breadcrumb trail is one line (a long Tamil trail ends in "…", never wraps).
            // The trail is the route table's, the same for every role: checked at a screen's first look.
            if (firstLook) {
              await page.setViewportSize({ width: 390, height: 900 });
              await waitForStill(page);
              const trail = await page.evaluate(() => {
                const ol = document.querySelector('[data-testid="breadcrumb"] nav ol');
                const li = ol?.querySelector('li:last-child');
                return ol && li ? { ol: ol.getBoundingClientRect().height, li: li.getBoundingClientRect().height } : null;
              });
              if (!trail || trail.ol > trail.li + 1) found.push(`breadcrumb wraps at 390 px: ${JSON.stringify(trail)}`);
              await page.setViewportSize({ width: 1440, height: 900 });
            }
            if (found.length) problems[path] = found;
            console.log(`[every-screen] ${role} ${lang} ${path} (load ${t1 - t0} ms, checks ${Date.now() - t1} ms): ${found.length ? found.join(' ; ').slice(0, 1500) : 'ok'}`);
            if (SHOTS) {
              mkdirSync(SHOTS, { recursive: true });
              for (const width of [390, 800, 1440]) {
                await page.setViewportSize({ width, height: 900 });
                await page.waitForTimeout(400);
                await page.screenshot({ path: `${SHOTS}/${role}-${lang}-${width}${path.replace(/\//g, '_')}.png`, fullPage: true });
              }
              await page.setViewportSize({ width: 1440, height: 900 });
            }
          }
          expect(problems).toEqual({});
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }, 600_000);
    }
  });
}

describe('public screens', () => {
  it('the landing page, sign-in, the legal pages, not-found, the guest display and a receipt check load without an error or a serious axe violation, in both languages', async () => {
    // The demo's gifts carry no receipt link (a tablet makes one when it prints); give one a link to check.
    const [gift] = await server.app.db.select({ id: gifts.id }).from(gifts).where(isNull(gifts.deletedAt)).limit(1);
    const token = newReceiptToken();
    await server.app.db.update(gifts).set({ receiptToken: token }).where(eq(gifts.id, gift.id));
    const paths = ['/', '/session/signin', '/privacy-policy', '/terms-of-service', '/no/such/page', '/guest', `/r/${token}`, `/r/${newReceiptToken()}`];
    for (const lang of ['en', 'ta'] as const) {
      const context = await newContext(browser, { width: 390, height: 900, locale: lang === 'ta' ? 'ta-IN' : 'en-IN' });
      await context.addInitScript((l) => localStorage.setItem('moi.language', l), lang);
      const page = await context.newPage();
      trackRequests(page);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      try {
        const problems: Record<string, string[]> = {};
        for (const path of paths) {
          await page.goto(`${server.url}${path}`);
          await page.getByTestId('boot-loading-screen').waitFor({ state: 'detached', timeout: 30_000 });
          await waitForRequestsQuiet(page);
          await waitForStill(page);
          const found = await seriousA11yViolations(page);
          if (path === '/session/signin') {
            // The phone's on-screen keyboard takes the lower ~40%: the Sign in button stays above it.
            const bottom = await page.locator('button[type="submit"]').evaluate((b) => b.getBoundingClientRect().bottom);
            if (bottom > 0.6 * 900) found.push(`the sign-in button ends at ${Math.round(bottom)} px, under a phone keyboard`);
          }
          if (found.length) problems[path] = found;
          if (SHOTS) {
            mkdirSync(SHOTS, { recursive: true });
            for (const width of [390, 800, 1440]) {
              await page.setViewportSize({ width, height: 900 });
              await page.waitForTimeout(400);
              const name = path === '/' ? '_landing' : path === `/r/${token}` ? '_r_valid' : path.startsWith('/r/') ? '_r_unknown' : path.replace(/\//g, '_');
              await page.screenshot({ path: `${SHOTS}/public-${lang}-${width}${name}.png`, fullPage: true });
            }
            await page.setViewportSize({ width: 390, height: 900 });
          }
        }
        expect(problems).toEqual({});
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 600_000);
});

describe('devices screen', () => {
  it("an event admin sees their staff's tablets, revokes one after confirming, and lets it back in", async () => {
    const context = await newContext(browser, { width: 390, height: 900 });
    await context.addInitScript(() => localStorage.setItem('moi.language', 'en'));
    const page = await context.newPage();
    try {
      await signIn(page, ROLE_USER.event_admin);
      await page.goto(`${server.url}/eventadmin/devices`);
      const card = page.getByRole('listitem').filter({ hasText: 'Demo tablet A' });
      await card.waitFor({ timeout: 30_000 });
      await card.getByRole('button', { name: 'Revoke' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke this device?' });
      await dialog.getByText(/will be signed out now/).waitFor();
      await dialog.getByRole('button', { name: 'Revoke device' }).click();
      await card.getByText('Revoked').waitFor();
      await card.getByText('Muthu Kannan').waitFor();
      const [row] = await server.app.db.select().from(devices).where(eq(devices.label, 'Demo tablet A'));
      expect(row.revoked).toBe(true);
      await card.getByRole('button', { name: 'Let back in' }).click();
      await card.getByText(/^Active/).waitFor();
      expect((await server.app.db.select().from(devices).where(eq(devices.label, 'Demo tablet A')))[0].revoked).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('provider settings', () => {
  it('until a phone is set only the app admin is told; once saved in the app, visitors see phone and e-mail on the landing page', async () => {
    const visitor = await newContext(browser, { width: 1440, height: 900 });
    await visitor.addInitScript(() => localStorage.setItem('moi.language', 'en'));
    const admin = await newContext(browser, { width: 1440, height: 900 });
    await admin.addInitScript(() => localStorage.setItem('moi.language', 'en'));
    try {
      const v = await visitor.newPage();
      await v.goto(`${server.url}/#contact`);
      await v.locator('#contact').waitFor();
      expect(await v.getByTestId('admin-no-phone').count()).toBe(0);

      const a = await admin.newPage();
      await signIn(a, ROLE_USER.app_admin);
      await a.goto(`${server.url}/`);
      await a.getByTestId('admin-no-phone').waitFor();
      await a.getByRole('link', { name: 'Set it in Provider settings' }).click();
      await a.waitForURL('**/admin/provider');
      await a.getByLabel('Contact phone').fill('12345');
      await a.getByRole('button', { name: 'Save settings' }).click();
      await a.getByText('A phone number has 8 to 15 digits').first().waitFor();
      await a.getByLabel('Provider name').fill('Kalyan Moi Seva');
      await a.getByLabel('Contact phone').fill('+91 90030 55555');
      await a.getByLabel('Contact e-mail').fill('help@kalyanmoi.in');
      await a.getByRole('button', { name: 'Save settings' }).click();
      await a.getByText('Saved. The public page shows the new values.').waitFor();

      await v.reload();
      const footer = v.locator('footer');
      await footer.getByRole('link', { name: '+91 90030 55555' }).waitFor({ timeout: 15_000 });
      await footer.getByText('Service by Kalyan Moi Seva').waitFor();
      await v.locator('#contact').getByRole('link', { name: 'help@kalyanmoi.in' }).waitFor();
      expect(await v.getByTestId('admin-no-phone').count()).toBe(0);
      // Kept on the device: offline the landing still shows them.
      await visitor.setOffline(true);
      await v.evaluate(() => window.dispatchEvent(new Event('moi:provider-changed')));
      await footer.getByRole('link', { name: '+91 90030 55555' }).waitFor();
    } finally {
      await visitor.close();
      await admin.close();
    }
  });
});
