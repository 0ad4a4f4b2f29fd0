// The one UUIDv7: the shape RFC 9562 gives it, the time it carries, and its order.
import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids';

const shape = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const msOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('uuidv7', () => {
  it('is a version 7, variant 10 UUID in lower-case hex', () => {
    for (let i = 0; i < 200; i++) expect(uuidv7()).toMatch(shape);
  });

  it('carries the given time in its first 48 bits, beyond 32 bits and at the edges', () => {
    for (const t of [0, 1, 2 ** 32 - 1, 2 ** 32, 1_795_351_425_100, 2 ** 48 - 1]) {
      const id = uuidv7(t);
      expect(id).toMatch(shape);
      expect(msOf(id)).toBe(t);
    }
    const before = Date.now();
    const now = msOf(uuidv7());
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('sorts as text in the order of its times, and two ids never collide', () => {
    const ids = [1_700_000_000_000, 1_700_000_000_001, 1_700_000_256_000, 1_800_000_000_000].map((t) => uuidv7(t));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 5000 }, () => uuidv7(42))).size).toBe(5000);
  });
});
