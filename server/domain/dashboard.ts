// The app admin's dashboard figures (GET /moi/dashboard): the day's events, service totals, and devices
// that may hold unsynced work (definition in contract/admin.ts, DEVICE_SILENT_MINUTES).
import { eq, sql } from 'drizzle-orm';
import { DEVICE_SILENT_MINUTES } from '../../contract/admin';
import { moneyModesSql } from '../../contract/money';
import type { Db } from '../db/client';
import { events } from '../db/schema';

type DeviceDbRow = {
  id: string; code: string; label: string | null; user_name: string | null;
  last_seen: string | Date; last_push: string | Date | null; rejected: number | string; silent: boolean;
};

const iso = (v: string | Date | null): string | null => (v == null ? null : new Date(v).toISOString());
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** The events held on this date (YYYY-MM-DD), oldest created first. */
export function eventsOn(db: Db, date: string) {
  return db.select().from(events).where(eq(events.date, date)).orderBy(events.createdAt);
}

export async function dashboardFigures(db: Db, today: string) {
  // Amounts are money only (contract/money.ts: cash, UPI, cheque); items are never added in.
  const money = sql.raw(moneyModesSql);
  const [t] = rowsOf<Record<string, number | string>>(await db.execute(sql`
    select
      (select count(*) from events)::int as events,
      (select count(*) from events where status = 'open')::int as open_events,
      (select count(*) from counters)::int as counters,
      (select count(*) from counters where status = 'open')::int as open_counters,
      (select count(*) from gifts where deleted_at is null)::int as gifts,
      (select coalesce(sum(amount), 0) from gifts where deleted_at is null and mode in ${money})::float8 as amount,
      (select count(*) from gifts g join events e on e.id = g.event_id where g.deleted_at is null and e.date = ${today})::int as gifts_today,
      (select coalesce(sum(g.amount), 0) from gifts g join events e on e.id = g.event_id where g.deleted_at is null and g.mode in ${money} and e.date = ${today})::float8 as amount_today,
      (select count(*) from users where disabled = false)::int as users,
      (select count(*) from signups where status = 'new')::int as new_signups
  `));

  const silentMs = DEVICE_SILENT_MINUTES * 60_000;
  const cutoff = new Date(Date.now() - silentMs).toISOString();
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const devices = rowsOf<DeviceDbRow>(await db.execute(sql`
    with seen as (
      select d.id, greatest(d.last_seen_at, coalesce(max(s.last_seen_at), d.last_seen_at)) as last_seen
      from devices d left join sessions s on s.device_id = d.id
      group by d.id, d.last_seen_at
    ),
    pushes as (
      select d.id as device_id, pc.last_push_at as last_push,
             (select count(*) from push_rejections r where r.device_id = d.id and r.at > ${weekAgo}::timestamptz) as rejected
      from devices d left join push_cursors pc on pc.device_id = d.id
    )
    select d.id, d.code, d.label, u.name as user_name, seen.last_seen, p.last_push,
           coalesce(p.rejected, 0)::int as rejected,
           (seen.last_seen < ${cutoff}::timestamptz and exists (
              select 1 from gifts g join counters c on c.id = g.counter_id
              where g.device_id = d.id and c.status = 'open')) as silent
    from devices d
    join seen on seen.id = d.id
    left join users u on u.id = d.user_id
    left join pushes p on p.device_id = d.id
    where d.revoked = false
    order by seen.last_seen asc
  `));

  return {
    totals: {
      events: Number(t.events),
      openEvents: Number(t.open_events),
      counters: Number(t.counters),
      openCounters: Number(t.open_counters),
      gifts: Number(t.gifts),
      amount: Number(t.amount),
      giftsToday: Number(t.gifts_today),
      amountToday: Number(t.amount_today),
      users: Number(t.users),
      newSignups: Number(t.new_signups),
    },
    devicesWithUnsyncedWork: devices
      .filter((d) => Number(d.rejected) > 0 || d.silent === true)
      .map((d) => ({
        deviceId: d.id,
        code: d.code,
        label: d.label,
        userName: d.user_name,
        lastSeenAt: iso(d.last_seen) ?? '',
        lastPushAt: iso(d.last_push),
        rejected: Number(d.rejected),
        silentOnOpenCounter: d.silent === true,
      })),
  };
}
