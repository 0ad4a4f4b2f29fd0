// API answers are compressed as the browser accepts (issue 31: the server compressed nothing; a
// fresh tablet's first pull is megabytes of JSON on a venue's 4G); small answers and the live event
// stream are not.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../tests/sync/fixtures';
import { uuidv7 } from '../contract/ids';
import { newReceiptToken } from '../contract/receipts';
import { createTestApp, type TestApp } from './test-utils';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await seedUser(t.app, 'ziptab', 'counter_staff');
  const eventId = await seedEvent(t.app, { title: 'Zip Wedding' });
  const counterId = await seedCounter(t.app, eventId, { code: 'A', staffIds: [staff.id] });
  const deviceId = crypto.randomUUID();
  cookie = (await loginCookie(t.app, staff.username, staff.password, deviceId)).cookie;
  const mutations = Array.from({ length: 200 }, (_, i) => ({
    id: crypto.randomUUID(), seq: i + 1, name: 'gift.create',
    args: { id: uuidv7(), eventId, counterId, receiptNo: `A-Z-${i}`, name: `முருகன் ${i}`, village: 'மதுரை', amount: 101 + i, mode: 'cash', enteredAt: new Date().toISOString(), receiptToken: newReceiptToken() },
  }));
  const res = await t.app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie }, payload: { deviceId, mutations } });
  expect(res.statusCode, res.body).toBe(200);
}, 120_000);
afterAll(async () => { await t?.close(); });

const pull = (encoding?: string) => t.app.inject({ method: 'GET', url: '/moi/sync/pull?since=0', headers: { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('API compression', () => {
  it('a pull goes brotli or gzip as accepted, and reads the same as uncompressed', async () => {
    const plain = await pull();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await pull('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await pull('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    // The same changes (the answer's clock and cursor fields aside).
    const strip = (s: string) => JSON.stringify((JSON.parse(s) as { changes: unknown[] }).changes);
    expect((JSON.parse(plain.body) as { changes: Array<{ type: string }> }).changes.filter((c) => c.type === 'gift')).toHaveLength(200);
    expect(strip(brotliDecompressSync(br.rawPayload).toString())).toBe(strip(plain.body));
    expect(strip(gunzipSync(gz.rawPayload).toString())).toBe(strip(plain.body));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('a small answer is sent as it is', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/moi/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
  });
});
