// A giver who filled their own entry by QR (issue 30 item 4), at the counter: real Chromium, the built
// app and the real server; the tablet's camera is Chromium's fake camera playing the giver's QR (as the
// app's QrSvg draws it), read by jsQR as on a tablet without BarcodeDetector. Each sample is a new
// giver (a fresh browser: the fake camera's video is fixed at launch). The staff's keys, pressed:
// Alt+Q (open the scanner) … the form fills in … then Enter on Save when the giver wrote an amount,
// or the amount's digits and Ctrl+Enter when not. Prints
//   bench entry.keystrokes.prefilled:           median keys for a QR-filled gift with its amount (goal ≤ 4)
//   bench entry.keystrokes.prefilled_no_amount: the same when the giver left the amount out
//   bench entry.seconds.prefilled:              median of (Alt+Q → code read → saved, measured) + keys at 5 keys/s (goal ≤ 2)
// and the parts: camera start to code read, and the save. Figures only; nothing here passes or fails.
// BENCH_DIST: the built app to serve (default dist/, built when missing; BENCH_BUILD=1 rebuilds it);
// BENCH_ENTRIES: samples (default 6, half with an amount).
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { encodeGiverQr, type GiverQr } from '../contract/giver-qr';
import { setUpCounterDay, signInAtCounter } from '../tests/e2e/counter-fixtures';
import { fakeCameraArgs, writeQrVideo } from '../tests/e2e/fake-camera';
import { launchBrowser, newContext, startServer } from '../tests/e2e/harness';

const SAMPLES = Number(process.env.BENCH_ENTRIES ?? 6);
const KEYS_PER_SECOND = 5;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const dist = path.resolve(process.env.BENCH_DIST ?? 'dist');
  if (process.env.BENCH_BUILD === '1' || !existsSync(path.join(dist, 'index.html'))) {
    execSync(`npx vite build --outDir ${JSON.stringify(dist)} --emptyOutDir`, { stdio: 'inherit' });
  }
  console.log(`load average at start: ${loadavg().map((x) => x.toFixed(1)).join(' ')} (2 cores, shared)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'moi-bench-prefilled-'));
  const server = await startServer({ STATIC_DIR: dist });
  const drawer = await launchBrowser();
  const results: { withAmount: boolean; keys: number; scanMs: number; saveMs: number; totalMs: number }[] = [];
  try {
    await setUpCounterDay(server);
    const sheet = await (await newContext(drawer)).newPage();
    for (let i = 0; i < SAMPLES; i++) {
      const withAmount = i % 2 === 0;
      const amount = 501 + 100 * i;
      const giver: GiverQr = {
        name: `QR giver ${i + 1}`, initial: 'K.', kin: 'Valli', village: ['Melur', 'Theni', 'மதுரை'][i % 3], mobile: '', amount: withAmount ? amount : null,
        ownerId: null, personId: null, eventId: null,
      };
      await sheet.setContent(await QRCode.toString(encodeGiverQr(giver), { type: 'svg', errorCorrectionLevel: 'M' }));
      const video = path.join(dir, `giver-${i}.y4m`);
      await writeQrVideo(sheet, 'svg', video);

      const b = await launchBrowser(fakeCameraArgs(video));
      try {
        const page = await (await newContext(b, { width: 800, height: 1280 })).newPage();
        await signInAtCounter(page, server, 'staff1');
        await page.locator('[data-testid="scan-open"]:not([disabled])').waitFor({ timeout: 30_000 });
        const banner = () => page.locator('[data-testid="saved-receipt-no"]').getAttribute('data-receipt').catch(() => null);
        const before = await banner();
        let keys = 0;
        const t0 = Date.now();
        await page.keyboard.press('Alt+KeyQ');
        keys++;
        await page.waitForFunction((name) => (document.querySelector('input[name="name"]') as HTMLInputElement | null)?.value === name, giver.name, { timeout: 30_000, polling: 'raf' });
        const tRead = Date.now();
        if (withAmount) {
          await page.waitForFunction(() => (document.activeElement as HTMLButtonElement | null)?.type === 'submit', null, { polling: 'raf' });
          await page.keyboard.press('Enter');
          keys++;
        } else {
          await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'amount', null, { polling: 'raf' });
          for (const ch of String(amount)) {
            await page.keyboard.press(ch);
            keys++;
          }
          await page.keyboard.press('Control+Enter');
          keys++;
        }
        const tKeys = Date.now();
        await page.waitForFunction((prev) => {
          const no = document.querySelector('[data-testid="saved-receipt-no"]')?.getAttribute('data-receipt');
          const name = document.querySelector('input[name="name"]') as HTMLInputElement | null;
          return !!no && no !== prev && name?.value === '';
        }, before, { timeout: 30_000, polling: 'raf' });
        const tSaved = Date.now();
        results.push({ withAmount, keys, scanMs: tRead - t0, saveMs: tSaved - tKeys, totalMs: tSaved - t0 });
        console.log(`sample ${i + 1} (${withAmount ? 'amount in the code' : 'amount typed'}): ${keys} keys, Alt+Q → filled ${tRead - t0} ms, save ${tSaved - tKeys} ms, Alt+Q → saved ${tSaved - t0} ms`);
      } finally {
        await b.close();
      }
    }
  } finally {
    await drawer.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const withA = results.filter((r) => r.withAmount);
  const noA = results.filter((r) => !r.withAmount);
  const seconds = (r: (typeof results)[number]) => r.totalMs / 1000 + r.keys / KEYS_PER_SECOND;
  console.log(`Alt+Q → form filled (camera start + read): median ${median(results.map((r) => r.scanMs)).toFixed(0)} ms; save: median ${median(results.map((r) => r.saveMs)).toFixed(0)} ms`);
  console.log(`seconds with the amount typed (keys at ${KEYS_PER_SECOND}/s): median ${median(noA.map(seconds)).toFixed(2)} s`);
  console.log(`bench entry.keystrokes.prefilled: ${median(withA.map((r) => r.keys))} keys`);
  console.log(`bench entry.keystrokes.prefilled_no_amount: ${median(noA.map((r) => r.keys))} keys`);
  console.log(`bench entry.seconds.prefilled: ${median(withA.map(seconds)).toFixed(2)} s`);
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
