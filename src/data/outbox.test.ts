// Device-side outbox and sync loop on fake-indexeddb, including the adversarial cases of issue 3.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MoiDb } from './db';
import { FakeSyncServer, networkError, serverError, unauthenticated } from '../../tests/support/fake-sync-server';
import { createGiftOn, formatReceipt, updateGiftOn } from './gifts-repo';
import { beforeSignOutOn } from './lifecycle';
import { META, buildExport, exportUnsynced, importUnsynced, isQuotaError, outboxCounts, retryRejected, writeWithMutationOn } from './outbox';
import { BACKOFF_MAX_MS, BACKOFF_MIN_MS, backoffDelay } from './sync/backoff';
import { SyncEngine } from './sync/engine';
import { closeTestDevices, COUNTER, EVENT, giftInput, testDb, testDevice, testEngine } from '../../tests/support/data-kit';
import { STALE_SENDING_MS } from './sync/push';

const device = (code = 'T7', name?: string) => testDevice(code, name);
const input = (i: number) => giftInput(i);
const engine = (db: MoiDb, server: FakeSyncServer, extra: Parameters<typeof testEngine>[2] = {}) => testEngine(db, server.transport(), extra);

async function addGifts(db: MoiDb, count: number) {
  const out = [];
  for (let i = 0; i < count; i++) out.push(await createGiftOn(db, input(i)));
  return out;
}
/** Many gifts quickly: the same repository calls nested in one outer transaction (fake-indexeddb is slow per transaction). */
async function addManyGifts(db: MoiDb, count: number) {
  return db.transaction('rw', [db.gifts, db.outbox, db.meta], async () => addGifts(db, count));
}

afterEach(async () => {
  vi.useRealTimers();
  await closeTestDevices();
});

describe('writes', () => {
  it('commits the gift and its outbox row together, with an offline receipt number', async () => {
    const db = await device('K4');
    const g = await createGiftOn(db, input(1));
    expect(g.receiptNo).toBe('A-K4-0001');
    expect((await createGiftOn(db, input(2))).receiptNo).toBe(formatReceipt('A', 'K4', 2));
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => [r.name, r.state, r.entity])).toEqual([
      ['gift.create', 'pending', `gift:${g.id}`],
      ['gift.create', 'pending', expect.stringMatching(/^gift:/)],
    ]);
    expect(rows[0].seq).toBeLessThan(rows[1].seq);
    expect(await db.gifts.get(g.id)).toMatchObject({ _pending: 1, amount: 102 });
  });

  it('stores neither the record nor the mutation when the write fails midway', async () => {
    const db = await device();
    await expect(writeWithMutationOn(db, 'signup.create', {
      id: '0192f000-0000-7000-8000-0000000000aa', name: 'Selvi', mobile: '9876543210', functionType: 'wedding', expectedDate: null, plan: 'smart_track', createdAt: new Date().toISOString(),
    }, [db.signups], async () => {
      await db.signups.add({ id: '0192f000-0000-7000-8000-0000000000aa' } as never);
      throw new Error('disk on fire');
    })).rejects.toThrow('disk on fire');
    expect(await db.signups.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a gift with invalid fields before anything is stored', async () => {
    const db = await device();
    await expect(createGiftOn(db, { ...input(1), mobile: '12345' })).rejects.toThrow(/mobile/);
    expect(await db.gifts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses to number receipts before the device has a code', async () => {
    const db = await device();
    await db.meta.delete(META.deviceCode);
    await expect(createGiftOn(db, input(1))).rejects.toMatchObject({ code: 'no_device_code' });
  });

  it('recognises a QuotaExceededError (also wrapped) and surfaces it to the sync state', async () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: quota })).toBe(true);
    expect(isQuotaError(new Error('x'))).toBe(false);
    const db = await device();
    const e = engine(db, new FakeSyncServer());
    await expect(writeWithMutationOn(db, 'counter.open', { id: COUNTER, by: 'x', at: new Date().toISOString() }, [db.counters], async () => { throw quota; }))
      .rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(e.getCore().error).toBe('quota_exceeded');
  });
});

