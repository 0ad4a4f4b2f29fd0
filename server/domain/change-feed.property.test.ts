// Property: with no lock on the change log, concurrent writers (transactions held open for random
// times, so they commit in another order than they began; some roll back) and concurrent readers
// polling the pull with cursors and small pages, every reader ends up having seen every committed
// change exactly once and never a rolled-back one — across the whole log (app admin) and within
// one event's scope (its owner). Only PostgreSQL has concurrent transactions; PGlite runs one at a time.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestApp, type TestApp } from '../test-utils';
import type { Actor } from '../session';
import { seedEvent, seedUser } from '../../tests/sync/fixtures';
import { changeLog } from '../db/schema';
import { pullChanges } from './sync-pull';

const PG = !!process.env.TEST_DATABASE_URL;
let t: TestApp;
let db: Db;
let E1 = '';
let E2 = '';
let admin: Actor;
let owner: Actor;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const actor = (id: string, role: Actor['role']): Actor => ({ id, userId: id, username: id, name: id, role, sessionHash: '', deviceId: null });

/** One writer transaction: rows for an event, written in steps with pauses, then commit or roll back. */
type Write = { event: 0 | 1; rows: number; pauses: number[]; rollback: boolean };
const writeArb: fc.Arbitrary<Write> = fc.record({
  event: fc.constantFrom(0 as const, 1 as const),
  rows: fc.integer({ min: 1, max: 4 }),
  pauses: fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 1, maxLength: 3 }),
  rollback: fc.boolean().map((b) => b && Math.random() < 0.3),
});

class Rollback extends Error {}

async function runWrite(w: Write, committed: Map<string, 0 | 1>, rolledBack: Set<string>): Promise<void> {
  const ids = Array.from({ length: w.rows }, () => randomUUID());
  try {
    await db.transaction(async (tx) => {
      const t2 = tx as unknown as Db;
      // Take a transaction id early (the first write), then sit on it: later transactions commit first.
      for (const [k, p] of w.pauses.entries()) {
        const part = ids.filter((_, i) => i % w.pauses.length === k);
        if (part.length) await t2.insert(changeLog).values(part.map((id) => ({ type: 'gift', entityId: id, eventId: w.event === 0 ? E1 : E2, deleted: true })));
        await sleep(p);
      }
      if (w.rollback) throw new Rollback();
    });
    for (const id of ids) committed.set(id, w.event);
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
    for (const id of ids) rolledBack.add(id);
  }
}

/** Poll from cursor 0 in small pages until `stop()` and then one empty page; the ids seen, with repeats. */
async function reader(who: Actor, limit: number, stop: () => boolean): Promise<string[]> {
  const seen: string[] = [];
  let since = 0;
  for (;;) {
    const done = stop();
    const page = await pullChanges(db, who, since, limit, ['gift']);
    seen.push(...page.changes.map((c) => c.id));
    expect(page.cursor).toBeGreaterThanOrEqual(since);
    since = page.cursor;
    if (done && !page.hasMore) return seen;
    if (!page.hasMore) await sleep(3);
  }
}

beforeAll(async () => {
  if (!PG) return;
  t = await createTestApp();
  db = t.app.db;
  const a = await seedUser(t.app, `feedadmin${randomUUID().slice(0, 6)}`, 'app_admin');
  const o = await seedUser(t.app, `feedowner${randomUUID().slice(0, 6)}`, 'event_owner');
  admin = actor(a.id, 'app_admin');
  owner = actor(o.id, 'event_owner');
  E1 = await seedEvent(t.app, { ownerIds: [o.id] });
  E2 = await seedEvent(t.app, { title: 'Other' });
}, 120_000);
afterAll(async () => { await t?.close(); });

describe.skipIf(!PG)('change feed under concurrent writers (PostgreSQL; skipped without TEST_DATABASE_URL: PGlite runs one transaction at a time)', () => {
  it('every reader sees every committed change exactly once, and no rolled-back one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(writeArb, { minLength: 8, maxLength: 30 }), fc.integer({ min: 1, max: 6 }), async (writes, limit) => {
        const committed = new Map<string, 0 | 1>();
        const rolledBack = new Set<string>();
        let writing = true;
        // Six writers at a time, each taking the next planned transaction.
        const queue = [...writes];
        const writers = Array.from({ length: 6 }, async () => {
          for (let w = queue.shift(); w; w = queue.shift()) await runWrite(w, committed, rolledBack);
        });
        const readers = [reader(admin, limit, () => !writing), reader(admin, 3, () => !writing), reader(owner, limit, () => !writing)];
        await Promise.all(writers);
        writing = false;
        const [all1, all2, mine] = await Promise.all(readers);
        // The readers started from 0, so they also see rows of earlier runs: judge this run's ids.
        const planned = new Set(committed.keys());
        const count = (seen: string[]) => {
          const m = new Map<string, number>();
          for (const id of seen) m.set(id, (m.get(id) ?? 0) + 1);
          return m;
        };
        for (const seen of [all1, all2]) {
          const c = count(seen);
          for (const id of planned) expect(c.get(id), `committed change ${id} seen`).toBe(1);
          for (const [id, n] of c) expect(n, `change ${id} seen once`).toBe(1);
        }
        const c = count(mine);
        for (const [id, ev] of committed) expect(c.get(id) ?? 0).toBe(ev === 0 ? 1 : 0);
        for (const [, n] of c) expect(n).toBe(1);
        for (const seen of [all1, all2, mine]) expect(seen.filter((id) => rolledBack.has(id))).toEqual([]);
      }),
      { numRuns: 6, endOnFailure: true },
    );
  }, 240_000);
});
