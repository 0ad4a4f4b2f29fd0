// The ledger's people as name suggestions (issue 18): the lines the sync pull keeps on the device
// for the counter hint (data/ledger-repo.ts), so suggestions work offline; empty when the host
// turned the hint off.
import { useMemo } from 'react';
import { useLedgerHintPeople } from '../../../data/ledger-repo';
import type { NameSuggestion } from './shortcuts';

const NONE: readonly NameSuggestion[] = [];

export function useLedgerPeople(eventId: string): readonly NameSuggestion[] {
  const rows = useLedgerHintPeople(eventId);
  return useMemo(() => (rows?.length
    ? rows.map((p) => ({ name: p.name, initial: p.initial, village: p.village, mobile: p.mobile, source: 'ledger' as const }))
    : NONE), [rows]);
}
