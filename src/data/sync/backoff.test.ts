import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, BACKOFF_MIN_MS, backoffDelay, jitteredBackoff } from './backoff';
import { LIVE_RETRY_MAX_MS, LIVE_RETRY_MIN_MS } from './live';

describe('backoff', () => {
  it('doubles from the minimum and stops at the maximum', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((n) => jitteredBackoff(n, 1_000, 60_000, mid))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(jitteredBackoff(30, 1_000, 60_000, mid)).toBe(60_000);
    expect(backoffDelay(1, mid)).toBe(BACKOFF_MIN_MS);
    expect(backoffDelay(50, mid)).toBe(BACKOFF_MAX_MS);
  });
  it('spreads retries ±20 % so devices that failed together do not come back together', () => {
    expect(jitteredBackoff(1, LIVE_RETRY_MIN_MS, LIVE_RETRY_MAX_MS, () => 0)).toBe(0.8 * LIVE_RETRY_MIN_MS);
    expect(jitteredBackoff(1, LIVE_RETRY_MIN_MS, LIVE_RETRY_MAX_MS, () => 1)).toBe(1.2 * LIVE_RETRY_MIN_MS);
    for (let n = 1; n < 12; n++) {
      const d = backoffDelay(n);
      expect(d).toBeGreaterThanOrEqual(0.8 * BACKOFF_MIN_MS);
      expect(d).toBeLessThanOrEqual(1.2 * BACKOFF_MAX_MS);
    }
  });
  it('treats 0 or fewer failures as the first', () => {
    expect(backoffDelay(0, () => 0.5)).toBe(BACKOFF_MIN_MS);
  });
});
