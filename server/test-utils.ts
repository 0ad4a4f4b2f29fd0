// Test helpers: the real app (buildApp) on a fresh database — in-memory PGlite, or a brand-new
// PostgreSQL database when TEST_DATABASE_URL is set — plus user creation and sign-in.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '../contract/api';
import type { User } from '../contract/entities';
import type { Role } from '../contract/roles';
import { buildApp, type BuildOptions } from './app';
import { insertUser } from './bootstrap';
import { loadConfig } from './config';
import { setPasswordCostForTests, setPinCostForTests } from './passwords';
import { publicUser, SESSION_COOKIE } from './session';

// Cheap scrypt for the many users tests make; passwords.test.ts checks the production cost.
setPasswordCostForTests(1 << 12);
setPinCostForTests(1000);

export const TEST_ADMIN = { username: 'admin', password: 'admin-test-password' };

type LoginDevice = NonNullable<LoginResponse['device']>;

export type TestApp = { app: FastifyInstance; close(): Promise<void>; kind: 'pglite' | 'postgres' };

function withDatabase(url: string, dbName: string): string {
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  return u.toString();
}

/** `env` overrides the defaults; an empty string unsets a variable (e.g. `ADMIN_PASSWORD: ''`). */
export async function createTestApp(env: Record<string, string> = {}, buildOpts: Omit<BuildOptions, 'dbHandle'> = {}): Promise<TestApp> {
  const merged: Record<string, string> = {
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'silent',
    STATIC_DIR: './dist',
    ...env,
  };
  for (const [k, v] of Object.entries(merged)) if (v === '') delete merged[k];
  const config = loadConfig(merged as NodeJS.ProcessEnv);
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl || env.DATABASE_URL) {
    if (!env.DATABASE_URL) config.inMemoryDb = true;
    const app = await buildApp(config, buildOpts);
    return { app, kind: app.dbKind, close: () => app.close() };
  }
  const { default: pg } = await import('pg');
  const dbName = `moi_test_${randomBytes(6).toString('hex')}`;
  // The database named in TEST_DATABASE_URL only serves to issue CREATE/DROP DATABASE; when it does
  // not exist (a clean CI PostgreSQL), the always-present "postgres" database does the job.
  const adminClient = async () => {
    const c = new pg.Client({ connectionString: baseUrl });
    try {
      await c.connect();
      return c;
    } catch (err) {
      if ((err as { code?: string }).code !== '3D000') throw err;
      const fallback = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres') });
      await fallback.connect();
      return fallback;
    }
  };
  const admin = await adminClient();
  try {
    await admin.query(`CREATE DATABASE ${dbName}`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const c = await adminClient();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
  config.databaseUrl = withDatabase(baseUrl, dbName);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, buildOpts);
  } catch (err) {
    await drop();
    throw err;
  }
  return {
    app,
    kind: 'postgres',
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export type NewTestUser = { username: string; password: string; role: Role; name?: string; mobile?: string | null; userType?: string | null };

/** Inserts a user straight into the database (scrypt hash), bypassing the API. */
export async function createUser(app: FastifyInstance, u: NewTestUser): Promise<User> {
  const row = await insertUser(app.db, { ...u, name: u.name ?? u.username });
  return publicUser(row);
}

/**
 * Device secrets issued to the test "installations", by device id: like the PWA, a later sign-in
 * on the same device id presents the secret (two people on one shared tablet).
 */
export const deviceSecrets = new Map<string, string>();

/** Signs in through the real endpoint; `cookie` is the value for inject's `headers.cookie`. */
export async function login(app: FastifyInstance, username: string, password: string, extra: { deviceId?: string; deviceLabel?: string; deviceSecret?: string } = {}): Promise<{ cookie: string; user: User; device: LoginDevice | null }> {
  const secret = extra.deviceSecret ?? (extra.deviceId ? deviceSecrets.get(extra.deviceId) : undefined);
  const res = await app.inject({ method: 'POST', url: '/moi/auth/login', payload: { username, password, ...extra, ...(secret ? { deviceSecret: secret } : {}) } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  const set = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!set) throw new Error('login answered without a session cookie');
  const body = res.json() as { user: User; device: LoginDevice | null };
  if (body.device?.secret) deviceSecrets.set(body.device.deviceId, body.device.secret);
  return { cookie: `${SESSION_COOKIE}=${set.value}`, user: body.user, device: body.device };
}

/** A unique name for isolating tests that share one app. */
export const uniq = (prefix = 'u') => `${prefix}${randomBytes(4).toString('hex')}`;
