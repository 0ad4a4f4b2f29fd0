// GET /moi/health: 200 with the database kind, 503 when the database does not answer.
import { healthSchema } from '../contract/api';
import { apiErrorSchema } from '../contract/errors';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { createTestApp } from './test-utils';

it('answers 200 {status:"ok", db} naming the database in use', async () => {
  const t = await createTestApp();
  try {
    const res = await t.app.inject({ method: 'GET', url: '/moi/health' });
    expect(res.statusCode).toBe(200);
    expect(healthSchema.parse(res.json())).toEqual({ status: 'ok', db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
    // Security headers on every answer.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  } finally {
    await t.close();
  }
}, 180_000);

it('answers 503 db_unavailable when the database does not answer', async () => {
  const handle = await openDb({ inMemory: true });
  const app = await buildApp(loadConfig({ ADMIN_PASSWORD: 'admin-test-password', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), { dbHandle: handle });
  try {
    await handle.close();
    const res = await app.inject({ method: 'GET', url: '/moi/health' });
    expect(res.statusCode).toBe(503);
    expect(apiErrorSchema.parse(res.json()).code).toBe('db_unavailable');
  } finally {
    await app.close();
  }
}, 180_000);

it('answers unknown API paths with 404 not_found in the error shape', async () => {
  const t = await createTestApp();
  try {
    const res = await t.app.inject({ method: 'GET', url: '/moi/nope' });
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json()).code).toBe('not_found');
  } finally {
    await t.close();
  }
}, 180_000);
