// UUIDv7 (RFC 9562): time-ordered ids, made on the device for offline records and by the server for
// its own rows. One implementation for the PWA, the service worker and the server (the platform's
// CSPRNG, as contract/receipts.ts): the `uuid` package in node_modules is 8.x, which has no v7.

/** A UUIDv7 whose first 48 bits are `now` (milliseconds since the epoch), the rest random. */
export function uuidv7(now: number = Date.now()): string {
  const b = new Uint8Array(16);
  globalThis.crypto.getRandomValues(b);
  // 48-bit big-endian milliseconds: split, since bitwise operators work on 32 bits.
  const high = Math.floor(now / 2 ** 32);
  const low = now >>> 0;
  b[0] = (high >>> 8) & 0xff;
  b[1] = high & 0xff;
  b[2] = (low >>> 24) & 0xff;
  b[3] = (low >>> 16) & 0xff;
  b[4] = (low >>> 8) & 0xff;
  b[5] = low & 0xff;
  b[6] = (b[6] & 0x0f) | 0x70; // version 7
  b[8] = (b[8] & 0x3f) | 0x80; // variant 10
  let h = '';
  for (const x of b) h += (x < 16 ? '0' : '') + x.toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
