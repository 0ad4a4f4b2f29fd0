// One working day through the real API, server side: the app admin sets up an event, its admin
// sets up counters, staff and PINs, two tablets push gifts (one batch replayed), a gift is deleted,
// a counter closes with its cash count — and the owner's figures are exactly right.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, CounterView, EventTotals, ListGiftsResponse } from '../../contract/admin';
import type { MoiEvent } from '../../contract/entities';
import { uuidv7 } from '../../contract/ids';
import { createTestApp, login, TEST_ADMIN, type TestApp } from '../test-utils';

let t: TestApp;
const PW = 'workday-pass-1';

type Res = { statusCode: number; json(): unknown; body: string };
const ok = <T>(r: Res, status = 200): T => {
  if (r.statusCode !== status) throw new Error(`expected ${status}, got ${r.statusCode}: ${r.body}`);
  return r.json() as T;
};

beforeAll(async () => { t = await createTestApp(); }, 60_000);
afterAll(async () => { await t?.close(); });

describe('a working day', () => {
  it('ends with the owner seeing exactly what the counters entered', async () => {
    const app = t.app;
    const as = (cookie: string) => (method: string, url: string, payload?: unknown) =>
      app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
    const admin = as((await login(app, TEST_ADMIN.username, TEST_ADMIN.password)).cookie);

    // Morning: the app admin creates the event's admin and owner, and the event.
    const ea = ok<{ user: AdminUser }>(await admin('POST', '/moi/admin/users', { username: 'kavitha', password: PW, name: 'Kavitha', role: 'event_admin' }), 201).user;
    const owner = ok<{ user: AdminUser }>(await admin('POST', '/moi/admin/users', { username: 'selvam', password: PW, name: 'Selvam', role: 'event_owner' }), 201).user;
    const event = ok<{ event: MoiEvent }>(await admin('POST', '/moi/events', {
      titleTa: 'செல்வம் – மீனாட்சி திருமணம்', titleEn: 'Selvam & Meenakshi Wedding', functionType: 'wedding', date: '2026-11-22',
      venue: 'Madurai', hostNames: 'Selvam & Meenakshi', thankYouNote: 'தங்கள் வருகைக்கு நன்றி!', upiId: 'selvam@okaxis', ownerIds: [owner.id], adminIds: [ea.id],
    }), 201).event;
    ok(await admin('POST', `/moi/events/${event.id}/status`, { status: 'open' }));

    // The event admin: two counters, two staff with PINs, counters opened.
    const eaLogin = await login(app, 'kavitha', PW, { deviceId: randomUUID(), deviceLabel: 'Admin phone' });
    const eaCall = as(eaLogin.cookie);
    const counterA = ok<{ counter: CounterView }>(await eaCall('POST', `/moi/events/${event.id}/counters`, { code: 'A', name: 'Groom side' }), 201).counter;
    const counterB = ok<{ counter: CounterView }>(await eaCall('POST', `/moi/events/${event.id}/counters`, { code: 'B', name: 'Bride side' }), 201).counter;
    const muthu = ok<{ user: AdminUser }>(await eaCall('POST', '/moi/admin/users', { username: 'muthu', password: PW, name: 'Muthu', role: 'counter_staff', eventId: event.id, counterIds: [counterA.id], pin: '111111' }), 201).user;
    const meena = ok<{ user: AdminUser }>(await eaCall('POST', '/moi/admin/users', { username: 'meena', password: PW, name: 'Meena', role: 'counter_staff', eventId: event.id }), 201).user;
    ok(await eaCall('PUT', `/moi/counters/${counterB.id}/staff`, { userIds: [meena.id] }));
    ok(await eaCall('PUT', `/moi/counters/${counterB.id}/staff/${meena.id}/pin`, { pin: '222222' }));
    ok(await eaCall('POST', `/moi/counters/${counterA.id}/open`, {}));
    // Counter B is opened from the admin's phone through sync, as the offline path would.
    const openB = ok<{ results: { status: string }[] }>(await eaCall('POST', '/moi/sync/push', {
      deviceId: eaLogin.device!.deviceId, mutations: [{ id: uuidv7(), seq: 1, name: 'counter.open', args: { id: counterB.id, by: ea.id, at: new Date().toISOString() } }],
    }));
    expect(openB.results[0].status).toBe('applied');

    // The tablets: 30 gifts at A (10 online, then 20 kept offline and pushed together), 5 at B.
    const tabA = await login(app, 'muthu', PW, { deviceId: randomUUID(), deviceLabel: 'Tablet A' });
    const tabB = await login(app, 'meena', PW, { deviceId: randomUUID(), deviceLabel: 'Tablet B' });
    const gift = (counter: CounterView, code: string, by: string, i: number) => ({
      id: uuidv7(), eventId: event.id, counterId: counter.id, receiptNo: `${counter.code}-${code}-${i}`,
      name: `Guest ${counter.code}${i}`, village: i % 2 ? 'Melur' : 'மேலூர்', mode: i % 6 === 0 ? 'upi' : 'cash', amount: [101, 201, 501, 1001][i % 4],
      enteredAt: new Date(Date.now() - (40 - i) * 60_000).toISOString(), enteredBy: by,
    });
    const giftsA = Array.from({ length: 30 }, (_, k) => gift(counterA, tabA.device!.code, muthu.id, k + 1));
    const giftsB = Array.from({ length: 5 }, (_, k) => gift(counterB, tabB.device!.code, meena.id, k + 1));
    const push = async (cookie: string, deviceId: string, list: typeof giftsA, seq0: number, ids?: string[]) =>
      ok<{ results: { status: string; code?: string }[] }>(await as(cookie)('POST', '/moi/sync/push', {
        deviceId, mutations: list.map((g, k) => ({ id: ids?.[k] ?? uuidv7(), seq: seq0 + k, name: 'gift.create', args: g })),
      })).results;
    expect((await push(tabA.cookie, tabA.device!.deviceId, giftsA.slice(0, 10), 1)).every((r) => r.status === 'applied')).toBe(true);
    const offlineIds = giftsA.slice(10).map(() => uuidv7());
    expect((await push(tabA.cookie, tabA.device!.deviceId, giftsA.slice(10), 11, offlineIds)).every((r) => r.status === 'applied')).toBe(true);
    // The same 20 again (a lost answer, the outbox resends): nothing is recorded twice.
    expect((await push(tabA.cookie, tabA.device!.deviceId, giftsA.slice(10), 11, offlineIds)).every((r) => r.status === 'duplicate')).toBe(true);
    expect((await push(tabB.cookie, tabB.device!.deviceId, giftsB, 1)).every((r) => r.status === 'applied')).toBe(true);

    // A wrong entry is deleted by the event admin, with a reason.
    const wrong = giftsA[4];
    const del = ok<{ results: { status: string }[] }>(await eaCall('POST', '/moi/sync/push', {
      deviceId: eaLogin.device!.deviceId, mutations: [{ id: uuidv7(), seq: 2, name: 'gift.delete', args: { id: wrong.id, reason: 'Entered twice', by: ea.id, at: new Date().toISOString() } }],
    }));
    expect(del.results[0].status).toBe('applied');

    // Evening: counter A closes with its cash count (₹500 notes and ₹1 coins, to keep the sum simple).
    const liveA = giftsA.filter((g) => g.id !== wrong.id);
    const cashA = liveA.filter((g) => g.mode === 'cash').reduce((s, g) => s + g.amount, 0);
    const close = ok<{ results: { status: string; code?: string }[] }>(await as(tabA.cookie)('POST', '/moi/sync/push', {
      deviceId: tabA.device!.deviceId, mutations: [{ id: uuidv7(), seq: 31, name: 'counter.close', args: { id: counterA.id, tally: {
        counts: { n500: Math.floor(cashA / 500), c1: cashA % 500 }, countedTotal: cashA, expectedCash: cashA, difference: 0, reason: null, closedBy: muthu.id, closedAt: new Date().toISOString(),
      } } }],
    }));
    expect(close.results[0]).toMatchObject({ status: 'applied' });
    // A tablet that was offline brings a gift after the close: recorded and flagged, never refused,
    // counted in the event but kept apart from counter A's closed cash count.
    const lateGift = { ...gift(counterA, tabA.device!.code, muthu.id, 31), enteredAt: new Date(Date.now() + 60_000).toISOString() };
    const late = await push(tabA.cookie, tabA.device!.deviceId, [lateGift], 32);
    expect(late[0]).toMatchObject({ status: 'applied' });

    // The owner: exactly 35 live gifts, the right sums, per counter and per mode.
    const ownerCall = as((await login(app, 'selvam', PW)).cookie);
    const totals = ok<EventTotals>(await ownerCall('GET', `/moi/events/${event.id}/totals?tzOffset=330`));
    const liveA2 = [...liveA, lateGift];
    const live = [...liveA2, ...giftsB];
    const sum = (xs: typeof live) => xs.reduce((s, g) => s + g.amount, 0);
    expect(totals.totals).toMatchObject({ count: 35, sum: sum(live), cash: sum(live.filter((g) => g.mode === 'cash')), upi: sum(live.filter((g) => g.mode === 'upi')), deleted: 1 });
    expect(totals.byCounter.map((c) => [c.code, c.count, c.sum, c.status])).toEqual([['A', 30, sum(liveA2), 'closed'], ['B', 5, sum(giftsB), 'open']]);
    expect(totals.byHour.reduce((s, h) => s + h.count, 0)).toBe(35);
    const list = ok<ListGiftsResponse>(await ownerCall('GET', `/moi/gifts?eventId=${event.id}&limit=500`));
    expect(list.total).toBe(35);
    expect(new Set(list.gifts.map((g) => g.receiptNo)).size).toBe(35);
    expect(list.gifts.find((g) => g.id === lateGift.id)?.flags).toEqual(['after_close']);
    expect(list.gifts.find((g) => g.receiptNo === `A-${tabA.device!.code}-1`)).toMatchObject({ counterCode: 'A', enteredByName: 'Muthu' });
    const events = ok<{ events: { id: string; totals: { count: number } }[] }>(await ownerCall('GET', '/moi/events'));
    expect(events.events).toEqual([expect.objectContaining({ id: event.id, totals: expect.objectContaining({ count: 35 }) })]);

    // The deleted list shows the wrong entry with its reason; the closed counter shows its tally.
    const deleted = ok<ListGiftsResponse>(await eaCall('GET', `/moi/gifts/deleted?eventId=${event.id}`));
    expect(deleted.gifts).toEqual([expect.objectContaining({ id: wrong.id, deleteReason: 'Entered twice', deletedByName: 'Kavitha' })]);
    const closed = ok<{ counters: CounterView[] }>(await admin('GET', '/moi/counters?status=closed'));
    expect(closed.counters).toEqual([expect.objectContaining({
      id: counterA.id, tally: expect.objectContaining({ countedTotal: cashA, expectedCash: cashA, difference: 0 }), afterClose: { count: 1, cash: lateGift.amount },
    })]);
    const audit = ok<{ audits: { action: string; reason: string | null; byName: string | null }[] }>(await ownerCall('GET', `/moi/gifts/${wrong.id}/audit`));
    expect(audit.audits.at(-1)).toMatchObject({ action: 'delete', reason: 'Entered twice', byName: 'Kavitha' });
  }, 120_000);
});
