// What the host family hears (issue 15), decided by a scan in the worker loop: live totals at the
// rhythm set on the event (every N gifts / every M minutes / only at the end), each counter's close
// summary, and the day's total once every counter is closed. Each message's idempotency key names
// its bucket (the Nth block of gifts, the Mth time window, the counter's close time, the day), so
// scanning again — or on several instances — queues nothing twice.
import { and, eq, sql } from 'drizzle-orm';
import type { CashTally } from '../../contract/entities';
import { moneyModesSql } from '../../contract/money';
import type { Db } from '../db/client';
import { counters, eventHostMessaging, events } from '../db/schema';
import { enqueueMessages, eventTitle, inr, type NewMessage } from './outbox';
import { DLT_VAR_MAX, clipText } from './templates';

/** Totals sent to the host are money only (contract/money.ts: cash, UPI, cheque); items are never added in. */
const money = sql.raw(moneyModesSql);

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
/** India's day and clock (the functions are in Tamil Nadu, whatever the server's zone). */
const istDate = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 10);
const istTime = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(11, 16);

export async function scanHostUpdates(db: Db, now: number): Promise<void> {
  const hosts = await db.select({ h: eventHostMessaging, titleTa: events.titleTa, titleEn: events.titleEn, status: events.status })
    .from(eventHostMessaging).innerJoin(events, eq(events.id, eventHostMessaging.eventId))
    .where(sql`jsonb_array_length(${eventHostMessaging.mobiles}) > 0`);
  for (const { h, titleTa, titleEn } of hosts) {
    const lang = h.lang;
    const title = eventTitle({ titleTa, titleEn }, lang);
    const channel = h.channel;
    const out: NewMessage[] = [];
    const toAll = (key: string, kind: string, templateKey: NewMessage['templateKey'], vars: Record<string, string>) => {
      for (const m of h.mobiles) out.push({ idempotencyKey: `${key}:${m}`, kind, eventId: h.eventId, recipient: m, templateKey, lang, vars, channel });
    };
    const [st] = rowsOf<{ n: number | string; total: number | string; last: string | null; today: number | string }>(await db.execute(sql`
      select count(*) as n, coalesce(sum(amount) filter (where mode in ${money}), 0) as total, max(received_at) as last,
        count(*) filter (where (received_at at time zone 'Asia/Kolkata')::date = ${istDate(now)}::date) as today
      from gifts where event_id = ${h.eventId} and deleted_at is null`));
    const n = Number(st?.n ?? 0);
    const total = Number(st?.total ?? 0);
    const totals = { event: title, count: String(n), total: inr(total), time: istTime(now) };
    if (h.rhythm === 'every_gifts' && h.everyGifts && n >= h.everyGifts) {
      toAll(`host_totals:${h.eventId}:g${Math.floor(n / h.everyGifts)}`, 'host_totals', 'host_totals', totals);
    } else if (h.rhythm === 'every_minutes' && h.everyMinutes && n > 0 && st?.last) {
      const win = h.everyMinutes * 60_000;
      const bucket = Math.floor(now / win);
      // Only when something arrived in the window that just ended: a quiet hall sends nothing.
      const last = Date.parse(String(st.last).includes('T') ? String(st.last) : String(st.last).replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
      if (last >= (bucket - 1) * win) toAll(`host_totals:${h.eventId}:m${bucket}`, 'host_totals', 'host_totals', totals);
    }
    const cs = await db.select().from(counters).where(and(eq(counters.eventId, h.eventId)));
    for (const c of cs) {
      if (c.status !== 'closed' || !c.closedAt || !c.tally) continue;
      const closedMs = Date.parse(String(c.closedAt).includes('T') ? String(c.closedAt) : String(c.closedAt).replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
      if (!(closedMs > now - 24 * 3_600_000)) continue;
      const [cc] = rowsOf<{ n: number | string; total: number | string }>(await db.execute(sql`
        select count(*) as n, coalesce(sum(amount) filter (where mode in ${money}), 0) as total from gifts where counter_id = ${c.id} and deleted_at is null`));
      toAll(`counter_close:${c.id}:${closedMs}`, 'counter_close', 'counter_close', {
        event: title, counter: clipText(c.name && c.name !== c.code ? `${c.code} ${c.name}` : c.code, DLT_VAR_MAX), count: String(Number(cc?.n ?? 0)),
        total: inr(Number(cc?.total ?? 0)), cash: inr((c.tally as CashTally).countedTotal ?? 0),
      });
    }
    if (cs.length > 0 && cs.every((c) => c.status === 'closed') && Number(st?.today ?? 0) > 0) {
      toAll(`day_total:${h.eventId}:${istDate(now)}`, 'day_total', 'day_total', { event: title, date: istDate(now), count: String(n), total: inr(total) });
    }
    await enqueueMessages(db, out);
  }
}
