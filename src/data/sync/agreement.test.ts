// The comparison with the server's figures and the repair's last step, alone (the whole drift and
// repair against the real server: tests/sync/agreement.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { EventFigures } from '../../../contract/agreement';
import { createGiftOn } from '../gifts-repo';
import { META, metaSet } from '../outbox';
import { closeTestDevices, EVENT, giftInput, testDevice } from '../../../tests/support/data-kit';
import { compareFigures, dropUnlistedGifts } from './agreement';

afterEach(closeTestDevices);

const figures = (over: Partial<EventFigures> = {}): EventFigures => ({ eventId: 'e1', count: 2, money: 600, lastChange: 40, ...over });
const g = (amount: number, over: Record<string, unknown> = {}) => ({ eventId: 'e1', amount, mode: 'cash' as const, deletedAt: null, _pending: 0 as const, ...over });

describe('compareFigures', () => {
  it('in step when the synced, not deleted gifts match; items and deleted gifts add no money', () => {
    const rows = [g(100), g(500), g(5000, { mode: 'item' }), g(900, { deletedAt: '2026-01-01T00:00:00.000Z' })];
    expect(compareFigures({ figures: [figures({ count: 3 })], giftScope: 's' }, 40, 's', rows)).toEqual([
      { eventId: 'e1', state: 'inStep', matches: true, device: { count: 3, money: 600 }, server: { count: 3, money: 600 }, pending: { count: 0, money: 0 } },
    ]);
  });

  it('differs when an amount or a row is not what the server has', () => {
    expect(compareFigures({ figures: [figures()], giftScope: 's' }, 40, 's', [g(100), g(501)])[0].state).toBe('differs');
    expect(compareFigures({ figures: [figures()], giftScope: 's' }, 40, 's', [g(600)])[0].state).toBe('differs');
  });

  it('keeps gifts waiting to be sent apart and never calls such an event in step', () => {
    const [a] = compareFigures({ figures: [figures()], giftScope: 's' }, 40, 's', [g(100), g(500), g(70, { _pending: 1 })]);
    expect(a).toMatchObject({ state: 'waiting', matches: true, device: { count: 2, money: 600 }, pending: { count: 1, money: 70 } });
  });

  it('catching up while the server has a change this device has not pulled, or its scope is being back-filled', () => {
    expect(compareFigures({ figures: [figures({ lastChange: 41 })], giftScope: 's' }, 40, 's', [g(1)])[0].state).toBe('catchingUp');
    expect(compareFigures({ figures: [figures()], giftScope: 'new' }, 40, 'old', [g(1)])[0].state).toBe('catchingUp');
  });

  it('leaves out events with nothing on either side', () => {
    expect(compareFigures({ figures: [figures({ count: 0, money: 0 })], giftScope: null }, 40, null, [])).toEqual([]);
  });
});

describe('dropUnlistedGifts', () => {
  it('drops synced rows of the event the repair did not list, never a pending one or another event’s', async () => {
    const db = await testDevice();
    await metaSet(db, META.pullCursor, 100);
    const listed = { ...(await createGiftOn(db, giftInput(1))), _pending: 0 as const };
    const stray = { ...listed, id: 'stray', receiptNo: 'A-S1-9998' };
    const elsewhere = { ...listed, id: 'elsewhere', eventId: 'other', receiptNo: 'A-S1-9997' };
    await db.gifts.bulkPut([listed, stray, elsewhere]);
    await db.outbox.clear();
    const pending = await createGiftOn(db, giftInput(2));
    expect(await dropUnlistedGifts(db, EVENT, new Set([listed.id]), 100)).toBe(true);
    expect((await db.gifts.toArray()).map((r) => r.id).sort()).toEqual([listed.id, pending.id, 'elsewhere'].sort());
  });

  it('drops nothing when a sync pass stored a newer cursor than the repair saw', async () => {
    const db = await testDevice();
    await metaSet(db, META.pullCursor, 101);
    await db.gifts.put({ ...(await createGiftOn(db, giftInput(1))), _pending: 0 });
    await db.outbox.clear();
    expect(await dropUnlistedGifts(db, EVENT, new Set(), 100)).toBe(false);
    expect(await db.gifts.count()).toBe(1);
  });
});
