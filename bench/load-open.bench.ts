// Open-loop load (issue 26), on PostgreSQL only (a skip line otherwise): gifts arrive at a FIXED
// rate — Poisson arrivals, exponential gaps — from 200 tablets (40 events × 5 counters, one signed-in
// tablet per counter, each pushing one gift per POST /moi/sync/push with its own increasing seq).
// Every push leaves at its scheduled time whether or not earlier ones have answered, so a slow
// server shows as queueing: latency is measured from the scheduled send time to the answer.
//
// Processes: this one runs the real server (buildApp, listening on a port) and nothing else while a
// rate runs, so process.cpuUsage() here is the server's CPU; the load generator is a forked child
// of this same file (BENCH_OPEN_CHILD=1) speaking plain HTTP. Database CPU is utime+stime of the
// PostgreSQL backends serving the bench database (/proc/<pid>/stat of the processes whose title
// names it, sampled each second so a backend that exits mid-run still counts); the CPU of all
// PostgreSQL processes (WAL writer, checkpointer… and any other database on that server) is
// printed beside it as an upper bound.
//
// At the end of each rate the database is counted against what was sent: `lost` = gifts answered
// applied (or duplicate) but not in the database + gifts never answered (timeout or error) + gifts
// rejected; `doubled` = rows for a sent gift beyond one + receipts held by more than one row + rows
// carrying a sent receipt under another id. Both must be 0.
//
// Settings: BENCH_OPEN_RATES (gifts/s, default 300,600), BENCH_OPEN_SECONDS (per rate, default 20),
// BENCH_OPEN_WARMUP_SECONDS (default 3, at 50/s, not reported), BENCH_OPEN_EVENTS (40) ×
// BENCH_OPEN_COUNTERS (5) tablets.
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Sent from parent to child: the tablets, then one phase at a time. */
type TabletInfo = { cookie: string; deviceId: string; code: string; staffId: string; eventId: string; counterId: string; counterCode: string };
type ToChild = { kind: 'tablets'; url: string; tablets: TabletInfo[] } | { kind: 'phase'; rate: number; seconds: number; seed: number } | { kind: 'results' } | { kind: 'exit' };
/** One gift as the child saw it: [gift id, event id, receipt no, status, latency ms from scheduled time (-1 none), send lag ms, scheduled ms from the run's start]. */
type GiftOutcome = [string, string, string, string, number, number, number];
type FromChild = { kind: 'ready' } | { kind: 'done'; sent: number; spanMs: number; lastAnswerMs: number; cpuMs: number } | { kind: 'results'; outcomes: GiftOutcome[] };

const REQUEST_TIMEOUT_MS = 30_000;

