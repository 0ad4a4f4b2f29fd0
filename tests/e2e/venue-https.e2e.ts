// The venue laptop's HTTPS (issue 31, item 3b), as a tablet meets it: the server starts with
// HTTPS=local and makes its own certificate authority in a fresh data dir; Chromium (with a home of
// its own whose NSS database trusts that CA, installed from the file the install page hands out,
// as a tablet's user would) opens the install page over plain HTTP at the laptop's LAN name, follows
// "Open Moi" to HTTPS with no certificate error, the service worker installs, Chromium finds the
// PWA installable, and the app loads offline. The LAN name is not localhost, so without HTTPS the
// service worker would not register at all.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { listenInstallPage, prepareLocalTls, type InstallServer, type LocalTls } from '../../server/venue-tls';
import { E2E_DIST } from './global-setup';
import { ADMIN, CHROMIUM_PATH, waitForServiceWorker } from './harness';

const LAN_NAME = 'moi-laptop.local';
let dataDir: string;
let home: string;
let app: FastifyInstance;
let install: InstallServer;
let tls: LocalTls;
let context: BrowserContext;
let httpsPort: number;

beforeAll(async () => {
  const t0 = Date.now();
  dataDir = mkdtempSync(path.join(tmpdir(), 'moi-venue-https-'));
  home = mkdtempSync(path.join(tmpdir(), 'moi-venue-home-'));
  const base = loadConfig({
    HTTPS: 'local', PORT: '0', HOST: '127.0.0.1', MOI_DATA_DIR: dataDir, STATIC_DIR: E2E_DIST, LOG_LEVEL: 'warn',
    ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password,
  } as NodeJS.ProcessEnv);
  // The laptop's names as the server would find them, with the LAN name the browser maps to loopback.
  const prepared = await prepareLocalTls(base, { dns: ['localhost', LAN_NAME], ips: ['127.0.0.1'] });
  tls = prepared.tls;
  app = await buildApp(prepared.config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  httpsPort = typeof addr === 'object' && addr ? addr.port : 0;
  console.log(`venue-https: server up in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  install = await listenInstallPage({ tls, port: 0, host: '127.0.0.1', httpsPort: () => httpsPort, fallbackHost: LAN_NAME });

  // What a tablet's user does once: download the CA from the install page and trust it (here: the
  // NSS database Chromium reads from $HOME/.pki/nssdb).
  const res = await fetch(`http://127.0.0.1:${install.port}/moi-local-ca.crt`);
  expect(res.headers.get('content-type')).toBe('application/x-x509-ca-cert');
  const caFile = path.join(home, 'moi-local-ca.crt');
  writeFileSync(caFile, Buffer.from(await res.arrayBuffer()));
  const nss = path.join(home, '.pki', 'nssdb');
  mkdirSync(nss, { recursive: true });
  execFileSync('certutil', ['-d', `sql:${nss}`, '-N', '--empty-password']);
  execFileSync('certutil', ['-d', `sql:${nss}`, '-A', '-t', 'C,,', '-n', 'Moi local CA', '-i', caFile]);

  // A persistent profile (not an incognito context), so Chromium judges installability as on a tablet.
  context = await chromium.launchPersistentContext(path.join(home, 'profile'), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    env: { ...process.env, HOME: home },
    serviceWorkers: 'allow',
    viewport: { width: 800, height: 1000 },
    locale: 'en-IN',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`],
  });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await install?.close();
  await app?.close();
  for (const d of [dataDir, home]) if (d) rmSync(d, { recursive: true, force: true });
});

async function rootRendered(page: Page): Promise<boolean> {
  return page.waitForFunction(() => (document.getElementById('root')?.innerText.trim().length ?? 0) > 0, null, { timeout: 30_000 }).then(() => true, () => false);
}

it('a tablet trusting the laptop\'s CA opens the app over HTTPS at its LAN name, installs the PWA and works offline', async () => {
  const t0 = Date.now();
  const lap = (what: string) => console.log(`venue-https: ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  {
    const page = context.pages()[0] ?? await context.newPage();
    const certErrors: string[] = [];
    page.on('requestfailed', (r) => { if (/CERT|SSL/i.test(r.failure()?.errorText ?? '')) certErrors.push(`${r.url()}: ${r.failure()?.errorText}`); });

    // The address the console's QR code names: the install page, over plain HTTP.
    await page.goto(`http://${LAN_NAME}:${install.port}/`, { waitUntil: 'load' });
    expect((await page.getByTestId('ca-fingerprint').innerText()).replace(/\s/g, '')).toBe(tls.caFingerprint256);
    await Promise.all([page.waitForURL(`https://${LAN_NAME}:${httpsPort}/`), page.getByTestId('open-app').click()]);

    lap('opened over HTTPS');
    expect(certErrors).toEqual([]);
    expect(await page.evaluate(() => [location.protocol, window.isSecureContext])).toEqual(['https:', true]);
    expect(await rootRendered(page)).toBe(true);
    await waitForServiceWorker(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    lap('service worker activated');

    // Chromium's own verdict: nothing keeps this PWA from being installed.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    await context.setOffline(true);
    await page.reload({ waitUntil: 'load' });
    expect(await rootRendered(page)).toBe(true);
    await page.goto(`https://${LAN_NAME}:${httpsPort}/session/signin`, { waitUntil: 'load' });
    expect(await rootRendered(page)).toBe(true);
    expect(certErrors).toEqual([]);
    lap('offline');
  }
});
