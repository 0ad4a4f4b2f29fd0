// A duplicate receipt is kept in the gift's history (issue 28): a local history line at once and a
// gift.reprint mutation in the outbox for the server, numbered copy 2, 3, … per gift.
import { afterEach, describe, expect, it } from 'vitest';
import { closeTestDevices, giftInput, testDevice } from '../../tests/support/data-kit';
import { createGiftOn, recordReprintOn } from './gifts-repo';

afterEach(closeTestDevices);

describe('recording a reprint', () => {
  it('adds a history line and queues gift.reprint for the server, counting the copies', async () => {
    const db = await testDevice('R1');
    const g = await createGiftOn(db, giftInput(1));
    expect(await recordReprintOn(db, g.id, 'staff-1')).toBe(2);
    expect(await recordReprintOn(db, g.id, 'staff-1', 'staff-2')).toBe(3);
    const lines = (await db.audits.where('giftId').equals(g.id).toArray()).filter((a) => a.action === 'reprint');
    expect(lines.map((a) => a.after)).toEqual([{ copy: 2 }, { copy: 3 }]);
    const queued = (await db.outbox.toArray()).filter((m) => m.name === 'gift.reprint');
    expect(queued.map((m) => (m.args as { copy: number }).copy)).toEqual([2, 3]);
    expect((queued[1].args as { pinAuthorId?: string }).pinAuthorId).toBe('staff-2');
    await expect(recordReprintOn(db, '0192f000-0000-7000-8000-0000000000ff', 'staff-1')).rejects.toThrow(/not found/);
  });
});