// ---------------------------------------------------------------------------------------------
// The load generator (child process).
// ---------------------------------------------------------------------------------------------
async function child(): Promise<void> {
  const { giftMaker } = await import('./sync-helpers');
  let url = '';
  let tablets: Array<TabletInfo & { agent: http.Agent; seq: number; n: number }> = [];
  let outcomes: GiftOutcome[] = [];
  const make = giftMaker(26);
  const send = (m: FromChild) => process.send!(m);

  function post(agent: http.Agent, body: string, cookie: string): Promise<{ status: number; body: string }> {
    const u = new URL(url);
    return new Promise((resolve) => {
      const req = http.request({
        host: u.hostname, port: u.port, path: '/moi/sync/push', method: 'POST', agent, timeout: REQUEST_TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie },
      }, (res) => {
        let buf = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => { buf += c; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: buf }));
        res.on('error', () => resolve({ status: 0, body: 'response error' }));
      });
      req.on('timeout', () => { req.destroy(new Error('timeout')); });
      req.on('error', (e) => resolve({ status: 0, body: e.message }));
      req.end(body);
    });
  }

  async function phase(rate: number, seconds: number, seed: number): Promise<void> {
    // The schedule: exponential gaps (mean 1/rate), each arrival from a tablet chosen at random.
    let s = seed >>> 0 || 1;
    const rnd = () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return (s + 0.5) / 2 ** 32; };
    type Planned = { at: number; t: (typeof tablets)[number]; push: { deviceId: string; sentAt?: string; mutations: Array<{ id: string; seq: number; name: string; args: { enteredAt: string } }> }; id: string; eventId: string; receipt: string };
    const plan: Planned[] = [];
    for (let at = -Math.log(rnd()) * 1000 / rate; at < seconds * 1000; at += -Math.log(rnd()) * 1000 / rate) {
      const t = tablets[Math.floor(rnd() * tablets.length)];
      const g = make(t.n++, { eventId: t.eventId, counterId: t.counterId, enteredBy: t.staffId, deviceCode: t.code });
      const receipt = `${t.counterCode}-${t.code}-${String(t.n).padStart(5, '0')}`;
      const args = { ...g, receiptNo: receipt };
      // enteredAt and sentAt are filled in at send time (the tablet's clock when it saves).
      plan.push({ at, t, id: g.id, eventId: t.eventId, receipt, push: { deviceId: t.deviceId, mutations: [{ id: randomUUID(), seq: ++t.seq, name: 'gift.create', args }] } });
    }
    outcomes = new Array(plan.length);
    let answered = 0;
    let lastAnswer = 0;
    const cpu0 = process.cpuUsage();
    const start = performance.now() + 100;
    await new Promise<void>((finish) => {
      let k = 0;
      const fire = (i: number) => {
        const p = plan[i];
        const due = start + p.at;
        const now = performance.now();
        const iso = new Date().toISOString();
        p.push.sentAt = iso;
        p.push.mutations[0].args.enteredAt = iso;
        const body = JSON.stringify(p.push);
        void post(p.t.agent, body, p.t.cookie).then((r) => {
          const done = performance.now();
          let status = r.status === 0 ? 'unanswered' : `http${r.status}`;
          if (r.status === 200) {
            try { status = (JSON.parse(r.body) as { results: Array<{ status: string }> }).results[0]?.status ?? 'empty'; } catch { status = 'bad-json'; }
          }
          outcomes[i] = [p.id, p.eventId, p.receipt, status, r.status === 0 ? -1 : done - due, now - due, p.at];
          lastAnswer = Math.max(lastAnswer, done - start);
          if (++answered === plan.length) finish();
        });
      };
      const tick = () => {
        const now = performance.now();
        while (k < plan.length && start + plan[k].at <= now) fire(k++);
        if (k < plan.length) setTimeout(tick, Math.max(0, start + plan[k].at - performance.now() - 0.5));
      };
      if (plan.length === 0) finish();
      else setTimeout(tick, Math.max(0, start - performance.now()));
    });
    const cpu = process.cpuUsage(cpu0);
    send({ kind: 'done', sent: plan.length, spanMs: seconds * 1000, lastAnswerMs: lastAnswer, cpuMs: (cpu.user + cpu.system) / 1000 });
  }

  process.on('message', (m: ToChild) => {
    if (m.kind === 'tablets') {
      url = m.url;
      tablets = m.tablets.map((t) => ({ ...t, agent: new http.Agent({ keepAlive: true }), seq: 0, n: 0 }));
      send({ kind: 'ready' });
    } else if (m.kind === 'phase') {
      void phase(m.rate, m.seconds, m.seed);
    } else if (m.kind === 'results') {
      send({ kind: 'results', outcomes });
      outcomes = [];
    } else {
      for (const t of tablets) t.agent.destroy();
      process.exit(0);
    }
  });
  send({ kind: 'ready' });
}

// ---------------------------------------------------------------------------------------------
// The server side (this process).
// ---------------------------------------------------------------------------------------------

