// Signing in on a device: a different person does not inherit the previous one's data or drafts.
import { afterEach, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../contract/api';
import { readDraft, writeDraft } from '../lib/drafts';
import type { MoiDb } from './db';
import { FakeSyncServer } from '../../tests/support/fake-sync-server';
import { createGiftOn } from './gifts-repo';
import { afterSignInOn, afterSignOutOn } from './lifecycle';
import { META, metaGet, metaSet } from './outbox';
import { closeTestDevices, COUNTER, EVENT, testDb, testEngine } from '../../tests/support/data-kit';

/** The device id the server issued at sign-in (a UUID, as contract/ has it). */
const DEVICE = '0192f000-0000-7000-8000-00000000de01';
const OTHER_EVENT = '0192f000-0000-7000-8000-000000000009';

/** A tablet where kavi synced two gifts and pulled the rows a counter sees, then keyed one more offline. */
async function usedTablet() {
  const db = await testDb('moi-signout');
  await afterSignInOn(db, login('kavi'), DEVICE);
  const gift = (name: string) => createGiftOn(db, { eventId: EVENT, counterId: COUNTER, counterCode: 'A', name, mobile: '9876543210', amount: 501, enteredBy: 'kavi' });
  const synced = [await gift('Murugan'), await gift('Selvi')];
  const server = new FakeSyncServer();
  await testEngine(db, server.transport()).syncNow();
  expect(await db.outbox.where('state').equals('done').count()).toBe(2);
  const unsynced = await gift('Valli');
  await db.users.bulkPut([{ id: 'ravi', user_id: 'RAVI', username: 'ravi', name: 'Ravi', mobile: '9840000000', role: 'counter_staff', userType: null, profileImagePath: 'p.png', _pending: 0 }]);
  await db.audits.bulkPut([
    { id: 'a1', giftId: synced[0].id, _pending: 0 } as never,
    { id: 'a2', giftId: unsynced.id, _pending: 1 } as never,
  ]);
  await db.staffPins.put({ id: `${COUNTER}:ravi`, counterId: COUNTER, userId: 'ravi', name: 'Ravi', salt: 's', hash: 'h', iterations: 100_000 });
  await db.events.bulkPut([{ id: EVENT, _pending: 0 } as never, { id: OTHER_EVENT, _pending: 0 } as never]);
  await db.counters.put({ id: COUNTER, eventId: EVENT, _pending: 0 } as never);
  await db.memberships.put({ id: 'm1', holderId: 'kavi' } as never);
  await db.signups.put({ id: 's1', name: 'Guest', _pending: 0 } as never);
  await metaSet(db, META.pullCursor, 42);
  await metaSet(db, META.pullScope, { gift: 'x' });
  await metaSet(db, META.lastSyncAt, new Date().toISOString());
  return { db, synced, unsynced };
}

async function expectOnlyUnsyncedLeft(db: MoiDb, unsyncedId: string) {
  expect((await db.gifts.toArray()).map((g) => g.name)).toEqual(['Valli']);
  expect(await db.users.count()).toBe(0);
  expect((await db.audits.toArray()).map((a) => a.id)).toEqual(['a2']);
  expect(await db.staffPins.count()).toBe(0);
  expect(await db.memberships.count()).toBe(0);
  expect(await db.signups.count()).toBe(0);
  // The event and counter the waiting gift belongs to stay so it still shows; nothing else.
  expect((await db.events.toArray()).map((e) => e.id)).toEqual([EVENT]);
  expect((await db.counters.toArray()).map((c) => c.id)).toEqual([COUNTER]);
  const outbox = await db.outbox.toArray();
  expect(outbox.map((r) => [r.state, (r.args as { id: string }).id])).toEqual([['pending', unsyncedId]]);
  // The next person pulls afresh; the device keeps its identity and its receipt sequence.
  expect(await metaGet(db, META.pullCursor)).toBe(0);
  expect(await metaGet(db, META.pullScope)).toBeUndefined();
  expect(await metaGet(db, META.user)).toBeUndefined();
  expect(await metaGet(db, META.lastSyncAt)).toBeUndefined();
  expect(await metaGet(db, META.deviceId)).toBe(DEVICE);
  expect(await metaGet(db, META.deviceCode)).toBe('T7');
  expect(await metaGet(db, META.receiptSeq)).toBe(3);
  expect(await metaGet(db, META.seq)).toBe(3);
}

afterEach(closeTestDevices);

const login = (id: string) => ({
  user: { id, user_id: id.toUpperCase(), username: id, name: id, mobile: null, role: 'counter_staff', userType: null, profileImagePath: null },
  device: { deviceId: DEVICE, code: 'T7' },
}) as unknown as LoginResponse;

describe('sign-out on a shared tablet', () => {
  it('removes every synced row, done entries and pull state; keeps unsynced work and the device identity', async () => {
    const { db, unsynced } = await usedTablet();
    await afterSignOutOn(db);
    await expectOnlyUnsyncedLeft(db, unsynced.id);
    // The next receipt continues the device's sequence: 0004, never a second 0001.
    const next = await createGiftOn(db, { eventId: EVENT, counterId: COUNTER, counterCode: 'A', name: 'Next', amount: 101, enteredBy: 'ravi' });
    expect(next.receiptNo).toBe('A-T7-0004');
  });

  it('a session that expired without sign-out: the next person signing in gets the same clean-up', async () => {
    const { db, unsynced } = await usedTablet();
    await afterSignInOn(db, login('ravi'), DEVICE);
    // Ravi's own user row is written at sign-in; the rest is as after a sign-out.
    expect((await db.users.toArray()).map((u) => u.id)).toEqual(['ravi']);
    await db.users.clear();
    await metaSet(db, META.user, undefined);
    await db.meta.delete(META.user);
    await db.meta.delete(META.pullUserId);
    await expectOnlyUnsyncedLeft(db, unsynced.id);
  });
});

describe('afterSignIn', () => {
  it('keeps the same person’s half-typed giver, and drops it when someone else signs in on the tablet', async () => {
    const db = await testDb('moi-lifecycle');
    await afterSignInOn(db, login('kavi'), DEVICE);
    writeDraft('gift-entry', { counterId: 'c1', values: { name: 'Murugan' } });
    await afterSignInOn(db, login('kavi'), DEVICE); // the same person again (session expired)
    expect(readDraft('gift-entry')).toEqual({ counterId: 'c1', values: { name: 'Murugan' } });
    await afterSignInOn(db, login('ravi'), DEVICE);
    expect(readDraft('gift-entry')).toBeNull();
  });
});
