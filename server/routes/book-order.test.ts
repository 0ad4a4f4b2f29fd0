// The host's order for the moi book (issue 11) is stored on the event through the event.bookOrder
// mutation: owners and admins of the event may set it, others are refused; every device pulls it and the
// server's report (npm run report) prints it. Real app and database (PGlite; PostgreSQL with TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildBook } from '../../report/model';
import { uuidv7 } from '../../contract/ids';
import { loadBookInput } from '../report/load';
import { createTestApp, type TestApp } from '../test-utils';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';

let t: TestApp;
let app: FastifyInstance;
const W: Record<string, { id: string; cookie: string; deviceId: string }> = {};
let eventId = '';
let counterId = '';
let seq = 0;
const gifts: Record<string, string> = {};

const mut = (name: string, args: unknown) => ({ id: randomUUID(), seq: ++seq, name, args });
async function push(who: string, mutations: ReturnType<typeof mut>[]) {
  const u = W[who];
  const res = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: u.cookie }, payload: { deviceId: u.deviceId, mutations } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Array<{ status: string; code?: string }> }).results;
}
async function pulledEvent(who: string) {
  const res = await app.inject({ method: 'GET', url: '/moi/sync/pull?since=0&limit=5000', headers: { cookie: W[who].cookie } });
  expect(res.statusCode, res.body).toBe(200);
  const changes = (res.json() as { changes: Array<{ type: string; id: string; row?: Record<string, unknown> }> }).changes;
  return changes.filter((c) => c.type === 'event' && c.id === eventId).at(-1)?.row;
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const mk = async (key: string, role: 'app_admin' | 'event_admin' | 'event_owner' | 'counter_staff') => {
    const u = await seedUser(app, `${key}${randomUUID().slice(0, 6)}`, role);
    const deviceId = randomUUID();
    const l = await loginCookie(app, u.username, u.password, deviceId);
    W[key] = { id: u.id, cookie: l.cookie, deviceId };
  };
  await mk('evadmin', 'event_admin');
  await mk('owner', 'event_owner');
  await mk('otheradmin', 'event_admin');
  await mk('staff', 'counter_staff');
  eventId = await seedEvent(app, { adminIds: [W.evadmin.id], ownerIds: [W.owner.id] });
  await seedEvent(app, { adminIds: [W.otheradmin.id], title: 'Other' });
  counterId = await seedCounter(app, eventId, { code: 'A', staffIds: [W.staff.id], open: true });
  const rows: Array<[string, string, string, number]> = [['murugan', 'முருகன்', 'மதுரை', 501], ['selvi', 'செல்வி', 'அலங்காநல்லூர்', 1001], ['ravi', 'Ravi', 'Melur', 201], ['kumar', 'குமார்', 'மதுரை', 301]];
  const created = await push('staff', rows.map(([key, name, village, amount]) => {
    gifts[key] = uuidv7();
    return mut('gift.create', {
      id: gifts[key], eventId, counterId, receiptNo: `A-T1-${key}`, name, village, amount, mode: 'cash', enteredAt: new Date().toISOString(), enteredBy: W.staff.id,
    });
  }));
  expect(created.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
}, 180_000);
afterAll(async () => { await t?.close(); }, 60_000);

describe('the moi book order on the event', () => {
  it('an event admin sets it; counter staff, another event\'s admin and a bad body are refused', async () => {
    const order = { id: eventId, villages: [' Melur ', 'மதுரை', 'Melur'], firstGiftIds: [gifts.kumar] };
    expect((await push('staff', [mut('event.bookOrder', order)]))[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
    expect((await push('otheradmin', [mut('event.bookOrder', order)]))[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
    expect((await push('evadmin', [mut('event.bookOrder', { id: eventId, villages: 'Melur', firstGiftIds: [] })]))[0]).toMatchObject({ status: 'rejected' });
    expect((await push('evadmin', [mut('event.bookOrder', order)]))[0].status).toBe('applied');
    // Stored trimmed and without repeats, and every device of the event pulls it (the staff's tablet too).
    for (const who of ['evadmin', 'owner', 'staff']) {
      expect(await pulledEvent(who), who).toMatchObject({ bookVillageOrder: ['Melur', 'மதுரை'], bookFirstGiftIds: [gifts.kumar] });
    }
  });

  it('the owner may change it, and the server-made book prints in that order', async () => {
    expect((await push('owner', [mut('event.bookOrder', { id: eventId, villages: ['மதுரை'], firstGiftIds: [gifts.ravi, gifts.selvi] })]))[0].status).toBe('applied');
    const input = (await loadBookInput(app.db, eventId))!;
    const book = buildBook(input);
    // Chosen givers first, in the owner's order, and not repeated under their village.
    expect(book.first.rows.map((r) => r.name)).toEqual(['Ravi', 'செல்வி']);
    expect(book.first.subtotal).toBe(1202);
    expect(book.villages.map((v) => [v.village, v.rows.map((r) => r.name).sort()])).toEqual([['மதுரை', ['குமார்', 'முருகன்'].sort()]]);
    expect(book.summary.grandTotal).toBe(2004);
    // Cleared: the villages in Tamil alphabetical order again.
    expect((await push('owner', [mut('event.bookOrder', { id: eventId, villages: [], firstGiftIds: [] })]))[0].status).toBe('applied');
    const plain = buildBook((await loadBookInput(app.db, eventId))!);
    expect(plain.first.count).toBe(0);
    expect(plain.villages.map((v) => v.village)).toEqual(['அலங்காநல்லூர்', 'மதுரை', 'Melur']);
  });
});
