// The counter's quiet ledger hint (issue 12): while staff type a giver's name and village, one line
// says, each part labelled, this giver's last moi at the host's earlier functions, what the host gave
// at theirs and the balance ("Their last moi: ₹1,001 · Wedding 2024; We gave: ₹2,001 · Housewarming
// 2025; Balance: Gave more ₹1,000"). Alt+L fills the entry
// with that person's initial, village and mobile and names the person on the gift. Works offline:
// the hosts' ledger lines reach the device through the sync pull; the index and each keystroke's
// lookup run in a worker (data/ledger-hint/), so typing never waits for the hint. Staff see only this line.
//
// Per keystroke: the query is posted to the worker as the keystroke's render commits; the worker's
// answer is rendered in the task that brings it (flushSync: no further scheduler task, so it is
// usually painted in the keystroke's own frame or the next), and only when it changes what is shown:
// the line itself is a memoized component of plain elements, re-rendered only for another person.
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { LedgerHintPerson } from '../../../../contract/ledger';
import { createHintLookup, useHintSource, type HintAnswer, type HintLookup } from '../../../data/ledger-hint/client';
import { refreshLedgerHints } from '../../../data/ledger-repo';
import { balanceOf } from '../../../../ledger/arithmetic';
import { formatRupees } from '../../../lib/format';
import classes from './entry-form.module.css';

type Props = { eventId: string; name: string; initial: string; village: string; mobile: string; onLink: (p: LedgerHintPerson) => void; disabled?: boolean };

export const LedgerHint = memo(function LedgerHint({ eventId, name, initial, village, mobile, onLink, disabled }: Props) {
  const source = useHintSource(eventId);
  const [answer, setAnswer] = useState<HintAnswer | null>(null);
  const [linked, setLinked] = useState<string | null>(null);
  const lookup = useRef<HintLookup | null>(null);

  useEffect(() => {
    // The worker's answer arrives in a task of its own: rendered there and then (the hint is small).
    const l = createHintLookup((a) => flushSync(() => setAnswer(a)));
    lookup.current = l;
    return () => { l.dispose(); lookup.current = null; };
  }, []);
  // Online, the server groups the hosts' newest gifts once; the changed lines come through the pull.
  // Not for a form that takes no gifts (a closed counter: the server answers 404 to its staff).
  useEffect(() => { if (!disabled) void refreshLedgerHints(eventId).catch(() => undefined); }, [eventId, disabled]);
  useEffect(() => { if (source) lookup.current?.load(source); }, [source]);
  const active = !!source?.enabled && source.ownerIds.length > 0;
  // Posted as the keystroke's render commits (not after its paint): the worker looks up while the
  // browser paints the typed letter, and its answer usually lands in the same frame.
  useLayoutEffect(() => {
    const q = { name, initial, village, mobile };
    // Too short to say anything, or the hint is off: answered here, no message to the worker.
    if (!active || name.trim().length < 2) setAnswer({ q, person: null });
    else lookup.current?.lookup(q);
  }, [name, initial, village, mobile, active]);
  useEffect(() => { if (!name) setLinked(null); }, [name]);

  const match = answer?.person ?? null;
  const matchRef = useRef(match);
  useEffect(() => { matchRef.current = match; }, [match]);
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

  // The root is always there (empty when no one matches): the benchmark reads which typed name it answers.
  const query = answer?.q.name ?? '';
  if (!match) return <div data-testid="ledger-hint-root" data-query={query} hidden />;
  return (
    <div role="status" aria-live="polite" data-testid="ledger-hint" data-query={query}>
      <HintLine person={match} linked={linked === match.id} />
    </div>
  );
});

/** The hint's words for one person: the same person on the next keystroke re-renders nothing. */
const HintLine = memo(function HintLine({ person: match, linked }: { person: LedgerHintPerson; linked: boolean }) {
  const { t } = useTranslation();
  const fn = useCallback((type: string) => t(`glossary.functionType.${type}`, { defaultValue: type }), [t]);
  const parts: string[] = [];
  if (match.lastReceived) parts.push(t('ledger.hint.lastGift', { amount: formatRupees(match.lastReceived.amount), function: fn(match.lastReceived.functionType), year: match.lastReceived.date.slice(0, 4) }));
  if (match.lastGiven) parts.push(t('ledger.hint.weGave', { amount: formatRupees(match.lastGiven.amount), function: fn(match.lastGiven.functionType), year: match.lastGiven.date.slice(0, 4) }));
  if (match.balance) {
    const b = balanceOf(match.balance.received, match.balance.given);
    parts.push(t('ledger.hint.balance', { status: t(`ledger.status.${b.status}`) }) + (b.difference ? ` ${formatRupees(b.difference)}` : ''));
  }
  return (
    <>
      <p className={classes.hintLine}>
        <span className={classes.hintWho}>{[match.initial, match.name].filter(Boolean).join(' ')}{match.village ? `, ${match.village}` : ''}</span>
        {' — '}{parts.join('; ')}
      </p>
      <p className={classes.hintKey}>{linked ? t('ledger.hint.linked') : t('ledger.hint.link')}</p>
    </>
  );
}, (a, b) => a.linked === b.linked && (a.person === b.person || JSON.stringify(a.person) === JSON.stringify(b.person)));