describe('drain', () => {
  it('pushes in seq order in batches of at most 500 and marks everything done', async () => {
    const db = await device();
    const server = new FakeSyncServer();
    const gifts = await addManyGifts(db, 501);
    await engine(db, server).drain();
    expect(server.calls.map((c) => c.length)).toEqual([500, 1]);
    const seqs = (await db.outbox.toArray()).sort((a, b) => a.seq - b.seq).map((r) => r.id);
    expect(server.calls.flat()).toEqual(seqs);
    expect(await outboxCounts(db)).toMatchObject({ pending: 0, sending: 0, rejected: 0 });
    expect(await db.gifts.where('_pending').equals(1).count()).toBe(0);
    expect(server.totalApplied).toBe(gifts.length);
  }, 60_000);

  // 'The same batch delivered twice is applied once' runs against the real server: tests/sync/replay.test.ts.

  it('a response lost after the server committed: the retry answers duplicate, nothing doubles', async () => {
    const db = await device();
    const server = new FakeSyncServer();
    server.after = (_b, call) => { if (call === 1) throw networkError(); };
    await addGifts(db, 10);
    const e = engine(db, server);
    await e.drain();
    expect(e.getCore().online).toBe(false);
    const afterFail = await db.outbox.toArray();
    expect(afterFail.every((r) => r.state === 'pending' && r.attempts === 1 && r.lastError === 'Failed to fetch')).toBe(true);
    await e.drain();
    expect(e.getCore().online).toBe(true);
    expect(server.totalApplied).toBe(10);
    expect(await outboxCounts(db)).toMatchObject({ pending: 0, rejected: 0 });
  });

  it('a 500 in the middle of a run keeps what succeeded and retries the rest later', async () => {
    const db = await device();
    const server = new FakeSyncServer();
    server.before = (_b, call) => { if (call === 2) throw serverError(); };
    await addManyGifts(db, 250);
    const e = engine(db, server, { batchSize: 100 });
    await e.drain();
    expect(e.getCore().error).toBe('server_error');
    expect(await db.outbox.where('state').equals('done').count()).toBe(100);
    expect(await db.outbox.where('state').equals('pending').count()).toBe(150);
    await e.drain();
    expect(e.getCore().error).toBeNull();
    expect(server.totalApplied).toBe(250);
    expect(await db.outbox.where('state').equals('done').count()).toBe(250);
  }, 60_000);

  it('a rejected mutation is kept with its error and never blocks the ones behind it; Retry sends it again', async () => {
    const db = await device();
    const server = new FakeSyncServer();
    const gifts = await addGifts(db, 5);
    const bad = (await db.outbox.toArray()).find((r) => r.entity === `gift:${gifts[1].id}`)!;
    server.rejectIf = (m) => (m.id === bad.id ? 'counter_closed' : null);
    const e = engine(db, server);
    await e.drain();
    expect(await db.outbox.get(bad.id)).toMatchObject({ state: 'rejected', lastErrorCode: 'counter_closed' });
    expect(await outboxCounts(db)).toMatchObject({ pending: 0, rejected: 1 });
    expect(server.totalApplied).toBe(4);
    // The local gift stays visible as not accepted.
    expect((await db.gifts.get(gifts[1].id))?._pending).toBe(1);
    server.rejectIf = () => null;
    await retryRejected(bad.id, db);
    await e.drain();
    expect(await db.outbox.get(bad.id)).toMatchObject({ state: 'done' });
    expect((await db.gifts.get(gifts[1].id))?._pending).toBe(0);
  });

  it('two tabs draining at once send every mutation exactly once', async () => {
    const name = `moi-two-tabs-${crypto.randomUUID()}`;
    const tab1 = await device('T1', name);
    const tab2 = await testDb('moi-two-tabs', name);
    const server = new FakeSyncServer();
    await addManyGifts(tab1, 300);
    await Promise.all([engine(tab1, server, { batchSize: 40 }).drain(), engine(tab2, server, { batchSize: 40 }).drain()]);
    const sent = server.calls.flat();
    expect(sent).toHaveLength(300);
    expect(new Set(sent).size).toBe(300);
    expect(server.totalApplied).toBe(300);
    // Both tabs really took part.
    expect(server.calls.length).toBeGreaterThan(300 / 40);
    expect(await outboxCounts(tab2)).toMatchObject({ pending: 0, sending: 0 });
  }, 60_000);

  it('the page closing between two batches loses nothing and doubles nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const name = `moi-close-${crypto.randomUUID()}`;
    const db1 = await device('T1', name);
    const server = new FakeSyncServer();
    await addManyGifts(db1, 250);
    // Batch 1 goes through; batch 2's request never returns: the page is closed during it.
    server.before = (_b, call) => { if (call === 2) throw new Error('page closed'); };
    const t = server.transport();
    let hang: Promise<never> | null = null;
    const _e1 = new SyncEngine({ db: db1, useLocks: false, listenToWindow: false, timers: false, batchSize: 100, transport: { ...t, push: (b) => (server.calls.length >= 1 ? (hang ??= new Promise<never>(() => {})) : t.push(b)) } });
    void _e1.drain();
    // Batch 2's request is out (batch 1 settled, batch 2 claimed) before the page closes.
    await vi.waitFor(() => expect(hang).not.toBeNull(), { timeout: 20_000, interval: 20 });
    expect(await db1.outbox.where('state').equals('sending').count()).toBe(100);
    db1.close();
    // The page opens again: a fresh database connection and engine.
    const db2 = await testDb('moi-reopen', name);
    server.before = () => {};
    const e2 = engine(db2, server, { batchSize: 100 });
    await e2.drain();
    // A claim that may still belong to a live tab is left alone until it is stale…
    expect(await db2.outbox.where('state').equals('sending').count()).toBe(100);
    vi.setSystemTime(Date.now() + STALE_SENDING_MS + 1000);
    await e2.drain();
    expect(await outboxCounts(db2)).toMatchObject({ pending: 0, sending: 0, rejected: 0 });
    expect(server.totalApplied).toBe(250);
    expect([...server.applied.values()].every((v) => v === 1)).toBe(true);
  }, 60_000);

  it('a 401 stops the loop and asks to sign in again without touching the outbox', async () => {
    const db = await device();
    const server = new FakeSyncServer();
    server.before = () => { throw unauthenticated(); };
    await addGifts(db, 3);
    const e = engine(db, server);
    e.start();
    await e.drain();
    expect(e.getCore().needsSignIn).toBe(true);
    expect(e.isRunning).toBe(false);
    const rows = await db.outbox.toArray();
    expect(rows.every((r) => r.state === 'pending' && r.attempts === 0 && r.lastError === null)).toBe(true);
  });

  it('network failure counts an attempt and marks the device offline; backoff is 5 s doubling to 5 min with jitter', async () => {
    const db = await device();
    const server = new FakeSyncServer();
    server.before = () => { throw networkError(); };
    await addGifts(db, 1);
    const e = engine(db, server);
    await e.drain();
    await e.drain();
    expect(e.getCore().online).toBe(false);
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'pending', attempts: 2, lastErrorCode: 'network' });
    expect(backoffDelay(1, () => 0.5)).toBe(BACKOFF_MIN_MS);
    expect(backoffDelay(2, () => 0.5)).toBe(2 * BACKOFF_MIN_MS);
    expect(backoffDelay(20, () => 0.5)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(1, () => 0)).toBe(0.8 * BACKOFF_MIN_MS);
    expect(backoffDelay(1, () => 1)).toBe(1.2 * BACKOFF_MIN_MS);
  });
});

