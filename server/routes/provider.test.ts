// The provider's settings: the environment's values until an app admin saves others; anyone (signed
// in or not) reads them; only an app admin changes them; bad values answer 400 with the error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSettingsResponse } from '../../contract/provider';
import { createTestApp, type TestApp } from '../test-utils';
import { buildWorld, type World } from '../domain/management/test-world';

let t: TestApp;
let w: World;
const saved = { ...process.env };

beforeAll(async () => {
  process.env.VITE_PROVIDER_NAME = 'Moi Services, Madurai';
  process.env.VITE_PROVIDER_PHONE = '+91 98400 12345';
  process.env.VITE_PROVIDER_EMAIL = 'your-email@example'; // a placeholder: not an e-mail, left out
  t = await createTestApp();
  w = await buildWorld(t.app);
}, 60_000);
afterAll(async () => {
  process.env = saved;
  await t?.close();
});

const read = async (who: Parameters<World['call']>[0] = 'anon') => (await w.call(who, 'GET', '/moi/provider')).json() as ProviderSettingsResponse;

describe('provider settings', () => {
  it("answers with the environment's values at first, to visitors too", async () => {
    const r = await read();
    expect(r.source).toBe('environment');
    expect(r.settings).toMatchObject({ providerName: 'Moi Services, Madurai', phone: '+91 98400 12345', email: null, paymentButtonSmart: null });
  });

  it('only an app admin changes them; others are refused and nothing changes', async () => {
    const body = { providerName: 'Kalyan Moi Seva', phone: '+91 90030 55555', email: 'help@kalyanmoi.in', paymentButtonSmart: 'pl_ABC123xyz', paymentButtonPartner: '', analyticsProvider: 'plausible', analyticsId: 'kalyanmoi.in', analyticsSrc: null };
    expect((await w.call('anon', 'PUT', '/moi/provider', body)).statusCode).toBe(401);
    for (const who of ['ea1', 'ow1', 'st1'] as const) expect((await w.call(who, 'PUT', '/moi/provider', body)).statusCode).toBe(403);
    expect((await read()).source).toBe('environment');
    const res = await w.call('admin', 'PUT', '/moi/provider', body);
    expect(res.statusCode).toBe(200);
    const r = await read('st1');
    expect(r.source).toBe('saved');
    expect(r.settings).toEqual({ ...body, paymentButtonPartner: null });
  });

  it('refuses bad values with 400 and the error shape, keeping the saved ones', async () => {
    for (const bad of [{ phone: '12345' }, { phone: 'call me' }, { email: 'not-an-email' }, { paymentButtonSmart: 'x' }, { analyticsProvider: 'matomo' }, { analyticsSrc: 'http://insecure.example/x' }, { analyticsSrc: '//evil.example' }, { analyticsSrc: '/\\evil.example/x.js' }, { surprise: 1 }, 'text']) {
      const res = await w.call('admin', 'PUT', '/moi/provider', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await read()).settings.providerName).toBe('Kalyan Moi Seva');
  });
});
