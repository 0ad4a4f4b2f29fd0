// Shared end-to-end harness: start the real server on a free port with a fresh PGlite data dir,
// and launch Debian's Chromium through playwright-core with the service worker allowed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { E2E_DIST } from './global-setup';

export const ADMIN = { username: 'admin', password: 'admin-e2e-password' };

export type E2EServer = { url: string; app: FastifyInstance; dataDir: string; close: () => Promise<void> };

export async function startServer(env: Record<string, string> = {}, opts: { port?: number } = {}): Promise<E2EServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moi-e2e-'));
  const config = loadConfig({
    MOI_DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    STATIC_DIR: E2E_DIST,
    LOG_LEVEL: 'warn',
    ...env,
  } as NodeJS.ProcessEnv);
  const app = await buildApp(config);
  // localhost (not 127.0.0.1) is a secure context, so the service worker registers.
  await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://localhost:${port}`,
    app,
    dataDir,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extraArgs`: more Chromium flags for one test (e.g. a fake camera, giver-qr.e2e.ts). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

export async function newContext(browser: Browser, opts: { width?: number; height?: number; locale?: string } = {}): Promise<BrowserContext> {
  return browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    locale: opts.locale ?? 'en-IN',
  });
}

/** Wait until a service worker controls the page (after the first load it may need one reload). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = await page.evaluate(() => !!navigator.serviceWorker.controller);
  if (!controlled) {
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30_000 });
  }
}

/**
 * axe-core (injected from the axe-core package itself) on the page as it stands: the serious and
 * critical violations of WCAG 2.1 A/AA, one line each (rule, nodes, the first failure reason).
 */
let axeSourceText: string | null = null;
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const { createRequire } = await import('node:module');
  const { readFileSync } = await import('node:fs');
  const axeSource = (axeSourceText ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  type Violation = { id: string; impact?: string | null; nodes: { target: unknown[]; html: string; failureSummary?: string }[] };
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return JSON.parse(JSON.stringify(result.violations)) as unknown;
  }) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('')} — ${n.html.slice(0, 120)}`).slice(0, 5).join(' | ')}`);
}

/**
 * Until no request of the page is in flight for `quietMs` (at most `timeout`). Unlike Playwright's
 * 'networkidle', the live connection (an EventSource, open for as long as a signed-in screen is) and
 * web sockets do not count: with one open, 'networkidle' never came and every screen waited its full
 * timeout (5 s a screen, ~13 minutes of the every-screen walk).
 */
const inflightOf = new WeakMap<Page, Set<unknown>>();
/** Count the page's requests in flight from now on (call it before the page's first navigation). */
export function trackRequests(page: Page): void {
  if (inflightOf.has(page)) return;
  const inflight = new Set<unknown>();
  inflightOf.set(page, inflight);
  page.on('request', (r) => { if (r.resourceType() !== 'eventsource' && r.resourceType() !== 'websocket') inflight.add(r); });
  page.on('requestfinished', (r) => { inflight.delete(r); });
  page.on('requestfailed', (r) => { inflight.delete(r); });
}
export async function waitForRequestsQuiet(page: Page, quietMs = 300, timeout = 5_000): Promise<void> {
  trackRequests(page);
  const inflight = inflightOf.get(page)!;
  const end = Date.now() + timeout;
  let quietSince = Date.now();
  while (Date.now() < end) {
    if (inflight.size) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Until the page is still: its fonts loaded and no finite CSS animation or transition running (a
 * fade or slide caught half-way reads as low contrast to axe, or moves a screenshot). Endless ones
 * (a spinner) are not waited for. Instead of a fixed pause "for the animation".
 */
export async function waitForStill(page: Page, timeout = 5_000): Promise<void> {
  await page.waitForFunction(() => document.fonts.status === 'loaded' && document.getAnimations().every((a) => {
    const iterations = a.effect?.getComputedTiming().iterations;
    return iterations === Infinity || a.playState !== 'running';
  }), null, { timeout, polling: 'raf' });
}

/**
 * A counter's tablet signs in with the service worker on: the sign-in page, the worker in control,
 * the credentials typed, the entry screen reached and the sync loop's first round done (the e2e
 * hook `window.__moi`, enabled by localStorage `moi.e2e`, reports it).
 */
export async function signInAtCounter(page: Page, url: string, user: { username: string; password: string }): Promise<void> {
  await page.goto(`${url}/session/signin`);
  await waitForServiceWorker(page);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByLabel(/^Password/).press('Enter');
  await page.waitForURL(/\/counter\/gifts\/entry/, { timeout: 30_000 });
  await page.waitForFunction(() => !!(window as unknown as { __moi?: unknown }).__moi, null, { timeout: 30_000 });
  await page.waitForFunction(() => (window as unknown as { __moi: { state(): { lastSyncAt: string | null } } }).__moi.state().lastSyncAt !== null, null, { timeout: 30_000 });
}
