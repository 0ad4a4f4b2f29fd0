// Owner latency, shared by the live end-to-end test and the browser benchmark: a counter tablet and
// the event owner, each in its own Chromium context with the service worker, on one real server.
// The tablet saves gifts through the app's repository (test hook); the owner watches /event/gift.
// Latency = from the tablet's local save (its "saved") to the owner's totals showing the new count,
// both read with Date.now() in the pages (one machine, one clock).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PW, call, login, setUpCounterDay, signInAtCounter, type CounterDay } from './counter-fixtures';
import { ADMIN, newContext, waitForServiceWorker, type E2EServer } from './harness';

type Hook = {
  createGift(i: unknown): Promise<{ id: string; receiptNo: string }>;
  state(): { lastSyncAt: string | null; sending: boolean; online: boolean | null };
  live(): boolean;
};

export type LiveWorld = {
  day: CounterDay;
  staffId: string;
  counter: Page;
  owner: Page;
  /** Every response of GET /moi/sync/live the owner's page got, and whether the service worker answered it. */
  liveResponses: Array<{ status: number; fromServiceWorker: boolean }>;
  /** Open a second tablet (staff2: counters A and B) on /counter/gifts/lists. */
  openListTablet(): Promise<Page>;
  /** Open the app admin's /dashboard/default (server figures, not the device's copy). */
  openAdminDashboard(): Promise<Page>;
  close(): Promise<void>;
};

async function waitForHook(page: Page): Promise<void> {
  await page.waitForFunction(() => !!(window as unknown as { __moi?: unknown }).__moi, null, { timeout: 60_000 });
}

/** Sign in through the sign-in page as a user whose home is not the counter screen. */
async function signIn(page: Page, server: E2EServer, username: string, password = PW): Promise<void> {
  await page.goto(`${server.url}/session/signin`);
  await waitForServiceWorker(page);
  await page.getByLabel(/Username/).fill(username);
  await page.locator('input[type="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/session/'), { timeout: 60_000 });
}

export async function openLiveWorld(server: E2EServer, browser: Browser): Promise<LiveWorld> {
  const day = await setUpCounterDay(server);
  const staffApi = await login(server, 'staff1', PW);
  const staffId = (await call<{ id: string }>(server, staffApi, 'GET', '/moi/auth/me')).id;
  const contexts: BrowserContext[] = [];
  const open = async () => {
    const c = await newContext(browser, { width: 800, height: 1000 });
    await c.addInitScript(() => localStorage.setItem('moi.e2e', '1'));
    contexts.push(c);
    return c.newPage();
  };

  const counter = await open();
  await counter.goto(`${server.url}/session/signin`);
  await waitForServiceWorker(counter);
  await signInAtCounter(counter, server, 'staff1');
  await waitForHook(counter);
  await counter.waitForFunction(() => { const s = (window as unknown as { __moi: Hook }).__moi.state(); return s.lastSyncAt !== null && !s.sending; }, null, { timeout: 60_000 });

  const owner = await open();
  const liveResponses: LiveWorld['liveResponses'] = [];
  owner.on('response', (r) => {
    if (new URL(r.url()).pathname === '/moi/sync/live') liveResponses.push({ status: r.status(), fromServiceWorker: r.fromServiceWorker() });
  });
  await signIn(owner, server, 'owner1');
  await owner.goto(`${server.url}/event/gift?event=${day.eventId}`);
  await waitForHook(owner);
  await owner.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30_000 });
  await owner.waitForFunction(() => { const h = (window as unknown as { __moi: Hook }).__moi; return h.live() && h.state().lastSyncAt !== null; }, null, { timeout: 60_000, polling: 100 });
  await owner.getByTestId('total-count').first().waitFor({ timeout: 30_000 });

  const openListTablet = async () => {
    const page = await open();
    await page.goto(`${server.url}/session/signin`);
    await waitForServiceWorker(page);
    await signInAtCounter(page, server, 'staff2');
    await waitForHook(page);
    await page.goto(`${server.url}/counter/gifts/lists`);
    await waitForHook(page);
    await page.waitForFunction(() => { const h = (window as unknown as { __moi: Hook }).__moi; return h.live() && h.state().lastSyncAt !== null; }, null, { timeout: 60_000, polling: 100 });
    return page;
  };

  const openAdminDashboard = async () => {
    const page = await open();
    await signIn(page, server, ADMIN.username, ADMIN.password);
    await page.goto(`${server.url}/dashboard/default`);
    await waitForHook(page);
    await page.waitForFunction(() => { const h = (window as unknown as { __moi: Hook }).__moi; return h.live() && h.state().lastSyncAt !== null; }, null, { timeout: 60_000, polling: 100 });
    await page.getByTestId('stat-giftsToday').waitFor({ timeout: 30_000 });
    return page;
  };

  return {
    day, staffId, counter, owner, liveResponses, openListTablet, openAdminDashboard,
    close: async () => { for (const c of contexts) await c.close(); },
  };
}

