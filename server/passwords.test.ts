// Password and PIN hashing: round trips, refusals, and the PIN hash matching what a browser computes.
import { hashPassword, hashPin, newSalt, PIN_ITERATIONS, verifyPassword } from './passwords';

it('verifies the right password, refuses a wrong one and a malformed stored hash', async () => {
  const stored = await hashPassword('மொய் secret 1');
  expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
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
  const server = await hashPin('4821', salt);
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode('4821'), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: enc.encode(salt), iterations: PIN_ITERATIONS }, key, 256);
  const browser = Buffer.from(bits).toString('hex');
  expect(server).toBe(browser);
  expect(await hashPin('4822', salt)).not.toBe(server);
  expect(await hashPin('4821', newSalt())).not.toBe(server);
});
