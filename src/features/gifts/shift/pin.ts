// Offline PIN check for shift change: PBKDF2-SHA256 with the server's parameters
// (server/passwords.ts hashPin: salt = UTF-8 bytes of its hex text, 10,000 iterations, 32 bytes, lower-case hex).
export const PIN_ITERATIONS = 10_000;

export async function hashPinWeb(pin: string, salt: string, iterations = PIN_ITERATIONS): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: enc.encode(salt), iterations }, key, 256);
  return Array.from(new Uint8Array(bits), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Constant-time-ish comparison of two hex strings. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return d === 0;
}

export async function verifyPin(pin: string, row: { salt: string; hash: string }): Promise<boolean> {
  if (!/^\d{4}$/.test(pin)) return false;
  return sameHex(await hashPinWeb(pin, row.salt), row.hash.toLowerCase());
}
