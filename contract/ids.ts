// UUIDv7 (RFC 9562): time-ordered ids, made on the device for offline records and by the server for
// its own rows. One implementation for the PWA, the service worker and the server: the `uuid` package.
import { v7 } from 'uuid';

/** A UUIDv7 whose first 48 bits are `now` (milliseconds since the epoch), the rest random. */
export function uuidv7(now: number = Date.now()): string {
  return v7({ msecs: now });
}
