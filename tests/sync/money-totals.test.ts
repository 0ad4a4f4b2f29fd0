// One money total everywhere (issues 26 and 27): cash, UPI and cheque are money; an item (and the
// estimate the counter typed for it) never is. A tablet keys four gifts exactly as the entry form
// keys them (validate.ts toGiftFields → gifts-repo createGiftOn), plus an item gift as outboxes
// queued by older versions of the form carry it (the estimate also in `amount`), and pushes them to
// the REAL server. Then every money total, on the server's API, on the device's screens and in the
// moi book (model, Excel, CSV), is the same ₹6,003, and the items are counted apart.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterView, DashboardResponse, EventSummary, EventTotals, ListGiftsResponse } from '../../contract/admin';
import { MoiDb } from '../../src/data/db';
import { restoreDeviceIdentity } from '../../src/data/device-identity';
import { createGiftOn, type NewGift } from '../../src/data/gifts-repo';
import { computeBreakdown, computeTotals } from '../../src/data/admin-queries';
import { computeGiftTotals, totalsByCounter } from '../../src/lib/gift-search';
import { emptyEntry, toGiftFields, type EntryValues } from '../../src/features/gifts/entry/validate';
import { buildBook } from '../../report/model';
import { renderCsv, workbookSheets } from '../../report/xlsx';
import { reportLabels } from '../../report/labels';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../server/test-utils';
import { injectTransport, loginCookie, seedCounter, seedEvent, seedUser } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 120_000);
afterAll(async () => { await t?.close(); });

const MONEY = 1001 + 2001 + 3001;
const ESTIMATE = 5000;

