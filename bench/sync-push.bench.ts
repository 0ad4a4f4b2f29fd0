// Push throughput: 10,000 queued gifts from one device through the real POST /moi/sync/push
// (authorization, idempotency record, change log) in batches of 500 over HTTP, on PGlite and on
// PostgreSQL when one answers. In the same run, the anchors: a bare batched insert over HTTP
// (same 20×500, no authorization, no idempotency) and the naive one-request-per-gift push.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { gifts } from '../server/db/schema';
import { seedEvent } from '../tests/sync/fixtures';
import { dropPostgresDb, figure, finishWorld, freshPostgresDb, giftMaker, type BenchWorld } from './sync-helpers';

const N = Number(process.env.BENCH_GIFTS ?? 10_000);
const BATCH = 500;
const NAIVE_SAMPLE = Number(process.env.BENCH_NAIVE ?? 1_000);

async function world(databaseUrl?: string): Promise<BenchWorld> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moi-bench-'));
  const config = loadConfig({ MOI_DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-admin-password', LOG_LEVEL: 'warn', STATIC_DIR: '/nonexistent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } as NodeJS.ProcessEnv);
  const app = await buildApp(config);
  // The "bare insert" anchor: the same rows, straight into the table, nothing else (its change-log
  // trigger off for that transaction: a plain insert is what the database allows).
  app.post('/bench/bare-insert', async (req) => {
    const rows = req.body as Array<Record<string, unknown>>;
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(gifts).values(rows as never);
    });
    return { ok: rows.length };
  });
  return finishWorld(app, dataDir);
}

async function post(w: BenchWorld, url: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${w.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: w.cookie }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function run(label: 'pglite' | 'postgres', databaseUrl?: string): Promise<{ push: number; bare: number; naive10k: number }> {
  const w = await world(databaseUrl);
  try {
    const make = giftMaker(7);
    const base = { eventId: w.eventId, counterId: w.counterId, enteredBy: w.staff.id, deviceCode: w.deviceCode };
    const queued = Array.from({ length: N }, (_, i) => make(i, base));
    // Warm-up (JIT, connection, first statements) on a throwaway counter-less request.
    await post(w, '/moi/sync/push', { deviceId: w.deviceId, mutations: [] });

    // Push and the bare anchor take turns batch by batch (bare rows in another event so receipts do
    // not collide): on a shared, loaded machine both see the same load.
    const bareEvent = await seedEvent(w.app, { title: 'bare' });
    const bareRows = queued.map((g) => ({ ...g, id: randomUUID(), eventId: bareEvent, deviceId: w.deviceId }));
    let seq = 0;
    let pushMs = 0;
    let bareMs = 0;
    for (let i = 0; i < N; i += BATCH) {
      const mutations = queued.slice(i, i + BATCH).map((args) => ({ id: randomUUID(), seq: ++seq, name: 'gift.create', args }));
      const t0 = performance.now();
      const r = (await post(w, '/moi/sync/push', { deviceId: w.deviceId, mutations })) as { results: Array<{ status: string }> };
      pushMs += performance.now() - t0;
      if (r.results.some((x) => x.status !== 'applied')) throw new Error(`not applied: ${JSON.stringify(r.results.find((x) => x.status !== 'applied'))}`);
      const t1 = performance.now();
      await post(w, '/bench/bare-insert', bareRows.slice(i, i + BATCH));
      bareMs += performance.now() - t1;
    }
    const push = pushMs / 1000;
    const bare = bareMs / 1000;

    // Naive: one push request per gift, on a sample, scaled to 10,000.
    const naiveGifts = Array.from({ length: NAIVE_SAMPLE }, (_, i) => ({ ...make(i, base), receiptNo: `A-${w.deviceCode}-N${i + 1}` }));
    const t2 = performance.now();
    for (const args of naiveGifts) await post(w, '/moi/sync/push', { deviceId: w.deviceId, mutations: [{ id: randomUUID(), seq: ++seq, name: 'gift.create', args }] });
    const naive10k = ((performance.now() - t2) / 1000) * (N / NAIVE_SAMPLE);

    figure(`sync.push.10k.${label}`, push, 's');
    figure(`sync.bare_insert.10k.${label}`, bare, 's');
    figure(`sync.naive.10k.${label}`, naive10k, `s (measured on ${NAIVE_SAMPLE} one-gift requests, scaled)`);
    figure(`sync.push.vs_bare.${label}`, push / bare, '×');
    return { push, bare, naive10k };
  } finally {
    await w.close();
  }
}

const lite = await run('pglite');
figure('sync.push.naive_ratio', lite.naive10k / lite.push, '×', 1);
const pgUrl = await freshPostgresDb('moi_bench');
if (pgUrl) {
  try {
    const p = await run('postgres', pgUrl);
    figure('sync.push.naive_ratio.postgres', p.naive10k / p.push, '×', 1);
  } finally {
    await dropPostgresDb(pgUrl);
  }
} else {
  console.log('bench sync.push.10k.postgres: skipped (no PostgreSQL answered)');
}
process.exit(0);
