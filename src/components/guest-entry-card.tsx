// The one entry a giver sees (issue 18), on the guest screen and on the counter tablet's guest
// panel: name, village, the amount in figures and in Tamil (and English) words. It is given one
// entry and has no way to reach any other: earlier gifts and totals are never passed to it.
import { useTranslation } from 'react-i18next';
import type { GuestEntry } from '../../contract/guest-display';
import { amountInWords } from '../../report/amount-in-words';
import { formatRupees } from '../lib/format';
import classes from './guest-entry-card.module.css';

export function GuestEntryCard({ entry, waitingText }: { entry: GuestEntry | null; waitingText: string }) {
  const { t } = useTranslation();
  if (!entry || entry.state === 'clear') {
    return (
      <section className={classes.card} data-state="clear" data-testid="guest-entry" aria-live="polite">
        <p className={classes.waiting}>{waitingText}</p>
      </section>
    );
  }
  const who = [entry.initial, entry.name].filter(Boolean).join(' ');
  return (
    <section className={classes.card} data-state={entry.state} data-testid="guest-entry" aria-live="polite">
      <p className={classes.state}>
        <span aria-hidden="true">{entry.state === 'saved' ? '✓' : '✎'}</span>
        {entry.state === 'saved' ? t('guest.saved') : t('guest.typing')}
        {entry.receiptNo && <span className={classes.receipt}>· {t('guest.receiptNo', { receiptNo: entry.receiptNo })}</span>}
      </p>
      <span className={classes.label}>{t('guest.name')}</span>
      <p className={classes.name} data-testid="guest-name">{who || '—'}</p>
      <span className={classes.label}>{t('guest.village')}</span>
      <p className={classes.village} data-testid="guest-village">{entry.village || '—'}</p>
      {entry.item && <p className={classes.item}>{t('guest.item')}: {entry.item}</p>}
      {entry.amount ? (
        <>
          <span className={classes.label}>{t('guest.amount')}</span>
          <p className={classes.amount} data-testid="guest-amount">{formatRupees(entry.amount)}</p>
          <p className={classes.words} lang="ta" data-testid="guest-words">{amountInWords(entry.amount, 'ta')}</p>
          <p className={classes.wordsEn} lang="en">{amountInWords(entry.amount, 'en')}</p>
        </>
      ) : null}
    </section>
  );
}
