// A ledger shared by the family (issue 30 item 3), device to real server: a member with the edit role
// records a moi the family gave on their own phone while offline (it waits in the device's outbox),
// it reaches the server when the phone syncs, and another member sees it in the host's ledger and
// in the lines their phone pulls. The host removes the member: their reads and writes are refused.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LedgerHintRow, LedgerResponse } from '../../contract/ledger';
import { uuidv7 } from '../../contract/ids';
import { MoiDb } from '../../src/data/db';
import { recordGivenOn } from '../../src/data/ledger-repo';
import { META, metaSet, outboxCounts } from '../../src/data/outbox';
import { SyncEngine } from '../../src/data/sync/engine';
import { ApiRequestError } from '../../src/lib/api';
import { createTestApp, type TestApp } from '../../server/test-utils';
import { injectTransport, loginCookie, seedEvent, seedUser } from './fixtures';

let t: TestApp;
type Who = { id: string; cookie: string; deviceId: string };
const who: Record<'host' | 'amma' | 'thambi', Who> = {} as never;
const mkErr = (status: number, code: string, message: string) => new ApiRequestError(status, code as never, message);
const call = (w: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: w.cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  for (const k of ['host', 'amma', 'thambi'] as const) {
    const u = await seedUser(t.app, `${k}${randomUUID().slice(0, 6)}`, 'event_owner');
    const deviceId = randomUUID();
    who[k] = { id: u.id, cookie: (await loginCookie(t.app, u.username, u.password, deviceId)).cookie, deviceId };
  }
  await seedEvent(t.app, { ownerIds: [who.host.id] });
}, 120_000);
afterAll(async () => { await t?.close(); });

async function invite(role: 'view' | 'edit', member: Who): Promise<string> {
  const inv = await call(who.host, 'POST', '/moi/ledger/household/invite', { label: 'family', role });
  expect(inv.statusCode, inv.body).toBe(200);
  expect((await call(member, 'POST', '/moi/ledger/household/join', { token: inv.json().token })).statusCode).toBe(200);
  return inv.json().member.id as string;
}

async function phoneOf(w: Who): Promise<MoiDb> {
  const db = new MoiDb(`moi-household-${randomUUID()}`);
  await db.open();
  await metaSet(db, META.deviceId, w.deviceId);
  return db;
}

it('a member records given moi offline, another member sees it; a removed member is refused', async () => {
  const ammaRow = await invite('edit', who.amma);
  await invite('view', who.thambi);

  // Amma's phone, offline: the moi is saved on the phone and waits in its outbox.
  const phone = await phoneOf(who.amma);
  const personId = uuidv7();
  await recordGivenOn(phone, {
    id: uuidv7(), ownerId: who.host.id, newPerson: { id: personId, name: 'முருகன்', initial: 'க', village: 'மேலூர்', mobile: '' },
    functionType: 'wedding', functionLabel: 'முருகன் மகள் திருமணம்', date: '2026-11-01', amount: 1001, mode: 'cash', note: '',
  });
  expect(await outboxCounts(phone)).toMatchObject({ pending: 1 });
  const before = (await call(who.thambi, 'GET', `/moi/ledger?ownerId=${who.host.id}`)).json() as LedgerResponse;
  expect(before.people.find((p) => p.id === personId)).toBeUndefined();

  // Back online: the phone syncs like for every write.
  const engine = new SyncEngine({ db: phone, useLocks: false, listenToWindow: false, timers: false, transport: injectTransport(t.app, () => who.amma.cookie, mkErr) as never });
  await engine.drain();
  expect(await outboxCounts(phone)).toMatchObject({ pending: 0, sending: 0, rejected: 0 });

  // Thambi (view) sees it in the host's ledger, and their phone pulls the person's line.
  const after = (await call(who.thambi, 'GET', `/moi/ledger?ownerId=${who.host.id}`)).json() as LedgerResponse;
  expect(after.people.find((p) => p.id === personId)).toMatchObject({ name: 'முருகன்', given: 1001, givenCount: 1 });
  const pulled = await call(who.thambi, 'GET', '/moi/sync/pull?since=0&limit=5000');
  const line = (pulled.json() as { changes: Array<{ type: string; row?: LedgerHintRow }> }).changes.find((c) => c.type === 'ledgerPerson' && c.row?.id === personId);
  expect(line?.row).toMatchObject({ ownerId: who.host.id, givenTotal: 1001 });
  // The host's own ledger has it too; a viewer may not write into it.
  expect(((await call(who.host, 'GET', '/moi/ledger')).json() as LedgerResponse).people.find((p) => p.id === personId)?.given).toBe(1001);
  const viewerPush = await call(who.thambi, 'POST', '/moi/sync/push', { deviceId: who.thambi.deviceId, mutations: [{ id: uuidv7(), seq: 1, name: 'ledger.given.save', args: { id: uuidv7(), ownerId: who.host.id, personId, functionType: 'wedding', date: '2026-11-02', amount: 51 } }] });
  expect(viewerPush.json().results[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });

  // The host removes Amma: her reads are refused and her next moi is rejected, not written.
  expect((await call(who.host, 'DELETE', `/moi/ledger/household/${ammaRow}`)).statusCode).toBe(200);
  expect((await call(who.amma, 'GET', `/moi/ledger?ownerId=${who.host.id}`)).statusCode).toBe(404);
  expect((await call(who.amma, 'GET', `/moi/ledger/people/${personId}?ownerId=${who.host.id}`)).statusCode).toBe(404);
  const late = uuidv7();
  await recordGivenOn(phone, { id: late, ownerId: who.host.id, personId, functionType: 'wedding', functionLabel: '', date: '2026-11-03', amount: 501, mode: 'cash', note: '' });
  await engine.drain();
  const row = (await phone.outbox.toArray()).find((r) => (r.args as { id: string }).id === late);
  expect(row).toMatchObject({ state: 'rejected', lastErrorCode: 'not_found' });
  const owners = (await call(who.amma, 'GET', '/moi/ledger/owners')).json() as { owners: Array<{ id: string }> };
  expect(owners.owners.map((o) => o.id)).toEqual([who.amma.id]);
  const ledger = (await call(who.host, 'GET', '/moi/ledger')).json() as LedgerResponse;
  expect(ledger.people.find((p) => p.id === personId)?.given).toBe(1001);
  phone.close();
}, 60_000);
