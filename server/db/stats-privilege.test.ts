// The start-up check for what the sync pull's horizon needs (issue 26 item 6), on a real
// PostgreSQL: a server whose role may not see other roles' transactions in pg_stat_activity refuses
// to start and says what to run; after that GRANT it starts. A CREATEROLE role (before PostgreSQL
// 16) grants itself; a NOINHERIT member is told what it lacks. Roles and databases of its own,
// dropped afterwards. Skipped without TEST_DATABASE_URL (PGlite has no roles to check).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDb } from './client';
import { StatsPrivilegeError } from './stats-privilege';

const PG = process.env.TEST_DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** TEST_DATABASE_URL signed in as `role` on `database` (no password: the test cluster trusts local connections). */
function urlAs(role: string | null, database: string): string {
  const u = new URL(PG!);
  if (role) { u.username = role; u.password = ''; }
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs `npm start` as package.json does (node with tsx), until it says it is running or exits. */
function start(databaseUrl: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts', '--no-build'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: path.join(root, '.tmp', 'no-dist'), ADMIN_PASSWORD: 'stats-privilege-test-pw', LOG_LEVEL: 'warn', MOI_SKIP_BUILD: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const onData = (c: Buffer) => {
    out += c.toString();
    if (/Moi is running/.test(out)) child.kill('SIGTERM');
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

describe.skipIf(!PG)('start-up check of pg_read_all_stats (PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  const suffix = randomBytes(4).toString('hex');
  const roles: string[] = [];
  let admin: pg.Client;
  let v16 = false;

  /** A login role and a database it owns (so it can migrate it). */
  async function roleWithDb(name: string, attrs = ''): Promise<string> {
    const role = `moi_${name}_${suffix}`;
    await admin.query(`create role ${role} login ${attrs}`);
    roles.push(role);
    await admin.query(`create database ${role} owner ${role}`);
    return urlAs(role, role);
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: urlAs(null, 'postgres') });
    await admin.connect();
    v16 = Number((await admin.query<{ v: string }>(`select current_setting('server_version_num') as v`)).rows[0].v) >= 160000;
  });
  afterAll(async () => {
    for (const role of roles) {
      await admin.query(`drop database if exists ${role} with (force)`);
      await admin.query(`drop role if exists ${role}`);
    }
    await admin?.end();
  });

  it('a plain role: npm start refuses with the GRANT to run; after it, npm start starts', async () => {
    const role = `moi_plain_${suffix}`;
    const url = await roleWithDb('plain');
    const grant = `GRANT pg_read_all_stats TO ${role};`;

    await expect(openDb({ databaseUrl: url })).rejects.toBeInstanceOf(StatsPrivilegeError);
    const refused = await start(url);
    expect(refused.code, refused.out).toBe(1);
    expect(refused.out).toContain(`PostgreSQL role ${role} may not see other roles' transactions in pg_stat_activity`);
    expect(refused.out).toContain(`As a superuser, run:\n\n  ${grant}\n`);
    expect(refused.out).not.toMatch(/\n\s+at /); // the message alone, no stack
    expect(refused.out).not.toMatch(/Moi is running/);
    // Refused before migrating: the database is still empty.
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      expect((await c.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0].n).toBe(0);
    } finally {
      await c.end();
    }

    await admin.query(grant);
    const started = await start(url);
    expect(started.out).toMatch(/Moi is running — database: PostgreSQL/);
    expect(started.code, started.out).toBe(0);
  }, 180_000);

  it('a role that may grant it (CREATEROLE before PostgreSQL 16) grants itself and starts; a NOINHERIT member is told to inherit', async () => {
    const creator = await roleWithDb('creator', 'createrole');
    if (v16) {
      await expect(openDb({ databaseUrl: creator })).rejects.toBeInstanceOf(StatsPrivilegeError);
    } else {
      const handle = await openDb({ databaseUrl: creator });
      await handle.close();
      const role = roles.at(-1)!;
      expect((await admin.query(`select pg_has_role('${role}', 'pg_read_all_stats', 'USAGE') as ok`)).rows[0].ok).toBe(true);
    }

    const url = await roleWithDb('noinherit', 'noinherit');
    const role = roles.at(-1)!;
    await admin.query(`grant pg_read_all_stats to ${role}`);
    const fix = v16 ? `GRANT pg_read_all_stats TO ${role} WITH INHERIT TRUE;` : `ALTER ROLE ${role} INHERIT;`;
    await expect(openDb({ databaseUrl: url })).rejects.toThrow(`As a superuser, run:\n\n  ${fix}\n`);
    await admin.query(fix);
    const handle = await openDb({ databaseUrl: url });
    await handle.close();
  }, 180_000);
});
