// Big ledgers for the load test and the ledger benchmarks (issue 30), written straight into the
// tables (seeding, not the thing measured): a host's past function with `gifts` gifts, and, when
// asked, each gift already placed in the ledger as a person of its own; an old book's rows to import.
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';

/** The host's closed past function `${prefix}` with `gifts` gifts (giver i: "Giver i", village i mod 400); `people`: each gift its own ledger person, matched. */
export async function seedHostFunction(db: Db, owner: string, prefix: string, opts: { gifts: number; people: boolean }): Promise<void> {
  const counter = `${prefix}-c`;
  await db.execute(sql`insert into events (id, title_ta, title_en, function_type, date, status, venue, host_names) values (${prefix}, 'Wedding', 'Wedding', 'wedding', '2022-01-01', 'closed', '', '')`);
  await db.execute(sql`insert into event_members (event_id, user_id, role) values (${prefix}, ${owner}, 'owner')`);
  await db.execute(sql`insert into counters (id, event_id, code, name, status) values (${counter}, ${prefix}, 'A', 'A', 'closed')`);
  await db.execute(sql`insert into gifts (id, event_id, counter_id, receipt_no, name, initial, village, amount, entered_at, entered_by)
    select ${`${prefix}-g`} || i, ${prefix}, ${counter}, 'S-' || i, 'Giver ' || i, 'K', 'Village ' || (i % 400), 101 + (i % 50), now(), ${owner}
    from generate_series(1, ${opts.gifts}) i`);
  if (!opts.people) return;
  await db.execute(sql`insert into ledger_people (id, owner_id, name, initial, village)
    select ${`${prefix}-p`} || i, ${owner}, 'Giver ' || i, 'K', 'Village ' || (i % 400) from generate_series(1, ${opts.gifts}) i`);
  await db.execute(sql`insert into ledger_links (owner_id, gift_id, person_id, how)
    select ${owner}, ${`${prefix}-g`} || i, ${`${prefix}-p`} || i, 'auto' from generate_series(1, ${opts.gifts}) i`);
  await db.execute(sql`insert into ledger_match_state (owner_id, stale, matched_at) values (${owner}, false, now())`);
}

/** An old book of `n` rows as the import job takes them: 7,000 givers over 300 places, some with a spouse's name or a title. */
export function oldBookRows(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    sheet: 'Sheet1', row: i + 2, name: `Old giver ${i % 7000}`, initial: 'M', village: `Place ${i % 300}`, amount: 51 + (i % 400),
    kinName: i % 3 ? '' : `Spouse ${i % 11}`, title: i % 5 ? '' : 'Teacher',
  }));
}
