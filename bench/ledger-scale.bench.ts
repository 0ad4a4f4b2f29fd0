// The ledger at size (issue 30), server side, PGlite in memory:
//   ledger.read.30k_people.p95 — a page of the ledger of a host with 30,000 people (each with a gift), as the
//                                ledger screen reads it (GET /moi/ledger?limit=50), 20 reads; .search: with a search;
//                                .all: the whole list at once (GET /moi/ledger);
//   ledger.import.20k          — a 20,000-row old book through POST /moi/ledger/import/jobs until the job is done
//                                (rows stored, givers grouped into people; the offers follow after);
//   server.health.p99_ms       — /moi/health asked every 20 ms while that import runs.
import { createTestApp, createUser, login } from '../server/test-utils';
import { oldBookRows, seedHostFunction } from '../server/ledger-fixtures';
import type { LedgerImportJob } from '../contract/ledger';

const PEOPLE = Number(process.env.PEOPLE ?? 30_000);
const ROWS = Number(process.env.ROWS ?? 20_000);
const step = (m: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${m}`);
const t = await createTestApp();
const host = await createUser(t.app, { username: 'host', password: 'host-password-1', role: 'event_owner' });
const { cookie } = await login(t.app, 'host', 'host-password-1');
const db = t.app.db;
const owner = (host as { id: string }).id;
await seedHostFunction(db, owner, 'bench-e', { gifts: PEOPLE, people: true });

step('seeded');
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))];

// The ledger screen reads a page at a time (people by largest moi, a search, the totals over everyone).
const PAGE = '/moi/ledger?limit=50';
const timed = async (url: string, n: number) => {
  await get(url); // warm
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await get(url);
    ms.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  return ms;
};
const reads = await timed(PAGE, 20);
const page = JSON.parse((await get(PAGE)).body) as { people: unknown[]; page: { total: { people: number } } };
console.log(`(${PEOPLE} people, ${reads.length} reads of ${PAGE}: ${page.people.length} people on the page, total ${page.page.total.people}; p50 ${pct(reads, 0.5).toFixed(0)} ms, max ${Math.max(...reads).toFixed(0)} ms)`);
console.log(`bench ledger.read.${PEOPLE / 1000}k_people.p95: ${pct(reads, 0.95).toFixed(0)} ms`);
const searches = await timed('/moi/ledger?limit=50&q=giver%20123', 10);
console.log(`bench ledger.read.${PEOPLE / 1000}k_people.search.p95: ${pct(searches, 0.95).toFixed(0)} ms`);
// The whole list at once (the other ledger screens and the device's offline copy still ask for it).
const all = await timed('/moi/ledger', 5);
console.log(`(whole list: answer ${(JSON.parse((await get('/moi/ledger')).body) as { people: unknown[] }).people.length} people)`);
console.log(`bench ledger.read.${PEOPLE / 1000}k_people.all.p95: ${pct(all, 0.95).toFixed(0)} ms`);

step('read done');
const rows = oldBookRows(ROWS);
const health: number[] = [];
let running = true;
const sampler = (async () => {
  while (running) {
    const t0 = performance.now();
    await t.app.inject({ method: 'GET', url: '/moi/health' });
    health.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
})();
const t0 = performance.now();
const started = await t.app.inject({ method: 'POST', url: '/moi/ledger/import/jobs', headers: { cookie }, payload: { fileName: 'big.xlsx', fileHash: 'bench-20k', title: 'Old book', functionType: 'wedding', date: '2015-05-10', rows } });
const { jobId } = started.json() as { jobId: string };
let job: LedgerImportJob;
for (;;) {
  job = (await get(`/moi/ledger/import/jobs/${jobId}`)).json() as LedgerImportJob;
  if (job.status !== 'running') break;
  await new Promise((r) => setTimeout(r, 200));
}
const importMs = performance.now() - t0;
running = false;
await sampler;
console.log(`(job ${job.status}: ${JSON.stringify(job.result)}; ${health.length} health answers, max ${Math.max(...health).toFixed(0)} ms)`);
console.log(`bench ledger.import.${ROWS / 1000}k: ${(importMs / 1000).toFixed(1)} s`);
console.log(`bench server.health.p99_ms: ${pct(health, 0.99).toFixed(0)} ms`);
await t.close();
