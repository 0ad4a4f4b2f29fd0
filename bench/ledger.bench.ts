// The moi ledger: ledger.match.20k — grouping 20,000 gifts of a host's events into people with the
// shared matcher (ledger/match.ts), in Node on this machine (the same code runs on the device).
import { groupGivers } from '../ledger/match';
import { generateGivers } from '../ledger/fixtures';

const records = generateGivers(20_000, 7);
groupGivers(generateGivers(2_000, 3)); // warm the JIT on other data
const runs: number[] = [];
let people = 0;
let offers = 0;
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const g = groupGivers(records);
  runs.push(performance.now() - t0);
  people = g.people;
  offers = g.offers.length;
}
runs.sort((a, b) => a - b);
console.log(`(20,000 gifts from ${new Set(records.map((r) => r.person)).size} generated givers → ${people} people, ${offers} offers)`);
console.log(`bench ledger.match.20k: ${runs[1].toFixed(0)} ms`);
