// The PWA build a browser benchmark serves: BENCH_DIST names one to reuse; otherwise a fresh build
// in a temporary directory, removed by done().
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function benchDist(): { dist: string; done: () => void } {
  if (process.env.BENCH_DIST) return { dist: path.resolve(process.env.BENCH_DIST), done: () => {} };
  const tmp = mkdtempSync(path.join(tmpdir(), 'moi-bench-dist-'));
  execSync(`npx vite build --outDir ${tmp} --emptyOutDir`, { stdio: ['ignore', 'ignore', 'inherit'] });
  return { dist: tmp, done: () => rmSync(tmp, { recursive: true, force: true }) };
}
