// Shared pieces of the sync benchmarks: realistic gifts from the shared vocabulary, a server with
// one event/counter/staff member, and small statistics helpers.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { uuidv7 } from '../contract/ids';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../tests/sync/fixtures';

type Vocab = {
  givenNames: { male: [string, string][]; female: [string, string][] };
  initials: [string, string][];
  places: [string, string][];
  customaryAmounts: number[];
};
const vocab = JSON.parse(readFileSync(new URL('../vocabulary/moi-vocabulary.json', import.meta.url), 'utf8')) as Vocab;

export function giftMaker(seed = 42) {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const names = [...vocab.givenNames.male, ...vocab.givenNames.female];
  const modes = ['cash', 'cash', 'cash', 'cash', 'upi', 'upi', 'cheque', 'item'] as const;
  return (i: number, o: { eventId: string; counterId: string; enteredBy: string; deviceCode: string }) => {
    const mode = pick(modes);
    const lang = rnd() < 0.6 ? 0 : 1; // Tamil or English spelling
    return {
      id: uuidv7(), eventId: o.eventId, counterId: o.counterId, receiptNo: `A-${o.deviceCode}-${String(i + 1).padStart(4, '0')}`,
      name: pick(names)[lang], initial: pick(vocab.initials)[lang], village: pick(vocab.places)[lang],
      mobile: rnd() < 0.3 ? `9${String(Math.floor(rnd() * 1e9)).padStart(9, '0')}` : '', relation: 'relative' as const, mode,
      amount: mode === 'item' ? 0 : pick(vocab.customaryAmounts), reference: mode === 'upi' ? `UPI${Math.floor(rnd() * 1e10)}` : mode === 'cheque' ? `00${Math.floor(rnd() * 1e4)} SBI` : '',
      item: mode === 'item' ? 'தங்க மோதிரம்' : '', note: '', enteredAt: new Date(Date.now() - 3600_000 + i * 100).toISOString(), enteredBy: o.enteredBy,
    };
  };
}

export type BenchWorld = {
  app: FastifyInstance;
  url: string;
  eventId: string;
  counterId: string;
  staff: { id: string; username: string; password: string };
  cookie: string;
  deviceId: string;
  deviceCode: string;
  close(): Promise<void>;
};

/** A real server on a free port (PGlite in a temp dir, or the given PostgreSQL) with an event, a counter and its staff member. */
export async function benchWorld(opts: { databaseUrl?: string; staticDir?: string } = {}): Promise<BenchWorld> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moi-bench-'));
  const config = loadConfig({ MOI_DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-admin-password', LOG_LEVEL: 'warn', STATIC_DIR: opts.staticDir ?? path.resolve('dist'), ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}) } as NodeJS.ProcessEnv);
  const app = await buildApp(config);
  return finishWorld(app, dataDir);
}

export async function finishWorld(app: FastifyInstance, dataDir: string): Promise<BenchWorld> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const staff = await seedUser(app, `benchstaff${randomUUID().slice(0, 6)}`, 'counter_staff', 'bench-staff-password');
  const eventId = await seedEvent(app, { title: 'Bench wedding' });
  const counterId = await seedCounter(app, eventId, { code: 'A', staffIds: [staff.id] });
  const deviceId = randomUUID();
  const l = await loginCookie(app, staff.username, staff.password, deviceId);
  return {
    app, url: `http://localhost:${port}`, eventId, counterId, staff, cookie: l.cookie, deviceId, deviceCode: l.device?.code ?? 'Z9',
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
export const figure = (name: string, value: number, unit: string, digits = 2) => console.log(`bench ${name}: ${value.toFixed(digits)} ${unit}`);

/**
 * A fresh database on the PostgreSQL that answers (BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * 127.0.0.1:5432), named `<prefix>_<random>`; null when none answers. Drop it with dropPostgresDb.
 */
export async function freshPostgresDb(prefix: string): Promise<string | null> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${randomUUID().slice(0, 8)}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function dropPostgresDb(url: string): Promise<void> {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}
