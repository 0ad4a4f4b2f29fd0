// ledger.hint.keystroke — at the counter, 4× CPU throttling, the host's ledger summary of 20,000
// people on the device: per keystroke of the giver's name (village already typed), from the input
// event to the hint updated for that name and painted. Chromium, the real app and server; the hint
// summary is served by a stand-in for GET /moi/ledger/hints so the ledger need not be built first.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LedgerHintPerson } from '../contract/ledger';
import { generateGivers } from '../ledger/fixtures';
import { setUpCounterDay, signInAtCounter } from '../tests/e2e/counter-fixtures';
import { launchBrowser, newContext, startServer } from '../tests/e2e/harness';

// BENCH_HINT_OFF=1: the same keystrokes with the hint turned off (the entry form's own cost, for comparison).
const OFF = process.env.BENCH_HINT_OFF === '1';
const dist = path.resolve(process.env.BENCH_DIST ?? 'dist');
if (process.env.BENCH_BUILD === '1' || !existsSync(path.join(dist, 'index.html'))) execSync(`npx vite build --outDir ${JSON.stringify(dist)} --emptyOutDir`, { stdio: 'inherit' });

const people: LedgerHintPerson[] = generateGivers(20_000, 11).map((g, i) => ({
  id: `p${i}`, name: g.name, initial: g.initial ?? '', village: g.village ?? '', mobile: g.mobile ?? '',
  lastReceived: { amount: g.amount, functionType: 'wedding', date: '2024-02-11' }, lastGiven: i % 3 ? null : { amount: 2001, functionType: 'housewarming', date: '2025-06-01' },
}));
people.push({ id: 'murugan', name: 'முருகன்', initial: 'மு.', village: 'மேலூர்', mobile: '', lastReceived: { amount: 1001, functionType: 'wedding', date: '2024-02-11' }, lastGiven: { amount: 2001, functionType: 'housewarming', date: '2025-06-01' } });

const server = await startServer({ STATIC_DIR: dist });
const browser = await launchBrowser();
try {
  const day = await setUpCounterDay(server);
  const ctx = await newContext(browser, { width: 800, height: 1280 });
  await ctx.addInitScript({ content: 'window.__name = (f) => f;' });
  await ctx.route('**/moi/ledger/hints*', (route) => route.fulfill({ json: { eventId: day.eventId, enabled: !OFF, people: OFF ? [] : people } }));
  const page = await ctx.newPage();
  await signInAtCounter(page, server, 'staff1');
  await page.locator('input[name="village"]').fill('Melur');
  await page.locator('input[name="name"]').fill('Murugan');
  if (!OFF) await page.getByTestId('ledger-hint').waitFor({ timeout: 60_000 });
  else await page.waitForTimeout(3000);
  await page.locator('input[name="name"]').fill('');
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.BENCH_THROTTLE ?? 4) });
  const perKey = await page.evaluate(async (seqs) => {
    const input = document.querySelector('input[name="name"]') as HTMLInputElement;
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    const out: number[] = [];
    for (const seq of seqs) {
      for (const value of seq) {
        const t0 = performance.now();
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        for (;;) {
          const el = document.querySelector('[data-testid="ledger-hint"], [data-testid="ledger-hint-root"]') as HTMLElement | null;
          if (el?.dataset.query === value) break;
          await new Promise((r) => setTimeout(r, 0));
        }
        await frame();
        out.push(performance.now() - t0);
      }
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 300));
    }
    return out;
  }, [['M', 'Mu', 'Mur', 'Muru', 'Murug', 'Muruga', 'Murugan'], ['மு', 'முரு', 'முருக', 'முருகன்']]);
  const sorted = [...perKey].sort((a, b) => a - b);
  console.log(`(${people.length} people; ${perKey.length} keystrokes: ${perKey.map((x) => x.toFixed(0)).join(' ')} ms; village typed first, then the name letter by letter)`);
  console.log(`bench ledger.hint.keystroke${OFF ? '_hint_off' : ''}: ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms`);
} finally {
  await browser.close();
  await server.close();
}
