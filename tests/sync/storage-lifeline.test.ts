// The device database lost while OFFLINE (issue 31): the browser deletes the site's IndexedDB
// (eviction, "clear site data") at a venue with no network, localStorage keeps the session. Before,
// the counter came back empty ("No open counter is assigned to you", no device code, no receipt
// numbers) until the network returned, and gifts keyed but not yet sent were gone. Now the
// lifeline (src/data/lifeline.ts) puts back the waiting gifts, the device code and numbers and the
// counter's rows before anything reads the database; the server records each gift exactly once.
// fake-indexeddb for the device, the real server (PGlite or PostgreSQL) behind.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../src/lib/api';
import { MoiDb, type LocalCounter, type LocalEvent } from '../../src/data/db';
import { hasDeviceCode, restoreDeviceIdentity } from '../../src/data/device-identity';
import { createGiftOn, RepoError, type NewGift } from '../../src/data/gifts-repo';
import { countersFor } from '../../src/data/gift-queries';
import { attachLifeline, journalRows, lifelineNotice, openOrFallBack } from '../../src/data/lifeline';
import * as W from './world';

beforeAll(async () => {
  await W.startServer();
}, 120_000);
afterAll(async () => { await W.stopServer(); });

const opened: MoiDb[] = [];
let n = 0;
/** The app's database as a page load makes it: the lifeline attached before the first open. */
async function openApp(name: string): Promise<MoiDb> {
  const db = attachLifeline(new MoiDb(name));
  opened.push(db);
  await db.open();
  return db;
}
/** The browser drops the database (not through the app): as eviction or "clear site data" would. */
async function browserDeletes(db: MoiDb): Promise<void> {
  db.close();
  await new Promise<void>((resolve, reject) => {
    const req = indexedDB.deleteDatabase(db.name);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
  });
}
afterEach(async () => {
  vi.restoreAllMocks();
  for (const d of opened.splice(0)) {
    d.close();
    await d.delete();
  }
  localStorage.clear();
  lifelineNotice.setState({ notice: null });
});

const mkErr = (status: number, code: string, message: string) => new ApiRequestError(status, code as never, message);
const settle = () => new Promise((r) => setTimeout(r, 400)); // the kit is copied 300 ms after a change

