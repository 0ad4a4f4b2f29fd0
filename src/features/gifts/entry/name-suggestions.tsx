// Earlier givers matching the name being typed (issue 18): Tab takes the highlighted one (the first
// unless ↓ ↑ moved it) and fills in the initial, village and mobile; a tap does the same.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameSuggestion } from './shortcuts';
import classes from './entry-form.module.css';

export const NameSuggestions = memo(function NameSuggestions({ items, active, onPick }: { items: readonly NameSuggestion[]; active: number; onPick: (s: NameSuggestion) => void }) {
  const { t } = useTranslation();
  if (!items.length) return null;
  return (
    <div className={classes.suggest} data-testid="name-suggestions">
      <p className={classes.suggestHint}>{t('guest.suggestions')}</p>
      <ul id="name-suggestions" role="listbox" aria-label={t('guest.suggestions')} className={classes.suggestList}>
        {items.map((s, i) => (
          <li
            key={`${s.name}|${s.initial}|${s.village}|${s.source}`}
            id={`name-suggestion-${i}`}
            role="option"
            aria-selected={i === active}
            className={classes.suggestItem}
            data-active={i === active || undefined}
            data-giver={`${s.name}|${s.initial}|${s.village}`}
            // Keep the focus in the name field (its blur would close the list before the click).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(s)}
          >
            <span className={classes.suggestName}>{[s.initial, s.name].filter(Boolean).join(' ')}</span>
            {s.village && <span>· {s.village}</span>}
            <span className={classes.suggestSource}>{s.source === 'ledger' ? t('guest.fromLedger') : t('guest.fromEvent')}</span>
            {i === active && <kbd className={classes.kbd}>Tab</kbd>}
          </li>
        ))}
      </ul>
    </div>
  );
});
