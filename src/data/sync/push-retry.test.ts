// Transient server answers (internal_error) are retried with backoff and only then shown as
// rejected; permanent ones show at once. Device outbox on fake-indexeddb, the sync loop against
// the in-memory fake server (it lets the test decide which answer each mutation gets).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MoiDb } from '../db';
import { FakeSyncServer } from '../../../tests/support/fake-sync-server';
import { createGiftOn, updateGiftOn } from '../gifts-repo';
import { outboxCounts, retryRejected } from '../outbox';
import { MAX_TRANSIENT_TRIES, nextRetryIn, settlePushResults } from './push-retry';
import type { OutboxRow } from '../db';
import { BACKOFF_MIN_MS } from './backoff';
import { closeTestDevices, giftInput, testDevice, testEngine } from '../../../tests/support/data-kit';

const device = () => testDevice('R1');
const input = (i: number) => giftInput(i);
const engine = (db: MoiDb, server: FakeSyncServer) => testEngine(db, server.transport(), { random: () => 1 });
const rowOf = async (db: MoiDb, giftId: string, name = 'gift.create') =>
  (await db.outbox.where('entity').equals(`gift:${giftId}`).toArray()).find((r) => r.name === name)!;

let clock = Date.parse('2026-11-22T09:00:00Z');
function useClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
}
function advance(ms: number) {
  clock += ms;
  vi.setSystemTime(clock);
}

afterEach(async () => {
  vi.useRealTimers();
  await closeTestDevices();
});

describe('a server error on one entry', () => {
  it('keeps the entry waiting (not rejected), holds it back for the backoff, then sends it again: applied once', async () => {
    useClock();
    const db = await device();
    const server = new FakeSyncServer();
    const gifts = [];
    for (let i = 0; i < 4; i++) gifts.push(await createGiftOn(db, input(i)));
    const flaky = await rowOf(db, gifts[1].id);
    let failures = 2;
    server.rejectIf = (m) => (m.id === flaky.id && failures-- > 0 ? 'internal_error' : null);
    const e = engine(db, server);

    await e.drain();
    expect(await db.outbox.get(flaky.id)).toMatchObject({ state: 'pending', attempts: 1, lastErrorCode: 'internal_error', transientTries: 1 });
    expect(await outboxCounts(db)).toMatchObject({ pending: 1, rejected: 0 });
    expect(server.totalApplied).toBe(3);
    expect((await db.gifts.get(gifts[1].id))?._pending).toBe(1);
    // The loop comes back when the first backoff step ends (5 s ± 20 %), not at the 60 s idle poll.
    expect(await nextRetryIn(db)).toBe(BACKOFF_MIN_MS * 1.2);

    // Another drain before the delay ends does not send it.
    const callsBefore = server.calls.length;
    await e.drain();
    expect(server.calls.slice(callsBefore).flat()).not.toContain(flaky.id);

    advance(BACKOFF_MIN_MS * 1.2);
    await e.drain();
    expect(await db.outbox.get(flaky.id)).toMatchObject({ state: 'pending', attempts: 2, transientTries: 2 });
    expect(await nextRetryIn(db)).toBe(2 * BACKOFF_MIN_MS * 1.2); // doubled

    advance(2 * BACKOFF_MIN_MS * 1.2);
    await e.drain();
    expect(await db.outbox.get(flaky.id)).toMatchObject({ state: 'done', lastErrorCode: null, retryAt: null });
    expect(server.appliedCount(flaky.id)).toBe(1);
    expect(server.totalApplied).toBe(4);
    expect((await db.gifts.get(gifts[1].id))?._pending).toBe(0);
    expect(await nextRetryIn(db)).toBeNull();
  });

  it('"Sync now" sends an entry waiting out its retry delay at once', async () => {
    useClock();
    const db = await device();
    const server = new FakeSyncServer();
    const gift = await createGiftOn(db, input(0));
    const row = await rowOf(db, gift.id);
    let failures = 1;
    server.rejectIf = (m) => (m.id === row.id && failures-- > 0 ? 'internal_error' : null);
    const e = engine(db, server);
    await e.drain();
    expect(await db.outbox.get(row.id)).toMatchObject({ state: 'pending', transientTries: 1 });
    expect(await nextRetryIn(db)).toBeGreaterThan(0);

    await e.syncNow(); // a screen's timed refresh leaves the backoff alone
    expect(await db.outbox.get(row.id)).toMatchObject({ state: 'pending' });
    await e.syncNow({ releaseHolds: true }); // the person pressed "Sync now"; no time has passed
    expect(await db.outbox.get(row.id)).toMatchObject({ state: 'done', transientTries: 1, retryAt: null });
    expect(server.appliedCount(row.id)).toBe(1);
    expect(await nextRetryIn(db)).toBeNull();
  });

  it(`after ${MAX_TRANSIENT_TRIES} server errors the entry shows as not accepted; Retry sends it at once`, async () => {
    useClock();
    const db = await device();
    const server = new FakeSyncServer();
    const g = await createGiftOn(db, input(1));
    const row = await rowOf(db, g.id);
    server.rejectIf = () => 'internal_error';
    const e = engine(db, server);
    for (let i = 1; i < MAX_TRANSIENT_TRIES; i++) {
      await e.drain();
      expect(await db.outbox.get(row.id)).toMatchObject({ state: 'pending', transientTries: i });
      advance(10 * 60_000);
    }
    await e.drain();
    expect(await db.outbox.get(row.id)).toMatchObject({ state: 'rejected', lastErrorCode: 'internal_error', attempts: MAX_TRANSIENT_TRIES });
    expect(await outboxCounts(db)).toMatchObject({ pending: 0, rejected: 1 });
    expect(server.totalApplied).toBe(0);

    server.rejectIf = () => null;
    await retryRejected(row.id, db);
    await e.drain(); // no waiting: the user asked
    expect(await db.outbox.get(row.id)).toMatchObject({ state: 'done' });
    expect(server.appliedCount(row.id)).toBe(1);
  });

  it('a permanent rejection in the same batch shows at once, with no automatic retry', async () => {
    useClock();
    const db = await device();
    const server = new FakeSyncServer();
    const a = await createGiftOn(db, input(1));
    const b = await createGiftOn(db, input(2));
    const ra = await rowOf(db, a.id);
    const rb = await rowOf(db, b.id);
    server.rejectIf = (m) => (m.id === ra.id ? 'internal_error' : m.id === rb.id ? 'counter_closed' : null);
    await engine(db, server).drain();
    expect(await db.outbox.get(ra.id)).toMatchObject({ state: 'pending', lastErrorCode: 'internal_error' });
    expect(await db.outbox.get(rb.id)).toMatchObject({ state: 'rejected', lastErrorCode: 'counter_closed', transientTries: 0, retryAt: null });
  });

  it('an edit queued behind a creation the server could not store waits with it instead of failing as not found', async () => {
    useClock();
    const db = await device();
    const server = new FakeSyncServer();
    const g = await createGiftOn(db, input(1));
    await updateGiftOn(db, g.id, { amount: 5001 }, 'typo', 'staff-1');
    const create = await rowOf(db, g.id);
    const update = await rowOf(db, g.id, 'gift.update');
    const onServer = new Set<string>();
    let createFails = 1;
    server.rejectIf = (m) => {
      const id = (m.args as { id: string }).id;
      if (m.name === 'gift.create') {
        if (createFails-- > 0) return 'internal_error';
        onServer.add(id);
        return null;
      }
      return onServer.has(id) ? null : 'not_found';
    };
    const e = engine(db, server);
    await e.drain();
    expect(await db.outbox.get(create.id)).toMatchObject({ state: 'pending', lastErrorCode: 'internal_error' });
    expect(await db.outbox.get(update.id)).toMatchObject({ state: 'pending', lastErrorCode: 'not_found' });

    // Later: another gift is written; only it goes out while the pair waits together.
    const other = await createGiftOn(db, input(2));
    const callsBefore = server.calls.length;
    await e.drain();
    expect(server.calls.slice(callsBefore).flat()).toEqual([(await rowOf(db, other.id)).id]);

    advance(10 * 60_000);
    await e.drain();
    expect(await db.outbox.get(create.id)).toMatchObject({ state: 'done' });
    expect(await db.outbox.get(update.id)).toMatchObject({ state: 'done' });
    expect(await db.gifts.get(g.id)).toMatchObject({ _pending: 0, amount: 5001 });
    expect(server.totalApplied).toBe(3);
  });
});

