// A fixed single-threaded workload (JSON, sorting, string building, hashing), timed as the best of
// three: the same code takes this long on this machine. Benchmarks of speed differ by machine as
// much as by code (this workplace's 2-core machines have differed by half); a figure printed beside
// it can be compared with one from another machine. Lower is faster.
import { createHash } from 'node:crypto';

function workload(): number {
  let check = 0;
  const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: `g-${i}`, name: `Giver ${i % 997}`, village: `Village ${i % 113}`, amount: (i * 7919) % 10_001 }));
  for (let k = 0; k < 3; k++) check += (JSON.parse(JSON.stringify(rows)) as unknown[]).length;
  const xs = Array.from({ length: 200_000 }, (_, i) => (i * 2654435761) % 1_000_003);
  xs.sort((a, b) => a - b);
  check += xs[1000];
  let s = '';
  for (let i = 0; i < 100_000; i++) s += String.fromCharCode(0x0b85 + (i % 40));
  check += s.length;
  const buf = Buffer.alloc(64 * 1024, 7);
  for (let i = 0; i < 400; i++) check += createHash('sha256').update(buf).digest()[0];
  return check;
}

/** Best of three runs of the workload, in ms. */
export function machineScoreMs(): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    if (workload() < 0) throw new Error('unreachable');
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** Prints the score as a bench line and returns that line. */
export function printMachineScore(): string {
  const line = `bench machine.cpu_score: ${machineScoreMs().toFixed(0)} ms (a fixed workload; lower is a faster machine)`;
  console.log(line);
  return line;
}