/** utime+stime (ms) of PostgreSQL processes from /proc: those whose title names `db` (its backends), and all of them. */
function pgProcs(db: string): Map<number, { ms: number; mine: boolean }> {
  const out = new Map<number, { ms: number; mine: boolean }>();
  let names: string[];
  try { names = readdirSync('/proc'); } catch { return out; }
  for (const d of names) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (!st.includes('(postgres)')) continue;
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
      out.set(Number(d), { ms: (Number(f[11]) + Number(f[12])) * 10, mine: cmd.includes(` ${db} `) }); // USER_HZ = 100
    } catch { /* gone */ }
  }
  return out;
}

/** Follows PostgreSQL's CPU over a window, sampling each second (a backend that exits keeps its last reading). */
class PgCpu {
  private first = new Map<number, number>();
  private last = new Map<number, { ms: number; mine: boolean }>();
  private timer?: NodeJS.Timeout;
  /** This process's CPU spent sampling, to take off the server's figure. */
  selfMs = 0;
  constructor(private db: string) {}
  private sample(initial: boolean) {
    const c0 = process.cpuUsage();
    for (const [pid, v] of pgProcs(this.db)) {
      if (initial) this.first.set(pid, v.ms);
      else if (!this.first.has(pid)) this.first.set(pid, 0); // started during the window
      this.last.set(pid, v);
    }
    const c = process.cpuUsage(c0);
    this.selfMs += (c.user + c.system) / 1000;
  }
  start() {
    this.first.clear(); this.last.clear(); this.selfMs = 0;
    this.sample(true);
    this.timer = setInterval(() => this.sample(false), 1000);
  }
  stop(): { mine: number; all: number } {
    clearInterval(this.timer);
    this.sample(false);
    let mine = 0;
    let all = 0;
    for (const [pid, v] of this.last) {
      const d = v.ms - (this.first.get(pid) ?? 0);
      all += d;
      if (v.mine) mine += d;
    }
    return { mine, all };
  }
}

/** BENCH_OPEN_TIMELINE=1: per 250 ms of scheduled time, gifts sent and their worst latency (the slowest windows), to tell a stall from steady queueing. */
function printTimeline(outcomes: GiftOutcome[]): void {
  const w = new Map<number, { n: number; max: number }>();
  for (const o of outcomes) {
    const k = Math.floor(o[6] / 250);
    const x = w.get(k) ?? { n: 0, max: 0 };
    x.n++; x.max = Math.max(x.max, o[4]);
    w.set(k, x);
  }
  const worst = [...w].sort((a, b) => b[1].max - a[1].max).slice(0, 12).sort((a, b) => a[0] - b[0]);
  console.log(`(slowest 250 ms windows by scheduled time: ${worst.map(([k, x]) => `${(k / 4).toFixed(2)} s: ${x.n} sent, max ${x.max.toFixed(0)} ms`).join('; ')})`);
}

