// The ledger through the sync pull (issue 12, migration 0013) × role × scope, on the real app and
// database: a host's devices receive their own people's lines; the devices of an event's counter
// (its staff, its admins) receive the lines of that event's owners while the hint is on, and never
// another host's; the lines change when the host records moi given, and go when the hint is turned
// off. Alt+L at the counter names the person on the gift: linked only when the person is the
// event owner's, and the gift is recorded either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerHintRow, LedgerResponse } from '../../contract/ledger';
import type { PullResponse, PushResult } from '../../contract/sync';
import { devices, gifts, ledgerLinks } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import { createTestApp, type TestApp } from '../test-utils';
import { buildWorld, sessionCookie, type Who, type World } from '../domain/management/test-world';
import { eq } from 'drizzle-orm';

let t: TestApp;
let w: World;
const cookies: Partial<Record<Who, { id: string; cookie: string; seq: number }>> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.app);
  const now = new Date().toISOString();
  await t.app.db.insert(gifts).values([
    { id: uuidv7(), eventId: w.e1.id, counterId: w.c1.id, receiptNo: 'A-T1-20', name: 'Raja', initial: 'S', village: 'Madurai', amount: 301, mode: 'cash', enteredAt: now, enteredBy: w.ids.st1 },
  ]);
  for (const who of ['ow1', 'ow2', 'ea1', 'ea2', 'st1', 'st2', 'admin'] as const) {
    const id = uuidv7();
    cookies[who] = { id, cookie: await sessionCookie(t.app, w.ids[who], id), seq: 1 };
  }
  // The counter's tablet is a registered device (gifts come only from those).
  await t.app.db.insert(devices).values({ id: cookies.st1!.id, code: 'L7', userId: w.ids.st1 });
  // The host opens their ledger once: the gifts of their events are grouped into people.
  expect((await w.call('ow1', 'GET', '/moi/ledger')).statusCode).toBe(200);
  expect((await w.call('ow2', 'GET', '/moi/ledger')).statusCode).toBe(200);
}, 180_000);
afterAll(async () => { await t?.close(); }, 60_000);

