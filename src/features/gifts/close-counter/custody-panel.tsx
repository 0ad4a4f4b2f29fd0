// The counter's custody chain at the counter (issue 18): float → blind count → handovers, and
// "Hand over cash" once the count is saved. Works offline (Dexie + outbox).
import type { Counter } from '../../../../contract/entities';
import { CounterCustody } from '../../../components/custody/counter-custody';
import { useCustodyActions } from '../../../data/custody-actions';
import { useEventCustody } from '../../../data/custody-repo';

export function CustodyPanel({ counter, eventTitle, me, onDutyId, isAdmin }: {
  counter: Counter;
  eventTitle: string;
  me: { id: string; name: string } | null;
  onDutyId: string | null;
  isAdmin: boolean;
}) {
  const rows = useEventCustody(counter.eventId);
  const actions = useCustodyActions(counter.eventId, me?.id ?? null, onDutyId);
  if (!rows) return null;
  return <CounterCustody eventTitle={eventTitle} counter={counter} rows={rows} me={me} isAdmin={isAdmin} canHandOver actions={actions} />;
}
