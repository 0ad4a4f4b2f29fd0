// The host's merges and renames of villages for the moi book (issue 27 item 5), the device side: saved
// on the event through the outbox (the event.bookVillages mutation, so it works offline and reaches
// every device and the server's book), and the village pages' figures the export dialog shows, worked
// out by the book's own code (report/model.ts bookVillageFigures) from this device's gifts.
import { useLiveQuery } from 'dexie-react-hooks';
import type { BookVillageRule } from '../../../contract/entities';
import { bookVillageFigures, type VillageFigure } from '../../../report/model';
import { cleanVillageRules } from '../../../report/villages';
import { db as appDb, type MoiDb } from '../db';
import { entityKey } from '../entities';
import { RepoError } from '../gifts-repo';
import { mutate } from '../outbox';

/**
 * Change the event's village rules: `update` gets the rules as stored on this device now (read in the
 * same transaction, so two quick changes never undo each other) and returns the new list, which is
 * cleaned as the server stores it, queued whole and shown at once on the local event.
 */
export async function updateBookVillagesOn(db: MoiDb, eventId: string, update: (current: BookVillageRule[]) => BookVillageRule[]): Promise<BookVillageRule[]> {
  return mutate(db, 'event.bookVillages', [db.events], async (send) => {
    const cur = await db.events.get(eventId);
    if (!cur) throw new RepoError('not_found', 'Event not found on this device');
    const clean = cleanVillageRules(update(cur.bookVillages ?? []));
    await send({ id: eventId, villages: clean }, entityKey('event', eventId));
    await db.events.put({ ...cur, bookVillages: clean, _pending: 1 });
    return clean;
  });
}
export const updateBookVillages = (eventId: string, update: (current: BookVillageRule[]) => BookVillageRule[]) => updateBookVillagesOn(appDb, eventId, update);

/** Replace the event's village rules. */
export const setBookVillagesOn = (db: MoiDb, eventId: string, rules: readonly BookVillageRule[]) => updateBookVillagesOn(db, eventId, () => [...rules]);

/**
 * The whole book's village pages from this device's gifts, the event's stored rules and its owners'
 * alias groups (which the event carries, as the book made here reads them: load-book-input.ts).
 */
export async function bookVillageFiguresOn(db: MoiDb, eventId: string): Promise<VillageFigure[]> {
  const event = await db.events.get(eventId);
  if (!event) return [];
  const gifts = await db.gifts.where('eventId').equals(eventId).toArray();
  return bookVillageFigures({ event, gifts, villageAliases: event.villageAliases });
}

/**
 * Live, while `on`: bookVillageFiguresOn (undefined while reading). Reads the event's gifts, so only
 * when the host opens the villages section.
 */
export function useBookVillageFigures(eventId: string, on: boolean): VillageFigure[] | undefined {
  return useLiveQuery(async () => (on ? bookVillageFiguresOn(appDb, eventId) : undefined), [eventId, on]);
}
