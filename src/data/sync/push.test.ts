// Push adapter on fake-indexeddb against the in-memory fake server (tests/support/fake-sync-server.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { MoiDb } from '../db';
import { FakeSyncServer, networkError, unauthenticated } from '../../../tests/support/fake-sync-server';
import { createGiftOn } from '../gifts-repo';
import { retryRejected, writeWithMutationOn } from '../outbox';
import { releaseRetryHolds } from './push-retry';
import { PushAdapter, STALE_SENDING_MS } from './push';
import { closeTestDevices, giftInput, testDevice, testTiming } from '../../../tests/support/data-kit';
import type { SyncTransport } from './transport';

afterEach(closeTestDevices);

const pusher = (db: MoiDb, transport: SyncTransport, opts: { batch?: number; holdsLock?: boolean } = {}) => {
  const timing = testTiming(opts.batch ?? 500);
  return { timing, p: new PushAdapter({ db, transport: () => transport, timing, random: () => 0.5, holdsLock: () => opts.holdsLock ?? false }) };
};
const states = async (db: MoiDb) => (await db.outbox.orderBy('seq').toArray()).map((r) => r.state);

describe('PushAdapter', () => {
  it('sends the outbox in seq order in batches of the current size, marks every row done and the gifts confirmed', async () => {
    const db = await testDevice();
    const gifts = [];
    for (let i = 0; i < 7; i++) gifts.push(await createGiftOn(db, giftInput(i)));
    const server = new FakeSyncServer();
    const { p } = pusher(db, server.transport(), { batch: 3 });
    await p.pushAll();
    expect(server.calls.map((c) => c.length)).toEqual([3, 3, 1]);
    const seqOrder = (await db.outbox.orderBy('seq').toArray()).map((r) => r.id);
    expect(server.calls.flat()).toEqual(seqOrder);
    expect(await states(db)).toEqual(Array(7).fill('done'));
    expect((await db.gifts.bulkGet(gifts.map((g) => g.id))).map((g) => g?._pending)).toEqual(Array(7).fill(0));
  });

  it('a failed request puts its rows back as pending with the attempt counted, and throws it', async () => {
    const db = await testDevice();
    const g = await createGiftOn(db, giftInput(1));
    const server = new FakeSyncServer();
    server.before = () => { throw networkError(); };
    const { p } = pusher(db, server.transport());
    await expect(p.pushAll()).rejects.toMatchObject({ code: 'network' });
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastErrorCode: 'network', sendingSince: null });
    expect((await db.gifts.get(g.id))?._pending).toBe(1);
  });

  it('a row retried after later rows were applied goes under a new seq: the server applies it, never answers it duplicate', async () => {
    const db = await testDevice();
    const a = await createGiftOn(db, giftInput(1));
    const server = new FakeSyncServer();
    let refuse: string | null = 'internal_error';
    server.rejectIf = (m) => ((m.args as { id: string }).id === a.id ? refuse : null);
    await pusher(db, server.transport()).p.pushAll();
    const [rowA] = await db.outbox.toArray();
    expect(rowA).toMatchObject({ state: 'pending', lastErrorCode: 'internal_error' });
    // A later gift goes while the first waits out its retry delay; the server's cursor passes it.
    const b = await createGiftOn(db, giftInput(2));
    await pusher(db, server.transport()).p.pushAll();
    refuse = null;
    await releaseRetryHolds(db);
    await pusher(db, server.transport()).p.pushAll();
    expect(server.appliedCount(rowA.id)).toBe(1);
    const rows = await db.outbox.toArray();
    expect(rows.map((r) => r.state)).toEqual(['done', 'done']);
    const seqOf = (giftId: string) => rows.find((r) => (r.args as { id: string }).id === giftId)!.seq;
    expect(seqOf(a.id)).toBeGreaterThan(seqOf(b.id));
  });

  it('Retry of a rejected row after later rows were applied sends it under a new seq, and it is applied', async () => {
    const db = await testDevice();
    const a = await createGiftOn(db, giftInput(1));
    const server = new FakeSyncServer();
    let refuse: string | null = 'not_assigned';
    server.rejectIf = (m) => ((m.args as { id: string }).id === a.id ? refuse : null);
    await pusher(db, server.transport()).p.pushAll();
    await createGiftOn(db, giftInput(2));
    await pusher(db, server.transport()).p.pushAll();
    const [rowA] = await db.outbox.where('state').equals('rejected').toArray();
    expect(rowA.id).toBeDefined();
    refuse = null;
    await retryRejected(rowA.id, db);
    await pusher(db, server.transport()).p.pushAll();
    expect(server.appliedCount(rowA.id)).toBe(1);
    expect(await states(db)).toEqual(['done', 'done']);
  });

  it('after a request that got no answer, one drain resends its rows first, alone, and then sends the rest', async () => {
    const db = await testDevice();
    await createGiftOn(db, giftInput(1));
    const server = new FakeSyncServer();
    server.before = () => { throw networkError(); };
    await expect(pusher(db, server.transport()).p.pushAll()).rejects.toMatchObject({ code: 'network' });
    await createGiftOn(db, giftInput(2));
    server.before = () => {};
    await pusher(db, server.transport()).p.pushAll();
    const [first, second] = await db.outbox.orderBy('seq').toArray();
    expect(server.calls.slice(-2)).toEqual([[first.id], [second.id]]);
    expect(await states(db)).toEqual(['done', 'done']);
  });

  it('a 401 leaves the rows exactly as they were (no attempt counted)', async () => {
    const db = await testDevice();
    await createGiftOn(db, giftInput(1));
    const server = new FakeSyncServer();
    server.before = () => { throw unauthenticated(); };
    await expect(pusher(db, server.transport()).p.pushAll()).rejects.toMatchObject({ status: 401 });
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'pending', attempts: 0, lastError: null });
  });

  it('sends nothing while another tab\'s fresh `sending` claim may be in flight (its outcome decides what is applied); the lock holder takes both back and sends them first, under their seqs', async () => {
    const db = await testDevice();
    await createGiftOn(db, giftInput(1));
    await createGiftOn(db, giftInput(2));
    const [fresh, stale] = await db.outbox.orderBy('seq').toArray();
    await db.outbox.update(fresh.id, { state: 'sending', sendingSince: Date.now() });
    await db.outbox.update(stale.id, { state: 'sending', sendingSince: Date.now() - STALE_SENDING_MS - 1 });
    const server = new FakeSyncServer();
    await pusher(db, server.transport()).p.pushAll();
    // A later seq sent now would make the server answer the in-flight one `duplicate` (lost).
    expect(server.calls.flat()).toEqual([]);
    expect(await states(db)).toEqual(['sending', 'pending']);
    // The lock holder knows nobody else is sending: the fresh claim is a page that closed.
    await pusher(db, server.transport(), { holdsLock: true }).p.pushAll();
    expect(server.calls).toEqual([[fresh.id, stale.id]]);
    expect((await db.outbox.orderBy('seq').toArray()).map((r) => r.seq)).toEqual([fresh.seq, stale.seq]);
    expect(await states(db)).toEqual(['done', 'done']);
  });

  it('hands picture entries to the attachments queue in their place and pushes the rest', async () => {
    const db = await testDevice();
    const userId = '0192f000-0000-7000-8000-0000000000aa';
    await db.users.put({ id: userId, username: 'kavitha', name: 'Kavitha', role: 'counter_staff', _pending: 1 } as never);
    await createGiftOn(db, giftInput(1));
    await writeWithMutationOn(db, 'profile.picture', { userId, fileId: 'f1', mime: 'image/png' }, [db.files], async () => {
      await db.files.put({ id: 'f1', blob: new Blob(['png']), mime: 'image/png', createdAt: new Date().toISOString() });
    }, { entity: `user:${userId}` });
    const server = new FakeSyncServer();
    const uploads: string[] = [];
    const t = server.transport();
    await pusher(db, { ...t, uploadProfileImage: async (id) => { uploads.push(id); return { profileImagePath: `/moi/user/profile-image/${id}.png` }; } }).p.pushAll();
    expect(server.calls.flat()).toHaveLength(1);
    expect(uploads).toEqual([userId]);
    expect(await states(db)).toEqual(['done', 'done']);
    expect(await db.users.get(userId)).toMatchObject({ profileImagePath: `/moi/user/profile-image/${userId}.png`, _pending: 0 });
  });
});
