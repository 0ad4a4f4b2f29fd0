// The moi book's input from the device database: what the report worker reads (no network).
import type { BookInput } from '../../../report/model';
import { useLiveQuery } from 'dexie-react-hooks';
import { db as appDb, type MoiDb } from '../db';

export const loadBookInputLocal = (eventId: string) => loadBookInputLocalOn(appDb, eventId);

export async function loadBookInputLocalOn(db: MoiDb, eventId: string): Promise<BookInput | null> {
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
    // Gifts whose creation or correction has not reached the server yet: the book says so on its cover.
    const notOnServer = gifts.filter((g) => g._pending === 1).length;
    // The owners' own village alias groups come with the event (as the server's book reads them).
    return { event, counters, gifts, audits, people, handovers, nominees: nominees.map((n) => ({ id: n.id, name: n.name })), notOnServer, villageAliases: event.villageAliases ?? [] };
  });
}

/** The villages the device's gifts name (the village index's keys: no gift is read), in Tamil order. */
export async function deviceVillages(): Promise<string[]> {
  const keys = (await appDb.gifts.orderBy('village').uniqueKeys()) as string[];
  const set = new Set(keys.map((k) => String(k).trim().replace(/\s+/g, ' ')).filter(Boolean));
  return [...set].sort(new Intl.Collator('ta', { sensitivity: 'base', numeric: true }).compare);
}

/** Live: how many of the event's gifts on this device have changes not yet on the server. */
export function usePendingGiftCount(eventId: string): number {
  return useLiveQuery(() => appDb.gifts.where('_pending').equals(1).filter((g) => g.eventId === eventId).count(), [eventId], 0);
}
