// The moi book's input from the device database: what the report worker reads (no network).
import type { BookInput } from '../../../report/model';
import { db } from '../db';

export async function loadBookInputLocal(eventId: string): Promise<BookInput | null> {
  return db.transaction('r', [db.events, db.counters, db.gifts, db.audits, db.users, db.staffPins, db.handovers, db.nominees], async () => {
    const event = await db.events.get(eventId);
    if (!event) return null;
    const [counters, gifts, users] = await Promise.all([
      db.counters.where('eventId').equals(eventId).toArray(),
      db.gifts.where('eventId').equals(eventId).toArray(),
      db.users.toArray(),
    ]);
    const audits = gifts.length ? await db.audits.where('giftId').anyOf(gifts.map((g) => g.id)).toArray() : [];
    // Names for "entered by", "closed by" and corrections: the user rows a device holds are few (its own,
    // and those an admin manages); the event's counter staff come with their PIN rows. Anyone else is
    // printed as "—" by the book, never as an id.
    const pins = counters.length ? await db.staffPins.where('counterId').anyOf(counters.map((c) => c.id)).toArray() : [];
    const people: Record<string, string> = {};
    for (const u of users) if (u.name || u.username) people[u.id] = u.name || u.username;
    for (const p of pins) if (p.name) people[p.userId] ??= p.name;
    const [handovers, nominees] = await Promise.all([db.handovers.where('eventId').equals(eventId).toArray(), db.nominees.where('eventId').equals(eventId).toArray()]);
    return { event, counters, gifts, audits, people, handovers, nominees: nominees.map((n) => ({ id: n.id, name: n.name })) };
  });
}

/** The villages the device's gifts name (the village index's keys: no gift is read), in Tamil order. */
export async function deviceVillages(): Promise<string[]> {
  const keys = (await db.gifts.orderBy('village').uniqueKeys()) as string[];
  const set = new Set(keys.map((k) => String(k).trim().replace(/\s+/g, ' ')).filter(Boolean));
  return [...set].sort(new Intl.Collator('ta', { sensitivity: 'base', numeric: true }).compare);
}
