// Live updates in the browser: a counter tablet and the event owner in two Chromium contexts (the
// built app with its service worker, one real server on PGlite). Each gift saved on the tablet is
// timed until the owner's /event/gift totals show it (the live stream → pull → Dexie → screen).
// Prints bench live.owner_latency.browser.{p50,p95,max}_ms.
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser, startServer } from '../tests/e2e/harness';
import { measureOwnerLatency, openLiveWorld, percentile } from '../tests/e2e/live-fixtures';

const GIFTS = Number(process.env.BENCH_LIVE_GIFTS ?? 30);

async function main() {
  // A private build: dist/ is shared and may be rebuilt by someone else in the middle of a run.
  let staticDir = process.env.BENCH_DIST;
  if (!staticDir || !existsSync(path.join(staticDir, 'index.html'))) {
    staticDir = mkdtempSync(path.join(tmpdir(), 'moi-bench-dist-'));
    execSync(`npx vite build --outDir ${staticDir} --emptyOutDir`, { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
  }
  const server = await startServer({ STATIC_DIR: staticDir, LOG_LEVEL: 'silent' });
  const browser = await launchBrowser();
  try {
    const world = await openLiveWorld(server, browser);
    const ms = await measureOwnerLatency(world, GIFTS);
    console.log(`live owner latency (${GIFTS} gifts, save on the tablet → owner's total), ms: ${ms.join(', ')}`);
    console.log(`bench live.owner_latency.browser.p50_ms: ${percentile(ms, 50)} ms`);
    console.log(`bench live.owner_latency.browser.p95_ms: ${percentile(ms, 95)} ms`);
    console.log(`bench live.owner_latency.browser.max_ms: ${Math.max(...ms)} ms`);
    await world.close();
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
