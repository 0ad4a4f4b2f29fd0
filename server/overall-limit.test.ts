// The public endpoints' overall caps (issue 31): many addresses at once, each under its own limit,
// still meet a cap across all of them; past it the answer is 429 with Retry-After and the error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { GUEST_PUBLIC_PATH } from '../contract/guest-display';
import { newReceiptToken } from '../contract/receipts';
import { GUEST_PAIR_OVERALL_PER_MINUTE } from './routes/guest-display';
import { PUBLIC_RECEIPT_OVERALL_PER_MINUTE } from './routes/public-receipts';
import { createTestApp, type TestApp } from './test-utils';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
}, 120_000);
afterAll(async () => { await t?.close(); });

/** A different address for each call (10.x.y.z), so no per-address limit is met. */
const addr = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

describe('overall caps across addresses', () => {
  it('receipt checks: the cap is met across many addresses, then 429 with Retry-After', async () => {
    const codes: number[] = [];
    for (let i = 0; i < PUBLIC_RECEIPT_OVERALL_PER_MINUTE; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, PUBLIC_RECEIPT_OVERALL_PER_MINUTE - i) }, (_, k) =>
        app.inject({ method: 'GET', url: `/moi/public/receipts/${newReceiptToken()}`, remoteAddress: addr(i + k + 1) })));
      codes.push(...batch.map((r) => r.statusCode));
    }
    expect(codes.every((c) => c === 200)).toBe(true);
    const over = await app.inject({ method: 'GET', url: `/moi/public/receipts/${newReceiptToken()}`, remoteAddress: addr(900_000) });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  }, 120_000);

  it('guest pairing: the same across addresses', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= GUEST_PAIR_OVERALL_PER_MINUTE; i++) {
      codes.push((await app.inject({ method: 'POST', url: `${GUEST_PUBLIC_PATH}/pair`, payload: { code: '000000' }, remoteAddress: addr(500_000 + i) })).statusCode);
    }
    expect(codes.slice(0, GUEST_PAIR_OVERALL_PER_MINUTE).every((c) => c !== 429)).toBe(true);
    expect(codes[GUEST_PAIR_OVERALL_PER_MINUTE]).toBe(429);
  }, 120_000);
});
