// Live totals end to end, real Chromium with the service worker: a counter tablet saves gifts and
// the event owner's /event/gift, in another browser context, shows each new total within 1 s —
// through the live stream (GET /moi/sync/live), not the owner screen's 15 s poll or the loop's 60 s
// one; so does another tablet's gift list at the counter. The stream reaches the server itself
// (the service worker does not answer it), and signing out closes it.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startServer, type E2EServer } from './harness';
import { measureNameLatency, measureOwnerLatency, openLiveWorld, percentile, shownCount, type LiveWorld } from './live-fixtures';

// Screenshots only when asked for (MOI_SHOTS=1), as the other files take them.
const SHOTS = process.env.MOI_SHOTS === '1' ? '/tmp/shots/live' : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** The live stream's first reconnect after a drop: LIVE_RETRY_MIN_MS (src/data/sync/live.ts) + 20 % jitter. */
const FIRST_RETRY_MAX_MS = 1_200;

let server: E2EServer;
let browser: Browser;
let world: LiveWorld;

/**
 * The goal is 1 s from a save to the other screen: the median must meet it. Every single save must
 * arrive within 3 s — far sooner than any fallback poll (60 s) could bring it, so only the stream
 * does — but one save may miss 1 s on a loaded machine (2 shared cores: a 1.1 s outlier was seen).
 */
function expectLive(latencies: number[]): void {
  expect(percentile(latencies, 50)).toBeLessThan(1_000);
  for (const ms of latencies) expect(ms).toBeLessThan(3_000);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  world = await openLiveWorld(server, browser);
});
afterAll(async () => {
  await world?.close();
  await browser?.close();
  await server?.close();
});

it('the owner sees the gifts saved at a counter within 1 s', { timeout: 180_000 }, async () => {
  expect(await shownCount(world.owner)).toBe('0');
  const latencies = await measureOwnerLatency(world, 8, 5_000);
  console.log(`[live.e2e] save → owner's total, ms: ${latencies.join(', ')} (p50 ${percentile(latencies, 50)}, p95 ${percentile(latencies, 95)}, max ${Math.max(...latencies)})`);
  expect(await shownCount(world.owner)).toBe('8');
  expectLive(latencies);
  expect(world.liveResponses.length).toBeGreaterThan(0);
  expect(world.liveResponses.every((r) => r.status === 200 && !r.fromServiceWorker)).toBe(true);
  if (SHOTS) await world.owner.screenshot({ path: `${SHOTS}/owner-after.png` });
});

it('another tablet at the counter lists the gifts within 1 s', { timeout: 180_000 }, async () => {
  const list = await world.openListTablet();
  const names = ['முருகேசன் (நேரலை)', 'Lakshmi Live', 'செல்வி நேரலை', 'Ravi Live'];
  for (const n of names) expect(await list.evaluate((t) => document.body.textContent?.includes(t), n)).toBe(false);
  const latencies = await measureNameLatency(world, list, names, 5_000);
  console.log(`[live.e2e] save → other tablet's list, ms: ${latencies.join(', ')} (max ${Math.max(...latencies)})`);
  expectLive(latencies);
  if (SHOTS) await list.screenshot({ path: `${SHOTS}/list-tablet-after.png` });
});

it('the app admin\'s dashboard fetches its server figures again after a save', { timeout: 120_000 }, async () => {
  const dash = await world.openAdminDashboard();
  const giftsToday = () => dash.evaluate(() => document.querySelector('[data-testid="stat-giftsToday"]')?.lastElementChild?.textContent ?? '');
  const before = Number(await giftsToday());
  const t0 = Date.now();
  await world.counter.evaluate(async (input) => {
    await (window as unknown as { __moi: { createGift(i: unknown): Promise<unknown> } }).__moi.createGift(input);
  }, { eventId: world.day.eventId, counterId: world.day.counterA, counterCode: 'A', name: 'Dashboard Live', village: 'மதுரை', amount: 2001, enteredBy: world.staffId });
  await expect.poll(async () => Number(await giftsToday()), { timeout: 5_000, interval: 20 }).toBe(before + 1);
  console.log(`[live.e2e] save → admin dashboard (server figures, ≤ 1 refresh a second): ~${Date.now() - t0} ms`);
});

it('signing out closes the owner\'s stream and opens no other', { timeout: 60_000 }, async () => {
  const owner = world.owner;
  expect(await owner.evaluate(() => (window as unknown as { __moi: { live(): boolean } }).__moi.live())).toBe(true);
  const opened: string[] = [];
  owner.on('request', (r) => { if (new URL(r.url()).pathname === '/moi/sync/live') opened.push(r.url()); });
  await owner.getByTestId('user-menu').click();
  await owner.getByRole('menuitem', { name: 'Sign out' }).click();
  await owner.waitForURL('**/session/signin', { timeout: 30_000 });
  await owner.waitForFunction(() => !(window as unknown as { __moi?: { live(): boolean } }).__moi?.live(), null, { timeout: 10_000 });
  // The signal instead of a blind wait: a stream still wanted after sign-out is reopened by the
  // live stream's first retry, at most FIRST_RETRY_MAX_MS after it went down (before live() said
  // false). A page timer set now for that long fires after that retry (timers run in order of when
  // they are due), and a request the page makes then is reported after any the retry made: once
  // it is seen, a reopened stream would have been seen too.
  await owner.evaluate((ms) => new Promise((r) => setTimeout(r, ms)), FIRST_RETRY_MAX_MS);
  const marker = owner.waitForRequest((r) => r.url().includes('/moi/health?after-sign-out'));
  await owner.evaluate(() => fetch('/moi/health?after-sign-out').then(() => undefined, () => undefined));
  await marker;
  expect(opened).toEqual([]);
});