describe('pull', () => {
  it('applies pulled rows but never clobbers a local row that still has unsynced work', async () => {
    const db = await device();
    const [g] = await addGifts(db, 1);
    const server = new FakeSyncServer();
    server.before = () => { throw networkError(); }; // the gift cannot be pushed yet
    const e = engine(db, server);
    const remote = { ...g, name: 'Server name', version: 2, receivedAt: new Date().toISOString() };
    const { _pending: _drop, ...remoteRow } = remote;
    const other = { ...remoteRow, id: '0192f000-0000-7000-8000-0000000000bb', receiptNo: 'B-X1-0001', name: 'Someone else' };
    await e.applyChanges([{ type: 'gift', id: g.id, row: remoteRow }, { type: 'gift', id: other.id, row: other }], 42);
    expect((await db.gifts.get(g.id))?.name).toBe('Giver 0');
    expect(await db.gifts.get(other.id)).toMatchObject({ name: 'Someone else', _pending: 0 });
    expect((await db.meta.get(META.pullCursor))?.value).toBe(42);
    await e.applyChanges([{ type: 'gift', id: other.id, deleted: true }], 43);
    expect(await db.gifts.get(other.id)).toBeUndefined();
  });

  it('follows hasMore until the server has no more, advancing the cursor', async () => {
    const db = await device();
    const server = new FakeSyncServer();
    const ev = { id: EVENT, titleTa: 'திருமணம்', titleEn: 'Wedding', functionType: 'wedding' as const, date: '2026-11-22', venue: '', hostNames: '', thankYouNote: '', upiId: null, ownerIds: [], adminIds: [], status: 'open' as const, plan: null };
    server.pullPages = [
      { changes: [{ type: 'event', id: EVENT, row: ev }], cursor: 5, hasMore: true },
      { changes: [{ type: 'event', id: EVENT, row: { ...ev, venue: 'Hall' } }], cursor: 9, hasMore: false },
    ];
    const e = engine(db, server);
    await e.drain();
    expect((await db.events.get(EVENT))?.venue).toBe('Hall');
    expect((await db.meta.get(META.pullCursor))?.value).toBe(9);
    expect(e.getCore().lastSyncAt).not.toBeNull();
  });
});