describe('the device database lost while offline', () => {
  it('comes back usable at once: the counter, its code and numbers, the waiting gifts; the server records each gift once', async () => {
    const world = await W.newWorld(1);
    const dev = world.devices[0];
    localStorage.setItem('moi.deviceId', dev.deviceId);
    const user = { id: dev.userId, role: 'counter_staff' as const };
    const gift = (i: number): NewGift => ({ eventId: world.eventId, counterId: world.counterId, counterCode: world.counterCode, name: `Giver ${i}`, village: 'Melur', amount: 101 + i, enteredBy: dev.userId });
    const push = async (db: MoiDb, ids?: string[]) => {
      const rows = (await db.outbox.orderBy('seq').toArray()).filter((r) => !ids || ids.includes(r.id));
      return (await world.transport(0, mkErr).push({ deviceId: dev.deviceId, mutations: rows.map((r) => ({ id: r.id, seq: r.seq, name: r.name, args: r.args })) })).results;
    };

    // Signed in with the network on: the device code, and the counter and event as a pull brings them.
    const name = `moi-lifeline-${Date.now()}-${n++}`;
    const before = await openApp(name);
    await restoreDeviceIdentity(before, { deviceId: dev.deviceId, code: dev.code });
    await before.counters.put({
      id: world.counterId, eventId: world.eventId, code: 'A', name: 'Counter A', status: 'open', staffIds: [dev.userId],
      openedAt: null, openedBy: null, closedAt: null, closedBy: null, tally: null, _pending: 0,
    } satisfies LocalCounter);
    await before.events.put({ id: world.eventId, title: 'Wedding', status: 'active' } as unknown as LocalEvent);
    await settle();

    // Three gifts keyed; the first two reached the server but the answer was lost (still pending here).
    const saved = [await createGiftOn(before, gift(1)), await createGiftOn(before, gift(2)), await createGiftOn(before, gift(3))];
    const rowsBefore = await before.outbox.orderBy('seq').toArray();
    expect((await push(before, rowsBefore.slice(0, 2).map((r) => r.id))).map((r) => r.status)).toEqual(['applied', 'applied']);

    // The network is gone; the browser deletes the database; the page is loaded again.
    await browserDeletes(before);
    const after = await openApp(name);

    // Usable at once, with no network: the counter is there, a gift can be numbered.
    expect((await countersFor(user, after)).map((c) => c.code)).toEqual(['A']);
    expect(await after.events.get(world.eventId)).toBeTruthy();
    expect(await hasDeviceCode(after)).toBe(true);
    // The waiting gifts are back with their ids and seqs (the server's idempotency keys), shown pending.
    const rowsAfter = await after.outbox.orderBy('seq').toArray();
    expect(rowsAfter.map((r) => [r.id, r.seq])).toEqual(rowsBefore.map((r) => [r.id, r.seq]));
    expect((await after.gifts.toArray()).map((g) => [g.receiptNo, g._pending]).sort()).toEqual(saved.map((g) => [g.receiptNo, 1]).sort());
    // The screen is told what happened.
    expect(lifelineNotice.getState().notice).toMatchObject({ restored: 3, kitRestored: true });

    // The next receipt continues above the last one issued here: never 0001 again.
    const next = await createGiftOn(after, gift(4));
    expect(next.receiptNo).toBe(`A-${dev.code}-0004`);

    // Back online: the two the server had are answered duplicate, the others applied; each gift once.
    expect((await push(after)).map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'applied', 'applied']);
    expect((await world.serverGifts()).map((g) => g.receiptNo).sort()).toEqual([1, 2, 3, 4].map((k) => `A-${dev.code}-000${k}`));
    expect(await world.appliedCount()).toBe(4);
  });

  it('copies a write only after it committed, and forgets a mutation once the server accepted it', async () => {
    const world = await W.newWorld(1);
    const dev = world.devices[0];
    localStorage.setItem('moi.deviceId', dev.deviceId);
    const db = await openApp(`moi-lifeline-${Date.now()}-${n++}`);
    const gift: NewGift = { eventId: world.eventId, counterId: world.counterId, counterCode: 'A', name: 'Kannan', village: 'Melur', amount: 501, enteredBy: dev.userId };
    // No device code yet: the save is refused and rolled back; nothing of it may come back later.
    await expect(createGiftOn(db, gift)).rejects.toBeInstanceOf(RepoError);
    expect(journalRows()).toEqual([]);

    await restoreDeviceIdentity(db, { deviceId: dev.deviceId, code: dev.code });
    const g = await createGiftOn(db, gift);
    expect(journalRows().map((r) => (r.args as { receiptNo: string }).receiptNo)).toEqual([g.receiptNo]);
    const [row] = await db.outbox.toArray();
    await db.outbox.put({ ...row, state: 'done', doneAt: Date.now() });
    expect(journalRows()).toEqual([]);
  });

  it('a database that lost the device code gets no other installation’s journal', async () => {
    const world = await W.newWorld(1);
    const dev = world.devices[0];
    localStorage.setItem('moi.deviceId', dev.deviceId);
    const name = `moi-lifeline-${Date.now()}-${n++}`;
    const db = await openApp(name);
    await restoreDeviceIdentity(db, { deviceId: dev.deviceId, code: dev.code });
    await createGiftOn(db, { eventId: world.eventId, counterId: world.counterId, counterCode: 'A', name: 'Selvi', village: 'Melur', amount: 101, enteredBy: dev.userId });
    await browserDeletes(db);
    // This browser became another installation (the server said the id was taken): a fresh id.
    localStorage.setItem('moi.deviceId', '0190a0a0-0000-7000-8000-000000000000');
    const other = await openApp(name);
    expect(await other.outbox.count()).toBe(0);
    expect(await hasDeviceCode(other)).toBe(false);
  });

  it('a database the browser refuses to open: the counter works in memory, the gifts outlive a reload, each reaches the server once', async () => {
    const world = await W.newWorld(1);
    const dev = world.devices[0];
    localStorage.setItem('moi.deviceId', dev.deviceId);
    const user = { id: dev.userId, role: 'counter_staff' as const };
    const gift = (i: number): NewGift => ({ eventId: world.eventId, counterId: world.counterId, counterCode: 'A', name: `Giver ${i}`, village: 'Melur', amount: 101 + i, enteredBy: dev.userId });
    const name = `moi-lifeline-${Date.now()}-${n++}`;
    // A working day until now: the code, the counter, one gift waiting.
    const working = await openApp(name);
    await restoreDeviceIdentity(working, { deviceId: dev.deviceId, code: dev.code });
    await working.counters.put({
      id: world.counterId, eventId: world.eventId, code: 'A', name: 'Counter A', status: 'open', staffIds: [dev.userId],
      openedAt: null, openedBy: null, closedAt: null, closedBy: null, tally: null, _pending: 0,
    } satisfies LocalCounter);
    await settle();
    await createGiftOn(working, gift(1));
    working.close();

    // From now on the browser refuses to open IndexedDB (as a private window, a full or damaged store do).
    vi.spyOn(indexedDB, 'open').mockImplementation(() => { throw new DOMException('The user denied permission to access the database.', 'InvalidStateError'); });
    const page = async () => {
      const db = attachLifeline(new MoiDb(name));
      opened.push(db);
      expect(await openOrFallBack(db)).toBe('memory');
      return db;
    };
    const first = await page();
    expect((await countersFor(user, first)).map((c) => c.code)).toEqual(['A']);
    expect(lifelineNotice.getState().notice).toMatchObject({ memory: true, restored: 1 });
    expect((await createGiftOn(first, gift(2))).receiptNo).toBe(`A-${dev.code}-0002`);
    first.close();

    // Reloaded, still refused: the memory is new, the gifts come back from the lifeline.
    const second = await page();
    expect((await second.gifts.toArray()).map((g) => g.receiptNo).sort()).toEqual([`A-${dev.code}-0001`, `A-${dev.code}-0002`]);
    expect((await createGiftOn(second, gift(3))).receiptNo).toBe(`A-${dev.code}-0003`);
    const rows = await second.outbox.orderBy('seq').toArray();
    const res = (await world.transport(0, mkErr).push({ deviceId: dev.deviceId, mutations: rows.map((r) => ({ id: r.id, seq: r.seq, name: r.name, args: r.args })) })).results;
    expect(res.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await world.appliedCount()).toBe(3);
  });
});
