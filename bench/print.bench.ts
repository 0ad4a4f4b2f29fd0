// Receipt printing benchmarks (issue 28), in headless Chromium against the real server configured
// with a LAN printer (the stand-in ESC/POS printer on a loopback port) and the built app:
// - print.save_to_last_byte.p95: pressing save (Ctrl+Enter) → the job's last byte at the printer,
//   58 mm Tamil receipt, at 1× and at 4× CPU throttling;
// - print.render_encode_ms: canvas + 1-bit raster + ESC/POS, measured in the app (performance
//   measure 'moi.print.render_encode') at 4× CPU throttling; bytes per receipt at the printer;
// - print.save_to_ready.p95 with printing on and off (4×): printing must not slow the next giver.
// BENCH_DIST: a private build directory (BENCH_BUILD=1 rebuilds it); default dist/, built when missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { seedCounter, seedEvent, seedUser } from '../tests/sync/fixtures';
import { startStandInPrinter } from '../tests/support/escpos-printer';
import { launchBrowser, newContext, startServer, waitForServiceWorker } from '../tests/e2e/harness';

const N = Number(process.env.BENCH_PRINTS ?? 20);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 1000);
const NAMES = ['முருகன்', 'மீனாட்சி', 'சுப்பிரமணியன்', 'முத்துலட்சுமி', 'கருப்பசாமி', 'பாண்டியம்மாள்'];
const PLACES = ['மதுரை', 'உசிலம்பட்டி', 'செக்கானூரணி', 'திருமங்கலம்', 'மேலூர்'];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const fmt = (n: number) => n.toFixed(1);

async function main() {
  const dist = path.resolve(process.env.BENCH_DIST ?? 'dist');
  if (process.env.BENCH_BUILD === '1' || !existsSync(path.join(dist, 'index.html'))) {
    execSync(`npx vite build --outDir ${JSON.stringify(dist)} --emptyOutDir`, { stdio: 'inherit' });
  }
  console.log(`load average at start: ${loadavg().map((x) => x.toFixed(1)).join(' ')} (2 cores, shared)`);
  const printer = await startStandInPrinter();
  const server = await startServer({ STATIC_DIR: dist, PRINTER_HOST: '127.0.0.1', PRINTER_PORT: String(printer.port) });
  const browser = await launchBrowser();
  try {
    const staff = await seedUser(server.app, 'benchprint', 'counter_staff', 'staff-bench-password');
    const eventId = await seedEvent(server.app, { title: 'Print bench wedding' });
    await seedCounter(server.app, eventId, { code: 'A', staffIds: [staff.id] });
    const ctx = await newContext(browser, { width: 800, height: 1280, locale: 'en-IN' });
    await ctx.addInitScript({ content: 'window.__name = (f) => f;' });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/session/signin`);
    await waitForServiceWorker(page);
    await page.getByLabel('Username').fill(staff.username);
    await page.getByLabel(/^Password/).fill(staff.password);
    await page.getByLabel(/^Password/).press('Enter');
    await page.waitForURL(/\/counter\/gifts\/entry/, { timeout: 60_000 });
    await page.locator('[data-testid="printer-status"][data-phase="idle"]').waitFor({ timeout: 30_000 });
    // the receipts in Tamil from here on (each run reloads the page)
    await page.evaluate(() => localStorage.setItem('moi.language', 'ta'));
    const cdp = await ctx.newCDPSession(page);
    let i = 0;

    /** One save: ms to the ready form (banner with the new number, name empty) and, if printing, to the last byte. */
    async function save(p: Page, printing: boolean): Promise<{ ready: number; lastByte: number | null }> {
      const before = printer.jobs.length;
      await p.locator('input[name="name"]').fill(NAMES[i % NAMES.length]);
      await p.locator('input[name="village"]').fill(PLACES[i % PLACES.length]);
      await p.locator('input[name="amount"]').fill(String(101 + i));
      i++;
      const prev = await p.getByTestId('saved-receipt-no').getAttribute('data-receipt').catch(() => null);
      const t0 = Date.now();
      await p.locator('input[name="amount"]').press('Control+Enter');
      await p.waitForFunction((b) => {
        const r = document.querySelector('[data-testid="saved-receipt-no"]')?.getAttribute('data-receipt');
        return !!r && r !== b && (document.querySelector('input[name="name"]') as HTMLInputElement | null)?.value === '';
      }, prev, { timeout: 30_000, polling: 'raf' });
      const ready = Date.now() - t0;
      if (!printing) return { ready, lastByte: null };
      await printer.waitForJobs(before + 1, 30_000);
      return { ready, lastByte: printer.jobs[before].receivedAt - t0 };
    }

    async function run(label: string, rate: number, printing: boolean) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await page.evaluate((on) => {
        const raw = localStorage.getItem('moi.printer');
        const s = raw ? JSON.parse(raw) : {};
        localStorage.setItem('moi.printer', JSON.stringify({ ...s, printOnSave: on }));
      }, printing);
      await page.reload();
      await page.locator('[data-testid="printer-status"]').waitFor({ timeout: 30_000 });
      await page.evaluate(() => performance.clearMeasures('moi.print.render_encode'));
      const ready: number[] = [];
      const lastByte: number[] = [];
      const firstJob = printer.jobs.length;
      for (let k = 0; k < N; k++) {
        const r = await save(page, printing);
        ready.push(r.ready);
        if (r.lastByte !== null) lastByte.push(r.lastByte);
        await new Promise((res) => setTimeout(res, GAP_MS));
      }
      const renders = await page.evaluate(() => performance.getEntriesByName('moi.print.render_encode').map((e) => e.duration));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      console.log(`${label}: ${N} saves at ${rate}× CPU, printing ${printing ? 'on' : 'off'}`);
      console.log(`bench print.save_to_ready${printing ? '' : '_no_printing'}${rate === 1 ? '_1x' : ''}.p95: ${fmt(pct(ready, 95))} ms (p50 ${fmt(pct(ready, 50))})`);
      if (printing) {
        console.log(`bench print.save_to_last_byte${rate === 1 ? '' : '_4x'}.p95: ${fmt(pct(lastByte, 95))} ms (p50 ${fmt(pct(lastByte, 50))}, max ${fmt(Math.max(...lastByte))})`);
        if (renders.length) console.log(`bench print.render_encode_ms${rate === 1 ? '_1x' : ''}: p50 ${fmt(pct(renders, 50))} ms, p95 ${fmt(pct(renders, 95))} ms (${renders.length} receipts, ${rate}× CPU)`);
        const bytes = printer.jobs.slice(firstJob).map((j) => j.bytes);
        console.log(`bench print.bytes_per_receipt: ${Math.round(bytes.reduce((a, b) => a + b, 0) / bytes.length)} bytes (58 mm Tamil, min ${Math.min(...bytes)}, max ${Math.max(...bytes)})`);
      }
    }

    await run('unthrottled', 1, true);
    await run('throttled', 4, true);
    await run('throttled, printing off', 4, false);
  } finally {
    await browser.close();
    await server.close();
    await printer.close();
  }
}

await main();
