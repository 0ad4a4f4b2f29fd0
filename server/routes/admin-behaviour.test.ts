// What the management endpoints do beyond who may call them: PINs a device can check, change-log
// rows for pull, code uniqueness, status rules, totals arithmetic, search, sessions revoked on
// disable / password reset, dashboard's unsynced-device rule, memberships from sign-ups.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as C from '../../contract/admin';
import type { CounterView, DashboardResponse, EventTotals, GiftAuditResponse, ListGiftsResponse } from '../../contract/admin';
import { changeLog, pushRejections, counterStaff, counters, devices, gifts, sessions, signups, users } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import { hashPin, pinMatches, verifyPassword } from '../passwords';
import { createTestApp, type TestApp } from '../test-utils';
import { buildWorld, PASSWORD, sessionCookie, type World } from '../domain/management/test-world';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.app);
}, 60_000);
afterAll(async () => { await t?.close(); });

const json = <T>(r: { json(): unknown }) => r.json() as T;
const changes = (type: string, entityId: string) =>
  t.app.db.select().from(changeLog).where(and(eq(changeLog.type, type), eq(changeLog.entityId, entityId))).orderBy(changeLog.id);

describe('staff and PINs', () => {
  it('a PIN set by the event admin is stored salted and verifies with the same PBKDF2 the device uses', async () => {
    const res = await w.call('ea1', 'PUT', `/moi/counters/${w.c1.id}/staff/${w.ids.st1}/pin`, { pin: '246868' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(counterStaff).where(and(eq(counterStaff.counterId, w.c1.id), eq(counterStaff.userId, w.ids.st1)));
    expect(row.pinHash).not.toContain('246868');
    expect(await pinMatches('246868', row.pinSalt!, row.pinHash!)).toBe(true);
    expect(await pinMatches('111111', row.pinSalt!, row.pinHash!)).toBe(false);
    expect(row.pinHash).toMatch(/^pbkdf2-sha256\$\d+\$[0-9a-f]{64}$/);
    const log = await changes('staffPin', `${w.c1.id}:${w.ids.st1}`);
    expect(log.length).toBeGreaterThanOrEqual(2); // once at creation (pin 1111), once now
    expect(log.at(-1)).toMatchObject({ eventId: w.e1.id, counterId: w.c1.id, deleted: false });
  });

  it('a PIN for a staff member not assigned to the counter is refused with not_assigned', async () => {
    const res = await w.call('ea1', 'PUT', `/moi/counters/${w.c1.id}/staff/${w.spare1}/pin`, { pin: '123434' });
    expect(res.statusCode).toBe(409);
    expect(json<{ code: string }>(res).code).toBe('not_assigned');
  });

  it('re-assigning keeps the PIN of kept staff and tombstones the PIN of removed staff', async () => {
    // A staff member of its own (taken off their only counter, they leave the event: spare1 stays for later tests).
    const temp = json<{ user: { id: string } }>(await w.call('ea1', 'POST', '/moi/admin/users', { username: `tmp${uuidv7().slice(-6)}`, password: PASSWORD, name: 'Temp', role: 'counter_staff', eventId: w.e1.id })).user.id;
    const add = await w.call('ea1', 'PUT', `/moi/counters/${w.c1.id}/staff`, { userIds: [w.ids.st1, temp] });
    expect(add.statusCode).toBe(200);
    const staff = json<{ counter: CounterView }>(add).counter.staff;
    expect(staff.map((s) => [s.userId, s.hasPin]).sort()).toEqual([[w.ids.st1, true], [temp, false]].sort());
    const remove = await w.call('ea1', 'PUT', `/moi/counters/${w.c1.id}/staff`, { userIds: [w.ids.st1] });
    expect(json<{ counter: CounterView }>(remove).counter.staffIds).toEqual([w.ids.st1]);
    const tomb = await changes('staffPin', `${w.c1.id}:${temp}`);
    expect(tomb.at(-1)?.deleted).toBe(true);
    const [kept] = await t.app.db.select().from(counterStaff).where(and(eq(counterStaff.counterId, w.c1.id), eq(counterStaff.userId, w.ids.st1)));
    expect(kept.pinHash).toBeTruthy();
  });

  it('only counter staff can be assigned to a counter', async () => {
    const res = await w.call('admin', 'PUT', `/moi/counters/${w.c1.id}/staff`, { userIds: [w.ids.ow1] });
    expect(res.statusCode).toBe(400);
  });

  it('a new staff member created by the event admin is listed for that event with their counter', async () => {
    const res = await w.call('ea1', 'POST', '/moi/admin/users', {
      username: `kavi${uuidv7().slice(-5)}`, password: PASSWORD, name: 'கவிதா', mobile: '9876500000', role: 'counter_staff', eventId: w.e1.id, counterIds: [w.c1.id], pin: '555555',
    });
    expect(res.statusCode).toBe(201);
    const created = json<{ user: { id: string; counters: { counterId: string; hasPin: boolean }[]; events: { eventId: string; role: string }[] } }>(res).user;
    expect(created.counters).toEqual([expect.objectContaining({ counterId: w.c1.id, hasPin: true })]);
    expect(created.events).toEqual([expect.objectContaining({ eventId: w.e1.id, role: 'staff' })]);
    // Their profile shows User Type "Staff", as it does for staff the seed or a migration made.
    const [row] = await t.app.db.select().from(users).where(eq(users.id, created.id));
    expect(row.userType).toBe('staff');
    const list = json<{ users: { id: string }[] }>(await w.call('ea1', 'GET', `/moi/admin/users?eventId=${w.e1.id}&q=கவி`));
    expect(list.users.map((u) => u.id)).toEqual([created.id]);
    expect((await changes('user', created.id)).length).toBeGreaterThan(0);
  });

  it('a taken username answers username_taken', async () => {
    const [st1] = await t.app.db.select().from(users).where(eq(users.id, w.ids.st1));
    const res = await w.call('ea1', 'POST', '/moi/admin/users', { username: st1.username, password: PASSWORD, name: 'Dup', role: 'counter_staff', eventId: w.e1.id });
    expect(res.statusCode).toBe(409);
    expect(json<{ code: string }>(res).code).toBe('username_taken');
  });
});

describe('what devices pull after admin writes', () => {
  type Pull = { changes: { type: string; id: string; row?: Record<string, unknown>; deleted?: boolean }[] };
  const pull = async (who: 'st1' | 'st2' | 'ow1') => json<Pull>(await w.call(who, 'GET', '/moi/sync/pull?since=0&limit=5000')).changes;

  it('a staff tablet pulls the salted PIN hashes of its own counter only, and the newest PIN', async () => {
    await w.call('ea1', 'PUT', `/moi/counters/${w.c1.id}/staff/${w.ids.st1}/pin`, { pin: '975353' });
    const mine = await pull('st1');
    const pin = mine.find((c) => c.type === 'staffPin' && c.id === `${w.c1.id}:${w.ids.st1}`);
    expect(pin?.row).toMatchObject({ counterId: w.c1.id, userId: w.ids.st1, name: 'ST1' });
    const iterations = pin!.row!.iterations as number;
    expect(iterations).toBeGreaterThan(0);
    expect(pin!.row!.hash).toBe(await hashPin('975353', pin!.row!.salt as string, iterations));
    expect(mine.some((c) => c.type === 'staffPin' && c.id.startsWith(w.c2.id))).toBe(false);
    expect(mine.some((c) => c.type === 'event' && c.id === w.e1.id)).toBe(true);
    expect(mine.some((c) => c.type === 'counter' && c.id === w.c1.id)).toBe(true);
    const other = await pull('st2');
    expect(other.some((c) => c.id === `${w.c1.id}:${w.ids.st1}`)).toBe(false);
    expect(other.some((c) => c.type === 'event' && c.id === w.e1.id)).toBe(false);
  });

  it('disabling a staff member withdraws their PIN from tablets; enabling sends it back', async () => {
    const key = `${w.c1.id}:${w.ids.st1}`;
    const pinOf = async () => (await changes('staffPin', key)).at(-1);
    const cursor = Math.max(...(await t.app.db.select({ id: changeLog.id }).from(changeLog)).map((r) => r.id));
    await w.call('ea1', 'POST', `/moi/admin/users/${w.ids.st1}/disabled`, { disabled: true });
    expect((await pinOf())?.deleted).toBe(true);
    // A tablet of that counter (pulling as the event admin, since st1's own sessions are revoked) is told to drop it.
    const seen = json<Pull>(await w.call('ea1', 'GET', `/moi/sync/pull?since=${cursor}`)).changes.find((c) => c.id === key);
    expect(seen).toMatchObject({ type: 'staffPin', deleted: true });
    const pinRes = await w.call('ea1', 'PUT', `/moi/counters/${w.c1.id}/staff/${w.ids.st1}/pin`, { pin: '135757' });
    expect(pinRes.statusCode).toBe(409);
    expect(json<{ code: string }>(pinRes).code).toBe('user_disabled');
    await w.call('ea1', 'POST', `/moi/admin/users/${w.ids.st1}/disabled`, { disabled: false });
    expect((await pinOf())?.deleted).toBe(false);
    const back = json<Pull>(await w.call('ea1', 'GET', `/moi/sync/pull?since=${cursor}`)).changes.find((c) => c.id === key);
    expect(back?.row).toMatchObject({ userId: w.ids.st1 });
    w.cookies.st1 = await sessionCookie(t.app, w.ids.st1); // later tests sign in again
  });

  it('an owner pulls the event with its edited details', async () => {
    await w.call('ea1', 'PATCH', `/moi/events/${w.e1.id}`, { thankYouNote: 'வருகைக்கு மிக்க நன்றி' });
    const ev = (await pull('ow1')).find((c) => c.type === 'event' && c.id === w.e1.id);
    expect(ev?.row).toMatchObject({ thankYouNote: 'வருகைக்கு மிக்க நன்றி', ownerIds: [w.ids.ow1], adminIds: [w.ids.ea1] });
  });
});

describe('accounts: disable and password reset', () => {
  it('disabling signs the user out everywhere; enabling lets a new sign-in work', async () => {
    const cookie = await sessionCookie(t.app, w.spare1);
    const me = () => t.app.inject({ method: 'GET', url: '/moi/membership-plans', headers: { cookie } });
    expect((await me()).statusCode).toBe(200);
    const off = await w.call('ea1', 'POST', `/moi/admin/users/${w.spare1}/disabled`, { disabled: true });
    expect(json<{ user: { disabled: boolean } }>(off).user.disabled).toBe(true);
    expect((await me()).statusCode).toBe(401);
    await w.call('ea1', 'POST', `/moi/admin/users/${w.spare1}/disabled`, { disabled: false });
    expect((await me()).statusCode).toBe(401); // the old session stays revoked
    const fresh = await sessionCookie(t.app, w.spare1);
    expect((await t.app.inject({ method: 'GET', url: '/moi/membership-plans', headers: { cookie: fresh } })).statusCode).toBe(200);
  });

  it('a password reset replaces the hash and revokes old sessions', async () => {
    const cookie = await sessionCookie(t.app, w.spare1);
    const res = await w.call('ea1', 'POST', `/moi/admin/users/${w.spare1}/password`, { password: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    const [u] = await t.app.db.select().from(users).where(eq(users.id, w.spare1));
    expect(await verifyPassword('brand-new-pass', u.passwordHash)).toBe(true);
    expect(await verifyPassword(PASSWORD, u.passwordHash)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/moi/membership-plans', headers: { cookie } })).statusCode).toBe(401);
    const short = await w.call('ea1', 'POST', `/moi/admin/users/${w.spare1}/password`, { password: 'short' });
    expect(short.statusCode).toBe(400);
  });

  it('an admin cannot disable their own account', async () => {
    const res = await w.call('admin', 'POST', `/moi/admin/users/${w.ids.admin}/disabled`, { disabled: true });
    expect(res.statusCode).toBe(409);
    expect((await w.call('admin', 'GET', '/moi/dashboard')).statusCode).toBe(200);
  });
});

describe('events', () => {
  it('creating an event logs it for pull and lists it for its owner with zero totals', async () => {
    const res = await w.call('admin', 'POST', '/moi/events', { titleTa: 'காதணி விழா', functionType: 'ear_piercing', date: '2026-12-05', ownerIds: [w.ids.ow1], thankYouNote: 'வருகைக்கு நன்றி' });
    expect(res.statusCode).toBe(201);
    const ev = json<{ event: { id: string; status: string; titleEn: string | null; ownerIds: string[] } }>(res).event;
    expect(ev).toMatchObject({ status: 'planned', titleEn: null, ownerIds: [w.ids.ow1] });
    expect((await changes('event', ev.id)).length).toBe(1);
    const list = json<{ events: { id: string; totals: { count: number }; counters: number }[] }>(await w.call('ow1', 'GET', '/moi/events'));
    expect(list.events.find((e) => e.id === ev.id)).toMatchObject({ totals: { count: 0 }, counters: 0 });
  });

  it('an event needs a title in Tamil or English', async () => {
    const res = await w.call('admin', 'POST', '/moi/events', { functionType: 'other', date: '2026-12-05' });
    expect(res.statusCode).toBe(400);
  });

  it('status moves planned → open → closed → open, never planned → closed', async () => {
    const ev = json<{ event: { id: string } }>(await w.call('admin', 'POST', '/moi/events', { titleEn: 'Status test', functionType: 'other', date: '2026-12-06', adminIds: [w.ids.ea1] })).event;
    const move = (status: string) => w.call('ea1', 'POST', `/moi/events/${ev.id}/status`, { status });
    const bad = await move('closed');
    expect(bad.statusCode).toBe(409);
    expect(json<{ code: string }>(bad).code).toBe('conflict');
    expect(json<{ event: { status: string } }>(await move('open')).event.status).toBe('open');
    expect(json<{ event: { status: string } }>(await move('closed')).event.status).toBe('closed');
    expect((await move('planned')).statusCode).toBe(409);
    // A closed event takes no new counters.
    const c = await w.call('ea1', 'POST', `/moi/events/${ev.id}/counters`, { code: 'A' });
    expect(c.statusCode).toBe(409);
    expect(json<{ code: string }>(c).code).toBe('event_closed');
    expect(json<{ event: { status: string } }>(await move('open')).event.status).toBe('open');
  });

  it('an event admin edits details; owners see them; the UPI id is checked', async () => {
    const res = await w.call('ea1', 'PATCH', `/moi/events/${w.e1.id}`, { hostNames: 'குமார் & பிரியா', upiId: 'kumar.p@oksbi' });
    expect(res.statusCode).toBe(200);
    const list = json<{ events: { id: string; hostNames: string; upiId: string | null }[] }>(await w.call('ow1', 'GET', '/moi/events'));
    expect(list.events.find((e) => e.id === w.e1.id)).toMatchObject({ hostNames: 'குமார் & பிரியா', upiId: 'kumar.p@oksbi' });
    expect((await w.call('ea1', 'PATCH', `/moi/events/${w.e1.id}`, { upiId: 'not a upi id' })).statusCode).toBe(400);
    const cleared = await w.call('ea1', 'PATCH', `/moi/events/${w.e1.id}`, { upiId: '' });
    expect(json<{ event: { upiId: string | null } }>(cleared).event.upiId).toBeNull();
  });
});

describe('counters', () => {
  it('a counter code is unique within its event (case folded), free in another event', async () => {
    const dup = await w.call('ea1', 'POST', `/moi/events/${w.e1.id}/counters`, { code: 'a' });
    expect(dup.statusCode).toBe(409);
    expect(json<{ code: string }>(dup).code).toBe('conflict');
    const b = await w.call('ea1', 'POST', `/moi/events/${w.e1.id}/counters`, { code: 'b', name: 'Side door' });
    expect(b.statusCode).toBe(201);
    const counter = json<{ counter: CounterView }>(b).counter;
    expect(counter).toMatchObject({ code: 'B', status: 'closed', eventId: w.e1.id });
    expect((await w.call('ea1', 'PATCH', `/moi/counters/${counter.id}`, { code: 'A' })).statusCode).toBe(409);
    expect((await changes('counter', counter.id)).length).toBe(1);
  });

  it('opening records who and when; a counter closed with a tally does not reopen', async () => {
    const c = json<{ counter: CounterView }>(await w.call('ea1', 'POST', `/moi/events/${w.e1.id}/counters`, { code: 'T' })).counter;
    const opened = json<{ counter: CounterView }>(await w.call('ea1', 'POST', `/moi/counters/${c.id}/open`, {})).counter;
    expect(opened).toMatchObject({ status: 'open', openedBy: w.ids.ea1 });
    expect(opened.openedAt).toBeTruthy();
    const tally = { counts: { n500: 2 }, countedTotal: 1000, expectedCash: 1000, difference: 0, reason: null, closedBy: w.ids.st1, closedAt: new Date().toISOString() };
    await t.app.db.update(counters).set({ status: 'closed', tally, closedAt: tally.closedAt, closedBy: w.ids.st1 }).where(eq(counters.id, c.id));
    const again = await w.call('ea1', 'POST', `/moi/counters/${c.id}/open`, {});
    expect(again.statusCode).toBe(409);
    expect(json<{ code: string }>(again).code).toBe('counter_closed');
    const closed = json<{ counters: CounterView[] }>(await w.call('admin', 'GET', '/moi/counters?status=closed'));
    expect(closed.counters.find((x) => x.id === c.id)?.tally).toMatchObject({ countedTotal: 1000, difference: 0 });
  });
});

describe('totals and search', () => {
  let counterB: string;
  beforeAll(async () => {
    const c = json<{ counter: CounterView }>(await w.call('ea1', 'POST', `/moi/events/${w.e1.id}/counters`, { code: 'K' })).counter;
    counterB = c.id;
    const at = (min: number) => new Date(Date.UTC(2026, 10, 22, 10, min)).toISOString();
    const base = { eventId: w.e1.id, enteredBy: w.ids.st1 };
    await t.app.db.insert(gifts).values([
      { ...base, id: uuidv7(), counterId: counterB, receiptNo: 'K-T9-1', name: 'ராமசாமி', village: 'மேலூர்', mobile: '9443300001', amount: 1001, mode: 'cash', enteredAt: at(1) },
      { ...base, id: uuidv7(), counterId: counterB, receiptNo: 'K-T9-2', name: 'Ramasamy', village: 'Melur', amount: 2001, mode: 'upi', reference: 'UTR1', enteredAt: at(2) },
      { ...base, id: uuidv7(), counterId: counterB, receiptNo: 'K-T9-3', name: 'Vel 100%', amount: 5000, mode: 'cheque', reference: '000123 SBI', enteredAt: at(3) },
      { ...base, id: uuidv7(), counterId: counterB, receiptNo: 'K-T9-4', name: 'Meena', amount: 0, mode: 'item', item: 'Gold ring', enteredAt: at(4) },
      { ...base, id: uuidv7(), counterId: counterB, receiptNo: 'K-T9-5', name: 'Gone', amount: 700, mode: 'cash', enteredAt: at(5), deletedAt: at(6), deletedBy: w.ids.ea1, deleteReason: 'Duplicate' },
    ]);
  });

  it('totals by counter and by mode leave deleted gifts out and count item gifts', async () => {
    const res = json<EventTotals>(await w.call('ow1', 'GET', `/moi/events/${w.e1.id}/totals`));
    const k = res.byCounter.find((c) => c.counterId === counterB)!;
    expect(k).toMatchObject({ code: 'K', count: 4, sum: 8002, cash: 1001, upi: 2001, cheque: 5000, item: 0, items: 1, deleted: 1 });
    // Event-wide: the fixture's Murugan ₹501 cash (and its deleted ₹100) plus counter K.
    expect(res.totals).toMatchObject({ count: 5, sum: 8503, cash: 1502, deleted: 2 });
    expect(res.byMode).toEqual([
      { mode: 'cash', count: 2, sum: 1502 }, { mode: 'upi', count: 1, sum: 2001 },
      { mode: 'cheque', count: 1, sum: 5000 }, { mode: 'item', count: 1, sum: 0 },
    ]);
    expect(res.byHour.find((h) => h.hour === '2026-11-22T10:00:00.000Z')).toEqual({ hour: '2026-11-22T10:00:00.000Z', count: 4, sum: 8002 });
    // In India (+5:30) those four gifts fall in the local hour that starts 09:30Z.
    const ist = json<EventTotals>(await w.call('ow1', 'GET', `/moi/events/${w.e1.id}/totals?tzOffset=330`));
    expect(ist.byHour.find((h) => h.hour === '2026-11-22T09:30:00.000Z')).toMatchObject({ count: 4, sum: 8002 });
    expect(ist.totals).toEqual(res.totals);
    expect(res.lastReceivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(res.lastReceivedAt!) - Date.now())).toBeLessThan(10 * 60_000);
    const list = json<{ events: { id: string; totals: { sum: number } }[] }>(await w.call('ow1', 'GET', '/moi/events'));
    expect(list.events.find((e) => e.id === w.e1.id)?.totals.sum).toBe(8503);
  });

  it('search matches name, village, receipt and mobile in Tamil or English; totals cover all matches', async () => {
    const q = async (query: string) => json<ListGiftsResponse>(await w.call('ea1', 'GET', `/moi/gifts?eventId=${w.e1.id}&${query}`));
    expect((await q(`q=${encodeURIComponent('மேலூ')}`)).gifts.map((g) => g.receiptNo)).toEqual(['K-T9-1']);
    // A Latin spelling also finds the Tamil one by its phonetic fold, as the device's list search does.
    expect((await q('q=melur')).gifts.map((g) => g.receiptNo).sort()).toEqual(['A-T1-1', 'K-T9-1', 'K-T9-2']);
    expect((await q('q=raamasaami')).gifts.map((g) => g.receiptNo).sort()).toEqual(['K-T9-1', 'K-T9-2']);
    expect((await q(`q=${encodeURIComponent('ராமசாமி')}`)).gifts.map((g) => g.receiptNo)).toEqual(['K-T9-1']); // Tamil as typed
    expect((await q('q=MELUR')).totals).toMatchObject({ count: 3, sum: 501 + 1001 + 2001 });
    expect((await q('q=k-t9-3')).gifts.map((g) => g.name)).toEqual(['Vel 100%']);
    expect((await q(`q=${encodeURIComponent('ramasamy melur')}`)).gifts.map((g) => g.receiptNo).sort()).toEqual(['K-T9-1', 'K-T9-2']); // every word, any field
    expect((await q(`q=${encodeURIComponent('melur 2001')}`)).gifts.map((g) => g.receiptNo)).toEqual([]); // amounts are not searched
    expect((await q(`q=${encodeURIComponent('melur k-t9-2')}`)).gifts.map((g) => g.receiptNo)).toEqual(['K-T9-2']);
    expect((await q('q=94433')).gifts.map((g) => g.receiptNo)).toEqual(['K-T9-1']);
    expect((await q(`q=${encodeURIComponent('100%')}`)).gifts.map((g) => g.receiptNo)).toEqual(['K-T9-3']); // % taken literally
    expect((await q('q=gone')).gifts).toEqual([]); // deleted gifts are not in the live list
    const page = await q(`counterId=${counterB}&limit=2&offset=0`);
    expect(page.gifts.map((g) => g.receiptNo)).toEqual(['K-T9-4', 'K-T9-3']); // newest first
    expect(page.total).toBe(4);
    expect(page.totals).toMatchObject({ count: 4, sum: 8002 });
    expect(page.gifts[0]).toMatchObject({ counterCode: 'K', eventTitle: 'Wedding 1', enteredByName: 'ST1' });
    expect((await q('mode=upi')).gifts.map((g) => g.receiptNo)).toEqual(['K-T9-2']);
    const window = await q(`from=${encodeURIComponent('2026-11-22T10:02:00Z')}&to=${encodeURIComponent('2026-11-22T10:03:00Z')}`);
    expect(window.gifts.map((g) => g.receiptNo).sort()).toEqual(['K-T9-2', 'K-T9-3']);
  });

  it('the deleted list shows reason, who and when', async () => {
    const res = json<ListGiftsResponse>(await w.call('ea1', 'GET', `/moi/gifts/deleted?eventId=${w.e1.id}&counterId=${counterB}`));
    expect(res.gifts).toEqual([expect.objectContaining({ name: 'Gone', deleteReason: 'Duplicate', deletedBy: w.ids.ea1, deletedByName: 'EA1' })]);
    expect(res.total).toBe(1);
  });

  it('a gift\'s audit trail names who did what, oldest first', async () => {
    const res = json<GiftAuditResponse>(await w.call('st1', 'GET', `/moi/gifts/${w.g1deleted}/audit`));
    expect(res.gift.receiptNo).toBe('A-T1-2');
    expect(res.audits).toEqual([expect.objectContaining({ action: 'delete', reason: 'Typed twice', byName: 'EA1', before: { amount: 100 } })]);
  });
});

describe('memberships and sign-ups', () => {
  it('a membership made from a sign-up converts it; dates must be in order', async () => {
    const bad = await w.call('admin', 'POST', '/moi/memberships', { plan: 'smart_track', holderId: w.ids.ow1, validFrom: '2026-11-10', validTo: '2026-11-01' });
    expect(bad.statusCode).toBe(400);
    const res = await w.call('admin', 'POST', '/moi/memberships', { plan: 'partner_track', holderId: w.ids.ow1, validFrom: '2026-11-01', validTo: '2026-12-01', signupId: w.signupId });
    expect(res.statusCode).toBe(201);
    expect(json<{ membership: { price: number; holderName: string; status: string } }>(res).membership).toMatchObject({ price: 1500, holderName: 'OW1', status: 'active' });
    const [s] = await t.app.db.select().from(signups).where(eq(signups.id, w.signupId));
    expect(s.status).toBe('converted');
    const list = json<{ signups: { id: string; status: string; takenByName: string }[] }>(await w.call('admin', 'GET', '/moi/signups'));
    expect(list.signups.find((x) => x.id === w.signupId)).toMatchObject({ status: 'converted', takenByName: 'ST1' });
    expect((await w.call('admin', 'POST', '/moi/memberships', { plan: 'smart_track', holderId: uuidv7(), validFrom: '2026-11-01' })).statusCode).toBe(404);
  });

  it('an active membership past its end date reads as expired', async () => {
    const res = await w.call('admin', 'POST', '/moi/memberships', { plan: 'smart_track', holderId: w.ids.ow2, validFrom: '2025-01-01', validTo: '2025-02-01' });
    const m = json<{ membership: { id: string; status: string } }>(res).membership;
    expect(m.status).toBe('expired');
    const list = json<{ memberships: { id: string; status: string }[] }>(await w.call('admin', 'GET', '/moi/memberships'));
    expect(list.memberships.find((x) => x.id === m.id)?.status).toBe('expired');
    const open = await w.call('admin', 'PATCH', `/moi/memberships/${m.id}`, { validTo: null });
    expect(json<{ membership: { status: string } }>(open).membership.status).toBe('active');
  });

  it('the plan list carries the prices', async () => {
    const res = json<{ plans: { plan: string; price: number; per: string }[] }>(await w.call('st1', 'GET', '/moi/membership-plans'));
    expect(res.plans).toEqual([{ plan: 'smart_track', price: 999, per: 'event' }, { plan: 'partner_track', price: 1500, per: 'month' }]);
  });
});

describe('devices', () => {
  it('revoking a lost tablet ends its sessions and refuses its pushes; other devices of the user stay signed in', async () => {
    const lost = uuidv7(), kept = uuidv7();
    await t.app.db.insert(devices).values([{ id: lost, code: 'L1', userId: w.ids.st1, label: 'Lost tablet' }, { id: kept, code: 'L2', userId: w.ids.st1 }]);
    const onLost = await sessionCookie(t.app, w.ids.st1, lost);
    const onKept = await sessionCookie(t.app, w.ids.st1, kept);
    const list = json<{ devices: { deviceId: string; activeSessions: number; userName: string | null }[] }>(await w.call('admin', 'GET', '/moi/devices'));
    expect(list.devices.find((d) => d.deviceId === lost)).toMatchObject({ activeSessions: 1, userName: 'ST1' });
    const res = await w.call('admin', 'POST', `/moi/devices/${lost}/revoked`, { revoked: true });
    expect(json<{ device: { revoked: boolean; activeSessions: number } }>(res).device).toMatchObject({ revoked: true, activeSessions: 0 });
    const plans = (cookie: string) => t.app.inject({ method: 'GET', url: '/moi/membership-plans', headers: { cookie } });
    expect((await plans(onLost)).statusCode).toBe(401);
    expect((await plans(onKept)).statusCode).toBe(200);
    const push = await t.app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: onKept }, payload: {
      deviceId: lost,
      mutations: [{ id: uuidv7(), seq: 1, name: 'gift.create', args: {
        id: uuidv7(), eventId: w.e1.id, counterId: w.c1.id, receiptNo: 'A-L1-1', name: 'Murugan', amount: 501, enteredAt: new Date().toISOString(), enteredBy: w.ids.st1,
      } }],
    } });
    // A session signed in on another device may not speak for the revoked one.
    expect(push.statusCode).toBe(403);
    expect(push.json()).toMatchObject({ code: 'device_mismatch' });
  });
});

describe('devices of an event admin', () => {
  it("an event admin lists and revokes the devices of their own event's people only, never an app admin's", async () => {
    const ours = uuidv7(), theirs = uuidv7(), boss = uuidv7();
    await t.app.db.insert(devices).values([
      { id: ours, code: 'E1', userId: w.ids.st1, label: 'Counter tablet' },
      { id: theirs, code: 'E2', userId: w.ids.st2, label: 'Other event tablet' },
      { id: boss, code: 'E3', userId: w.ids.admin, label: 'Office laptop' },
    ]);
    const ids = (r: Awaited<ReturnType<World['call']>>) => json<{ devices: { deviceId: string }[] }>(r).devices.map((d) => d.deviceId);
    const seen = ids(await w.call('ea1', 'GET', '/moi/devices'));
    expect(seen).toContain(ours);
    expect(seen).not.toContain(theirs);
    expect(seen).not.toContain(boss);
    expect((await w.call('ea1', 'POST', `/moi/devices/${theirs}/revoked`, { revoked: true })).statusCode).toBe(404);
    expect((await w.call('ea1', 'POST', `/moi/devices/${boss}/revoked`, { revoked: true })).statusCode).toBe(404);
    const res = await w.call('ea1', 'POST', `/moi/devices/${ours}/revoked`, { revoked: true });
    expect(res.statusCode).toBe(200);
    expect(json<{ device: { revoked: boolean } }>(res).device.revoked).toBe(true);
    expect(ids(await w.call('admin', 'GET', '/moi/devices'))).toEqual(expect.arrayContaining([ours, theirs, boss]));
  });
});

describe('answers match the contract', () => {
  it('every read answers in the shape contract/admin.ts declares', async () => {
    const checks: [string, { safeParse(x: unknown): { success: boolean; error?: unknown } }, Parameters<World['call']>[0]][] = [
      [`/moi/admin/users?eventId=${w.e1.id}`, C.listUsersResponseSchema, 'admin'],
      ['/moi/events', C.listEventsResponseSchema, 'ow1'],
      [`/moi/events/${w.e1.id}`, C.eventSummaryResponseSchema, 'ea1'],
      [`/moi/events/${w.e1.id}/totals?tzOffset=330`, C.eventTotalsResponseSchema, 'ow1'],
      ['/moi/counters', C.listCountersResponseSchema, 'admin'],
      [`/moi/gifts?eventId=${w.e1.id}`, C.listGiftsResponseSchema, 'ea1'],
      ['/moi/gifts/deleted', C.listGiftsResponseSchema, 'admin'],
      [`/moi/gifts/${w.g1deleted}/audit`, C.giftAuditResponseSchema, 'ea1'],
      ['/moi/membership-plans', C.membershipPlansResponseSchema, 'st2'],
      ['/moi/memberships', C.listMembershipsResponseSchema, 'admin'],
      ['/moi/signups', C.listSignupsResponseSchema, 'admin'],
      ['/moi/dashboard', C.dashboardResponseSchema, 'admin'],
      ['/moi/devices', C.listDevicesResponseSchema, 'admin'],
    ];
    for (const [url, schema, who] of checks) {
      const res = await w.call(who, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      const parsed = schema.safeParse(res.json());
      expect(parsed.success, `${url}: ${JSON.stringify(parsed.error)}`).toBe(true);
    }
  });
});

describe('dashboard', () => {
  it('lists devices silent on an open counter or holding rejected work, not healthy ones', async () => {
    const old = new Date(Date.now() - 60 * 60_000).toISOString();
    const silent = uuidv7(), rejected = uuidv7(), healthy = uuidv7();
    await t.app.db.insert(devices).values([
      { id: silent, code: 'Q1', userId: w.ids.st1, label: 'Counter A tablet', lastSeenAt: old },
      { id: rejected, code: 'Q2', userId: w.ids.st1, lastSeenAt: new Date().toISOString() },
      { id: healthy, code: 'Q3', userId: w.ids.st2, lastSeenAt: new Date().toISOString() },
    ]);
    // The silent tablet entered a gift at counter A (open) an hour ago; the healthy one too, but it is still in touch.
    await t.app.db.insert(gifts).values([
      { id: uuidv7(), eventId: w.e1.id, counterId: w.c1.id, receiptNo: 'A-Q1-1', name: 'X', amount: 101, enteredAt: old, enteredBy: w.ids.st1, deviceId: silent },
      { id: uuidv7(), eventId: w.e2.id, counterId: w.c2.id, receiptNo: 'A-Q3-1', name: 'Y', amount: 101, enteredAt: old, enteredBy: w.ids.st2, deviceId: healthy },
    ]);
    await t.app.db.insert(pushRejections).values({ mutationId: uuidv7(), deviceId: rejected, seq: 1, name: 'gift.create', code: 'not_assigned', userId: w.ids.st1 });
    await t.app.db.insert(sessions).values({ tokenHash: `h${uuidv7()}`, userId: w.ids.st1, deviceId: silent, lastSeenAt: old });

    const res = json<DashboardResponse>(await w.call('admin', 'GET', '/moi/dashboard?date=2026-11-22'));
    const flagged = new Map(res.devicesWithUnsyncedWork.map((d) => [d.deviceId, d]));
    expect(flagged.get(silent)).toMatchObject({ code: 'Q1', silentOnOpenCounter: true, rejected: 0, userName: 'ST1' });
    expect(flagged.get(rejected)).toMatchObject({ code: 'Q2', silentOnOpenCounter: false, rejected: 1 });
    expect(flagged.has(healthy)).toBe(false);
    expect(res.today).toBe('2026-11-22');
    expect(res.eventsToday.map((e) => e.id)).toEqual(expect.arrayContaining([w.e1.id, w.e2.id]));
    const live = await t.app.db.select().from(gifts);
    const liveRows = live.filter((g) => !g.deletedAt);
    expect(res.totals.gifts).toBe(liveRows.length);
    expect(res.totals.amount).toBe(liveRows.reduce((s, g) => s + g.amount, 0));
    expect(res.totals.openCounters).toBeGreaterThanOrEqual(2);
  });
});
