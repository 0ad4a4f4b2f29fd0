// The moi book's input from the device database: what the report worker reads (no network).
import type { BookInput } from '../../../report/model';
import { db } from '../db';

export async function loadBookInputLocal(eventId: string): Promise<BookInput | null> {
  return db.transaction('r', [db.events, db.counters, db.gifts, db.audits, db.users], async () => {
    const event = await db.events.get(eventId);
    if (!event) return null;
    const [counters, gifts, users] = await Promise.all([
      db.counters.where('eventId').equals(eventId).toArray(),
      db.gifts.where('eventId').equals(eventId).toArray(),
      db.users.toArray(),
    ]);
    const audits = gifts.length ? await db.audits.where('giftId').anyOf(gifts.map((g) => g.id)).toArray() : [];
    const people: Record<string, string> = {};
    for (const u of users) people[u.id] = u.name || u.username;
    return { event, counters, gifts, audits, people };
  });
}