describe('export, import and sign-out', () => {
  let db1: MoiDb;
  let db2: MoiDb;
  beforeEach(async () => {
    db1 = await device('T1');
    db2 = await device('T2');
  });

  it('refuses sign-out with unsynced work until it is exported (or synced)', async () => {
    expect(await beforeSignOutOn(db1)).toEqual({ ok: true });
    await addGifts(db1, 2);
    expect(await beforeSignOutOn(db1)).toEqual({ ok: false, pending: 2 });
    await exportUnsynced(db1);
    expect(await beforeSignOutOn(db1)).toEqual({ ok: true });
    await addGifts(db1, 1); // written after the export: refused again
    expect(await beforeSignOutOn(db1)).toEqual({ ok: false, pending: 3 });
  });

  it('an export imported on another device pushes with the original ids: nothing doubles', async () => {
    const gifts = await addGifts(db1, 3);
    const g = await updateGiftOn(db1, gifts[0].id, { amount: 5001 }, 'typo', 'staff-1');
    expect(g.amount).toBe(5001);
    const file = await exportUnsynced(db1);
    const doc = await buildExport(db1);
    expect(doc.mutations.map((m) => m.name)).toEqual(['gift.create', 'gift.create', 'gift.create', 'gift.update']);
    const server = new FakeSyncServer();
    // Device 1 got some through before it broke…
    await engine(db1, server, { batchSize: 2 }).drain();
    // …and device 2 imports the whole file and syncs it.
    expect(await importUnsynced(file, db2)).toEqual({ imported: 4, skipped: 0 });
    expect(await db2.gifts.count()).toBe(3);
    expect(await importUnsynced(file, db2)).toEqual({ imported: 0, skipped: 4 }); // importing twice adds nothing
    await engine(db2, server).drain();
    expect(server.totalApplied).toBe(4);
    expect([...server.applied.values()].every((v) => v === 1)).toBe(true);
    expect(await outboxCounts(db2)).toMatchObject({ pending: 0, rejected: 0 });
  });

  it('refuses a file that is not an export', async () => {
    await expect(importUnsynced(new Blob(['{"hello":1}']), db2)).rejects.toThrow('not_export');
    await expect(importUnsynced(new Blob(['nope']), db2)).rejects.toThrow('not_json');
  });
});
