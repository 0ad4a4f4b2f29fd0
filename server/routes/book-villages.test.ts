// The host's merges and renames of villages for the moi book (issue 27 item 5), kept with the event
// through the event.bookVillages mutation: an owner or admin of the event may set them, counter staff and
// others may not, a bad body is refused; every device pulls them with the event, and the server's book
// (npm run report) prints them. Real app and database (PGlite; PostgreSQL with TEST_DATABASE_URL).
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
let seq = 0;

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
const pages = async () => Object.fromEntries(buildBook((await loadBookInput(app.db, eventId))!).villages.map((v) => [v.village, [v.count, v.subtotal]]));

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
  const counterId = await seedCounter(app, eventId, { code: 'A', staffIds: [W.staff.id], open: true });
  const rows: Array<[string, string, number]> = [['முருகன்', 'மதுரை', 501], ['Selvi', 'Madurai', 1001], ['Ravi', 'Sellur', 201], ['குமார்', 'செல்லூர்', 301], ['Raja', 'Tirunelveli', 101]];
  const created = await push('staff', rows.map(([name, village, amount], i) => mut('gift.create', {
    id: uuidv7(), eventId, counterId, receiptNo: `A-T1-${i}`, name, village, amount, mode: 'cash', enteredAt: new Date().toISOString(),
  })));
  expect(created.map((r) => r.status)).toEqual(rows.map(() => 'applied'));
}, 180_000);
afterAll(async () => { await t?.close(); }, 60_000);

describe('the host\'s merges and renames of villages, kept with the event', () => {
  const rules = [{ from: ' Sellur ', to: 'மதுரை' }, { from: 'Tirunelveli', to: 'நெல்லை' }];

  it('counter staff, another event\'s admin and bad bodies are refused; nothing is stored', async () => {
    expect((await push('staff', [mut('event.bookVillages', { id: eventId, villages: rules })]))[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect((await push('otheradmin', [mut('event.bookVillages', { id: eventId, villages: rules })]))[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
    expect((await push('evadmin', [mut('event.bookVillages', { id: uuidv7(), villages: rules })]))[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
    for (const bad of [
      { id: eventId, villages: 'Sellur' },
      { id: eventId, villages: [{ from: 'Sellur' }] },
      { id: eventId, villages: [{ from: '   ', to: 'மதுரை' }] },
      { id: eventId, villages: [{ from: 'Sellur', to: 'x'.repeat(201) }] },
      { id: eventId, villages: Array.from({ length: 501 }, (_, i) => ({ from: `v${i}`, to: 'மதுரை' })) },
      { id: 'not-an-id', villages: rules },
    ]) {
      expect((await push('evadmin', [mut('event.bookVillages', bad)]))[0], JSON.stringify(bad).slice(0, 80)).toMatchObject({ status: 'rejected', code: 'invalid_body' });
    }
    expect((await pulledEvent('owner'))?.bookVillages).toEqual([]);
    expect(await pages()).toEqual({ 'மதுரை': [2, 1502], 'செல்லூர்': [2, 502], Tirunelveli: [1, 101] });
  });

  it('an event admin sets them: stored cleaned, pulled by every device of the event, printed by the server\'s book', async () => {
    expect((await push('evadmin', [mut('event.bookVillages', { id: eventId, villages: rules })]))[0].status).toBe('applied');
    const stored = [{ from: 'Sellur', to: 'மதுரை' }, { from: 'Tirunelveli', to: 'நெல்லை' }];
    for (const who of ['evadmin', 'owner', 'staff']) expect((await pulledEvent(who))?.bookVillages, who).toEqual(stored);
    expect(await pages()).toEqual({ 'மதுரை': [4, 2004], 'நெல்லை': [1, 101] });
  });

  it('the owner may change them (the whole list is replaced) and clear them', async () => {
    expect((await push('owner', [mut('event.bookVillages', { id: eventId, villages: [{ from: 'செல்லூர்', to: 'Sellur (Madurai)' }] })]))[0].status).toBe('applied');
    expect(await pages()).toEqual({ 'மதுரை': [2, 1502], 'Sellur (Madurai)': [2, 502], Tirunelveli: [1, 101] });
    expect((await push('owner', [mut('event.bookVillages', { id: eventId, villages: [] })]))[0].status).toBe('applied');
    expect((await pulledEvent('staff'))?.bookVillages).toEqual([]);
  });
});
