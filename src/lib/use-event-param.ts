// The event an owner / admin screen is showing, kept in the address as ?event=<id> so the
// events list can link straight to it. Without one, the open event nearest today is chosen.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { localDay } from './typed-date';

type Ev = { id: string; date: string; status: string };

export function pickDefaultEvent<E extends Ev>(events: readonly E[], today = localDay()): E | undefined {
  const dist = (e: E) => Math.abs(Date.parse(e.date) - Date.parse(today));
  const rank = (e: E) => (e.status === 'open' ? 0 : e.status === 'planned' ? 1 : 2);
  return [...events].sort((a, b) => rank(a) - rank(b) || dist(a) - dist(b))[0];
}

export function useEventParam<E extends Ev>(events: readonly E[] | undefined): [string | null, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('event');
  const id = useMemo(() => {
    if (!events) return wanted;
    if (wanted && events.some((e) => e.id === wanted)) return wanted;
    return pickDefaultEvent(events)?.id ?? null;
  }, [events, wanted]);
  const set = useCallback((next: string) => {
    setParams((p) => {
      const q = new URLSearchParams(p);
      q.set('event', next);
      return q;
    }, { replace: true });
  }, [setParams]);
  return [id, set];
}
