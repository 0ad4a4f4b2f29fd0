// The offline PIN check: 6-digit PINs at the iteration count synced with the hash; a hash set before
// PINs grew (no iteration count) is a 4-digit PIN at 10,000 iterations and keeps working until reset.
import { describe, expect, it } from 'vitest';
import { hashPinWeb, LEGACY_PIN_ITERATIONS, pinDigitsOf, verifyPin } from './pin';

const salt = '00112233445566778899aabbccddeeff';

describe('verifyPin', () => {
  it('checks a 6-digit PIN at the iteration count stored with its hash', async () => {
    const row = { salt, hash: await hashPinWeb('482193', salt, 100_000), iterations: 100_000 };
    expect(pinDigitsOf(row)).toBe(6);
    expect(await verifyPin('482193', row)).toBe(true);
    expect(await verifyPin('482194', row)).toBe(false);
    expect(await verifyPin('4821', row)).toBe(false);
    // The same PIN hashed at another cost does not match: the count is part of the check.
    expect(await verifyPin('482193', { ...row, iterations: 100_001 })).toBe(false);
  });

  it('still accepts a legacy 4-digit PIN synced without an iteration count', async () => {
    const row = { salt, hash: (await hashPinWeb('4821', salt, LEGACY_PIN_ITERATIONS)).toUpperCase() };
    expect(pinDigitsOf(row)).toBe(4);
    expect(await verifyPin('4821', row)).toBe(true);
    expect(await verifyPin('4822', row)).toBe(false);
    expect(await verifyPin('482100', row)).toBe(false);
  });
});
