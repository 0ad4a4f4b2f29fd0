// Pull adapter on fake-indexeddb: pages, the cursor and a sign-out mid-pull. The server is a
// scripted transport (the real server's pull is covered by tests/sync/pull-scope.test.ts and tests/sync/sync.property.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { Change, PullResponse } from '../../../contract/sync';
import type { MoiDb } from '../db';
import { createGiftOn } from '../gifts-repo';
import { META, metaGet, metaSet } from '../outbox';
import { PullAdapter } from './pull';
import { closeTestDevices, giftInput, testDevice, testTiming } from '../../../tests/support/data-kit';
import type { PullCursor, SyncTransport } from './transport';

afterEach(closeTestDevices);

const giftChange = (id: string, amount: number, extra: Record<string, unknown> = {}): Change => ({
  type: 'gift', id,
  row: { id, eventId: 'e', counterId: 'c', receiptNo: `A-Z1-${id}`, name: `Giver ${id}`, village: 'மதுரை', amount, ...extra } as never,
});

/** A server that answers pulls from a list of pages keyed by the cursor asked for. */
function scripted(pages: Record<string, PullResponse>) {
  const asked: Array<{ since: unknown; limit: number }> = [];
  const transport: SyncTransport = {
    push: async () => ({ results: [] }),
    pull: async (since, limit) => {
      asked.push({ since, limit });
      return pages[String(since)] ?? { changes: [], cursor: since, hasMore: false };
    },
    uploadProfileImage: async () => ({ profileImagePath: '' }),
  };
  return { transport, asked };
}
const puller = (db: MoiDb, transport: SyncTransport, pullLimit = 2) => new PullAdapter({ db, transport: () => transport, timing: testTiming(500, pullLimit) });

describe('PullAdapter', () => {
  it('follows the pages from the stored cursor, storing each page with its cursor, and asks with the current page size', async () => {
    const db = await testDevice();
    await metaSet(db, META.pullCursor, 10);
    const { transport, asked } = scripted({
      10: { changes: [giftChange('g1', 101), giftChange('g2', 501)], cursor: 12, hasMore: true },
      12: { changes: [giftChange('g1', 1001)], cursor: 13, hasMore: false },
    });
    await puller(db, transport).pullAll(() => false);
    expect(asked).toEqual([{ since: 10, limit: 2 }, { since: 12, limit: 2 }]);
    expect(await metaGet(db, META.pullCursor)).toBe(13);
    expect((await db.gifts.get('g1'))?.amount).toBe(1001);
    expect(await db.gifts.get('g2')).toMatchObject({ amount: 501, _pending: 0 });
  });

  it('treats the cursor as opaque: whatever the server answered is what it sends back and stores', async () => {
    const db = await testDevice();
    const composite = 'p7:1024' as unknown as PullCursor;
    const { transport, asked } = scripted({
      0: { changes: [giftChange('g1', 101)], cursor: composite, hasMore: true },
      [String(composite)]: { changes: [], cursor: composite, hasMore: false },
    });
    await puller(db, transport).pullAll(() => false);
    expect(asked.map((a) => a.since)).toEqual([0, composite]);
    expect(await metaGet(db, META.pullCursor)).toBe(composite);
  });

  it('never overwrites a gift this device has not pushed yet', async () => {
    const db = await testDevice();
    const mine = await createGiftOn(db, giftInput(1));
    const { transport } = scripted({ 0: { changes: [giftChange(mine.id, 99_999)], cursor: 1, hasMore: false } });
    await puller(db, transport).pullAll(() => false);
    expect(await db.gifts.get(mine.id)).toMatchObject({ amount: mine.amount, _pending: 1 });
    expect(await metaGet(db, META.pullCursor)).toBe(1);
  });

  it('signed out mid-pull: the page that arrives afterwards is not written and the cursor stays', async () => {
    const db = await testDevice();
    let stopped = false;
    const { transport } = scripted({ 0: { changes: [giftChange('g1', 101)], cursor: 5, hasMore: false } });
    const slow: SyncTransport = { ...transport, pull: async (...a) => { const page = await transport.pull(...a); stopped = true; return page; } };
    await puller(db, slow).pullAll(() => stopped);
    expect(await db.gifts.count()).toBe(0);
    expect(await metaGet(db, META.pullCursor)).toBeUndefined();
  });
});
