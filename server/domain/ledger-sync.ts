// The ledger's line per person as the sync pull sends it (change type `ledgerPerson`, migration
// 0013): who the person is, their newest moi at the host's functions (with the event, so a counter
// leaves out its own event), their money per function and what the host gave them (the balance),
// and the last moi the host gave them. Money only (contract/money.ts): an item is never owed back
// as money. People with neither, and people merged away, are not sent (the pull answers a tombstone).
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { LedgerHintRow } from '../../contract/ledger';
import { moneyModesSql } from '../../contract/money';
import type { Db } from '../db/client';

/** Lines of the people whose ids `personIds` (a subquery or a list) yields. */
export async function ledgerHintRows(db: Db, personIds: SQLWrapper): Promise<LedgerHintRow[]> {
  const res = await db.execute(sql`
    select coalesce(json_agg(x), '[]')::text as json from (
      select p.id, p.owner_id as "ownerId", p.name, p.initial, p.village, p.mobile,
        coalesce((select json_agg(r) from (
          select g.event_id as "eventId", g.amount, e.function_type as "functionType", e.date
          from ledger_links l join gifts g on g.id = l.gift_id and g.deleted_at is null join events e on e.id = g.event_id
          where l.person_id = p.id and l.owner_id = p.owner_id and g.mode in ${sql.raw(moneyModesSql)}
          order by e.date desc, g.entered_at desc limit 3) r), '[]') as received,
        coalesce((select json_agg(r) from (
          select g.event_id as "eventId", sum(g.amount)::int as amount
          from ledger_links l join gifts g on g.id = l.gift_id and g.deleted_at is null
          where l.person_id = p.id and l.owner_id = p.owner_id and g.mode in ${sql.raw(moneyModesSql)}
          group by g.event_id) r), '[]') as "receivedByEvent",
        (select coalesce(sum(v.amount), 0)::int from ledger_given v where v.person_id = p.id and v.deleted_at is null) as "givenTotal",
        (select json_build_object('amount', v.amount, 'functionType', v.function_type, 'date', v.date)
          from ledger_given v where v.person_id = p.id and v.deleted_at is null order by v.date desc, v.created_at desc limit 1) as "lastGiven"
      from ledger_people p
      where p.id in (${personIds}) and p.merged_into is null
    ) x
    where x.received::text <> '[]' or x."lastGiven" is not null`);
  const [row] = (res as unknown as { rows: Array<{ json: string }> }).rows;
  return JSON.parse(row.json) as LedgerHintRow[];
}
