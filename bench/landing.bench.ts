// Landing page in Chromium with 4× CPU throttling (CDP Emulation.setCPUThrottlingRate): first
// contentful paint cold (fresh profile, nothing cached) and from the service-worker cache (second
// visit), the JavaScript the landing route loads, gzipped, and the bytes the first visit transferred
// (landing.bytes_transferred, goal < 250 kB: every request of the page until the network is idle,
// bodies as sent — brotli from the build's .br copies — plus response headers, as Chromium counts
// them; the service worker's precache download is not the page's). Prints `bench <name>: <value> <unit>`.
// Builds the PWA into a temporary directory first (BENCH_DIST=<dir> to reuse a build).
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, startServer, waitForServiceWorker } from '../tests/e2e/harness';
import { benchDist } from './build-dist';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

async function fcp(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const seen = performance.getEntriesByName('first-contentful-paint')[0];
        if (seen) return resolve(seen.startTime);
        new PerformanceObserver((list) => {
          const e = list.getEntriesByName('first-contentful-paint')[0];
          if (e) resolve(e.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

async function main() {
  const build = benchDist();
  const server = await startServer({ STATIC_DIR: build.dist });
  const browser = await launchBrowser();
  try {
    const cold: number[] = [];
    const sw: number[] = [];
    let scripts = new Map<string, number>();
    let transferred = 0;
    let wire = { requests: 0, body: 0, headers: 0, blockingCss: 0 };
    for (let run = 0; run < RUNS; run++) {
      const context = await newContext(browser, { width: 390, height: 844 });
      const page = await context.newPage();
      await throttle(context, page);
      const seen = new Map<string, number>();
      let bytes = 0;
      // What went over the wire: Chromium's own count of each response's body and headers.
      const sizes: Promise<{ url: string; type: string; body: number; headers: number }>[] = [];
      page.on('requestfinished', (req) => {
        sizes.push(req.sizes().then((z) => ({ url: req.url(), type: req.resourceType(), body: z.responseBodySize, headers: z.responseHeadersSize })));
      });
      page.on('response', async (res) => {
        const type = res.request().resourceType();
        try {
          const body = await res.body();
          bytes += body.length;
          if (type === 'script') seen.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
        } catch {
          // redirects and aborted requests have no body
        }
      });
      await page.goto(`${server.url}/`, { waitUntil: 'load' });
      cold.push(await fcp(page));
      await page.waitForSelector('#price-list');
      if (run === 0) {
        await page.waitForLoadState('networkidle');
        scripts = seen;
        transferred = bytes;
        const all = await Promise.all(sizes);
        // The stylesheets the HTML links block the first paint; the others come with lazy chunks.
        const html = await (await fetch(`${server.url}/`)).text();
        // Links without `disabled` (a prerendered page lists the stylesheets it inlined as disabled links).
        const blocking = new Set([...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"(?![^>]*disabled)/g)].map((m) => new URL(m[1], server.url).href));
        // A prerendered page's CSS is inlined in its HTML (server/prerender.ts): counted as brotli bytes.
        const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
        wire = {
          requests: all.length,
          body: all.reduce((a, r) => a + r.body, 0),
          headers: all.reduce((a, r) => a + r.headers, 0),
          blockingCss: all.filter((r) => blocking.has(r.url)).reduce((a, r) => a + r.body, 0) + brotliCompressSync(inline).length,
        };
      }
      // Second visit: the service worker answers from its precache.
      // The app's own registration, or (while the app has none) the built worker registered directly.
      let own = false;
      for (let waited = 0; waited < 8_000 && !own; waited += 500) {
        own = await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()));
        if (!own) await page.waitForTimeout(500);
      }
      if (!own) await page.evaluate(async () => void (await navigator.serviceWorker.register('/sw.js', { scope: '/' })));
      if (run === 0) console.log(`  service worker registered by ${own ? 'the app' : 'the benchmark (the app registered none)'}`);
      const registered = await Promise.race([
        waitForServiceWorker(page).then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 30_000)),
      ]);
      if (!registered) {
        console.log('  (no service worker took control within 30 s)');
        await context.close();
        continue;
      }
      const second = await context.newPage();
      await throttle(context, second);
      await second.goto(`${server.url}/`, { waitUntil: 'load' });
      const controlled = await second.evaluate(() => !!navigator.serviceWorker.controller);
      if (!controlled) throw new Error('second visit was not served by the service worker');
      sw.push(await fcp(second));
      await context.close();
    }
    const jsGz = [...scripts.values()].reduce((a, b) => a + b, 0);
    for (const [p, gz] of [...scripts.entries()].sort((a, b) => b[1] - a[1])) console.log(`  script ${p}: ${(gz / 1024).toFixed(1)} kB gz`);
    console.log(`  cold runs (ms): ${cold.map((v) => v.toFixed(0)).join(', ')}; sw runs (ms): ${sw.map((v) => v.toFixed(0)).join(', ')}`);
    console.log(`bench landing.fcp.cold: ${median(cold).toFixed(0)} ms`);
    if (sw.length) console.log(`bench landing.fcp.sw: ${median(sw).toFixed(0)} ms`);
    console.log(`bench landing.js_gz: ${(jsGz / 1024).toFixed(1)} kB`);
    console.log(`bench landing.bytes_uncompressed: ${(transferred / 1024).toFixed(1)} kB`);
    console.log(`  ${wire.requests} requests: bodies ${(wire.body / 1000).toFixed(1)} kB + response headers ${(wire.headers / 1000).toFixed(1)} kB`);
    console.log(`bench landing.bytes_transferred: ${((wire.body + wire.headers) / 1000).toFixed(1)} kB`);
    console.log(`bench landing.bytes_body: ${(wire.body / 1000).toFixed(1)} kB`);
    console.log(`bench landing.css_render_blocking: ${(wire.blockingCss / 1000).toFixed(1)} kB`);
  } finally {
    await browser.close();
    await server.close();
    build.done();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
