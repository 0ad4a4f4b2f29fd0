// Property: random interleavings of writes, dropped requests, lost responses, server errors,
// retries and page reloads over 2–3 devices, against the REAL server (buildApp + PGlite, or
// PostgreSQL with TEST_DATABASE_URL), end with every device and the server holding the same
// gifts, and every mutation applied exactly once (versions count each edit once).
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PushBody } from '../../contract/sync';
import { MoiDb } from '../../src/data/db';
import { createGiftOn, deleteGiftOn, updateGiftOn } from '../../src/data/gifts-repo';
import { META, metaSet, outboxCounts } from '../../src/data/outbox';
import { SyncEngine } from '../../src/data/sync/engine';
import type { SyncTransport } from '../../src/data/sync/transport';
import { ApiRequestError } from '../../src/lib/api';
import * as W from './world';

beforeAll(async () => {
  await W.startServer();
}, 120_000);
afterAll(async () => { await W.stopServer(); });

type Fault = 'ok' | 'drop' | 'lost' | 'e500';
type Cmd =
  | { k: 'create'; d: number; amount: number }
  | { k: 'update'; d: number; pick: number }
  | { k: 'delete'; d: number; pick: number }
  | { k: 'sync'; d: number; fault: Fault }
  | { k: 'reload'; d: number };

const cmdArb = (nd: number): fc.Arbitrary<Cmd> => {
  const d = fc.integer({ min: 0, max: nd - 1 });
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ k: fc.constant('create' as const), d, amount: fc.integer({ min: 1, max: 100_000 }) }) },
    { weight: 2, arbitrary: fc.record({ k: fc.constant('update' as const), d, pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('delete' as const), d, pick: fc.nat() }) },
    { weight: 3, arbitrary: fc.record({ k: fc.constant('sync' as const), d, fault: fc.constantFrom<Fault>('ok', 'drop', 'lost', 'e500') }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('reload' as const), d }) },
  );
};

const mkErr = (status: number, code: string, message: string) => new ApiRequestError(status, code as never, message);

/** A transport that injects one fault into the next push, then behaves. */
function faulty(base: SyncTransport) {
  let next: Fault = 'ok';
  const t: SyncTransport & { arm(f: Fault): void } = {
    arm: (f) => { next = f; },
    push: async (body: PushBody) => {
      const f = next;
      next = 'ok';
      if (f === 'drop') throw new ApiRequestError(0, 'network', 'dropped');
      if (f === 'e500') throw new ApiRequestError(500, 'internal_error', 'boom');
      const res = await base.push(body);
      if (f === 'lost') throw new ApiRequestError(0, 'network', 'response lost');
      return res;
    },
    pull: (s, l) => base.pull(s, l),
    uploadProfileImage: (...a) => base.uploadProfileImage(...a),
  };
  return t;
}

let dbSerial = 0;

it('devices converge with the server; every mutation applied exactly once', async () => {
  for (const nd of [2, 3]) {
    await fc.assert(fc.asyncProperty(fc.array(cmdArb(nd), { minLength: 4, maxLength: 28 }), async (cmds) => {
      const world = await W.newWorld(nd);
      const names = world.devices.map(() => `moi-prop-${dbSerial++}`);
      const transports = world.devices.map((_, i) => faulty(world.transport(i, mkErr)));
      const open = async (i: number) => {
        const db = new MoiDb(names[i]);
        await db.open();
        return db;
      };
      const dbs: MoiDb[] = [];
      for (let i = 0; i < nd; i++) {
        const db = await open(i);
        await metaSet(db, META.deviceId, world.devices[i].deviceId);
        await metaSet(db, META.deviceCode, world.devices[i].code);
        dbs.push(db);
      }
      const engineFor = (i: number) => new SyncEngine({ db: dbs[i], transport: transports[i], useLocks: false, listenToWindow: false, timers: false, pullLimit: 7 });
      const engines = dbs.map((_, i) => engineFor(i));
      // The model: what each gift must end as on the server (only its own device edits it).
      const expected = new Map<string, { amount: number; version: number; deleted: boolean }>();
      const own: string[][] = dbs.map(() => []);
      let amountSeq = 200_000;
      try {
        for (const c of cmds) {
          const db = dbs[c.d];
          const me = world.devices[c.d].userId;
          if (c.k === 'create') {
            const g = await createGiftOn(db, { eventId: world.eventId, counterId: world.counterId, counterCode: world.counterCode, name: 'பரிசு', amount: c.amount, enteredBy: me });
            own[c.d].push(g.id);
            expected.set(g.id, { amount: c.amount, version: 1, deleted: false });
          } else if (c.k === 'update' || c.k === 'delete') {
            const live = own[c.d].filter((id) => !expected.get(id)!.deleted);
            if (live.length === 0) continue;
            const id = live[c.pick % live.length];
            const e = expected.get(id)!;
            if (c.k === 'update') {
              const amount = ++amountSeq;
              await updateGiftOn(db, id, { amount }, 'correction', me);
              expected.set(id, { ...e, amount, version: e.version + 1 });
            } else {
              await deleteGiftOn(db, id, 'entered twice', me);
              expected.set(id, { ...e, version: e.version + 1, deleted: true });
            }
          } else if (c.k === 'sync') {
            transports[c.d].arm(c.fault);
            await engines[c.d].drain();
          } else {
            // Reload the page: a new connection and a new engine over the same stored data.
            db.close();
            dbs[c.d] = await open(c.d);
            engines[c.d] = engineFor(c.d);
          }
        }
        // The network comes back for good: everyone syncs until nothing is left, then pulls once more.
        for (let round = 0; round < 3; round++) for (const e of engines) await e.drain();
        for (const db of dbs) expect(await outboxCounts(db)).toMatchObject({ pending: 0, sending: 0, rejected: 0 });

        const server = await world.serverGifts();
        expect(server).toHaveLength(expected.size);
        expect(new Set(server.map((g) => g.receiptNo)).size).toBe(server.length);
        for (const g of server) expect({ amount: g.amount, version: g.version, deleted: g.deleted }).toEqual(expected.get(g.id));
        const totalMutations = (await Promise.all(dbs.map((d) => d.outbox.count()))).reduce((a, b) => a + b, 0);
        expect(await world.appliedCount()).toBe(totalMutations);
        // Every device holds exactly the server's gifts (same counter, so each sees all).
        const serverView = new Map(server.map((g) => [g.id, `${g.amount}/${g.version}/${g.deleted}`]));
        for (const db of dbs) {
          const local = await db.gifts.toArray();
          expect(new Map(local.map((g) => [g.id, `${g.amount}/${g.version}/${g.deletedAt != null}`]))).toEqual(serverView);
          expect(local.every((g) => g._pending === 0)).toBe(true);
        }
      } finally {
        for (const db of dbs) {
          db.close();
          await db.delete();
        }
      }
    }), { numRuns: nd === 2 ? 10 : 6 });
  }
}, 600_000);
