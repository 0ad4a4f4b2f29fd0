// Issue 29: reminders to a hall's admins before its Partner Track renews (Razorpay will charge it) and
// before it ends (an entitled subscription with no further charge: cancelled at the cycle's end, or its
// last cycle). Sent through the messaging outbox, a few days ahead, once per subscription, period,
// kind and admin: the idempotency key names them, so the scan may run again, on several instances,
// or after Razorpay repeats a webhook, and queues nothing twice. Run by the messaging worker's scan
// (app.ts), off the request path. Smart Track pays for one event and does not expire: no reminder.
import { sql } from 'drizzle-orm';
import { PLAN_PRICES_PAISE } from '../../contract/billing';
import type { MessageLang } from '../../contract/messaging';
import type { Db } from '../db/client';
import { enqueueMessages, hallName, inr, type NewMessage } from '../messaging/outbox';

/** How many days before the renewal or the end the hall's admins hear of it. */
export const PLAN_REMINDER_DAYS = 3;

/** India's calendar day (what the message names). */
const istDay = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 10);

type Due = { sub: string; kind: 'plan_renewal' | 'plan_expiry'; at: string | Date; user_id: string; mobile: string; name_ta: string | null; name_en: string | null };

export async function scanPlanReminders(db: Db, now: number, lang: MessageLang = 'ta'): Promise<number> {
  const from = new Date(now).toISOString();
  const until = new Date(now + PLAN_REMINDER_DAYS * 86_400_000).toISOString();
  const res = await db.execute(sql`
    with due as (
      select s.id as sub, s.org_id, 'plan_renewal' as kind, s.charge_at as at from subscriptions s
        where s.status = 'active' and s.charge_at > ${from} and s.charge_at <= ${until}
      union all
      select s.id, s.org_id, 'plan_expiry', s.current_end from subscriptions s
        where s.status in ('active', 'authenticated') and s.charge_at is null and s.current_end > ${from} and s.current_end <= ${until}
    )
    select due.sub, due.kind, due.at, u.id as user_id, u.mobile, o.name_ta, o.name_en
    from due join organisations o on o.id = due.org_id
    join org_members m on m.org_id = due.org_id and m.role = 'admin'
    join users u on u.id = m.user_id
    where u.disabled = false and u.mobile ~ '^[6-9][0-9]{9}$'`);
  const due = (res as unknown as { rows: Due[] }).rows;
  const out: NewMessage[] = due.map((d) => {
    const day = istDay(new Date(d.at).getTime());
    const hall = hallName({ hallTa: d.name_ta, hallEn: d.name_en }, lang) || 'Moi';
    const vars: Record<string, string> = d.kind === 'plan_renewal' ? { hall, date: day, amount: inr(PLAN_PRICES_PAISE.partner_track / 100) } : { hall, date: day };
    return {
      // One per subscription, period (the day of the charge or the end), kind and admin.
      idempotencyKey: `${d.kind}:${d.sub}:${day}:${d.user_id}`, kind: d.kind, eventId: null, recipient: d.mobile,
      templateKey: d.kind, lang,
      vars,
    };
  });
  return enqueueMessages(db, out);
}
