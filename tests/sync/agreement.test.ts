// Drift (issue 26 item 5): a device whose synced gift rows are changed behind its back notices it
// against the server's figures, and "Repair this event" brings it back in step, never touching
// gifts still waiting to be sent. The device on fake-indexeddb with its sync loop, and the REAL
// server (buildApp + PGlite, or PostgreSQL with TEST_DATABASE_URL) through app.inject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PullResponse } from '../../contract/sync';
import { uuidv7 } from '../../contract/ids';
import { ApiRequestError } from '../../src/lib/api';
import { MoiDb } from '../../src/data/db';
import { createGiftOn } from '../../src/data/gifts-repo';
import { META, metaSet } from '../../src/data/outbox';
import { readAgreement, type EventAgreement } from '../../src/data/sync/agreement';
import { SyncEngine } from '../../src/data/sync/engine';
import type { SyncTransport } from '../../src/data/sync/transport';
import { createTestApp } from '../../server/test-utils';
import * as F from './fixtures';

let server: { app: FastifyInstance; close(): Promise<void> };
const mkErr = (status: number, code: string, message: string) => new ApiRequestError(status, code as never, message);
const dbs: MoiDb[] = [];

beforeAll(async () => {
  server = await createTestApp();
}, 180_000);
afterAll(async () => {
  for (const d of dbs) {
    d.close();
    await d.delete();
  }
  await server?.close();
});

async function signedInDevice(user: { username: string; password: string }) {
  const app = server.app;
  const deviceId = crypto.randomUUID();
  const l = await F.loginCookie(app, user.username, user.password, deviceId);
  const db = new MoiDb(`moi-agreement-${dbs.length}`);
  dbs.push(db);
  await db.open();
  await metaSet(db, META.deviceId, deviceId);
  await metaSet(db, META.deviceCode, l.device?.code ?? 'Z1');
  const base = F.injectTransport(app, () => l.cookie, mkErr) as SyncTransport;
  const transport: SyncTransport = {
    ...base,
    pullEvent: async (eventId, since, limit) => {
      const res = await app.inject({ method: 'GET', url: `/moi/sync/pull?since=${since}&limit=${limit}&types=gift&event=${eventId}`, headers: { cookie: l.cookie } });
      if (res.statusCode >= 400) throw mkErr(res.statusCode, 'unknown', res.body);
      return res.json() as PullResponse;
    },
  };
  return { db, transport };
}

const of = (list: EventAgreement[] | null, eventId: string) => list?.find((a) => a.eventId === eventId);

describe('a device that knows it agrees', () => {
  it('rows changed behind its back are detected; Repair re-pulls the event and it is in step again, pending gifts untouched', async () => {
    const app = server.app;
    const suffix = crypto.randomUUID().slice(0, 8);
    const kavi = await F.seedUser(app, `kavi${suffix}`, 'counter_staff');
    const eventId = await F.seedEvent(app);
    const counterA = await F.seedCounter(app, eventId, { code: 'A', staffIds: [kavi.id] });
    const k = await signedInDevice(kavi);
    const gift = (name: string, amount: number, extra: Record<string, unknown> = {}) =>
      createGiftOn(k.db, { eventId, counterId: counterA, counterCode: 'A', name, amount, enteredBy: kavi.id, ...extra });
    const cash = await gift('முருகன்', 501);
    const upi = await gift('செல்வி', 1001, { mode: 'upi' });
    await gift('கண்ணன்', 5000, { mode: 'item', item: 'வெள்ளி விளக்கு', approxValue: 5000 });
    const e = new SyncEngine({ db: k.db, transport: k.transport, useLocks: false, listenToWindow: false, timers: false, pullLimit: 2 });
    await e.drain();

    // In step: three gifts, the item not counted as money.
    expect(of(await readAgreement(k.db), eventId)).toMatchObject({ state: 'inStep', device: { count: 3, money: 1502 }, server: { count: 3, money: 1502 } });

    // Behind the device's back: one synced amount altered, one synced gift removed, one gift that the server never had.
    await k.db.gifts.update(cash.id, { amount: 50_001 });
    await k.db.gifts.delete(upi.id);
    const ghost = uuidv7();
    await k.db.gifts.put({ ...cash, id: ghost, receiptNo: 'A-ZZ-9999', amount: 7, _pending: 0 });
    const drift = of(await readAgreement(k.db), eventId);
    expect(drift).toMatchObject({ state: 'differs', device: { count: 3, money: 50_008 }, server: { count: 3, money: 1502 } });

    // A gift keyed now that cannot reach the server yet: shown apart, and the event is not called in step.
    const held: SyncTransport = { ...k.transport, push: async () => { throw mkErr(0, 'network', 'Failed to fetch'); } };
    e.transport = held;
    const waiting = await gift('வேலு', 201);
    const before = of(await readAgreement(k.db), eventId);
    expect(before).toMatchObject({ state: 'waiting', matches: false, pending: { count: 1, money: 201 } });

    // Repair: the event's gifts again from the server; the ghost leaves, the pending gift stays as keyed.
    expect(await e.repairEvent(eventId)).toBe(true);
    expect(await k.db.gifts.get(cash.id)).toMatchObject({ amount: 501, _pending: 0 });
    expect(await k.db.gifts.get(upi.id)).toMatchObject({ amount: 1001, mode: 'upi', _pending: 0 });
    expect(await k.db.gifts.get(ghost)).toBeUndefined();
    expect(await k.db.gifts.get(waiting.id)).toMatchObject({ amount: 201, _pending: 1 });
    expect(of(await readAgreement(k.db), eventId)).toMatchObject({ state: 'waiting', matches: true, device: { count: 3, money: 1502 }, pending: { count: 1 } });

    // Once the waiting gift is on the server: in step, with it counted.
    e.transport = k.transport;
    await e.drain();
    expect(of(await readAgreement(k.db), eventId)).toMatchObject({ state: 'inStep', device: { count: 4, money: 1703 }, server: { count: 4, money: 1703 }, pending: { count: 0 } });
  }, 120_000);
});
