// Reading the family's ledger (issue 30): queries over what the matcher stored (ledger-matcher.ts),
// never a recomputation. The people with their totals come out of the database as one JSON text
// (PGlite pays per row, not per byte) and go to the client as they are.
import { sql, type SQL } from 'drizzle-orm';
import { moneyModesSql } from '../../contract/money';
import { LEDGER_PAGE_OFFERS, type LedgerInvitation, type LedgerPerson, type LedgerResponse } from '../../contract/ledger';
import type { Db } from '../db/client';
import { jsonRows } from './ledger-matcher';

/** The person columns every people query answers (p.*). */
const personColumns = sql`p.id, p.name, p.initial, p.village, p.mobile, p.kin_name as "kinName", p.title, p.family_id as "familyId"`;

/**
 * People of the host's ledger with their stored totals (ledger_totals, kept by the triggers of
 * migration 0024 in the same transaction as every write that changes them; invariant R11): a select,
 * not a sum over every link. `where` narrows the people (p.*).
 */
function storedPeopleQuery(owner: string, where: SQL): SQL {
  return sql`
    select ${personColumns},
      coalesce(t.received, 0) as received, coalesce(t.given, 0) as given,
      coalesce(t.received_count, 0) as "receivedCount", coalesce(t.given_count, 0) as "givenCount",
      t.last_received as "lastReceived", t.last_given as "lastGiven"
    from ledger_people p
    left join ledger_totals t on t.person_id = p.id
    where p.owner_id = ${owner} and p.merged_into is null ${where}
    order by p.id`;
}

/**
 * A page of the people, largest moi first: without a search, the page's rows of ledger_totals come
 * straight off its index (ledger_totals_page_idx) and only those people are read; with one, the
 * people matching it are ranked.
 */
function pageQuery(owner: string, q: string, limit: number, offset: number): SQL {
  const cols = sql`${personColumns},
      t.received, t.given, t.received_count as "receivedCount", t.given_count as "givenCount",
      t.last_received as "lastReceived", t.last_given as "lastGiven"`;
  if (!q) {
    return sql`
      select ${cols}
      from (select * from ledger_totals where owner_id = ${owner} and live
        order by received + given desc, person_id limit ${limit} offset ${offset}) t
      join ledger_people p on p.id = t.person_id
      order by t.received + t.given desc, t.person_id`;
  }
  return sql`
    select ${cols}
    from ledger_people p
    join ledger_totals t on t.person_id = p.id
    where p.owner_id = ${owner} and p.merged_into is null ${searchWhere(q)}
    order by t.received + t.given desc, t.person_id
    limit ${limit} offset ${offset}`;
}

/** People with their totals summed now, one event's gifts left out (the counter hint: only people with a gift of that event need it). */
function summedPeopleQuery(owner: string, where: SQL, excludeEvent: string): SQL {
  return sql`
    select ${personColumns},
      coalesce(r.received, 0) as received, coalesce(v.given, 0) as given,
      coalesce(r.cnt, 0) as "receivedCount", coalesce(v.cnt, 0) as "givenCount",
      r.last as "lastReceived", v.last as "lastGiven"
    from ledger_people p
    left join lateral (
      select sum(case when g.mode in ${sql.raw(moneyModesSql)} then g.amount else 0 end)::int as received, count(*)::int as cnt,
        (array_agg(json_build_object('amount', g.amount, 'functionType', e.function_type, 'date', e.date) order by e.date desc, g.entered_at desc))[1] as last
      from ledger_links l
      join gifts g on g.id = l.gift_id and g.deleted_at is null and g.event_id <> ${excludeEvent}
      join events e on e.id = g.event_id
      join event_members m on m.event_id = g.event_id and m.user_id = l.owner_id and m.role = 'owner'
      where l.person_id = p.id and l.owner_id = ${owner}
    ) r on true
    left join lateral (
      select sum(amount)::int as given, count(*)::int as cnt,
        (array_agg(json_build_object('amount', amount, 'functionType', function_type, 'date', date) order by date desc, created_at desc))[1] as last
      from ledger_given where person_id = p.id and owner_id = ${owner} and deleted_at is null
    ) v on true
    where p.owner_id = ${owner} and p.merged_into is null ${where}
    order by p.id`;
}

async function jsonText(db: Db, query: SQL): Promise<string> {
  const res = await db.execute(sql`select coalesce(json_agg(x), '[]')::text as json from (${query}) x`);
  return (res as unknown as { rows: Array<{ json: string }> }).rows[0].json;
}

/** Offers of people still there, except those the host split apart. */
const offersQuery = (owner: string) => sql`
  select o.a, o.b from ledger_offers o
  join ledger_people pa on pa.id = o.a and pa.merged_into is null
  join ledger_people pb on pb.id = o.b and pb.merged_into is null
  where o.owner_id = ${owner} and not exists (
    select 1 from ledger_merges s where s.owner_id = ${owner} and s.kind = 'split' and s.undone_at is null
      and ((s.person_id = o.a and s.other_id = o.b) or (s.person_id = o.b and s.other_id = o.a)))
  order by o.a, o.b`;
const invitationsOf = (db: Db, owner: string) => jsonRows<LedgerInvitation>(db, sql`
  select id, person_id as "personId", function_type as "functionType", function_label as "functionLabel", date, note
  from ledger_invitations where owner_id = ${owner} and deleted_at is null`);
const eventsOf = (db: Db, owner: string) => jsonRows<{ id: string; title: string; date: string; hint: boolean }>(db, sql`
  select e.id, coalesce(nullif(e.title_ta, ''), nullif(e.title_en, ''), '') as title, e.date, e.ledger_hint as hint
  from events e join event_members m on m.event_id = e.id and m.user_id = ${owner} and m.role = 'owner'
  order by e.date desc`);
