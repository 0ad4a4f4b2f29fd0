// What the messaging screens read and write in the database: the outbox as the app admin sees it
// (mobile numbers masked) and an event's host-messaging settings.
import { desc, eq } from 'drizzle-orm';
import type { HostMessaging, MessageChannel, messageStates, OutboxRow } from '../../contract/messaging';
import type { Db } from '../db/client';
import { toIso } from '../db/iso';
import { eventHostMessaging, messageOutbox } from '../db/schema';
import type { Actor } from '../session';

export async function outboxMessages(db: Db, q: { state?: (typeof messageStates)[number]; limit: number }): Promise<OutboxRow[]> {
  const rows = await db.select().from(messageOutbox).where(q.state ? eq(messageOutbox.state, q.state) : undefined)
    .orderBy(desc(messageOutbox.createdAt)).limit(q.limit);
  return rows.map((r) => ({
    id: r.id, kind: r.kind, channel: r.channel, recipient: r.recipient.replace(/^(\d{2})\d{6}(\d{2})$/, '$1••••••$2'), templateKey: r.templateKey, lang: r.lang,
    state: r.state, attempts: r.attempts, reason: r.reason, providerMessageId: r.providerMessageId, eventId: r.eventId,
    createdAt: toIso(r.createdAt)!, sentAt: toIso(r.sentAt), deliveredAt: toIso(r.deliveredAt), nextAttemptAt: toIso(r.nextAttemptAt)!,
  }));
}

/** The event's host-messaging settings; until saved, the provider's channel in Tamil at the end. */
export async function hostMessaging(db: Db, eventId: string, defaultChannel: MessageChannel) {
  const [r] = await db.select().from(eventHostMessaging).where(eq(eventHostMessaging.eventId, eventId)).limit(1);
  return r
    ? { mobiles: r.mobiles, channel: r.channel, lang: r.lang, rhythm: r.rhythm, everyGifts: r.everyGifts, everyMinutes: r.everyMinutes }
    : { mobiles: [], channel: defaultChannel, lang: 'ta', rhythm: 'end', everyGifts: null, everyMinutes: null };
}

export async function saveHostMessaging(db: Db, actor: Actor, eventId: string, b: HostMessaging): Promise<void> {
  const values = { ...b, mobiles: [...new Set(b.mobiles)], eventId, updatedBy: actor.id, updatedAt: new Date().toISOString() };
  await db.insert(eventHostMessaging).values(values).onConflictDoUpdate({ target: eventHostMessaging.eventId, set: values });
}
