// Dexie's liveQuery as this app runs it: patched (patches/dexie+4.4.7.patch, applied by
// patch-package on install) so that a live query keeps no record of writes it does not observe
// while it is not running. Unpatched, every write to another table stayed in each subscription's
// set for good: in Chromium, 3,000 gift saves on the entry screen left 18 MB more heap (5 MB per
// 1,000 saves, bench/local-commit.bench.ts prints it), and each later save paid for merging into
// those sets. What the record is for must still hold: a write a query observes re-runs it, also
// one that lands while the query is running.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Dexie, { liveQuery, type Table } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';

type Row = { id: number; v: number };
class TestDb extends Dexie {
  a!: Table<Row, number>;
  b!: Table<Row, number>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ a: 'id', b: 'id' });
  }
}

let db: TestDb | undefined;
afterEach(async () => {
  db?.close();
  if (db) await Dexie.delete(db.name);
  db = undefined;
});

/** Values the subscription emitted, and a wait for the next one that satisfies `ok`. */
function watch<T>(querier: () => Promise<T>) {
  const seen: T[] = [];
  const waiters: Array<{ ok: (v: T) => boolean; resolve: () => void }> = [];
  let runs = 0;
  const sub = liveQuery(() => {
    runs++;
    return querier();
  }).subscribe((v) => {
    seen.push(v);
    for (const w of [...waiters]) if (w.ok(v)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(); }
  });
  return {
    seen,
    runs: () => runs,
    next: (ok: (v: T) => boolean) => new Promise<void>((resolve) => {
      if (seen.some(ok)) resolve();
      else waiters.push({ ok, resolve });
    }),
    stop: () => sub.unsubscribe(),
  };
}

describe('liveQuery (patched Dexie)', () => {
  it('is the patched build: the install applied patches/dexie+4.4.7.patch', () => {
    const file = createRequire(import.meta.url).resolve('dexie');
    expect(readFileSync(file, 'utf8')).toContain('Patched (Moi)');
  });

  it('re-runs for a write it observes, not for writes elsewhere, and again after many of those', async () => {
    db = new TestDb('live-query-idle');
    await db.a.put({ id: 1, v: 1 });
    const w = watch(() => db!.a.get(1));
    await w.next((r) => r?.v === 1);
    const before = w.runs();
    for (let i = 0; i < 200; i++) await db.b.put({ id: i, v: i });
    await new Promise((r) => setTimeout(r, 20));
    expect(w.runs()).toBe(before);
    await db.a.put({ id: 1, v: 2 });
    await w.next((r) => r?.v === 2);
    expect(w.seen.at(-1)).toEqual({ id: 1, v: 2 });
    w.stop();
  });

  it('a write that lands while the query runs is not lost: the query runs again and shows it', async () => {
    db = new TestDb('live-query-in-flight');
    await db.a.put({ id: 1, v: 1 });
    // The first run reads the row, then waits (a Dexie promise, as a query's own reads are) until
    // the test lets it finish, after the write below has committed.
    let finish: (() => void) | null = null;
    let first = true;
    const w = watch<Row | undefined>(() => db!.a.get(1).then((row) => (first
      ? new Dexie.Promise<Row | undefined>((resolve) => { first = false; finish = () => resolve(row); })
      : row)));
    while (!finish) await new Promise((r) => setTimeout(r, 1));
    await db.a.put({ id: 1, v: 2 });
    (finish as () => void)();
    await w.next((r) => r?.v === 2);
    expect(w.seen.at(-1)).toEqual({ id: 1, v: 2 });
    w.stop();
  });
});
