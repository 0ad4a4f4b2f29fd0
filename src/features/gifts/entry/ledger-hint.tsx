// The counter's quiet ledger hint (issue 12): while staff type a giver's name and village, one line
// says what this giver gave at the host's earlier functions and what the host gave at theirs
// ("முன்பு: ₹1,001 · திருமணம் 2024; நாம் செய்தது: ₹2,001 · புதுமனை 2025"). Alt+L fills the entry
// with that person's initial, village and mobile, so the server links the gift to them. Works
// offline: the event's hint summary is kept on the device (data/ledger-repo.ts). Staff see only this line.
import { Text } from '@mantine/core';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerHintPerson } from '../../../../contract/ledger';
import { GiverIndex } from '../../../../ledger/match';
import { refreshLedgerHints, useLedgerHints } from '../../../data/ledger-repo';
import { formatRupees } from '../../../lib/format';

const REFRESH_MS = 5 * 60_000;

type Props = { eventId: string; name: string; initial: string; village: string; mobile: string; onLink: (p: LedgerHintPerson) => void; disabled?: boolean };

export const LedgerHint = memo(function LedgerHint({ eventId, name, initial, village, mobile, onLink, disabled }: Props) {
  const { t } = useTranslation();
  const hints = useLedgerHints(eventId);
  const [linked, setLinked] = useState<string | null>(null);
  useEffect(() => {
    const refresh = () => { void refreshLedgerHints(eventId).catch(() => undefined); };
    refresh();
    const id = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(id);
  }, [eventId]);
  const index = useMemo(() => {
    if (!hints?.enabled || !hints.people.length) return null;
    const ix = new GiverIndex<LedgerHintPerson>();
    for (const p of hints.people) ix.add(p, p, p.id);
    return ix;
  }, [hints]);
  // Typing stays first: the lookup follows at lower priority.
  const q = useDeferredValue(useMemo(() => ({ name, initial, village, mobile }), [name, initial, village, mobile]));
  const match = useMemo(() => {
    if (!index || q.name.trim().length < 2) return null;
    return index.lookup(q)[0]?.person ?? null;
  }, [index, q]);
  useEffect(() => { if (!name) setLinked(null); }, [name]);

  const matchRef = useRef(match);
  matchRef.current = match;
  useEffect(() => {
    if (disabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.key.toLowerCase() !== 'l' || !matchRef.current) return;
      e.preventDefault();
      onLink(matchRef.current);
      setLinked(matchRef.current.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onLink, disabled]);

  // The root is always there (empty when no one matches): the benchmark reads which typed name it shows.
  if (!match) return <div data-testid="ledger-hint-root" data-query={q.name} hidden />;
  const fn = (type: string) => t(`glossary.functionType.${type}`, { defaultValue: type });
  const parts: string[] = [];
  if (match.lastReceived) parts.push(t('ledger.hint.before', { amount: formatRupees(match.lastReceived.amount), function: fn(match.lastReceived.functionType), year: match.lastReceived.date.slice(0, 4) }));
  if (match.lastGiven) parts.push(t('ledger.hint.weGave', { amount: formatRupees(match.lastGiven.amount), function: fn(match.lastGiven.functionType), year: match.lastGiven.date.slice(0, 4) }));
  return (
    <div role="status" aria-live="polite" data-testid="ledger-hint" data-query={q.name}>
      <Text size="sm" c="dimmed">
        <Text span fw={600} size="sm">{[match.initial, match.name].filter(Boolean).join(' ')}{match.village ? `, ${match.village}` : ''}</Text>
        {' — '}{parts.join('; ')}
      </Text>
      <Text size="xs" c="dimmed">{linked === match.id ? t('ledger.hint.linked') : t('ledger.hint.link')}</Text>
    </div>
  );
});
