// The gift save's fast path (numbers predicted from the tab's previous save, checked inside the
// transaction) on fake-indexeddb: whatever moved the stored numbers meanwhile, every receipt number
// and outbox seq stays unique and nothing is stored twice or half.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MoiDb } from './db';
import { createGiftOn } from './gifts-repo';
import { META, buildOutboxRow, metaGet, metaSet } from './outbox';
import { closeTestDevices, giftInput, testDevice } from '../../tests/support/data-kit';

const EVENT = '0192f000-0000-7000-8000-0000000000e1';
const COUNTER = '0192f000-0000-7000-8000-0000000000c1';
const device = (code = 'T7') => testDevice(code);
const input = (i: number) => giftInput(i, { eventId: EVENT, counterId: COUNTER, village: 'Melur' });

async function expectConsistent(db: MoiDb, gifts: number) {
  const [rows, outbox] = await Promise.all([db.gifts.toArray(), db.outbox.toArray()]);
  expect(rows).toHaveLength(gifts);
  expect(new Set(rows.map((g) => g.receiptNo)).size).toBe(gifts);
  expect(new Set(outbox.map((r) => r.seq)).size).toBe(outbox.length);
  // every gift has exactly its one outbox row
  for (const g of rows) expect(outbox.filter((r) => r.entity === `gift:${g.id}`)).toHaveLength(1);
}

afterEach(closeTestDevices);

describe('createGiftOn', () => {
  it('numbers consecutive saves A-T7-0001, 0002, 0003 and keeps the stored counters in step', async () => {
    const db = await device();
    const got = [];
    for (let i = 0; i < 3; i++) got.push((await createGiftOn(db, input(i))).receiptNo);
    expect(got).toEqual(['A-T7-0001', 'A-T7-0002', 'A-T7-0003']);
    expect(await metaGet(db, META.receiptSeq)).toBe(3);
    expect((await db.outbox.orderBy('seq').toArray()).map((r) => r.seq)).toEqual([1, 2, 3]);
    await expectConsistent(db, 3);
  });

  it('takes one transaction per save when nothing else wrote meanwhile (the predicted numbers held)', async () => {
    const db = await device();
    await createGiftOn(db, input(0));
    const spy = vi.spyOn(db, 'transaction');
    await createGiftOn(db, input(1));
    await createGiftOn(db, input(2));
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
    await metaSet(db, META.receiptSeq, 10);
    const again = vi.spyOn(db, 'transaction');
    expect((await createGiftOn(db, input(3))).receiptNo).toBe('A-T7-0011');
    expect(again).toHaveBeenCalledTimes(2); // the check failed: aborted, then saved the plain way
    await expectConsistent(db, 4);
  });

  it('notices receipt numbers issued elsewhere (another tab) since its last save and never repeats one', async () => {
    const db = await device();
    await createGiftOn(db, input(0));
    // another tab on this device saved two gifts: the stored receipt seq moved on
    await metaSet(db, META.receiptSeq, 3);
    const g = await createGiftOn(db, input(1));
    expect(g.receiptNo).toBe('A-T7-0004');
    expect(await metaGet(db, META.receiptSeq)).toBe(4);
    await expectConsistent(db, 2);
  });

  it('notices outbox rows added elsewhere (an import) and stores the gift with the next free seq', async () => {
    const db = await device();
    await createGiftOn(db, input(0));
    // as importUnsynced does: a row with the next seq, and the stored seq moved on
    await db.outbox.add(buildOutboxRow('counter.open', { id: COUNTER, by: 'staff-1', at: new Date().toISOString() }, crypto.randomUUID(), 2));
    await metaSet(db, META.seq, 2);
    const g = await createGiftOn(db, input(1));
    expect(g.receiptNo).toBe('A-T7-0002');
    expect((await db.outbox.orderBy('seq').toArray()).map((r) => r.seq)).toEqual([1, 2, 3]);
    await expectConsistent(db, 2);
  });

  it('follows a new device code and refuses to save without one, storing nothing', async () => {
    const db = await device('T7');
    await createGiftOn(db, input(0));
    await metaSet(db, META.deviceCode, 'K2');
    expect((await createGiftOn(db, input(1))).receiptNo).toBe('A-K2-0002');
    await db.meta.delete(META.deviceCode);
    await expect(createGiftOn(db, input(2))).rejects.toMatchObject({ code: 'no_device_code' });
    await expectConsistent(db, 2);
  });
});