async function parent(): Promise<void> {
  const pg = (await import('pg')).default;
  const { buildApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config');
  const { setPasswordCostForTests } = await import('../server/passwords');
  const { loginCookie, seedCounter, seedEvent, seedUser } = await import('../tests/sync/fixtures');
  const { dropPostgresDb, freshPostgresDb, pct } = await import('./sync-helpers');

  const RATES = (process.env.BENCH_OPEN_RATES ?? '300,600').split(',').map(Number).filter((r) => r > 0);
  const SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 20);
  const WARMUP = Number(process.env.BENCH_OPEN_WARMUP_SECONDS ?? 3);
  const EVENTS = Number(process.env.BENCH_OPEN_EVENTS ?? 40);
  const COUNTERS = Number(process.env.BENCH_OPEN_COUNTERS ?? 5);
  const GOAL_RATE = 600;
  const GOAL_P99_MS = 150;

  const { printMachineScore } = await import('./machine');
  printMachineScore(); // this bench is bound by the machine's two cores: how fast are they
  const dbUrl = await freshPostgresDb('moi_open');
  if (!dbUrl) {
    console.log('bench load.open_loop: skipped (no PostgreSQL answered on 127.0.0.1:5432)');
    return;
  }
  const dbName = new URL(dbUrl).pathname.slice(1);
  setPasswordCostForTests(1 << 12); // sign-in cost is not what this measures
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moi-open-'));
  const config = loadConfig({ MOI_DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-admin-password', LOG_LEVEL: 'warn', STATIC_DIR: '/nonexistent', DATABASE_URL: dbUrl } as NodeJS.ProcessEnv);
  const app = await buildApp(config);
  let gen: ChildProcess | undefined;
  const check = new pg.Client({ connectionString: dbUrl });
  try {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const tablets: TabletInfo[] = [];
    for (let e = 0; e < EVENTS; e++) {
      const eventId = await seedEvent(app, { title: `Wedding ${e}` });
      for (let c = 0; c < COUNTERS; c++) {
        const staff = await seedUser(app, `open${e}_${c}_${randomUUID().slice(0, 6)}`, 'counter_staff', 'bench-staff-password');
        const counterCode = String.fromCharCode(65 + c);
        const counterId = await seedCounter(app, eventId, { code: counterCode, staffIds: [staff.id] });
        const deviceId = randomUUID();
        const l = await loginCookie(app, staff.username, staff.password, deviceId);
        if (!l.device) throw new Error('sign-in registered no device');
        tablets.push({ cookie: l.cookie, deviceId, code: l.device.code, staffId: staff.id, eventId, counterId, counterCode });
      }
    }

    gen = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_OPEN_CHILD: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const inbox: FromChild[] = [];
    const waiters: Array<(m: FromChild) => void> = [];
    gen.on('message', (m: FromChild) => { const w = waiters.shift(); if (w) w(m); else inbox.push(m); });
    gen.on('exit', (code) => { if (code) console.log(`(load generator exited with ${code})`); });
    const next = <K extends FromChild['kind']>(kind: K): Promise<Extract<FromChild, { kind: K }>> => new Promise((resolve, reject) => {
      const take = (m: FromChild) => (m.kind === kind ? resolve(m as Extract<FromChild, { kind: K }>) : reject(new Error(`expected ${kind}, got ${m.kind}`)));
      const m = inbox.shift();
      if (m) take(m); else waiters.push(take);
    });
    await next('ready');
    gen.send({ kind: 'tablets', url, tablets } satisfies ToChild);
    await next('ready');
    await check.connect();

    const cpu = new PgCpu(dbName);
    const phases = [...(WARMUP > 0 ? [{ rate: 50, seconds: WARMUP, warm: true }] : []), ...RATES.map((rate) => ({ rate, seconds: SECONDS, warm: false }))];
    let seed = 1;
    for (const ph of phases) {
      await new Promise((r) => setTimeout(r, 1000)); // let the previous rate's tail settle
      cpu.start();
      const s0 = process.cpuUsage();
      gen.send({ kind: 'phase', rate: ph.rate, seconds: ph.seconds, seed: seed++ * 7919 } satisfies ToChild);
      const done = await next('done');
      const s1 = process.cpuUsage(s0);
      const db = cpu.stop();
      const serverMs = (s1.user + s1.system) / 1000 - cpu.selfMs;
      gen.send({ kind: 'results' } satisfies ToChild);
      const { outcomes } = await next('results');
      if (ph.warm) {
        console.log(`(warm-up: ${outcomes.length} gifts at ${ph.rate}/s, ${outcomes.filter((o) => o[3] === 'applied').length} applied)`);
        continue;
      }

      // Count the database against what was sent.
      const ids = outcomes.map((o) => o[0]);
      const receipts = outcomes.map((o) => o[2]);
      const byId = new Map<string, number>();
      for (const r of (await check.query<{ id: string; n: string }>('select id, count(*) as n from gifts where id = any($1) group by id', [ids])).rows) byId.set(r.id, Number(r.n));
      const dupReceipts = Number((await check.query<{ n: string }>('select coalesce(sum(n - 1), 0) as n from (select count(*) as n from gifts group by event_id, receipt_no having count(*) > 1) d')).rows[0].n);
      const strangers = Number((await check.query<{ n: string }>('select count(*) as n from gifts where receipt_no = any($1) and not (id = any($2))', [receipts, ids])).rows[0].n);
      const statuses = new Map<string, number>();
      let lost = 0;
      let unansweredInDb = 0;
      let doubled = dupReceipts + strangers;
      for (const [id, , , status] of outcomes) {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const n = byId.get(id) ?? 0;
        if (n > 1) doubled += n - 1;
        if (status === 'applied' || status === 'duplicate') { if (n === 0) lost++; } else { lost++; if (n > 0) unansweredInDb++; } // unanswered, HTTP error or rejected
      }
      const lat = outcomes.filter((o) => o[4] >= 0).map((o) => o[4]);
      const lag = outcomes.map((o) => o[5]);
      const applied = statuses.get('applied') ?? 0;
      const name = `load.open_loop.${ph.rate}`;
      const f = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(1));
      const p99 = lat.length ? pct(lat, 99) : undefined;
      console.log(`bench ${name}.p50_ms: ${f(lat.length ? pct(lat, 50) : undefined)}`);
      console.log(`bench ${name}.p95_ms: ${f(lat.length ? pct(lat, 95) : undefined)}`);
      console.log(`bench ${name}.p99_ms: ${f(p99)}${ph.rate === GOAL_RATE ? ` (goal < ${GOAL_P99_MS} ms at ${GOAL_RATE}/s on 2 cores: ${p99 !== undefined && p99 < GOAL_P99_MS ? 'met' : 'not met'})` : ''}`);
      console.log(`bench ${name}.achieved_per_s: ${(applied / (Math.max(done.spanMs, done.lastAnswerMs) / 1000)).toFixed(0)} gifts/s (target ${ph.rate}; sent ${(done.sent / (done.spanMs / 1000)).toFixed(0)}/s, last answer ${(done.lastAnswerMs / 1000).toFixed(1)} s after the start of a ${ph.seconds} s run)`);
      console.log(`bench ${name}.lost: ${lost}`);
      console.log(`bench ${name}.doubled: ${doubled}`);
      console.log(`bench ${name}.server_cpu_ms_per_gift: ${(serverMs / done.sent).toFixed(2)} ms`);
      // The load generator runs on the same cores: its share of the machine, for the budget.
      console.log(`bench ${name}.generator_cpu_ms_per_gift: ${(done.cpuMs / done.sent).toFixed(2)} ms`);
      console.log(`bench ${name}.db_cpu_ms_per_gift: ${(db.mine / done.sent).toFixed(2)} ms (all PostgreSQL processes: ${(db.all / done.sent).toFixed(2)} ms)`);
      if (process.env.BENCH_OPEN_TIMELINE) printTimeline(outcomes);
      console.log(`(${name}: ${done.sent} gifts from ${tablets.length} tablets; answers ${[...statuses].map(([k, v]) => `${k} ${v}`).join(', ')}${lost ? ` (${unansweredInDb} of the ${lost} lost are in the database all the same)` : ''}; generator send lag p99 ${pct(lag, 99).toFixed(1)} ms, max ${Math.max(...lag).toFixed(1)} ms; server CPU ${(serverMs / 1000).toFixed(1)} s, bench-database backends ${(db.mine / 1000).toFixed(1)} s over ${(Math.max(done.spanMs, done.lastAnswerMs) / 1000).toFixed(1)} s)`);
    }
  } finally {
    if (gen?.connected) gen.send({ kind: 'exit' } satisfies ToChild);
    await check.end().catch(() => {});
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    await dropPostgresDb(dbUrl);
  }
}

if (process.env.BENCH_OPEN_CHILD) {
  await child();
} else {
  await parent();
  process.exit(0);
}
