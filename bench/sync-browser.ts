// Chromium side of the sync benchmarks: the built app (dist/) from a real server, signed in as
// counter staff with the test hook enabled (localStorage['moi.e2e'] = '1'), so the figures come
// from the app's own repository and sync code.
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../tests/e2e/harness';
import { benchWorld, type BenchWorld } from './sync-helpers';

export type BrowserBench = { w: BenchWorld; browser: Browser; context: BrowserContext; page: Page; close(): Promise<void> };

export async function openSignedIn(prepare?: (w: BenchWorld) => Promise<void>): Promise<BrowserBench> {
  // A private build: dist/ is shared and may be rebuilt by someone else in the middle of a run.
  let staticDir = process.env.BENCH_DIST;
  if (!staticDir || !existsSync(path.join(staticDir, 'index.html'))) {
    staticDir = mkdtempSync(path.join(tmpdir(), 'moi-bench-dist-'));
    // With the test hook compiled in (window.__moi, src/data/e2e-hook.ts); a BENCH_DIST must have it too.
    execSync(`npx vite build --outDir ${staticDir} --emptyOutDir`, { stdio: 'ignore', env: { ...process.env, MOI_E2E_HOOK: '1' } });
  }
  const w = await benchWorld({ staticDir });
  if (prepare) await prepare(w);
  const browser = await launchBrowser();
  const context = await newContext(browser, { width: 800, height: 1280 });
  await context.addInitScript(() => localStorage.setItem('moi.e2e', '1'));
  const page = await context.newPage();
  await page.goto(`${w.url}/session/signin`);
  await page.getByLabel('Username').fill(w.staff.username);
  await page.getByLabel(/^Password/).fill(w.staff.password);
  await page.getByLabel(/^Password/).press('Enter');
  await page.waitForURL(/\/counter\/gifts\/entry/, { timeout: 120_000 });
  await page.waitForFunction(() => !!(window as unknown as { __moi?: unknown }).__moi, null, { timeout: 60_000 });
  // The first sync after sign-in has finished (device code and cursor stored).
  await page.waitForFunction(() => {
    const s = (window as unknown as { __moi: { state(): { lastSyncAt: string | null; sending: boolean } } }).__moi.state();
    return s.lastSyncAt !== null && !s.sending;
  }, null, { timeout: 600_000, polling: 250 });
  return {
    w, browser, context, page,
    close: async () => {
      await context.close();
      await browser.close();
      await w.close();
    },
  };
}
