// R11 (invariants.ts, migration 0024): a ledger person's stored totals equal the sums over their
// links and moi given after every kind of write that changes them, and after concurrent writers of
// the same person (on PostgreSQL with TEST_DATABASE_URL the two transactions really overlap; on
// PGlite, one connection, they run one after the other). The ledger read answers the stored totals.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils';
import type { Db } from '../db/client';
import { seedUser } from '../../tests/sync/fixtures';
import { ledgerTotalsDrift } from './invariants';
import { readLedgerPeople } from './ledger-read';

let t: TestApp;
let db: Db;
let host: string;
let other: string;
const x = (q: ReturnType<typeof sql>) => db.execute(q);
const stored = async (person: string) => {
  const res = await x(sql`select received, received_count as "receivedCount", given, given_count as "givenCount", last_received as "lastReceived", last_given as "lastGiven"
    from ledger_totals where person_id = ${person}`);
  return (res as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? null;
};

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.db;
  host = (await seedUser(t.app, 'tot-host', 'event_owner')).id;
  other = (await seedUser(t.app, 'tot-other', 'event_owner')).id;
  await x(sql`insert into events (id, function_type, date, status) values ('tot-e1', 'wedding', '2024-05-01', 'closed'), ('tot-e2', 'housewarming', '2025-02-10', 'open')`);
  await x(sql`insert into event_members (event_id, user_id, role) values ('tot-e1', ${host}, 'owner'), ('tot-e2', ${host}, 'owner')`);
  await x(sql`insert into counters (id, event_id, code) values ('tot-c1', 'tot-e1', 'A'), ('tot-c2', 'tot-e2', 'A')`);
  await x(sql`insert into gifts (id, event_id, counter_id, receipt_no, name, amount, mode, entered_at, entered_by) values
    ('tot-g1', 'tot-e1', 'tot-c1', '1', 'Murugan', 501, 'cash', now(), ${host}),
    ('tot-g2', 'tot-e2', 'tot-c2', '1', 'Murugan', 1001, 'upi', now(), ${host}),
    ('tot-g3', 'tot-e2', 'tot-c2', '2', 'Murugan', 800, 'item', now(), ${host}),
    ('tot-g4', 'tot-e1', 'tot-c1', '2', 'Selvi', 201, 'cash', now(), ${host})`);
  await x(sql`insert into ledger_people (id, owner_id, name) values ('tot-p1', ${host}, 'Murugan'), ('tot-p2', ${host}, 'Selvi')`);
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('R11: stored ledger totals equal the sums of the links', () => {
  it('follows links, moi given, gift corrections and deletes, event dates and owners; the read answers them', async () => {
    await x(sql`insert into ledger_links (owner_id, gift_id, person_id, how) values
      (${host}, 'tot-g1', 'tot-p1', 'auto'), (${host}, 'tot-g2', 'tot-p1', 'auto'), (${host}, 'tot-g3', 'tot-p1', 'auto'), (${host}, 'tot-g4', 'tot-p2', 'auto')`);
    // An item is counted but adds no money; the newest gift is the housewarming's.
    expect(await stored('tot-p1')).toMatchObject({ received: 1502, receivedCount: 3, given: 0, givenCount: 0, lastReceived: { date: '2025-02-10', functionType: 'housewarming' } });
    await x(sql`insert into ledger_given (id, owner_id, person_id, function_type, date, amount, created_by) values
      ('tot-v1', ${host}, 'tot-p1', 'wedding', '2023-01-01', 301, ${host}), ('tot-v2', ${host}, 'tot-p1', 'ear_piercing', '2025-06-01', 1101, ${host})`);
    expect(await stored('tot-p1')).toMatchObject({ given: 1402, givenCount: 2, lastGiven: { amount: 1101, date: '2025-06-01' } });
    expect(await ledgerTotalsDrift(db, host)).toEqual([]);

    await x(sql`update gifts set amount = 2001 where id = 'tot-g2'`); // a correction
    await x(sql`update gifts set deleted_at = now() where id = 'tot-g1'`); // a delete
    expect(await stored('tot-p1')).toMatchObject({ received: 2001, receivedCount: 2 });
    await x(sql`update ledger_given set deleted_at = now() where id = 'tot-v2'`);
    expect(await stored('tot-p1')).toMatchObject({ given: 301, givenCount: 1, lastGiven: { amount: 301 } });
    await x(sql`update events set date = '2020-01-01' where id = 'tot-e2'`);
    expect(await stored('tot-p1')).toMatchObject({ lastReceived: { date: '2020-01-01' } });
    // A link moved (a merge, a split) changes both people.
    await x(sql`update ledger_links set person_id = 'tot-p2' where gift_id = 'tot-g2'`);
    expect(await stored('tot-p1')).toMatchObject({ received: 0, receivedCount: 1 });
    expect(await stored('tot-p2')).toMatchObject({ received: 2202, receivedCount: 2 });
    await x(sql`update ledger_given set person_id = 'tot-p2' where id = 'tot-v1'`);
    expect(await stored('tot-p2')).toMatchObject({ given: 301 });
    // The host no longer owns an event: its gifts leave the host's ledger; back again when they own it.
    await x(sql`delete from event_members where event_id = 'tot-e2' and user_id = ${host}`);
    expect(await stored('tot-p2')).toMatchObject({ received: 201, receivedCount: 1 });
    await x(sql`insert into event_members (event_id, user_id, role) values ('tot-e2', ${host}, 'owner')`);
    expect(await stored('tot-p2')).toMatchObject({ received: 2202, receivedCount: 2 });
    await x(sql`delete from ledger_links where gift_id = 'tot-g3'`);
    expect(await stored('tot-p1')).toMatchObject({ received: 0, receivedCount: 0, lastReceived: null });
    expect(await ledgerTotalsDrift(db, host)).toEqual([]);

    const people = await readLedgerPeople(db, host);
    expect(people.find((p) => p.id === 'tot-p2')).toMatchObject({ received: 2202, receivedCount: 2, given: 301, givenCount: 1 });
    // The counter hint leaves one event out (summed without it for the people with a gift of it).
    const hint = await readLedgerPeople(db, host, { excludeEvent: 'tot-e2' });
    expect(hint.find((p) => p.id === 'tot-p2')).toMatchObject({ received: 201, receivedCount: 1, given: 301 });
    expect(hint.map((p) => p.id)).toEqual(people.map((p) => p.id));
  });

  it('the check finds a drift (a total written behind the triggers’ back)', async () => {
    await x(sql`update ledger_totals set received = received + 1 where person_id = 'tot-p2'`);
    expect((await ledgerTotalsDrift(db, host)).map((d) => d.personId)).toEqual(['tot-p2']);
    await x(sql`select moi_ledger_totals_refresh(array['tot-p2'])`);
    expect(await ledgerTotalsDrift(db, host)).toEqual([]);
  });

  it('two writers of one person at once: the totals hold both', async () => {
    await x(sql`insert into ledger_people (id, owner_id, name) values ('tot-p3', ${other}, 'Kumar')`);
    const given = (id: string, amount: number, holdMs: number) => db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger_given (id, owner_id, person_id, function_type, date, amount, created_by)
        values (${id}, ${other}, 'tot-p3', 'wedding', '2025-01-01', ${amount}, ${other})`);
      if (holdMs && t.kind === 'postgres') await tx.execute(sql`select pg_sleep(${holdMs / 1000})`);
    });
    const link = (gift: string, holdMs: number) => db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger_links (owner_id, gift_id, person_id, how) values (${other}, ${gift}, 'tot-p3', 'manual')`);
      if (holdMs && t.kind === 'postgres') await tx.execute(sql`select pg_sleep(${holdMs / 1000})`);
    });
    await x(sql`insert into events (id, function_type, date) values ('tot-e3', 'wedding', '2026-01-01')`);
    await x(sql`insert into event_members (event_id, user_id, role) values ('tot-e3', ${other}, 'owner')`);
    await x(sql`insert into counters (id, event_id, code) values ('tot-c3', 'tot-e3', 'A')`);
    await x(sql`insert into gifts (id, event_id, counter_id, receipt_no, name, amount, entered_at, entered_by) values
      ('tot-g5', 'tot-e3', 'tot-c3', '1', 'Kumar', 101, now(), ${other}), ('tot-g6', 'tot-e3', 'tot-c3', '2', 'Kumar', 151, now(), ${other})`);
    const run = async (jobs: (() => Promise<unknown>)[]) => {
      if (t.kind === 'postgres') {
        await Promise.all(jobs.map(async (j, i) => { await new Promise((r) => setTimeout(r, i * 50)); await j(); }));
      } else for (const j of jobs) await j();
    };
    await run([() => given('tot-v3', 100, 400), () => given('tot-v4', 250, 0), () => link('tot-g5', 300), () => link('tot-g6', 0)]);
    expect(await stored('tot-p3')).toMatchObject({ given: 350, givenCount: 2, received: 252, receivedCount: 2 });
    expect(await ledgerTotalsDrift(db)).toEqual([]);
  });
});