/** The count the owner's totals show (the value under "Gifts"). */
export async function shownCount(owner: Page): Promise<string | null> {
  return owner.evaluate(() => document.querySelector('[data-testid="total-count"]')?.lastElementChild?.textContent ?? null);
}

/**
 * Save `n` gifts on the tablet, one at a time, each once the owner saw the previous one; returns
 * each save's latency to the owner's screen in ms (`timeoutMs`: give up on one after this long).
 */
export async function measureOwnerLatency(w: LiveWorld, n: number, timeoutMs = 15_000): Promise<number[]> {
  const base = Number(await shownCount(w.owner));
  const out: number[] = [];
  for (let i = 1; i <= n; i++) {
    const want = String(base + i);
    // The owner's page notes the first moment its totals show the new count (checked every 10 ms).
    const seen = w.owner.waitForFunction((target) => {
      const v = document.querySelector('[data-testid="total-count"]')?.lastElementChild?.textContent;
      if (v !== target) return false;
      const g = window as unknown as { __seenAt?: Record<string, number> };
      g.__seenAt ??= {};
      g.__seenAt[target] ??= Date.now();
      return true;
    }, want, { timeout: timeoutMs, polling: 10 });
    const savedAt = await w.counter.evaluate(async (input) => {
      await (window as unknown as { __moi: Hook }).__moi.createGift(input);
      return Date.now();
    }, { eventId: w.day.eventId, counterId: w.day.counterA, counterCode: 'A', name: `நேரலை விருந்தினர் ${i}`, village: 'மதுரை', amount: 1001 + i, enteredBy: w.staffId });
    await seen;
    const seenAt = await w.owner.evaluate((target) => (window as unknown as { __seenAt: Record<string, number> }).__seenAt[target], want);
    out.push(Math.max(0, seenAt - savedAt));
  }
  return out;
}

/** Save gifts named `names` on the tablet, one at a time; ms from each save until `watcher` shows its name. */
export async function measureNameLatency(w: LiveWorld, watcher: Page, names: string[], timeoutMs = 15_000): Promise<number[]> {
  const out: number[] = [];
  for (const [i, name] of names.entries()) {
    const seen = watcher.waitForFunction((target) => {
      if (!document.body.textContent?.includes(target)) return false;
      const g = window as unknown as { __seenAt?: Record<string, number> };
      g.__seenAt ??= {};
      g.__seenAt[target] ??= Date.now();
      return true;
    }, name, { timeout: timeoutMs, polling: 10 });
    const savedAt = await w.counter.evaluate(async (input) => {
      await (window as unknown as { __moi: Hook }).__moi.createGift(input);
      return Date.now();
    }, { eventId: w.day.eventId, counterId: w.day.counterA, counterCode: 'A', name, village: 'மேலூர்', amount: 501 + i, enteredBy: w.staffId });
    await seen;
    const seenAt = await watcher.evaluate((target) => (window as unknown as { __seenAt: Record<string, number> }).__seenAt[target], name);
    out.push(Math.max(0, seenAt - savedAt));
  }
  return out;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
