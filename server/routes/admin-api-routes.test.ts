// The PWA's admin client (src/lib/admin-api.ts) and these routes must not drift apart: every call
// the client makes is read from its source text and sent to the real app, which must have a route
// for it (an unknown route answers "No route …"; a known one answers anything else).
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import { sessionCookie } from '../domain/management/test-world';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test-utils';

const source = readFileSync(new URL('../../src/lib/admin-api.ts', import.meta.url), 'utf8');

/** Each apiFetch call: its method and path, with `${…}` id parts as a fresh id and the query dropped. */
function clientCalls(): { method: string; path: string; raw: string }[] {
  const out: { method: string; path: string; raw: string }[] = [];
  const re = /apiFetch<[^(]*?>\(\s*(['`])(\/moi\/[^'`]*)\1(?:\s*,\s*\{([^}]*)\})?/g;
  for (const m of source.matchAll(re)) {
    const raw = m[2];
    const method = /method:\s*'(\w+)'/.exec(m[3] ?? '')?.[1] ?? 'GET';
    const path = raw.replace(/\$\{qs\([^)]*\)\}/g, '').replace(/\$\{[^}]+\}/g, () => uuidv7());
    out.push({ method, path, raw });
  }
  return out;
}

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.app.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
  cookie = await sessionCookie(t.app, admin.id);
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('admin client ↔ server routes', () => {
  const calls = clientCalls();

  it('finds the client calls in the source', () => {
    expect(calls.length).toBe((source.match(/apiFetch</g) ?? []).length); // every call, none missed by the reader
    expect(calls.length).toBeGreaterThanOrEqual(20);
  });

  it('tells an unknown route apart (the check below can fail)', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/moi/counters/${uuidv7()}/nowhere`, headers: { cookie }, payload: {} });
    expect((res.json() as { message: string }).message).toMatch(/^No route/);
  });

  it.each(calls.map((c) => [`${c.method} ${c.raw}`, c] as const))('%s has a route', async (_label, c) => {
    const res = await t.app.inject({ method: c.method as 'GET', url: c.path, headers: { cookie }, ...(c.method === 'GET' ? {} : { payload: {} }) });
    const body = res.json() as { message?: string };
    expect(body.message ?? '').not.toMatch(/^No route/);
    expect(res.statusCode).not.toBe(500);
  });
});
