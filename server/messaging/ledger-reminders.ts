// Reminders from the ledger's due list (issues 12 and 15): a few days before a function the host
// was invited to, the host hears whose function it is, when, and what moi went each way, so the
// family can return it. Sent to the host's own mobile (the user who owns the ledger) and to the family
// members the host shares the ledger with who chose reminders (issue 30). One message per invitation
// and person: the idempotency key names them, so scanning again, or on several instances, or
// after the invitation is edited, queues nothing twice. A deleted invitation is not reminded.
import { sql } from 'drizzle-orm';
import type { FunctionType } from '../../contract/entities';
import { moneyModesSql } from '../../contract/money';
import type { MessageLang } from '../../contract/messaging';
import { reportLabels } from '../../report/labels';
import type { Db } from '../db/client';
import { enqueueMessages, inr, type NewMessage } from './outbox';

/** How many days ahead of the function the reminder goes out. */
export const REMINDER_DAYS_AHEAD = 3;

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
/** India's calendar day (the functions are in Tamil Nadu, whatever the server's zone). */
const istDay = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 10);

type Due = {
  id: string; owner_id: string; user_id: string; mobile: string; function_type: string; function_label: string; date: string;
  name: string; initial: string; village: string; received: number | string; given: number | string;
};

export async function scanLedgerReminders(db: Db, now: number, lang: MessageLang = 'ta'): Promise<number> {
  const today = istDay(now);
  const until = istDay(now + REMINDER_DAYS_AHEAD * 86_400_000);
  const due = rowsOf<Due>(await db.execute(sql`
    select i.id, i.owner_id, u.id as user_id, u.mobile, i.function_type, i.function_label, i.date, p.name, p.initial, p.village,
      coalesce((select sum(g.amount) from ledger_links l join gifts g on g.id = l.gift_id
        where l.owner_id = i.owner_id and l.person_id = p.id and g.deleted_at is null and g.mode in ${sql.raw(moneyModesSql)}), 0) as received,
      coalesce((select sum(x.amount) from ledger_given x
        where x.owner_id = i.owner_id and x.person_id = p.id and x.deleted_at is null), 0) as given
    from ledger_invitations i
    join ledger_people p on p.id = i.person_id
    cross join lateral (select i.owner_id as user_id union all select m.member_id from ledger_members m
      where m.owner_id = i.owner_id and m.reminders and m.removed_at is null and m.member_id is not null) r
    join users u on u.id = r.user_id
    where i.deleted_at is null and i.date >= ${today} and i.date <= ${until}
      and u.disabled = false and u.mobile ~ '^[6-9][0-9]{9}$'`));
  const labels = reportLabels[lang];
  const out: NewMessage[] = due.map((d) => {
    const fn = d.function_label.trim() || labels.functions[d.function_type as FunctionType] || labels.functions.other;
    const who = [d.initial.trim(), d.name.trim()].filter(Boolean).join(' ') + (d.village.trim() ? ` (${d.village.trim()})` : '');
    return {
      idempotencyKey: d.user_id === d.owner_id ? `ledger_reminder:${d.id}` : `ledger_reminder:${d.id}:${d.user_id}`, kind: 'ledger_reminder', eventId: null, recipient: d.mobile,
      templateKey: 'ledger_reminder', lang,
      vars: { person: who.slice(0, 100), function: fn.slice(0, 100), date: d.date, received: inr(Number(d.received)), given: inr(Number(d.given)) },
    };
  });
  return enqueueMessages(db, out);
}
