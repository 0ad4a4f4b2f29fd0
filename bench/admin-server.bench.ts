// Server side of the owners' and admins' screens over one event of 20,000 gifts (embedded PGlite,
// through the real app with inject): event totals, gift search per keystroke, the first page.
// Prints `bench <name>: <value> <unit>` lines; not pass/fail.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import { gifts, users } from '../server/db/schema';
import { uuidv7 } from '../contract/ids';
import { searchFoldOf } from '../server/domain/gifts';
import { sessionCookie } from '../server/domain/management/test-world';
import { createTestApp, TEST_ADMIN } from '../server/test-utils';

const N = 20_000;
const vocab = JSON.parse(readFileSync(new URL('../vocabulary/moi-vocabulary.json', import.meta.url), 'utf8')) as {
  givenNames: Record<string, [string, string][]>; initials: [string, string][]; places: [string, string][]; customaryAmounts: number[];
};
const names = Object.values(vocab.givenNames).flat();
const pick = <T>(xs: T[], i: number) => xs[i % xs.length];

const p = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** One run on a fresh database: embedded PGlite, or PostgreSQL when TEST_DATABASE_URL is set. */
async function main() {
  const t = await createTestApp();
  const db = t.kind;
  const app = t.app;
  const [admin] = await app.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
  const cookie = await sessionCookie(app, admin.id);
  const call = async (url: string, method = 'GET', payload?: object) => {
    const r = await app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
    if (r.statusCode >= 300) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    return r.json() as Record<string, unknown>;
  };
  const ev = (await call('/moi/events', 'POST', { titleEn: 'Bench wedding', functionType: 'wedding', date: '2026-11-22' })).event as { id: string };
  const counterIds: string[] = [];
  for (const code of ['A', 'B', 'C', 'D']) counterIds.push(((await call(`/moi/events/${ev.id}/counters`, 'POST', { code })).counter as { id: string }).id);

  const modes = ['cash', 'cash', 'cash', 'cash', 'upi', 'upi', 'cheque', 'item'] as const;
  const start = Date.UTC(2026, 10, 22, 4, 0);
  const rows = Array.from({ length: N }, (_, i) => {
    const n = pick(names, i * 7 + 3);
    const place = pick(vocab.places, i * 13 + 5);
    const mode = pick([...modes], i);
    return {
      id: uuidv7(), eventId: ev.id, counterId: counterIds[i % 4], receiptNo: `${'ABCD'[i % 4]}-T${i % 4}-${i + 1}`,
      name: i % 2 ? n[0] : n[1], initial: pick(vocab.initials, i)[i % 2 ? 0 : 1], village: i % 2 ? place[0] : place[1],
      mobile: i % 3 ? '' : `9${String(100000000 + i).slice(-9)}`, mode, amount: mode === 'item' ? 0 : pick(vocab.customaryAmounts, i * 3),
      item: mode === 'item' ? 'Silver lamp' : '', enteredAt: new Date(start + i * 1500).toISOString(), enteredBy: admin.id,
      deletedAt: i % 200 === 0 ? new Date(start + i * 1500 + 60_000).toISOString() : null,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await app.db.insert(gifts).values(rows.slice(i, i + 1000).map((g) => ({ ...g, searchFold: searchFoldOf(g) })));

  const time = async (runs: number, f: (i: number) => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < 3; i++) await f(i); // warm-up
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await f(i);
      ms.push(performance.now() - t0);
    }
    return ms;
  };

  const totals = await time(30, () => call(`/moi/events/${ev.id}/totals`));
  console.log(`bench server.totals.20k.p50.${db}: ${p(totals, 0.5).toFixed(1)} ms`);
  console.log(`bench server.totals.20k.p95.${db}: ${p(totals, 0.95).toFixed(1)} ms`);

  // Typing "Murugan" / "மதுரை" one letter at a time: one request per keystroke, first page of 100.
  const words = ['Murugan', 'மதுரை', 'Melur', 'A-T0-12'];
  const keystrokes = words.flatMap((w) => Array.from({ length: w.length }, (_, k) => w.slice(0, k + 1)));
  const search = await time(keystrokes.length, (i) => call(`/moi/gifts?eventId=${ev.id}&q=${encodeURIComponent(keystrokes[i % keystrokes.length])}&limit=100`));
  console.log(`bench server.search.20k.keystroke.p50.${db}: ${p(search, 0.5).toFixed(1)} ms`);
  console.log(`bench server.search.20k.keystroke.p95.${db}: ${p(search, 0.95).toFixed(1)} ms`);

  const page = await time(20, (i) => call(`/moi/gifts?eventId=${ev.id}&limit=100&offset=${i * 100}`));
  console.log(`bench server.gifts.page.20k.p95.${db}: ${p(page, 0.95).toFixed(1)} ms`);

  const dash = await time(10, () => call('/moi/dashboard?date=2026-11-22'));
  console.log(`bench server.dashboard.20k.p95.${db}: ${p(dash, 0.95).toFixed(1)} ms`);
  // Timings on a shared machine mean little without its load: print it beside them.
  console.log(`bench server.loadavg.1m: ${loadavg()[0].toFixed(1)} (on ${cpus().length} cores, ${t.kind})`);
  await t.close();
}

/** PostgreSQL on this machine (or BENCH_DATABASE_URL), if one answers. */
async function postgresAnswers(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

try {
  await main();
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await postgresAnswers(url)) {
    process.env.TEST_DATABASE_URL = url; // createTestApp makes (and drops) a database of its own there
    await main();
  } else console.log('(no PostgreSQL answers: the postgres figures are skipped)');
} catch (e) {
  console.error(e);
  process.exit(1);
}
