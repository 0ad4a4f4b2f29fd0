// Lighthouse's performance score of the landing and the sign-in page with its default preset, the
// mobile one (a mid-range phone's screen, simulated slow 4G, 4× CPU slowdown), as a host opening the
// landing on a venue's 4G meets it (issue 31: landing.lighthouse_mobile and signin.lighthouse_mobile,
// goal ≥ 90 on a quiet machine). Each page BENCH_RUNS times (default 3) in a fresh Chromium profile;
// the median score, and the median FCP, LCP, TBT and CLS behind it. Lighthouse 12.2.3 (the last
// that runs on Node 20). Builds the PWA into a temporary directory first (BENCH_DIST=<dir> to reuse one).
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH, startServer } from '../tests/e2e/harness';
import { benchDist } from './build-dist';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

type Run = { score: number; fcp: number; lcp: number; tbt: number; cls: number };

async function audit(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError?.code === 'NO_NAVSTART') {
      // Seen with Debian's Chromium 156 (bookworm-security, November 2026): Lighthouse 12.2.3 finds no
      // navigation in its trace on every page. Chromium 150 (the same archive's previous build) works.
      throw new Error(`Lighthouse 12.2.3 cannot read the trace of ${CHROMIUM_PATH} (${lhr.environment.hostUserAgent}); run with CHROMIUM_PATH set to a Chromium 150 (README, Benchmarks)`);
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    };
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const build = benchDist();
  const server = await startServer({ STATIC_DIR: build.dist });
  try {
    console.log(`(load average at the start: ${loadavg()[0].toFixed(2)}; Lighthouse's score is only meaningful on a quiet machine)`);
    for (const [name, route] of [['landing', '/'], ['signin', '/session/signin']] as const) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.url}${route}`));
      const m = (k: keyof Run) => median(runs.map((r) => r[k]));
      console.log(`(${route}: scores ${runs.map((r) => r.score).join(', ')}; median FCP ${(m('fcp') / 1000).toFixed(2)} s, LCP ${(m('lcp') / 1000).toFixed(2)} s, TBT ${m('tbt').toFixed(0)} ms, CLS ${m('cls').toFixed(3)})`);
      console.log(`bench ${name}.lighthouse_mobile: ${m('score')}`);
    }
  } finally {
    await server.close();
    build.done();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
