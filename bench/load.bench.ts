// Muhurtham load (issue 14), on PostgreSQL only (a skip line otherwise): N simulated tablets — each
// a real sign-in that registers its device, from its own loopback address (the sign-in limit is per
// address), then one gift per POST /moi/sync/push, back to back, as the app pushes each save —
// against the real server listening on a port. In the same run, the same rows go one per request
// to a bare Fastify + pg insert endpoint on the same database (triggers off for its session: a
// plain insert). Also: owners subscribed to GET /moi/sync/live, pulling on each event; the time
// from a tablet's save to the owner's pull returning that gift.
// Diagnostics: BENCH_LOAD_OWNERS (owners watching, default 5), BENCH_LOAD_STATEMENTS=1 (statements
// per gift, by text), and always the CPU per gift of this process and of PostgreSQL's processes.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { LIVE_PATH } from '../contract/live';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { setPasswordCostForTests } from '../server/passwords';
import { seedCounter, seedEvent, seedUser } from '../tests/sync/fixtures';
import { SseClient } from '../tests/sync/sse';
import { dropPostgresDb, freshPostgresDb, giftMaker, pct } from './sync-helpers';

// Sign-in cost is not what this measures.
setPasswordCostForTests(1 << 12);

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 6);
/** Moi and the bare anchor alternate this many times. */
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);
const TABLETS_PER_EVENT = 4;

type Res = { status: number; body: string; cookie?: string };
function request(agent: http.Agent, localAddress: string, url: string, method: string, body?: unknown, cookie?: string): Promise<Res> {
  const u = new URL(url);
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: u.hostname, port: u.port, path: u.pathname + u.search, method, agent, localAddress,
      headers: { ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}), ...(cookie ? { cookie } : {}) },
    }, (res) => {
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { buf += c; });
      res.on('end', () => {
        const set = res.headers['set-cookie']?.find((c) => c.startsWith('moi_session='));
        resolve({ status: res.statusCode ?? 0, body: buf, cookie: set?.split(';')[0] });
      });
    });
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

type Tablet = { i: number; addr: string; agent: http.Agent; cookie: string; deviceId: string; code: string; staffId: string; eventId: string; counterId: string; seq: number };

/** CPU time (ms) used so far by this process and by the PostgreSQL server's processes (Linux /proc; 0 where unreadable). */
function cpuNow(): { node: number; pg: number } {
  const u = process.cpuUsage();
  let pg = 0;
  try {
    const tick = 10; // USER_HZ = 100 on Linux
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const st = readFileSync(`/proc/${d}/stat`, 'utf8');
        if (!st.includes('(postgres)')) continue;
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        pg += (Number(f[11]) + Number(f[12])) * tick;
      } catch { /* gone */ }
    }
  } catch { /* no /proc */ }
  return { node: (u.user + u.system) / 1000, pg };
}

// BENCH_LOAD_STATEMENTS=1: count the statements this process sends to PostgreSQL, by their first words.
const statementCounts = new Map<string, number>();
if (process.env.BENCH_LOAD_STATEMENTS) {
  const q = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    const c = a[0] as string | { name?: string; text?: string };
    const k = typeof c === 'string' ? c : (c?.name ?? c?.text ?? '?');
    const key = k.replace(/\s+/g, ' ').trim().slice(0, 70);
    statementCounts.set(key, (statementCounts.get(key) ?? 0) + 1);
    return q.apply(this, a);
  } as typeof pg.Client.prototype.query;
}

let addrN = 0;
const nextAddr = () => { addrN++; return `127.0.${(addrN >> 8) & 255}.${(addrN & 255) || 1}`; };

