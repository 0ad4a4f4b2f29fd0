// Password hashing (scrypt, node:crypto) and the 4-digit staff PIN hash (PBKDF2-SHA256), which a
// browser can recompute with Web Crypto to check a PIN offline on a shared counter tablet.
import { pbkdf2, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { weakPasswordReason } from '../contract/password-rules';
import { HttpError } from './errors';

// N=2^15 costs ~40–80 ms here: slow for a guesser, fine for a login.
const SCRYPT = { N: 1 << 15, r: 8, p: 1, keyLen: 32 };

/**
 * Tests create hundreds of users on two shared cores: server/test-utils.ts lowers the cost of NEW
 * hashes (stored hashes carry their own N, so verification is unaffected). Never called in production.
 */
export function setPasswordCostForTests(N: number) {
  SCRYPT.N = N;
}

function scryptAsync(pw: string, salt: Buffer, keyLen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pw, salt, keyLen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$N$r$p$<salt b64url>$<hash b64url>` — self-describing, so parameters can rise later. */
export async function hashPassword(pw: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLen } = SCRYPT;
  const key = await scryptAsync(pw.normalize('NFC'), salt, keyLen, { N, r, p, maxmem: 128 * N * r * 2 });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(pw: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts;
  const N = Number(n), R = Number(r), P = Number(p);
  if (!Number.isInteger(N) || !Number.isInteger(R) || !Number.isInteger(P) || N < 2 || N > 1 << 20) return false;
  const expected = Buffer.from(hashB64, 'base64url');
  if (expected.length < 16) return false;
  const key = await scryptAsync(pw.normalize('NFC'), Buffer.from(saltB64, 'base64url'), expected.length, { N, r: R, p: P, maxmem: 128 * N * R * 2 });
  return timingSafeEqual(key, expected);
}

/** A hash no password matches (for disabled / placeholder accounts and for constant-time misses). */
export const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

// ---- Staff PINs ----------------------------------------------------------------------------
// A staff PIN's hash is synced to the counter's tablets so a shift can change offline; whoever holds
// a tablet's IndexedDB can therefore search every PIN offline. The cost of that search is the
// keyspace × the cost of one hash: 6 digits (10^6) × PBKDF2-SHA256 at 100,000 iterations is hours on
// this machine's two cores (`npm run bench -- pin`), while one check in a browser stays well under a
// second. The old 4-digit PINs at 10,000 iterations (found: 19 s to search) keep working until reset.
//
// Browser check (Web Crypto), exactly equivalent:
//   const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
//   const bits = await crypto.subtle.deriveBits(
//     { name: 'PBKDF2', hash: 'SHA-256', salt: new TextEncoder().encode(salt), iterations }, key, 256);
//   hex(bits) === hash
// i.e. the salt is used as the UTF-8 bytes of its hex text (no hex decoding), output is 32 bytes in lower-case hex.
//
// Stored as `pbkdf2-sha256$<iterations>$<hex>` (self-describing, so the cost can rise again); a bare
// hex hash is a legacy 4-digit PIN at 10,000 iterations. Synced as { salt, hash, iterations }.
export const PIN_ITERATIONS = 100_000;
export const LEGACY_PIN_ITERATIONS = 10_000;
export const PIN_DIGITS = 6;
export const PIN_HASH_BYTES = 32;

let pinIterations = PIN_ITERATIONS;
/** Tests set hundreds of PINs on two shared cores (server/test-utils.ts); stored hashes carry their count. */
export function setPinCostForTests(iterations: number) {
  pinIterations = iterations;
}

/** A fresh random salt: 16 bytes as 32 lower-case hex characters. */
export const newSalt = (): string => randomBytes(16).toString('hex');

/** The bare PBKDF2 hash (hex) of a PIN. */
export function hashPin(pin: string, salt: string, iterations: number = PIN_ITERATIONS): Promise<string> {
  return new Promise((resolve, reject) => {
    pbkdf2(Buffer.from(pin, 'utf8'), Buffer.from(salt, 'utf8'), iterations, PIN_HASH_BYTES, 'sha256', (err, key) =>
      err ? reject(err) : resolve(key.toString('hex')));
  });
}

/** What the database stores for a new PIN (at the current cost). */
export async function storedPinHash(pin: string, salt: string): Promise<string> {
  const iterations = pinIterations;
  return `pbkdf2-sha256$${iterations}$${await hashPin(pin, salt, iterations)}`;
}

/** The stored form read back: the bare hash and its iteration count (legacy rows: 10,000). */
export function parsePinHash(stored: string): { hash: string; iterations: number } {
  const m = /^pbkdf2-sha256\$(\d+)\$([0-9a-f]+)$/.exec(stored);
  return m ? { hash: m[2]!, iterations: Number(m[1]) } : { hash: stored, iterations: LEGACY_PIN_ITERATIONS };
}

/** Does this PIN match a stored hash (either form)? */
export async function pinMatches(pin: string, salt: string, stored: string): Promise<boolean> {
  const { hash, iterations } = parsePinHash(stored);
  const a = Buffer.from(await hashPin(pin, salt, iterations), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A new PIN: exactly 6 digits. */
export const isPin = (pin: string) => /^\d{6}$/.test(pin);

/** 400 weak_password when a password being set is one a guesser tries first (contract/password-rules). */
export function assertStrongPassword(pw: string, field: string): void {
  const why = weakPasswordReason(pw);
  if (why) throw new HttpError(400, 'weak_password', why, [{ path: [field], message: why }]);
}
