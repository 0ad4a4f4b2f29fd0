// Device registration: each installation (a UUID it makes itself) gets a short code unique across
// the service (T7, K42, …) that goes into offline receipt numbers. Safe under concurrent logins:
// the unique constraint decides, and a collision just retries with another code.
import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { devices } from './db/schema';
import { HttpError } from './errors';

// No I or O: on a printed receipt they read as 1 and 0.
export const DEVICE_CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const MAX_DIGITS = 5;

export type DeviceRegistration = { deviceId: string; code: string };

/** How many codes exist with `digits` digits after the letter. */
const tierSize = (digits: number) => DEVICE_CODE_LETTERS.length * 10 ** digits;

function codeAt(index: number, digits: number): string {
  const letter = DEVICE_CODE_LETTERS[Math.floor(index / 10 ** digits)];
  return letter + String(index % 10 ** digits).padStart(digits, '0');
}

/** Idempotent per deviceId: a known device keeps its code (label, user and last-seen are refreshed). */
export async function registerDevice(db: Db, input: { deviceId: string; userId: string; label?: string | null }): Promise<DeviceRegistration> {
  const existing = await findDevice(db, input.deviceId, input.userId, input.label);
  if (existing) return existing;

  for (let digits = 1; digits <= MAX_DIGITS; digits++) {
    // Codes already used in this tier (one letter + `digits` digits).
    const taken = new Set(
      (await db.select({ code: devices.code }).from(devices)
        .where(sql`length(${devices.code}) = ${digits + 1}`)).map((r) => r.code),
    );
    if (taken.size >= tierSize(digits)) continue;
    for (let attempt = 0; attempt < 20; attempt++) {
      // From a random start, so concurrent registrations rarely reach for the same code.
      const size = tierSize(digits);
      const start = Math.floor(Math.random() * size);
      const free: string[] = [];
      for (let k = 0; k < size && free.length < 64; k++) {
        const c = codeAt((start + k) % size, digits);
        if (!taken.has(c)) free.push(c);
      }
      if (free.length === 0) break;
      const code = free[Math.floor(Math.random() * free.length)];
      const inserted = await db.insert(devices)
        .values({ id: input.deviceId, code, label: input.label ?? null, userId: input.userId })
        .onConflictDoNothing()
        .returning({ id: devices.id, code: devices.code });
      if (inserted[0]) return { deviceId: inserted[0].id, code: inserted[0].code };
      // Either the same device registered concurrently (id conflict) or the code was just taken.
      const raced = await findDevice(db, input.deviceId, input.userId, input.label);
      if (raced) return raced;
      taken.add(code);
    }
  }
  throw new HttpError(503, 'device_code_exhausted', 'No free device code is left');
}

async function findDevice(db: Db, deviceId: string, userId: string, label?: string | null): Promise<DeviceRegistration | null> {
  const rows = await db.select().from(devices).where(eq(devices.id, deviceId)).limit(1);
  const row = rows[0];
  if (!row) return null;
  if (row.revoked) throw new HttpError(403, 'forbidden', 'This device has been revoked; ask an administrator');
  await db.update(devices)
    .set({ userId, lastSeenAt: new Date().toISOString(), ...(label ? { label } : {}) })
    .where(eq(devices.id, deviceId));
  return { deviceId: row.id, code: row.code };
}
