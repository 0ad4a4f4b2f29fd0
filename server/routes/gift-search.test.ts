// The owners' and admins' gift search (GET /moi/gifts?q=) over gifts that reached the server the way
// the app sends them: a push from the counter tablet, an edit, an imported row. A Latin spelling finds
// the Tamil name and the other way round, as on the device; an edit is found by its new name only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ListGiftsResponse } from '../../contract/admin';
import { createTestApp, type TestApp } from '../test-utils';
import { uuidv7 } from '../../contract/ids';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';

let t: TestApp;
let app: FastifyInstance;
let eventId: string;
let counterId: string;
let staff: { cookie: string; deviceId: string; id: string };
let admin: { cookie: string };
let seq = 0;

const mut = (name: string, args: unknown) => ({ id: randomUUID(), seq: ++seq, name, args });
async function push(mutations: unknown[]): Promise<string[]> {
  const res = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: staff.cookie }, payload: { deviceId: staff.deviceId, mutations } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: { status: string }[] }).results.map((r) => r.status);
}
async function search(q: string): Promise<ListGiftsResponse> {
  const res = await app.inject({ method: 'GET', url: `/moi/gifts?eventId=${eventId}&q=${encodeURIComponent(q)}`, headers: { cookie: admin.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListGiftsResponse;
}
const names = async (q: string) => (await search(q)).gifts.map((g) => g.name).sort();
function gift(over: Record<string, unknown>) {
  const id = uuidv7();
  return { id, eventId, counterId, receiptNo: `A-${id.slice(-12)}`, name: 'x', village: '', amount: 501, mode: 'cash', enteredAt: new Date().toISOString(), ...over };
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const s = await seedUser(app, `st${randomUUID().slice(0, 6)}`, 'counter_staff');
  const a = await seedUser(app, `ad${randomUUID().slice(0, 6)}`, 'event_admin');
  eventId = await seedEvent(app, { adminIds: [a.id] });
  counterId = await seedCounter(app, eventId, { code: 'A', staffIds: [s.id] });
  const deviceId = randomUUID();
  staff = { ...s, deviceId, cookie: (await loginCookie(app, s.username, s.password, deviceId)).cookie };
  admin = { cookie: (await loginCookie(app, a.username, a.password)).cookie };
}, 120_000);
afterAll(async () => { await t?.close(); });

describe(`gift search over pushed and edited gifts (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('finds a Tamil name by its English spelling and an English name by its Tamil letters, with the totals of the matches', async () => {
    const murugan = gift({ name: 'முருகன்', initial: 'க', village: 'மதுரை', amount: 1001 });
    const murugan2 = gift({ name: 'Murugan', initial: 'K', village: 'Madurai', amount: 501, mode: 'upi', reference: 'UTR9' });
    const selvi = gift({ name: 'செல்வி', village: 'தேனி', amount: 201 });
    expect(await push([mut('gift.create', murugan), mut('gift.create', murugan2), mut('gift.create', selvi)])).toEqual(['applied', 'applied', 'applied']);

    expect(await names('murugan')).toEqual(['Murugan', 'முருகன்']);
    // The initial typed with the name, before or after it, finds the Tamil initial too (issue 27).
    expect(await names('K. Murugan')).toEqual(['Murugan', 'முருகன்']);
    expect(await names('Murugan K')).toEqual(['Murugan', 'முருகன்']);
    expect(await names('S. Murugan')).toEqual([]);
    expect(await names('Muruga madurai')).toEqual(['Murugan', 'முருகன்']);
    expect(await names('theni')).toEqual(['செல்வி']);
    expect(await names('selvi')).toEqual(['செல்வி']);
    expect(await names('முருக')).toEqual(['முருகன்']); // Tamil letters as typed
    expect(await names('nobody')).toEqual([]);
    const res = await search('murugan');
    expect(res.total).toBe(2);
    expect(res.totals).toMatchObject({ count: 2, sum: 1502, cash: 1001, upi: 501 });
  });

  it('an edited name is found by its new spelling, no longer by the old one; the fields not edited stay as they were', async () => {
    const g = gift({ name: 'கண்ணன்', village: 'மேலூர்', mobile: '9876543210', relation: 'friend', mode: 'upi', reference: 'UTR77', note: 'with family', amount: 2001 });
    await push([mut('gift.create', g)]);
    expect(await names('kannan')).toEqual(['கண்ணன்']);
    expect(await push([mut('gift.update', { id: g.id, baseVersion: 1, patch: { name: 'கார்த்திக்' }, reason: 'misheard' })])).toEqual(['applied']);
    expect(await names('kannan')).toEqual([]);
    expect(await names('karthik melur')).toEqual(['கார்த்திக்']);
    // An edit of the name alone changes the name alone (the device sends only what changed).
    expect((await search('karthik')).gifts[0]).toMatchObject({
      name: 'கார்த்திக்', village: 'மேலூர்', mobile: '9876543210', relation: 'friend', mode: 'upi', reference: 'UTR77', note: 'with family', amount: 2001, version: 2,
    });
  });

  it('a deleted gift leaves the search and the totals', async () => {
    const g = gift({ name: 'Ponnusamy', amount: 3001 });
    await push([mut('gift.create', g)]);
    expect((await search('ponnusami')).totals).toMatchObject({ count: 1, sum: 3001 });
    await push([mut('gift.delete', { id: g.id, reason: 'typed twice' })]);
    expect((await search('ponnusami')).totals).toMatchObject({ count: 0, sum: 0 });
  });

  it('a search of only spaces answers the whole list; a long query is matched on its first words or refused with a 400', async () => {
    const all = await search('   ');
    expect(all.total).toBeGreaterThanOrEqual(4);
    // Six words at most are matched; a query over the contract's 100 characters is a 400, not a 500.
    expect((await search('a '.repeat(45))).total).toBe(all.total);
    const tooLong = await app.inject({ method: 'GET', url: `/moi/gifts?eventId=${eventId}&q=${'a'.repeat(101)}`, headers: { cookie: admin.cookie } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'invalid_body' });
  });
});
