// The ledger's people as name suggestions (issue 18): the same summary the ledger hint keeps on the
// device for this event (data/ledger-repo.ts), so suggestions work offline; empty when the host turned the hint off.
import { useMemo } from 'react';
import { useLedgerHints } from '../../../data/ledger-repo';
import type { NameSuggestion } from './shortcuts';

export function useLedgerPeople(eventId: string): readonly NameSuggestion[] {
  const hints = useLedgerHints(eventId);
  return useMemo(() => (hints?.enabled
    ? hints.people.map((p) => ({ name: p.name, initial: p.initial, village: p.village, mobile: p.mobile, source: 'ledger' as const }))
    : []), [hints]);
}
