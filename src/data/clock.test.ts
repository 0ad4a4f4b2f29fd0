// The device's clock offset (measured from X-Server-Time) and what a saved gift keeps of it: the
// device's own time, the offset, and the corrected time the lists and receipts show.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clockOffsetMs, correctedNow, noteServerTime, resetClockCache } from './clock';
import { MoiDb } from './db';
import { createGiftOn } from './gifts-repo';
import { META, metaSet } from './outbox';

const MIN = 60_000;
let db: MoiDb;

beforeEach(async () => {
  localStorage.clear();
  resetClockCache();
  db = new MoiDb(`moi-clock-${Date.now()}-${Math.random()}`);
  await db.open();
  await metaSet(db, META.deviceId, crypto.randomUUID());
  await metaSet(db, META.deviceCode, 'T7');
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('clock offset', () => {
  it('is unknown until the server answered once, then server − midpoint of the request, kept across a restart', () => {
    expect(clockOffsetMs()).toBeNull();
    const sent = Date.now();
    noteServerTime(String(sent + 200 + 10 * MIN), sent, sent + 400); // midpoint sent+200; server 10 min ahead
    expect(clockOffsetMs()).toBe(10 * MIN);
    resetClockCache(); // a new page load reads it from storage
    expect(clockOffsetMs()).toBe(10 * MIN);
    expect(Math.abs(correctedNow() - (Date.now() + 10 * MIN))).toBeLessThan(1000);
  });

  it('a slow answer does not replace a recent quick measurement; a missing header changes nothing', () => {
    const t = Date.now();
    noteServerTime(String(t + 50 - 5 * MIN), t, t + 100);
    noteServerTime(String(t + 20_000), t, t + 30_000); // 30 s round trip: its midpoint is a guess
    noteServerTime(null, t, t + 10);
    expect(clockOffsetMs()).toBe(-5 * MIN);
  });

  it('a gift saved on a tablet 10 minutes fast keeps its device time and offset and shows the corrected time', async () => {
    const t = Date.now();
    noteServerTime(String(t - 10 * MIN), t, t); // the server is 10 minutes behind this device
    const g = await createGiftOn(db, { eventId: crypto.randomUUID(), counterId: crypto.randomUUID(), counterCode: 'A', name: 'Ravi', amount: 101, authorId: 'u1' });
    expect(g.clockOffsetMs).toBe(-10 * MIN);
    expect(Math.abs(Date.parse(g.deviceEnteredAt!) - Date.now())).toBeLessThan(2000);
    expect(Date.parse(g.enteredAt)).toBe(Date.parse(g.deviceEnteredAt!) - 10 * MIN);
    const [row] = await db.outbox.toArray();
    expect(row.args).toMatchObject({ enteredAt: g.deviceEnteredAt, clockOffsetMs: -10 * MIN, authorId: 'u1' });
  });
});
