// The server's figures a device checks its synced gifts against (contract/agreement.ts): per event
// whose gifts the caller receives, over exactly the gifts the pull sends them (counter staff: their
// counters' gifts only), in one statement so the figures and their last change share a snapshot.
import { sql, type SQL } from 'drizzle-orm';
import { moneyModesSql } from '../../contract/money';
import type { Db } from '../db/client';
import type { ScopeIds } from './sync-pull';

/** One event's figures with its newest gift change as the change log's (txid, id). */
export type RawEventFigures = { eventId: string; count: number; money: number; lastTx: number; lastId: number };

export async function eventFigures(db: Db, scope: ScopeIds): Promise<RawEventFigures[]> {
  const statement = figuresStatement(scope);
  if (!statement) return [];
  const res = await db.execute(statement);
  const rows = (res as unknown as { rows: Array<{ eventId: string; n: string | number; m: string | number; tx: string | number; id: string | number }> }).rows;
  return rows.map((r) => ({ eventId: r.eventId, count: Number(r.n), money: Number(r.m), lastTx: Number(r.tx), lastId: Number(r.id) }));
}

/** The one statement (exported so its plan can be checked); null when the scope holds no event. */
export function figuresStatement(scope: ScopeIds): SQL | null {
  // The same split as pullScope: staff receive the gifts of their counters, everyone else those of their events.
  const byCounter = !scope.all && scope.role === 'counter_staff';
  const keys = byCounter ? scope.myCounters : scope.visible;
  if (!scope.all && keys.length === 0) return null;
  const list = sql.join(keys.map((k) => sql`${k}`), sql`, `);
  const col = sql.raw(byCounter ? 'counter_id' : 'event_id');
  // A unit is what a scope is made of (a counter or an event), with the event it belongs to.
  const units = scope.all
    ? sql`select id as k, id as e from events`
    : byCounter ? sql`select id as k, event_id as e from counters where id in (${list})` : sql`select id as k, id as e from events where id in (${list})`;
  // The index of the column (gifts_event_idx / gifts_counter_idx) finds the unit's gifts; app_admin's are all of them.
  const inScope = scope.all ? sql`true` : sql`g.${col} in (${list})`;
  return sql`
    with u as (${units}),
    agg as (
      select g.${col} as k, count(*) filter (where g.deleted_at is null) as n,
        coalesce(sum(g.amount) filter (where g.deleted_at is null and g.mode in ${sql.raw(moneyModesSql)}), 0) as m
      from gifts g where ${inScope} group by g.${col}
    ),
    last as (
      select u.k, l.txid, l.id from u cross join lateral (
        -- Newest first through change_log_event_txid_idx / change_log_counter_txid_idx, a short backward scan per
        -- unit: the unit column leads the order so the planner cannot walk the whole log's txid index instead.
        select c.txid, c.id from change_log c where c.${col} = u.k and c.type = 'gift' order by c.${col} desc, c.txid desc, c.id desc limit 1
      ) l
    )
    select u.e as "eventId", coalesce(sum(agg.n), 0)::bigint as n, coalesce(sum(agg.m), 0)::bigint as m,
      coalesce(max(last.txid), 0)::bigint as tx,
      -- rows from before migration 0005 (txid 0) are ordered by id alone
      coalesce(max(last.id) filter (where last.txid = 0), 0)::bigint as id
    from u left join agg on agg.k = u.k left join last on last.k = u.k
    group by u.e`;
}