async function pull(who: Who, since = 0, types?: string): Promise<PullResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/moi/sync/pull?since=${since}&limit=5000${types ? `&types=${types}` : ''}`, headers: { cookie: cookies[who]!.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as PullResponse;
}
const lines = (p: PullResponse) => p.changes.filter((c) => c.type === 'ledgerPerson' && c.row).map((c) => c.row as LedgerHintRow);

/** Gifts at another function of ow1 (an old book brought in): gifts of one function are never joined into one person. */
async function earlierBook(fileHash: string, rows: { name: string; initial: string; village: string; amount: number }[]): Promise<void> {
  const res = await w.call('ow1', 'POST', '/moi/ledger/import', {
    fileName: `${fileHash}.csv`, fileHash, title: 'Earlier book', functionType: 'other', date: '2018-01-01', rows: rows.map((r, i) => ({ sheet: 'S', row: i + 2, ...r })),
  });
  expect(res.statusCode).toBe(200);
}

async function push(who: Who, name: string, args: unknown): Promise<PushResult> {
  const d = cookies[who]!;
  const res = await t.app.inject({
    method: 'POST', url: '/moi/sync/push', headers: { cookie: d.cookie },
    payload: { deviceId: d.id, mutations: [{ id: uuidv7(), seq: d.seq++, name, args }] },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: PushResult[] }).results[0];
}

describe('ledger lines in the sync pull', () => {
  it('reach the host, and the staff and admins of the host’s open event; never another host or their counters', async () => {
    const own = lines(await pull('ow1'));
    expect(own.map((l) => l.name).sort()).toEqual(['Murugan', 'Raja']);
    const murugan = own.find((l) => l.name === 'Murugan')!;
    expect(murugan).toMatchObject({ ownerId: w.ids.ow1, village: 'Melur', lastGiven: null });
    expect(murugan.received).toEqual([{ eventId: w.e1.id, amount: 501, functionType: w.e1.functionType, date: w.e1.date }]);
    for (const who of ['st1', 'ea1'] as const) expect(lines(await pull(who)).map((l) => l.id).sort()).toEqual(own.map((l) => l.id).sort());
    // Another host, their staff and their admin: only ow2's giver, never ow1's.
    for (const who of ['ow2', 'st2', 'ea2'] as const) expect(lines(await pull(who)).map((l) => l.name)).toEqual(['Selvi']);
    // The app admin receives everything.
    expect(lines(await pull('admin')).map((l) => l.name).sort()).toEqual(['Murugan', 'Raja', 'Selvi']);
    // An event admin still cannot open the host's ledger itself.
    expect((await w.call('ea1', 'GET', `/moi/ledger?ownerId=${w.ids.ow1}`)).statusCode).toBe(404);
  });

  it('a moi the host records reaches the counter’s next pull, and a new person given to appears', async () => {
    const before = await pull('st1');
    const murugan = lines(before).find((l) => l.name === 'Murugan')!;
    const newId = uuidv7();
    expect(await push('ow1', 'ledger.given.save', { id: uuidv7(), personId: murugan.id, functionType: 'housewarming', date: '2025-06-01', amount: 2001 })).toMatchObject({ status: 'applied' });
    expect(await push('ow1', 'ledger.given.save', { id: uuidv7(), newPerson: { id: newId, name: 'Kannan', village: 'Theni' }, functionType: 'wedding', date: '2025-02-01', amount: 1001 })).toMatchObject({ status: 'applied' });
    const after = await pull('st1', before.cursor);
    expect(lines(after).find((l) => l.id === murugan.id)?.lastGiven).toEqual({ amount: 2001, functionType: 'housewarming', date: '2025-06-01' });
    // The balance's figures: their money per function, and all the host gave them.
    expect(lines(after).find((l) => l.id === murugan.id)).toMatchObject({ receivedByEvent: [{ eventId: w.e1.id, amount: 501 }], givenTotal: 2001 });
    expect(lines(after).find((l) => l.id === newId)).toMatchObject({ name: 'Kannan', received: [], lastGiven: { amount: 1001 } });
    // Not to another host's counter.
    const st2 = await pull('st2', (await pull('st2')).cursor);
    expect(st2.changes.filter((c) => c.type === 'ledgerPerson')).toEqual([]);
  });

  it('a merge sends the merged-away person as a tombstone', async () => {
    const own = lines(await pull('ow1'));
    const cursor = (await pull('ow1')).cursor;
    const [a, b] = [own.find((l) => l.name === 'Raja')!, own.find((l) => l.name === 'Kannan')!];
    expect(await push('ow1', 'ledger.person.merge', { id: uuidv7(), keepId: b.id, mergeId: a.id })).toMatchObject({ status: 'applied' });
    const next = await pull('st1', cursor);
    expect(next.changes).toContainEqual({ type: 'ledgerPerson', id: a.id, deleted: true });
    expect(lines(next).find((l) => l.id === b.id)?.received.map((r) => r.amount)).toEqual([301]);
  });

  it('the hint turned off for the event: its staff’s scope no longer holds the host’s lines (the fingerprint moves)', async () => {
    const on = await pull('st1');
    expect((await w.call('ow1', 'PUT', `/moi/ledger/hint/${w.e1.id}`, { enabled: false })).statusCode).toBe(200);
    const off = await pull('st1', on.cursor);
    expect(off.scope?.ledgerPerson).not.toBe(on.scope?.ledgerPerson);
    // The device's back-fill of the type lists nothing: what it holds is pruned.
    expect(lines(await pull('st1', 0, 'ledgerPerson'))).toEqual([]);
    // The event row tells the device the hint is off.
    expect(off.changes.find((c) => c.type === 'event' && c.id === w.e1.id)?.row).toMatchObject({ ledgerHint: false });
    // The host still has their own lines.
    expect(lines(await pull('ow1')).length).toBeGreaterThan(0);
    expect((await w.call('ow1', 'PUT', `/moi/ledger/hint/${w.e1.id}`, { enabled: true })).statusCode).toBe(200);
    expect(lines(await pull('st1', 0, 'ledgerPerson')).length).toBeGreaterThan(0);
  });
});

describe('Alt+L: the gift names the ledger person', () => {
  const gift = (ledgerPersonId: string, receiptNo: string) => ({
    id: uuidv7(), eventId: w.e1.id, counterId: w.c1.id, receiptNo, name: 'Murugan', initial: 'K', village: 'Melur', amount: 1001,
    enteredAt: new Date().toISOString(), ledgerPersonId,
  });
  const linkOf = async (giftId: string) => (await t.app.db.select().from(ledgerLinks).where(eq(ledgerLinks.giftId, giftId)))[0];

  it('links the gift to the host’s person (how: counter)', async () => {
    const murugan = (((await w.call('ow1', 'GET', '/moi/ledger')).json()) as LedgerResponse).people.find((p) => p.name === 'Murugan')!;
    const g = gift(murugan.id, 'A-X-1');
    expect(await push('st1', 'gift.create', g)).toMatchObject({ status: 'applied' });
    expect(await linkOf(g.id)).toMatchObject({ ownerId: w.ids.ow1, personId: murugan.id, how: 'counter' });
    const after = (((await w.call('ow1', 'GET', '/moi/ledger')).json()) as LedgerResponse).people.find((p) => p.id === murugan.id)!;
    expect(after.receivedCount).toBe(murugan.receivedCount + 1);
  });

  it('another host’s person, or no such person: the gift is recorded, not linked', async () => {
    const selvi = (((await w.call('ow2', 'GET', '/moi/ledger')).json()) as LedgerResponse).people[0];
    const g1 = gift(selvi.id, 'A-X-2');
    expect(await push('st1', 'gift.create', g1)).toMatchObject({ status: 'applied' });
    expect(await linkOf(g1.id)).toBeUndefined();
    const g2 = gift('no-such-person', 'A-X-3');
    expect(await push('st1', 'gift.create', g2)).toMatchObject({ status: 'applied' });
    expect(await linkOf(g2.id)).toBeUndefined();
    expect((await t.app.db.select().from(gifts).where(eq(gifts.id, g2.id))).length).toBe(1);
  });
});

describe('village aliases of a host (ledger.alias.save / .delete)', () => {
  it('only the host writes their own groups; staff are refused; another host’s group is not found', async () => {
    const id = uuidv7();
    expect(await push('st1', 'ledger.alias.save', { id, names: ['Alangai', 'Alanganallur'] })).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(await push('ow1', 'ledger.alias.save', { id, names: ['Vadipatti'] })).toMatchObject({ status: 'rejected', code: 'invalid_body' });
    expect(await push('ow1', 'ledger.alias.save', { id, names: ['Sholavandan', 'Cholavandan ', 'சோழவந்தான்', 'Sholavandan'] })).toMatchObject({ status: 'applied' });
    expect(await push('ow2', 'ledger.alias.save', { id, names: ['X', 'Y'] })).toMatchObject({ status: 'rejected', code: 'not_found' });
    expect(await push('ow2', 'ledger.alias.delete', { id })).toMatchObject({ status: 'rejected', code: 'not_found' });
    const l1 = (await w.call('ow1', 'GET', '/moi/ledger')).json() as LedgerResponse;
    expect(l1.aliases).toEqual([{ id, names: ['Sholavandan', 'Cholavandan', 'சோழவந்தான்'] }]);
    expect(((await w.call('ow2', 'GET', '/moi/ledger')).json() as LedgerResponse).aliases).toEqual([]);
  });

  it('the host’s group joins givers written with either name; a group is removed', async () => {
    const id = uuidv7();
    expect(await push('ow1', 'ledger.alias.save', { id, names: ['Samayanallur', 'Samai'] })).toMatchObject({ status: 'applied' });
    const now = new Date().toISOString();
    await t.app.db.insert(gifts).values([
      { id: uuidv7(), eventId: w.e1.id, counterId: w.c1.id, receiptNo: 'A-V-1', name: 'Palani', initial: 'K', village: 'Samayanallur', amount: 101, mode: 'cash', enteredAt: now, enteredBy: w.ids.st1 },
    ]);
    await earlierBook('palani-1', [{ name: 'Palani', initial: 'K', village: 'Samai', amount: 201 }]);
    const l = (await w.call('ow1', 'GET', '/moi/ledger')).json() as LedgerResponse;
    expect(l.people.filter((p) => p.name === 'Palani').map((p) => p.received)).toEqual([302]);
    expect(await push('ow1', 'ledger.alias.delete', { id })).toMatchObject({ status: 'applied' });
    expect(await push('ow1', 'ledger.alias.delete', { id })).toMatchObject({ status: 'duplicate' });
    expect(((await w.call('ow1', 'GET', '/moi/ledger')).json() as LedgerResponse).aliases?.map((a) => a.id)).not.toContain(id);
  });

  it('saving a group joins the people already grouped apart under the two spellings; deleting it parts them again; the host’s own decisions stay', async () => {
    const now = new Date().toISOString();
    const gift = (receiptNo: string, name: string, village: string, amount: number) => ({
      id: uuidv7(), eventId: w.e1.id, counterId: w.c1.id, receiptNo, name, initial: 'R', village, amount, mode: 'cash' as const, enteredAt: now, enteredBy: w.ids.st1,
    });
    await t.app.db.insert(gifts).values([gift('A-P-1', 'Ayyanar', 'Peraiyur', 101), gift('A-P-3', 'Sundaram', 'Peraiyur', 301)]);
    await earlierBook('perai-1', [{ name: 'Ayyanar', initial: 'R', village: 'Perai', amount: 201 }, { name: 'Sundaram', initial: 'R', village: 'Perai', amount: 401 }]);
    const ledger = async () => (await w.call('ow1', 'GET', '/moi/ledger')).json() as LedgerResponse;
    const named = (l: LedgerResponse, name: string) => l.people.filter((p) => p.name === name).sort((a, b) => a.received - b.received);
    let l = await ledger();
    // Grouped before any alias: two Ayyanars, two Sundarams.
    expect(named(l, 'Ayyanar').map((p) => p.received)).toEqual([101, 201]);
    expect(named(l, 'Sundaram').map((p) => p.received)).toEqual([301, 401]);
    // The host wrote something on the Perai Sundaram (a moi given): that person is the host's decision, kept as is.
    const sundaramPerai = named(l, 'Sundaram')[1];
    expect(await push('ow1', 'ledger.given.save', { id: uuidv7(), personId: sundaramPerai.id, functionType: 'wedding', date: '2025-03-01', amount: 501 })).toMatchObject({ status: 'applied' });

    const id = uuidv7();
    expect(await push('ow1', 'ledger.alias.save', { id, names: ['Peraiyur', 'Perai'] })).toMatchObject({ status: 'applied' });
    l = await ledger();
    expect(named(l, 'Ayyanar').map((p) => p.received)).toEqual([302]);
    const sundaram = named(l, 'Sundaram');
    expect(sundaram.map((p) => [p.id, p.received, p.given])).toEqual([[sundaramPerai.id, 702, 501]]);
    // The join is on the person card, as a merge the host can undo.
    const card = (await w.call('ow1', 'GET', `/moi/ledger/people/${sundaramPerai.id}`)).json() as { merges: { id: string; kind: string; undone: boolean }[] };
    expect(card.merges).toEqual([expect.objectContaining({ kind: 'merge', undone: false })]);

    expect(await push('ow1', 'ledger.alias.delete', { id })).toMatchObject({ status: 'applied' });
    l = await ledger();
    // Parted again: the Ayyanar the matcher joined; the Sundaram the host wrote on keeps what it holds.
    expect(named(l, 'Ayyanar').map((p) => p.received)).toEqual([101, 201]);
    expect(named(l, 'Sundaram').map((p) => [p.id, p.received])).toEqual([[sundaramPerai.id, 702]]);
    // Undoing the join gives the Peraiyur Sundaram back his gift.
    expect(await push('ow1', 'ledger.merge.undo', { id: card.merges[0].id })).toMatchObject({ status: 'applied' });
    expect(named(await ledger(), 'Sundaram').map((p) => p.received)).toEqual([301, 401]);
  });
});
