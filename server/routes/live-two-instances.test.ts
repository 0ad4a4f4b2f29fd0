// Scale-out: three server instances on one PostgreSQL (each its own pool and LISTEN connection),
// two counter tablets pushing to different instances, the event owner's live stream and pulls on
// a third. Every gift reaches the owner exactly once, each within a second of its save.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils';
import { uuidv7 } from '../../contract/ids';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';
import { SseClient } from '../../tests/sync/sse';
import { LIVE_PATH } from '../../contract/live';

const PG = !!process.env.TEST_DATABASE_URL;
const apps: TestApp[] = [];
const urls: string[] = [];
let owner = { cookie: '' };
const tablets: Array<{ id: string; cookie: string; deviceId: string; counterId: string; on: number }> = [];
let eventId = '';

beforeAll(async () => {
  if (!PG) return;
  const first = await createTestApp();
  apps.push(first);
  // The second and third instances open the same database (its migrations already applied).
  for (let i = 0; i < 2; i++) apps.push(await createTestApp({ DATABASE_URL: first.app.config.databaseUrl! }));
  for (const a of apps) urls.push(await a.app.listen({ port: 0, host: '127.0.0.1' }));
  const app: FastifyInstance = first.app;
  const o = await seedUser(app, `owner${randomUUID().slice(0, 6)}`, 'event_owner');
  eventId = await seedEvent(app, { ownerIds: [o.id] });
  owner = { cookie: (await loginCookie(app, o.username, o.password)).cookie };
  for (const [k, code] of ['A', 'B'].entries()) {
    const s = await seedUser(app, `staff${code}${randomUUID().slice(0, 6)}`, 'counter_staff');
    const counterId = await seedCounter(app, eventId, { code, staffIds: [s.id] });
    const deviceId = randomUUID();
    const l = await loginCookie(apps[k].app, s.username, s.password, deviceId);
    tablets.push({ id: s.id, cookie: l.cookie, deviceId, counterId, on: k });
  }
}, 180_000);
afterAll(async () => {
  // The later instances share the first one's database: close them first, the first drops it.
  for (const a of [...apps].reverse()) await a.close();
});

describe.skipIf(!PG)('two instances on one PostgreSQL (skipped without TEST_DATABASE_URL: PGlite is one process)', () => {
  it('tablets on instances 1 and 2, the owner live on instance 3: every gift arrives once, each within 1 s', async () => {
    const stream = await new SseClient(`${urls[2]}${LIVE_PATH}`, owner.cookie).open();
    try {
      await stream.waitFor(1);
      const pull = async (since: number) => {
        const res = await fetch(`${urls[2]}/moi/sync/pull?since=${since}`, { headers: { cookie: owner.cookie } });
        expect(res.status).toBe(200);
        return (await res.json()) as { changes: Array<{ type: string; id: string }>; cursor: number; hasMore: boolean };
      };
      let cursor = (await pull(0)).cursor;
      const arrivals = new Map<string, number[]>();
      // The owner's device: on each event, pull until nothing is left.
      let stop = false;
      const watcher = (async () => {
        let handled = stream.events.length;
        while (!stop) {
          try {
            await stream.waitFor(handled + 1, 200);
          } catch {
            continue;
          }
          handled = stream.events.length;
          for (let more = true; more;) {
            const page = await pull(cursor);
            const now = performance.now();
            for (const c of page.changes) if (c.type === 'gift') arrivals.set(c.id, [...(arrivals.get(c.id) ?? []), now]);
            cursor = page.cursor;
            more = page.hasMore;
          }
        }
      })();

      const saved = new Map<string, number>();
      let seq = 0;
      await Promise.all(tablets.map(async (tb) => {
        for (let i = 0; i < 8; i++) {
          const id = uuidv7();
          const args = { id, eventId, counterId: tb.counterId, receiptNo: `T${tb.on}-${i}-${id.slice(-6)}`, name: 'கண்ணன்', village: 'திருச்சி', amount: 1001, mode: 'cash', enteredAt: new Date().toISOString(), enteredBy: tb.id };
          saved.set(id, performance.now());
          const res = await fetch(`${urls[tb.on]}/moi/sync/push`, {
            method: 'POST', headers: { 'content-type': 'application/json', cookie: tb.cookie },
            body: JSON.stringify({ deviceId: tb.deviceId, mutations: [{ id: randomUUID(), seq: ++seq, name: 'gift.create', args }] }),
          });
          expect(((await res.json()) as { results: Array<{ status: string }> }).results[0].status).toBe('applied');
          await new Promise((r) => setTimeout(r, 120));
        }
      }));
      const deadline = Date.now() + 3000;
      while (arrivals.size < saved.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      stop = true;
      await watcher;

      const lat = [...arrivals].map(([id, at]) => Math.round(at[0] - saved.get(id)!));
      expect([...saved.keys()].filter((id) => !arrivals.has(id))).toEqual([]);
      for (const [id, at] of arrivals) {
        expect(at, `gift ${id} pulled once`).toHaveLength(1);
        expect(at[0] - saved.get(id)!, `gift ${id} reached the owner within 1 s (all: ${lat.join(' ')} ms)`).toBeLessThan(1000);
      }
    } finally {
      await stream.close();
    }
  }, 60_000);
});
