// Issue 18 at the counter, the device side: the event's village shortcuts (a synced mutation: the
// local event row and its outbox entry in one transaction) and what the entry form learns from this
// event's gifts on the device (villages most used at this counter, amounts most given, givers).
import { entityKey } from './entities';
import type { MutationArgs } from '../../contract/sync';
import { db as appDb, type LocalEvent, type MoiDb } from './db';
import { mutate } from './outbox';

export async function setVillageShortcutOn(db: MoiDb, args: MutationArgs<'event.villageShortcut.set'>): Promise<LocalEvent | undefined> {
  const abbr = args.abbr.trim().normalize('NFC').toLowerCase();
  return mutate(db, 'event.villageShortcut.set', [db.events], async (send) => {
    await send({ ...args, abbr }, entityKey('event', args.eventId));
    const cur = await db.events.get(args.eventId);
    if (!cur) return undefined;
    const map = { ...(cur.villageShortcuts ?? {}) };
    if (args.village === null) delete map[abbr];
    else map[abbr] = args.village.trim();
    const next: LocalEvent = { ...cur, villageShortcuts: map, _pending: 1 };
    await db.events.put(next);
    return next;
  });
}
export const setVillageShortcut = (args: MutationArgs<'event.villageShortcut.set'>) => setVillageShortcutOn(appDb, args);

export type EntryGiver = { name: string; initial: string; village: string; mobile: string };
export type EntryAids = {
  /** Villages of the event, those most used at this counter first. */
  villages: string[];
  /** Amounts of this event's gifts (for the quick chips), one per gift. */
  amounts: number[];
  /** Distinct givers of this event (name, initial, village), most recent first, at most 5,000. */
  givers: EntryGiver[];
};

/** One pass over the event's gifts on this device. */
export async function loadEntryAids(eventId: string, counterId: string, db: MoiDb = appDb): Promise<EntryAids> {
  const here = new Map<string, number>();
  const all = new Map<string, number>();
  const amounts: number[] = [];
  const givers = new Map<string, EntryGiver & { at: string }>();
  await db.gifts.where('eventId').equals(eventId).each((g) => {
    if (g.deletedAt) return;
    const v = g.village.trim();
    if (v) {
      all.set(v, (all.get(v) ?? 0) + 1);
      if (g.counterId === counterId) here.set(v, (here.get(v) ?? 0) + 1);
    }
    if (g.mode !== 'item' && g.amount > 0) amounts.push(g.amount);
    const name = g.name.trim();
    if (name) {
      const key = `${name}|${g.initial.trim()}|${v}`;
      const cur = givers.get(key);
      if (!cur || cur.at < g.enteredAt) givers.set(key, { name, initial: g.initial.trim(), village: v, mobile: g.mobile ?? '', at: g.enteredAt });
    }
  });
  const byCount = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([v]) => v);
  const hereFirst = byCount(here);
  const seen = new Set(hereFirst);
  return {
    villages: [...hereFirst, ...byCount(all).filter((v) => !seen.has(v))],
    amounts,
    givers: [...givers.values()].sort((a, b) => (a.at < b.at ? 1 : -1)).slice(0, 5000).map(({ at: _at, ...g }) => g),
  };
}
