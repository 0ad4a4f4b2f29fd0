// The React side of agreement.ts: the sync panel's per-event comparison with the server, re-read
// lazily after writes to gifts, events or meta (a pull stores new figures and a new cursor there).
import { useEffect, useState } from 'react';
import type { MoiEvent } from '../../../contract/entities';
import { lazyLiveQuery } from '../lazy-live';
import { readAgreement, type EventAgreement } from './agreement';
import { getSyncEngine } from './app';

export type EventAgreementView = EventAgreement & { event: Pick<MoiEvent, 'titleEn' | 'titleTa'> | null };

/** undefined while reading; null before any caught-up pull brought the server's figures. */
export function useServerAgreement(): EventAgreementView[] | null | undefined {
  const [value, setValue] = useState<EventAgreementView[] | null | undefined>(undefined);
  useEffect(() => {
    const d = getSyncEngine().db;
    return lazyLiveQuery(d, ['gifts', 'events', 'meta'], async () => {
      const list = await readAgreement(d);
      if (!list) return null;
      const events = await d.events.bulkGet(list.map((a) => a.eventId));
      return list.map((a, i) => ({ ...a, event: events[i] ? { titleEn: events[i]!.titleEn, titleTa: events[i]!.titleTa } : null }));
    }, setValue);
  }, []);
  return value;
}
