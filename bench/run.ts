// npm run bench: runs every bench/*.bench.ts in its own process, one after another, and echoes
// their `bench <name>: <value> <unit>` lines. Benchmarks print figures; they never pass or fail.
// `npm run bench -- sync` runs only the files whose name contains "sync".
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printMachineScore } from './machine';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filter.length === 0 || filter.some((w) => f.includes(w)))
  .sort();

const summary: string[] = [];
// Speed figures depend on the machine: print how fast this one is first (bench/machine.ts).
summary.push(printMachineScore());
for (const f of files) {
  console.log(`\n== ${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, f)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
  process.stdout.write(r.stdout ?? '');
  for (const line of (r.stdout ?? '').split('\n')) if (line.startsWith('bench ')) summary.push(line);
  if (r.status !== 0) console.log(`(${f} exited with ${r.status})`);
}
console.log('\n== summary');
for (const line of summary) console.log(line);