describe('money totals', () => {
  it('are cash + UPI + cheque on the API, the device and the moi book; an item and its estimated value never count', async () => {
    const app = t.app;
    const owner = await seedUser(app, `own${randomUUID().slice(0, 8)}`, 'event_owner');
    const staff = await seedUser(app, `st${randomUUID().slice(0, 8)}`, 'counter_staff');
    const eventId = await seedEvent(app, { ownerIds: [owner.id] });
    const counterId = await seedCounter(app, eventId, { code: 'A', staffIds: [staff.id] });
    const deviceId = randomUUID();
    const tablet = await loginCookie(app, staff.username, staff.password, deviceId);

    // The tablet: four gifts keyed through the entry form's own conversion, one item from an older outbox.
    const db = new MoiDb(`moi-money-${Date.now()}`);
    await db.open();
    await restoreDeviceIdentity(db, { deviceId, code: tablet.device!.code });
    const keyed = (v: Partial<EntryValues>): NewGift => ({ ...toGiftFields({ ...emptyEntry(), ...v }), eventId, counterId, counterCode: 'A', authorId: staff.id });
    await createGiftOn(db, keyed({ name: 'முருகன்', village: 'மேலூர்', mode: 'cash', amount: '1001' }));
    await createGiftOn(db, keyed({ name: 'Selvi', village: 'Melur', mode: 'upi', amount: '2001', upiRef: 'UTR123', upiConfirmed: true }));
    await createGiftOn(db, keyed({ name: 'Raja', village: 'Karur', mode: 'cheque', amount: '3001', chequeNo: '000123', bank: 'SBI' }));
    const item = await createGiftOn(db, keyed({ name: 'பொன்னம்மாள்', village: 'மேலூர்', mode: 'item', item: 'தங்கச் சங்கிலி', weight: '8', amount: String(ESTIMATE) }));
    expect(item).toMatchObject({ mode: 'item', approxValue: ESTIMATE, weightGrams: 8 });
    await createGiftOn(db, { ...keyed({ name: 'Meena', mode: 'item', item: 'Silver lamp' }), amount: ESTIMATE, approxValue: ESTIMATE });
    const rows = await db.outbox.orderBy('seq').toArray();
    const pushed = await injectTransport(app, () => tablet.cookie, (s, c, m) => new Error(`${s} ${c} ${m}`))
      .push({ deviceId, mutations: rows.map((r) => ({ id: r.id, seq: r.seq, name: r.name, args: r.args })) });
    expect(pushed.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);

    const get = async <T>(cookie: string, url: string): Promise<T> => {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
      return res.json() as T;
    };
    const ownerCookie = (await loginCookie(app, owner.username, owner.password)).cookie;
    const adminCookie = (await loginCookie(app, TEST_ADMIN.username, TEST_ADMIN.password)).cookie;

    // The API: event totals (whole, per counter, per mode, per hour), event list and summary, gift list, dashboard.
    const totals = await get<EventTotals>(ownerCookie, `/moi/events/${eventId}/totals?tzOffset=330`);
    expect(totals.totals).toMatchObject({ count: 5, sum: MONEY, cash: 1001, upi: 2001, cheque: 3001, items: 2, item: 2 * ESTIMATE });
    expect(totals.byCounter.map((c) => c.sum)).toEqual([MONEY]);
    expect(totals.byMode.reduce((s, m) => s + m.sum, 0)).toBe(MONEY);
    expect(totals.byMode.find((m) => m.mode === 'item')).toEqual({ mode: 'item', count: 2, sum: 0 });
    expect(totals.byHour.reduce((s, h) => s + h.sum, 0)).toBe(MONEY);
    const list = await get<{ events: EventSummary[] }>(ownerCookie, '/moi/events');
    expect(list.events.find((e) => e.id === eventId)?.totals.sum).toBe(MONEY);
    const one = await get<{ event: EventSummary }>(ownerCookie, `/moi/events/${eventId}`);
    expect(one.event.totals.sum).toBe(MONEY);
    const giftList = await get<ListGiftsResponse>(ownerCookie, `/moi/gifts?eventId=${eventId}&limit=500`);
    expect(giftList.totals).toMatchObject({ count: 5, sum: MONEY, items: 2, item: 2 * ESTIMATE });
    const counters = await get<{ counters: CounterView[] }>(ownerCookie, `/moi/counters?eventId=${eventId}`);
    expect(counters.counters.map((c) => c.totals.sum)).toEqual([MONEY]);
    const dash = await get<DashboardResponse>(adminCookie, `/moi/dashboard?date=${one.event.date}`);
    expect(dash.totals.amount).toBe(MONEY);
    expect(dash.totals.amountToday).toBe(MONEY);
    expect(dash.eventsToday.find((e) => e.id === eventId)?.totals.sum).toBe(MONEY);

    // The device: the owner's screens (event list, breakdown) and the gift lists, on the tablet's own rows and on the server's.
    const local = await db.gifts.toArray();
    expect(computeTotals(local)).toMatchObject({ count: 5, sum: MONEY, items: 2, item: 2 * ESTIMATE });
    const breakdown = computeBreakdown(local, [counterId]);
    expect(breakdown.totals.sum).toBe(MONEY);
    expect(breakdown.byCounter.map((c) => c.sum)).toEqual([MONEY]);
    expect(breakdown.byMode.reduce((s, m) => s + m.sum, 0)).toBe(MONEY);
    expect(breakdown.byHour.reduce((s, h) => s + h.sum, 0)).toBe(MONEY);
    expect(computeGiftTotals(local)).toEqual(totals.totals);
    expect(computeGiftTotals(giftList.gifts)).toEqual(totals.totals);
    expect(totalsByCounter(local).get(counterId)?.sum).toBe(MONEY);

    // The moi book, from the server's rows: model, Excel and CSV.
    const book = buildBook({ event: one.event, counters: counters.counters, gifts: giftList.gifts, audits: [] });
    expect(book.summary.grandTotal).toBe(MONEY);
    expect(book.summary.itemCount).toBe(2);
    expect(book.summary.itemApproxValue).toBe(2 * ESTIMATE);
    const sheets = workbookSheets(book, 'en');
    const summary = sheets[1].rows;
    expect(summary.find((r) => r[0] === reportLabels.en.grandTotal)?.[3]).toBe(MONEY);
    const giftsSheet = sheets[0];
    const amountCol = giftsSheet.columns.findIndex((c) => c.header.endsWith(`/ ${reportLabels.en.amount}`));
    expect(giftsSheet.rows.reduce((s, r) => s + Number(r[amountCol] ?? 0), 0)).toBe(MONEY);
    const csv = new TextDecoder().decode(renderCsv(book, 'en')).replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));
    expect(csv.slice(1).reduce((s, r) => s + Number(r[amountCol] || 0), 0)).toBe(MONEY);

    db.close();
    await db.delete();
  });
});