describe('a cash handover confirmed by PIN or OTP', () => {
  const row = (id: string, confirm: Record<string, unknown>): OutboxRow => ({
    id, deviceId: 'd', seq: 1, name: 'handover.create', args: { id: `h-${id}`, cash: 5000, confirm }, createdAt: '2026-11-22T09:00:00Z',
    attempts: 0, lastError: null, lastErrorCode: null, state: 'sending', entity: `handover:h-${id}`,
  });
  const opts = { now: 1, backoff: () => 1000 };

  it('keeps no typed PIN or OTP on the device once the server accepted the handover; the rest of the entry stays for the history', () => {
    const { next } = settlePushResults([row('a', { method: 'pin', pin: '482913' }), row('b', { method: 'otp', otp: '120044' })],
      [{ id: 'a', status: 'applied' }, { id: 'b', status: 'duplicate' }], opts);
    expect(next.map((r) => [r.state, r.args])).toEqual([
      ['done', { id: 'h-a', cash: 5000, confirm: { method: 'pin' } }],
      ['done', { id: 'h-b', cash: 5000, confirm: { method: 'otp' } }],
    ]);
  });

  it('keeps the PIN while the entry waits to be sent again (a server error) or is refused, so Retry can still send it', () => {
    const { next } = settlePushResults([row('a', { method: 'pin', pin: '482913' }), row('b', { method: 'pin', pin: '111111' })],
      [{ id: 'a', status: 'rejected', code: 'internal_error' }, { id: 'b', status: 'rejected', code: 'invalid_body', message: 'bad' }], opts);
    expect(next.map((r) => [r.state, (r.args as { confirm: unknown }).confirm])).toEqual([
      ['pending', { method: 'pin', pin: '482913' }],
      ['rejected', { method: 'pin', pin: '111111' }],
    ]);
  });
});
