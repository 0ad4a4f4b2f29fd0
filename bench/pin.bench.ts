// What a staff PIN's synced hash costs an attacker and the counter (README "Staff PINs"):
// - pin.offline_search_hours: every PIN of the keyspace × one PBKDF2 hash, measured with node's
//   pbkdf2 on every core of this machine at once (the best an offline search does here on a CPU);
// - pin.switch_ms.throttled4x: one shift-change check (src/features/gifts/shift/pin.ts verifyPin,
//   Web Crypto) in Chromium at 4× CPU throttling, median of BENCH_RUNS (default 7).
// The legacy figure (4 digits, 10,000 iterations) is printed beside it for comparison.
import { pbkdf2 } from 'node:crypto';
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import { build } from 'esbuild';
import { LEGACY_PIN_ITERATIONS, PIN_DIGITS, PIN_ITERATIONS, newSalt, hashPin } from '../server/passwords';
import { launchBrowser, newContext } from '../tests/e2e/harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const hashOnce = (pin: string, salt: string, iterations: number) =>
  new Promise<void>((resolve, reject) => pbkdf2(pin, salt, iterations, 32, 'sha256', (e) => (e ? reject(e) : resolve())));

/** Milliseconds per guess with `cores` guesses running at once (libuv's pool runs them in parallel). */
async function perGuessMs(iterations: number, guesses: number): Promise<number> {
  const cores = availableParallelism();
  process.env.UV_THREADPOOL_SIZE ??= String(Math.max(4, cores));
  const salt = newSalt();
  await hashOnce('000000', salt, iterations); // warm up
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: cores }, async () => {
    while (next < guesses) {
      const n = next++;
      await hashOnce(String(n).padStart(6, '0'), salt, iterations);
    }
  }));
  return (performance.now() - t0) / guesses;
}

async function switchMs(): Promise<number> {
  const { outputFiles } = await build({
    entryPoints: ['src/features/gifts/shift/pin.ts'], bundle: true, write: false, format: 'iife', globalName: 'moiPin', target: 'es2022',
  });
  const script = outputFiles[0]!.text;
  // A localhost page: a secure context, so crypto.subtle exists.
  const http = createServer((_req, res) => { res.setHeader('content-type', 'text/html'); res.end(`<!doctype html><script>${script}</script>`); });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const port = (http.address() as { port: number }).port;
  const salt = newSalt();
  const row = { salt, hash: await hashPin('482193', salt, PIN_ITERATIONS), iterations: PIN_ITERATIONS };
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, { width: 800, height: 600 });
    const page = await context.newPage();
    await page.goto(`http://localhost:${port}/`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { ok, ms } = await page.evaluate(async (r) => {
        const w = window as unknown as { moiPin: { verifyPin(pin: string, row: unknown): Promise<boolean> } };
        const t0 = performance.now();
        const ok = await w.moiPin.verifyPin('482193', r);
        return { ok, ms: performance.now() - t0 };
      }, row);
      if (!ok) throw new Error('the browser did not verify the PIN the server hashed');
      times.push(ms);
    }
    return median(times);
  } finally {
    await browser.close();
    http.close();
  }
}

async function main() {
  const ms = await perGuessMs(PIN_ITERATIONS, Number(process.env.BENCH_GUESSES ?? 60));
  const keyspace = 10 ** PIN_DIGITS;
  console.log(`pin: ${PIN_DIGITS} digits, PBKDF2-SHA256 × ${PIN_ITERATIONS}, ${ms.toFixed(2)} ms per guess on ${availableParallelism()} cores`);
  console.log(`bench pin.offline_search_hours: ${(keyspace * ms / 3_600_000).toFixed(2)} h`);
  const legacy = await perGuessMs(LEGACY_PIN_ITERATIONS, 400);
  console.log(`bench pin.offline_search_hours.legacy4: ${(10 ** 4 * legacy / 3_600_000).toFixed(4)} h`);
  console.log(`bench pin.switch_ms.throttled4x: ${(await switchMs()).toFixed(1)} ms`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
