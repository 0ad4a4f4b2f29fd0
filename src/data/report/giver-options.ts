// The givers the host may choose to print first in the moi book: the chosen ones read by id at once,
// the event's other gifts only when the picker opens (a 20,000-gift event is not read for nothing).
import { useCallback, useEffect, useState } from 'react';
import { formatRupees } from '../../lib/format';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type LocalEvent, type LocalGift } from '../db';
import { isMoney } from '../../../report/model';

export type GiverOption = { value: string; label: string };

export const giverLabel = (g: Pick<LocalGift, 'receiptNo' | 'initial' | 'name' | 'village' | 'amount'>) =>
  [g.receiptNo, [g.initial.trim(), g.name.trim()].filter(Boolean).join(' '), g.village.trim(), formatRupees(g.amount)].filter(Boolean).join(' · ');

export function useGiverOptions(eventId: string, chosenIds: readonly string[]): { options: GiverOption[]; loadAll: () => void; loading: boolean } {
  const [all, setAll] = useState<GiverOption[] | null>(null);
  const [chosen, setChosen] = useState<GiverOption[]>([]);
  const [loading, setLoading] = useState(false);
  const key = chosenIds.join(',');
  useEffect(() => {
    let live = true;
    const ids = key ? key.split(',') : [];
    void db.gifts.bulkGet(ids).then((rows) => {
      if (live) setChosen(rows.filter((g): g is LocalGift => !!g).map((g) => ({ value: g.id, label: giverLabel(g) })));
    }, () => undefined);
    return () => { live = false; };
  }, [key]);
  const loadAll = useCallback(() => {
    if (all || loading) return;
    setLoading(true);
    void db.gifts.where('eventId').equals(eventId).toArray().then((rows) => {
      // Only money gifts outside the maternal uncle's section: his and the items have their own sections.
      setAll(rows.filter((g) => !g.deletedAt && g.relation !== 'maternal_uncle' && isMoney(g))
        .sort((a, b) => a.name.localeCompare(b.name, 'ta'))
        .map((g) => ({ value: g.id, label: giverLabel(g) })));
    }, () => setAll([])).finally(() => setLoading(false));
  }, [all, loading, eventId]);
  const seen = new Set<string>();
  const options = [...chosen, ...(all ?? [])].filter((o) => (seen.has(o.value) ? false : (seen.add(o.value), true)));
  return { options, loadAll, loading };
}

/** The event as this device holds it now (its stored book order follows pulls and local changes). */
export function useStoredEvent(eventId: string): LocalEvent | undefined {
  return useLiveQuery(() => db.events.get(eventId), [eventId]);
}
