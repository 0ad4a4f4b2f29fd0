// Password and PIN hashing: round trips, refusals, and the PIN hash matching what a browser computes.
import { vi } from 'vitest';
import { hashPassword, hashPin, isPin, LEGACY_PIN_ITERATIONS, newSalt, parsePinHash, PIN_ITERATIONS, pinMatches, storedPinHash, verifyPassword } from './passwords';

it('hashes new passwords at the production cost (scrypt N=32768)', async () => {
  // A fresh copy of the module: the test set-up lowers the cost of new hashes in the shared one.
  vi.resetModules();
  const fresh = await import('./passwords');
  expect(await fresh.hashPassword('மொய் secret 1')).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
});

it('verifies the right password, refuses a wrong one and a malformed stored hash', async () => {
  const stored = await hashPassword('மொய் secret 1');
  expect(stored).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]+\$[\w-]+$/);
  expect(await verifyPassword('மொய் secret 1', stored)).toBe(true);
  expect(await verifyPassword('மொய் secret 2', stored)).toBe(false);
  expect(await verifyPassword('x', 'plain-text')).toBe(false);
  expect(await verifyPassword('x', 'scrypt$nope$8$1$aa$bb')).toBe(false);
  // Same password, different salt.
  expect(await hashPassword('மொய் secret 1')).not.toBe(stored);
});

it('hashes a PIN exactly as Web Crypto PBKDF2-SHA256 does in the browser', async () => {
  const salt = newSalt();
  expect(salt).toMatch(/^[0-9a-f]{32}$/);
  const server = await hashPin('482193', salt);
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode('482193'), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: enc.encode(salt), iterations: PIN_ITERATIONS }, key, 256);
  const browser = Buffer.from(bits).toString('hex');
  expect(server).toBe(browser);
  expect(await hashPin('482194', salt)).not.toBe(server);
  expect(await hashPin('482193', newSalt())).not.toBe(server);
});

it('asks for 6-digit PINs, stores the hash with its iteration count, and still checks a legacy 4-digit hash', async () => {
  expect(isPin('482193')).toBe(true);
  expect(isPin('4821')).toBe(false);
  expect(PIN_ITERATIONS).toBeGreaterThanOrEqual(100_000);
  const salt = newSalt();
  const stored = await storedPinHash('482193', salt);
  const { iterations, hash } = parsePinHash(stored);
  expect(stored).toBe(`pbkdf2-sha256$${iterations}$${hash}`);
  expect(hash).toBe(await hashPin('482193', salt, iterations));
  expect(await pinMatches('482193', salt, stored)).toBe(true);
  expect(await pinMatches('482194', salt, stored)).toBe(false);
  // A hash stored before PINs had 6 digits: bare hex at 10,000 iterations.
  const legacy = await hashPin('4821', salt, LEGACY_PIN_ITERATIONS);
  expect(parsePinHash(legacy)).toEqual({ hash: legacy, iterations: LEGACY_PIN_ITERATIONS });
  expect(await pinMatches('4821', salt, legacy)).toBe(true);
  expect(await pinMatches('4822', salt, legacy)).toBe(false);
});