async function scenario(n: number, databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moi-load-'));
  const config = loadConfig({ MOI_DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-admin-password', LOG_LEVEL: 'warn', STATIC_DIR: '/nonexistent', DATABASE_URL: databaseUrl } as NodeJS.ProcessEnv);
  const app = await buildApp(config);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  // Diagnosis only: BENCH_NO_NOTIFY=1 measures the push without the commit-time NOTIFY.
  if (process.env.BENCH_NO_NOTIFY) await app.db.execute(sql`alter table change_log disable trigger change_log_notify`);
  // The bare anchor: its own Fastify and pool on the same database, triggers off (a plain insert).
  const barePool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c session_replication_role=replica' });
  barePool.on('error', () => {});
  const bare = Fastify();
  bare.post('/bare', async (req) => {
    const g = req.body as Record<string, unknown>;
    await barePool.query(
      `insert into gifts (id, event_id, counter_id, receipt_no, name, initial, village, mobile, relation, mode, amount, reference, item, note, entered_at, entered_by, device_id)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17)`,
      [g.id, g.eventId, g.counterId, g.receiptNo, g.name, g.initial, g.village, g.mobile, g.relation, g.mode, g.amount, g.reference, g.item, g.note, g.enteredAt, g.enteredBy, g.deviceId],
    );
    return { ok: 1 };
  });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    // Events of four counters, each counter with one tablet (its own staff member), and an owner per event.
    const tablets: Tablet[] = [];
    const owners: Array<{ eventId: string; cookie: string; addr: string; agent: http.Agent }> = [];
    for (let e = 0; e < Math.ceil(n / TABLETS_PER_EVENT); e++) {
      const owner = await seedUser(app, `own${e}_${randomUUID().slice(0, 6)}`, 'event_owner', 'bench-owner-password');
      const eventId = await seedEvent(app, { ownerIds: [owner.id], title: `Wedding ${e}` });
      const oAddr = nextAddr();
      const oAgent = new http.Agent({ keepAlive: true, maxSockets: 2 });
      const ol = await request(oAgent, oAddr, `${url}/moi/auth/login`, 'POST', { username: owner.username, password: owner.password });
      owners.push({ eventId, cookie: ol.cookie!, addr: oAddr, agent: oAgent });
      for (let k = 0; k < TABLETS_PER_EVENT && tablets.length < n; k++) {
        const staff = await seedUser(app, `st${tablets.length}_${randomUUID().slice(0, 6)}`, 'counter_staff', 'bench-staff-password');
        const counterId = await seedCounter(app, eventId, { code: String.fromCharCode(65 + k), staffIds: [staff.id] });
        const addr = nextAddr();
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const deviceId = randomUUID();
        const l = await request(agent, addr, `${url}/moi/auth/login`, 'POST', { username: staff.username, password: staff.password, deviceId, deviceLabel: `Tablet ${tablets.length}` });
        if (l.status !== 200) throw new Error(`sign-in ${l.status} ${l.body}`);
        const code = (JSON.parse(l.body) as { device: { code: string } }).device.code;
        tablets.push({ i: tablets.length, addr, agent, cookie: l.cookie!, deviceId, code, staffId: staff.id, eventId, counterId, seq: 0 });
      }
    }

    // Owners of the first events listen and pull on each event, noting when each gift reaches them.
    const watched = owners.slice(0, Math.min(owners.length, Number(process.env.BENCH_LOAD_OWNERS ?? 5)));
    const seenAt = new Map<string, number>();
    const savedAt = new Map<string, number>();
    const streams: SseClient[] = [];
    const pulls: Promise<void>[] = [];
    let stopWatch = false;
    let ownerPulls = 0;
    for (const o of watched) {
      const s = await new SseClient(`${url}${LIVE_PATH}`, o.cookie).open();
      streams.push(s);
      await s.waitFor(1);
      let cursor = 0;
      for (;;) {
        const r = JSON.parse((await request(o.agent, o.addr, `${url}/moi/sync/pull?since=${cursor}&limit=5000`, 'GET', undefined, o.cookie)).body) as { cursor: number; hasMore: boolean };
        cursor = r.cursor;
        if (!r.hasMore) break;
      }
      pulls.push((async () => {
        let handled = s.events.length;
        while (!stopWatch) {
          try {
            await s.waitFor(handled + 1, 200);
          } catch {
            continue;
          }
          handled = s.events.length;
          for (;;) {
            const r = JSON.parse((await request(o.agent, o.addr, `${url}/moi/sync/pull?since=${cursor}&limit=5000`, 'GET', undefined, o.cookie)).body) as { changes: Array<{ type: string; id: string }>; cursor: number; hasMore: boolean };
            ownerPulls++;
            const now = performance.now();
            for (const c of r.changes) if (c.type === 'gift' && !seenAt.has(c.id)) seenAt.set(c.id, now);
            cursor = r.cursor;
            if (!r.hasMore) break;
          }
        }
      })());
    }

    // Moi and the bare anchor take turns (ROUNDS of each, SECONDS in all for each): on a shared,
    // loaded machine the load changes from one second to the next, and the ratio should compare
    // like with like. The bare turns insert rows made the same way (new ids and receipts).
    const make = giftMaker(11 + n);
    const rowsOf = new Map<number, Array<Record<string, unknown>>>();
    const lat: number[] = [];
    const bareLat: number[] = [];
    let count = 0;
    let bareCount = 0;
    let elapsedMs = 0;
    let bareMs = 0;
    // CPU per gift (this process: tablets, server and bare anchor; and PostgreSQL's processes), per side.
    const cpu = { moi: { node: 0, pg: 0 }, bare: { node: 0, pg: 0 } };
    for (const t of tablets) rowsOf.set(t.i, []);
    const turn = SECONDS * 1000 / ROUNDS;
    for (let round = 0; round < ROUNDS; round++) {
      statementCounts.clear();
      const c0 = cpuNow();
      const countBefore = count;
      const t0 = performance.now();
      const until = t0 + turn;
      await Promise.all(tablets.map(async (t) => {
        const mine = rowsOf.get(t.i)!;
        while (performance.now() < until) {
          const args = make(t.seq, { eventId: t.eventId, counterId: t.counterId, enteredBy: t.staffId, deviceCode: t.code });
          const s = performance.now();
          savedAt.set(args.id, s);
          const r = await request(t.agent, t.addr, `${url}/moi/sync/push`, 'POST', { deviceId: t.deviceId, sentAt: new Date().toISOString(), mutations: [{ id: randomUUID(), seq: ++t.seq, name: 'gift.create', args }] }, t.cookie);
          lat.push(performance.now() - s);
          if (r.status !== 200 || !r.body.includes('"applied"')) throw new Error(`push ${r.status} ${r.body.slice(0, 300)}`);
          mine.push({ ...args, deviceId: t.deviceId });
          count++;
        }
      }));
      elapsedMs += performance.now() - t0;
      const c1 = cpuNow();
      if (process.env.BENCH_LOAD_STATEMENTS && round === 0) {
        const turnCount = count - countBefore;
        console.log(`(statements per gift in round 1, ${turnCount} gifts:)`);
        for (const [k, v] of [...statementCounts].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(v / turnCount).toFixed(3)}  ${k}`);
      }
      cpu.moi.node += c1.node - c0.node;
      cpu.moi.pg += c1.pg - c0.pg;

      const b0 = performance.now();
      const bUntil = b0 + turn;
      await Promise.all(tablets.map(async (t) => {
        let k = 0;
        while (performance.now() < bUntil) {
          const row = { ...make(t.seq + 100_000 + k++, { eventId: t.eventId, counterId: t.counterId, enteredBy: t.staffId, deviceCode: t.code }), deviceId: t.deviceId };
          const s = performance.now();
          const r = await request(t.agent, t.addr, `${bareUrl}/bare`, 'POST', { ...row, id: randomUUID(), receiptNo: `${String(row.receiptNo)}-b${round}-${k}` });
          if (r.status !== 200) throw new Error(`bare ${r.status} ${r.body.slice(0, 300)}`);
          bareLat.push(performance.now() - s);
          bareCount++;
        }
      }));
      bareMs += performance.now() - b0;
      const c2 = cpuNow();
      cpu.bare.node += c2.node - c1.node;
      cpu.bare.pg += c2.pg - c1.pg;
    }
    const elapsed = elapsedMs / 1000;
    const bareElapsed = bareMs / 1000;
    // Let the owners catch up, then stop them.
    await new Promise((r) => setTimeout(r, 1500));
    stopWatch = true;
    await Promise.all(pulls);
    for (const s of streams) await s.close();

    const watchedEvents = new Set(watched.map((o) => o.eventId));
    const ownerLat: number[] = [];
    let missed = 0;
    for (const t of tablets) {
      if (!watchedEvents.has(t.eventId)) continue;
      for (const row of rowsOf.get(t.i) ?? []) {
        const seen = seenAt.get(row.id as string);
        if (seen === undefined) missed++;
        else ownerLat.push(seen - savedAt.get(row.id as string)!);
      }
    }
    const rate = count / elapsed;
    const bareRate = bareCount / bareElapsed;
    console.log(`bench load.push.${n}dev.gifts_per_s: ${rate.toFixed(0)}`);
    console.log(`bench load.push.${n}dev.vs_bare: ${(rate / bareRate).toFixed(2)}`);
    console.log(`bench load.push.${n}dev.p95_ms: ${pct(lat, 95).toFixed(1)}`);
    console.log(`(load ${n}dev: ${count} gifts in ${elapsed.toFixed(1)} s, p50 ${pct(lat, 50).toFixed(1)} ms; bare ${bareRate.toFixed(0)} gifts/s, p50 ${pct(bareLat, 50).toFixed(1)} ms, p95 ${pct(bareLat, 95).toFixed(1)} ms; owner saw ${ownerLat.length} gifts in ${ownerPulls} pulls by ${watched.length} owners, p50 ${ownerLat.length ? pct(ownerLat, 50).toFixed(0) : '-'} ms, missed ${missed})`);
    console.log(`(CPU per gift, ${n}dev: Moi node ${(cpu.moi.node / count).toFixed(2)} ms + PostgreSQL ${(cpu.moi.pg / count).toFixed(2)} ms; bare node ${(cpu.bare.node / bareCount).toFixed(2)} ms + PostgreSQL ${(cpu.bare.pg / bareCount).toFixed(2)} ms; node counts the simulated tablets too)`);
    for (const t of tablets) t.agent.destroy();
    for (const o of owners) o.agent.destroy();
    return { ownerLat, missed };
  } finally {
    await app.close();
    await bare.close();
    await barePool.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const dbUrl = await freshPostgresDb('moi_load');
if (!dbUrl) {
  console.log('bench load.push: skipped (no PostgreSQL answered)');
  process.exit(0);
}
// The goal (issue 14) is the owner's latency at 40 tablets; 200 tablets is printed beside it (there
// a single push already takes about a second on this machine).
const ownerLat = new Map<number, number[]>();
try {
  for (const n of (process.env.BENCH_LOAD_SIZES ?? '40,200').split(',').map(Number)) {
    const r = await scenario(n, dbUrl);
    ownerLat.set(n, r.ownerLat);
    console.log(`bench live.owner_latency.${n}dev.p95_ms: ${r.ownerLat.length ? pct(r.ownerLat, 95).toFixed(0) : 'none measured'}`);
  }
} finally {
  await dropPostgresDb(dbUrl);
}
const main = ownerLat.get(40) ?? [...ownerLat.values()].flat();
console.log(`bench live.owner_latency.p95_ms: ${main.length ? pct(main, 95).toFixed(0) : 'none measured'}${ownerLat.has(40) ? ' (40 tablets)' : ''}`);
process.exit(0);
