// The one gifts row → contract Gift mapping, built in JS (admin answers, the report CLI) and by the
// database (the sync pull): both give the same Gift, every contract field, timestamps as ISO UTC.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftSchema } from '../../../contract/entities';
import { uuidv7 } from '../../../contract/ids';
import { counters, events, gifts, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-utils';
import { giftEntity, giftJsonSql } from './views';

let t: TestApp;
const ids = { user: uuidv7(), event: uuidv7(), counter: uuidv7(), full: uuidv7(), bare: uuidv7() };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  await db.insert(users).values({ id: ids.user, userId: 'u-gift-entity', username: 'gift-entity', name: 'Staff', role: 'counter_staff', passwordHash: 'x' });
  await db.insert(events).values({ id: ids.event, titleEn: 'Wedding', functionType: 'wedding', date: '2026-11-22', status: 'open' });
  await db.insert(counters).values({ id: ids.counter, eventId: ids.event, code: 'A', status: 'open' });
  await db.insert(gifts).values([
    {
      id: ids.full, eventId: ids.event, counterId: ids.counter, receiptNo: 'A-T1-0001', name: 'முருகன்', initial: 'K', village: 'Melur',
      mobile: '9876543210', relation: 'maternal_uncle', mode: 'item', amount: 0, reference: '', item: 'Gold ring', weightGrams: 8.5,
      approxValue: 52000, note: 'with thanks', enteredAt: '2026-11-22 18:13:45.123456+05:30', enteredBy: ids.user,
      receivedAt: '2026-11-22T12:44:00.5Z', deletedAt: '2026-11-22T13:00:00Z', deletedBy: ids.user, deleteReason: 'typed twice',
      pinAuthorId: ids.user, pushedBy: ids.user, deviceEnteredAt: '2026-11-22T12:40:00.001Z', clockOffsetMs: 225_123,
      flags: ['after_close', 'pin_dropped'], reviewedAt: '2026-11-22T14:00:00Z', reviewedBy: ids.user, receiptToken: 'tok_abcdefghijklmnopqrs',
      messageConsent: true,
    },
    { id: ids.bare, eventId: ids.event, counterId: ids.counter, receiptNo: 'A-T1-0002', name: 'Selvi', amount: 501, enteredAt: '2026-11-22T12:00:00Z', enteredBy: ids.user },
  ]);
});
afterAll(async () => t?.close());

async function both(id: string) {
  const db = t.app.db;
  // A session zone other than UTC: the database prints +05:30 timestamps; both forms must still say UTC.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
    const [row] = await tx.select().from(gifts).where(eq(gifts.id, id));
    const [{ json }] = await tx.select({ json: sql<string>`${giftJsonSql()}::text` }).from(gifts).where(eq(gifts.id, id));
    return { js: giftEntity(row), db: JSON.parse(json) as unknown };
  });
}

describe('gifts row → contract Gift', () => {
  it('gives every field of a fully filled gift, the same from JS and from the database', async () => {
    const { js, db } = await both(ids.full);
    expect(db).toEqual(js);
    expect(giftSchema.strict().parse(js)).toEqual(js);
    expect(Object.keys(js).sort()).toEqual(Object.keys(giftSchema.shape).sort());
    expect(js).toMatchObject({
      relation: 'maternal_uncle', mode: 'item', weightGrams: 8.5, approxValue: 52000, clockOffsetMs: 225_123, flags: ['after_close', 'pin_dropped'],
      enteredAt: '2026-11-22T12:43:45.123Z', receivedAt: '2026-11-22T12:44:00.500Z', deletedAt: '2026-11-22T13:00:00.000Z',
      deviceEnteredAt: '2026-11-22T12:40:00.001Z', reviewedAt: '2026-11-22T14:00:00.000Z', receiptToken: 'tok_abcdefghijklmnopqrs', messageConsent: true,
    });
  });

  it('gives the defaults and nulls of a bare gift, the same from JS and from the database', async () => {
    const { js, db } = await both(ids.bare);
    expect(db).toEqual(js);
    expect(giftSchema.parse(js)).toEqual(js);
    expect(js).toMatchObject({
      initial: '', village: '', mobile: '', relation: 'other', mode: 'cash', version: 1, flags: [], enteredAt: '2026-11-22T12:00:00.000Z',
      deletedAt: null, reviewedAt: null, deviceEnteredAt: null, weightGrams: null, approxValue: null, receiptToken: null, messageConsent: false,
    });
    expect(js.receivedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