const aliasesOf = (db: Db, owner: string) =>
  jsonRows<{ id: string; names: string[] }>(db, sql`select id, names from ledger_village_aliases where owner_id = ${owner} order by created_at`);

export type LedgerParts = Omit<LedgerResponse, 'people'> & { peopleJson: string };

/** The ledger's parts; the people as JSON text (see ledgerResponseText). */
export async function readLedgerParts(db: Db, owner: string, opts: { matching?: boolean } = {}): Promise<LedgerParts> {
  const peopleJson = await jsonText(db, storedPeopleQuery(owner, sql``));
  const [families, offers, invitations, events, aliases] = await Promise.all([
    jsonRows<{ id: string; name: string }>(db, sql`select id, name from ledger_families where owner_id = ${owner}`),
    jsonRows<{ a: string; b: string }>(db, offersQuery(owner)),
    invitationsOf(db, owner), eventsOf(db, owner), aliasesOf(db, owner),
  ]);
  return { ownerId: owner, families, offers, invitations, events, aliases, peopleJson, ...(opts.matching !== undefined ? { matching: opts.matching } : {}) };
}

/** A search of the ledger's people: every word found in the name, initial, village, mobile, spouse's/father's name or title. */
function searchWhere(q: string): SQL {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql.join(words.map((w) => sql` and concat_ws(' ', p.initial, p.name, p.village, p.mobile, p.kin_name, p.title) ilike ${like(w)}`), sql``);
}

export type LedgerPageOpts = { limit: number; offset: number; q: string; matching?: boolean };

/**
 * One page of the ledger (the ledger screen): the people the search matches, largest moi first
 * (received and given together; equal ones in the order they joined the ledger); how many matched; the totals over everyone; the
 * first offers with the people they name; each family's totals. Every figure is a select over the
 * stored totals (ledger_totals), so a page of a 30,000-person ledger answers as fast as a small one.
 */
export async function readLedgerPage(db: Db, owner: string, opts: LedgerPageOpts): Promise<LedgerParts> {
  const where = searchWhere(opts.q);
  const [peopleJson, [sums], offers, families, familyTotals, invitations, events, aliases] = await Promise.all([
    jsonText(db, pageQuery(owner, opts.q, opts.limit, opts.offset)),
    jsonRows<{ people: number; received: number; given: number; matched: number }>(db, sql`
      select count(*)::int as people, coalesce(sum(t.received), 0)::int as received, coalesce(sum(t.given), 0)::int as given,
        ${opts.q ? sql`(select count(*)::int from ledger_people p where p.owner_id = ${owner} and p.merged_into is null ${where})` : sql`count(*)::int`} as matched
      from ledger_totals t where t.owner_id = ${owner} and t.live`),
    jsonRows<{ a: string; b: string }>(db, sql`${offersQuery(owner)} limit ${LEDGER_PAGE_OFFERS}`),
    jsonRows<{ id: string; name: string }>(db, sql`select id, name from ledger_families where owner_id = ${owner}`),
    jsonRows<{ id: string; received: number; given: number }>(db, sql`
      select p.family_id as id, coalesce(sum(t.received), 0)::int as received, coalesce(sum(t.given), 0)::int as given
      from ledger_people p join ledger_totals t on t.person_id = p.id
      where p.owner_id = ${owner} and p.merged_into is null and p.family_id is not null group by p.family_id`),
    invitationsOf(db, owner), eventsOf(db, owner), aliasesOf(db, owner),
  ]);
  const named = [...new Set(offers.flatMap((o) => [o.a, o.b]))];
  const offerPeople = named.length
    ? await jsonRows<LedgerPerson>(db, storedPeopleQuery(owner, sql`and p.id in (${sql.join(named.map((id) => sql`${id}`), sql`, `)})`))
    : [];
  return {
    ownerId: owner, families, offers, invitations, events, aliases, peopleJson, offerPeople, familyTotals,
    page: { offset: opts.offset, limit: opts.limit, q: opts.q, matched: sums.matched, total: { people: sums.people, received: sums.received, given: sums.given } },
    ...(opts.matching !== undefined ? { matching: opts.matching } : {}),
  };
}

/** The ledger as the JSON answer of GET /moi/ledger, the people's text spliced in as the database wrote it. */
export function ledgerResponseText(parts: LedgerParts): string {
  const { peopleJson, ...rest } = parts;
  const head = JSON.stringify(rest);
  return `${head.slice(0, -1)},"people":${peopleJson}}`;
}

/** The people (parsed), optionally without one event's gifts (the counter hint), or one person (the person card). */
export async function readLedgerPeople(db: Db, owner: string, opts: { excludeEvent?: string; personId?: string } = {}): Promise<LedgerPerson[]> {
  const where = opts.personId ? sql`and p.id = ${opts.personId}` : sql``;
  if (!opts.excludeEvent) return jsonRows<LedgerPerson>(db, storedPeopleQuery(owner, where));
  // Stored totals for everyone without a gift of that event; summed without it for those with one.
  const inEvent = sql`(select l.person_id from ledger_links l join gifts g on g.id = l.gift_id
    where l.owner_id = ${owner} and g.event_id = ${opts.excludeEvent})`;
  const [rest, summed] = await Promise.all([
    jsonRows<LedgerPerson>(db, storedPeopleQuery(owner, sql`${where} and p.id not in ${inEvent}`)),
    jsonRows<LedgerPerson>(db, summedPeopleQuery(owner, sql`${where} and p.id in ${inEvent}`, opts.excludeEvent)),
  ]);
  return [...rest, ...summed].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
