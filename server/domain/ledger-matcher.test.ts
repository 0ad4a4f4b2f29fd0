// The ledger matcher (issue 30): one run at a time per host even with several server instances over
// one database (the lease in ledger_match_state, migration 0025), and offers worked out again when a
// split or an alias change marked them stale. Two matchers in one process stand for two instances:
// each has its own identity and thread, as each instance's would. On PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp } from '../test-utils';
import { LedgerMatcher, markOffersStale } from './ledger-matcher';
import { seedHostFunction } from '../ledger-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 120_000);
afterAll(async () => { await t?.close(); });

const count = async (q: ReturnType<typeof sql>) => Number((await t.app.db.execute(q) as unknown as { rows: Array<{ n: number | string }> }).rows[0].n);

/** A host whose past function has `gifts` gifts, each from a different giver, none in the ledger yet. */
async function hostWithGifts(gifts: number): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const host = await createUser(t.app, { username: `h${tag}`, password: 'host-password-1', role: 'event_owner' });
  await seedHostFunction(t.app.db, host.id, `ev-${tag}`, { gifts, people: false });
  return host.id;
}

describe(`the ledger matcher (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('two instances asked at once for the same host make each giver one person, with no person left without a gift', async () => {
    // 1,500 givers at one function: 1,500 people (a name twice at one function is two people).
    const owner = await hostWithGifts(1500);
    const a = new LedgerMatcher(t.app.db);
    const b = new LedgerMatcher(t.app.db);
    try {
      await Promise.all([a.settle(owner), b.settle(owner)]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    expect(await count(sql`select count(*)::int as n from ledger_links where owner_id = ${owner}`)).toBe(1500);
    expect(await count(sql`select count(*)::int as n from ledger_people where owner_id = ${owner}`)).toBe(1500);
    expect(await count(sql`select count(*)::int as n from ledger_people p where owner_id = ${owner}
      and not exists (select 1 from ledger_links l where l.person_id = p.id)`)).toBe(0);
    // The lease was given back: another run may start at once.
    expect(await count(sql`select count(*)::int as n from ledger_match_state where owner_id = ${owner} and lease_holder is null`)).toBe(1);
  }, 120_000);

  it('offers marked stale (a split, an alias change) are worked out again although no gift is new', async () => {
    const owner = await hostWithGifts(40);
    const m = new LedgerMatcher(t.app.db);
    try {
      const first = await m.runOnce(owner);
      expect(first.placed).toBe(40);
      expect(first.offers).not.toBeNull();
      // Nothing new: nothing to do.
      expect((await m.runOnce(owner)).offers).toBeNull();
      await markOffersStale(t.app.db, owner);
      expect((await m.runOnce(owner)).offers).not.toBeNull();
      expect(await count(sql`select count(*)::int as n from ledger_match_state where owner_id = ${owner} and stale`)).toBe(0);
    } finally {
      await m.close();
    }
  }, 60_000);
});
