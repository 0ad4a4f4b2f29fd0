// Device registration: each installation (a UUID it makes itself) gets a short code unique across
// the service (T7, K42, …) that goes into offline receipt numbers. Safe under concurrent logins:
// the unique constraint decides, and a collision just retries with another code.
//
// Ownership: a device id belongs to the user who registered it. The first registration issues a
// device secret (32 random bytes, base64url) that only that installation holds; only its sha-256
// is stored. Any later sign-in or registration naming the id must present the secret (so a second
// person signing in on the same shared tablet may, and nobody else can borrow the id: 403
// device_taken). Devices registered before secrets existed have none: their registrant (the
// user_id on record) gets one issued at the next sign-in; anyone else is refused.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { devices } from './db/schema';
import { HttpError } from './errors';

// No I or O: on a printed receipt they read as 1 and 0.
export const DEVICE_CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const MAX_DIGITS = 5;

/** `secret` only when one was issued by this call (first registration, or a legacy device's registrant). */
export type DeviceRegistration = { deviceId: string; code: string; secret?: string };

/** How many codes exist with `digits` digits after the letter. */
const tierSize = (digits: number) => DEVICE_CODE_LETTERS.length * 10 ** digits;

function codeAt(index: number, digits: number): string {
  const letter = DEVICE_CODE_LETTERS[Math.floor(index / 10 ** digits)];
  return letter + String(index % 10 ** digits).padStart(digits, '0');
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

function secretMatches(secret: string | null | undefined, storedHash: string): boolean {
  if (!secret) return false;
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Is this an installation the server issued `secret` to? (Sign-in's lane for known tablets, routes/auth.ts.) */
export async function knownInstallation(db: Db, deviceId: string, secret: string): Promise<boolean> {
  const [row] = await db.select({ secretHash: devices.secretHash }).from(devices).where(eq(devices.id, deviceId)).limit(1);
  return !!row?.secretHash && secretMatches(secret, row.secretHash);
}

export const deviceTaken = () => new HttpError(403, 'device_taken', 'This device id belongs to another installation');

export type RegisterInput = { deviceId: string; userId: string; label?: string | null; secret?: string | null };

/** Idempotent per deviceId for its holder: a known device keeps its code and registrant (label and last-seen are refreshed). */
export async function registerDevice(db: Db, input: RegisterInput): Promise<DeviceRegistration> {
  const existing = await findDevice(db, input);
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
      const secret = newSecret();
      const inserted = await db.insert(devices)
        .values({ id: input.deviceId, code, label: input.label ?? null, userId: input.userId, secretHash: hashSecret(secret) })
        .onConflictDoNothing()
        .returning({ id: devices.id, code: devices.code });
      if (inserted[0]) return { deviceId: inserted[0].id, code: inserted[0].code, secret };
      // Either the same device registered concurrently (id conflict: its secret decides) or the code was just taken.
      const raced = await findDevice(db, input);
      if (raced) return raced;
      taken.add(code);
    }
  }
  throw new HttpError(503, 'device_code_exhausted', 'No free device code is left');
}

async function findDevice(db: Db, input: RegisterInput): Promise<DeviceRegistration | null> {
  const rows = await db.select().from(devices).where(eq(devices.id, input.deviceId)).limit(1);
  const row = rows[0];
  if (!row) return null;
  if (row.revoked) throw new HttpError(403, 'forbidden', 'This device has been revoked; ask an administrator');
  let issued: string | undefined;
  if (row.secretHash) {
    if (!secretMatches(input.secret, row.secretHash)) throw deviceTaken();
  } else {
    // Registered before device secrets: only its registrant may claim it, and gets the secret now.
    if (!row.userId || row.userId !== input.userId) throw deviceTaken();
    issued = newSecret();
  }
  const claimed = await db.update(devices)
    .set({ lastSeenAt: new Date().toISOString(), ...(input.label ? { label: input.label } : {}), ...(issued ? { secretHash: hashSecret(issued) } : {}) })
    // A legacy device is claimed once: a concurrent claim that issued its own secret first wins.
    .where(issued ? sql`${devices.id} = ${input.deviceId} and ${devices.secretHash} is null` : eq(devices.id, input.deviceId))
    .returning({ id: devices.id });
  if (!claimed[0]) throw deviceTaken();
  return { deviceId: row.id, code: row.code, ...(issued ? { secret: issued } : {}) };
}

/** What a device issued that the server knows of: the way back for an installation whose local database was lost. */
export type DeviceHighWater = {
  /** Highest outbox seq the server has recorded from this device (applied or rejected). */
  outboxSeq: number;
  /** Highest receipt sequence among gifts numbered with this device's code, over all counters. */
  receiptSeq: number;
  /** The same per counter. */
  counters: Array<{ counterId: string; receiptSeq: number }>;
};

export async function deviceHighWater(db: Db, deviceId: string, code: string): Promise<DeviceHighWater> {
  const seqRes = await db.execute(sql`select coalesce((select last_seq from push_cursors where device_id = ${deviceId}), 0)::int as seq`);
  // Receipt numbers are "<counter>-<device>-<seq>" (counter codes have no '-'); the index is on part 2.
  const recRes = await db.execute(sql`
    select counter_id, max(case when split_part(receipt_no, '-', 3) ~ '^[0-9]{1,9}$' then split_part(receipt_no, '-', 3)::int else 0 end)::int as seq
    from gifts where split_part(receipt_no, '-', 2) = ${code}
    group by counter_id`);
  const rows = (recRes as unknown as { rows: Array<{ counter_id: string; seq: number | string }> }).rows;
  const counters = rows.map((r) => ({ counterId: r.counter_id, receiptSeq: Number(r.seq) })).filter((r) => r.receiptSeq > 0);
  return {
    outboxSeq: Number((seqRes as unknown as { rows: Array<{ seq: number | string }> }).rows[0]?.seq ?? 0),
    receiptSeq: counters.reduce((m, c) => Math.max(m, c.receiptSeq), 0),
    counters,
  };
}
