// GET /moi/venue/install (issue 31): the venue laptop's install page address for the admin app's QR
// code — to event admins and the app admin only; null when the server serves no install page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, uniq, type TestApp } from '../test-utils';

describe('venue install page address', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['event_admin', 'event_owner', 'counter_staff'] as const) {
      const u = { username: uniq(role.replace('_', '')), password: 'a-pass-1234567', role };
      await createUser(t.app, u);
      cookies[role] = (await login(t.app, u.username, u.password)).cookie;
    }
  });
  afterAll(async () => { await t?.close(); });

  const get = (who?: string) => t.app.inject({ method: 'GET', url: '/moi/venue/install', headers: who ? { cookie: who } : {} });

  it('says none without HTTPS=local, and the address once the install page listens', async () => {
    expect((await get(cookies.event_admin)).json()).toEqual({ url: null });
    t.app.venueInstallUrl = 'http://192.168.1.20:3001/';
    try {
      expect((await get(cookies.event_admin)).json()).toEqual({ url: 'http://192.168.1.20:3001/' });
    } finally {
      t.app.venueInstallUrl = null;
    }
  });

  it('is refused to owners, counter staff and anyone signed out', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get(cookies.event_owner)).statusCode).toBe(403);
    expect((await get(cookies.counter_staff)).statusCode).toBe(403);
  });
});
