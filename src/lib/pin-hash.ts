// Offline PIN hashing and checking: staff shift PINs and (issue 18) nominees' PINs.
// Offline PIN check for shift change: PBKDF2-SHA256 with the server's parameters (server/passwords.ts:
// salt = UTF-8 bytes of its hex text, 32 bytes, lower-case hex). Each synced hash carries its iteration
// count; one without it is a legacy 4-digit PIN at 10,000 iterations (it keeps working until reset).
export const LEGACY_PIN_ITERATIONS = 10_000;

export async function hashPinWeb(pin: string, salt: string, iterations: number): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: enc.encode(salt), iterations }, key, 256);
  return Array.from(new Uint8Array(bits), (b) => b.toString(16).padStart(2, '0')).join('');
}

type PinRow = { salt: string; hash: string; iterations?: number };

/** How many digits this staff member's PIN has: 6, or 4 for a hash set before PINs grew. */
export const pinDigitsOf = (row: PinRow): number => ((row.iterations ?? LEGACY_PIN_ITERATIONS) > LEGACY_PIN_ITERATIONS ? 6 : 4);

/** Constant-time-ish comparison of two hex strings. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return d === 0;
}

export async function verifyPin(pin: string, row: PinRow): Promise<boolean> {
  if (!/^\d+$/.test(pin) || pin.length !== pinDigitsOf(row)) return false;
  return sameHex(await hashPinWeb(pin, row.salt, row.iterations ?? LEGACY_PIN_ITERATIONS), row.hash.toLowerCase());
}
