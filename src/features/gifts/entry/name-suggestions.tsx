// Earlier givers matching the name being typed (issue 18): Tab takes the highlighted one (the first
// unless ↓ ↑ moved it) and fills in the initial, village and mobile; a tap does the same.
//
// The list keeps its own state (the highlighted row, closed by Esc or blur) and looks the typed name
// up at low priority (a deferred value) in an index prepared once over this event's givers and the
// ledger's people (shortcuts.ts suggestionIndex): a keystroke re-renders this list, not the entry form.
import { memo, useDeferredValue, useImperativeHandle, useLayoutEffect, useMemo, useState, type KeyboardEvent, type Ref, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestFrom, suggestionIndex, type NameSuggestion } from './shortcuts';
import classes from './entry-form.module.css';

/** What the name field asks of the list: its keys (Tab ↓ ↑ Esc) and its blur. */
export type NameSuggestControl = { onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void; hide: () => void };

const NONE: readonly NameSuggestion[] = [];

export const NameSuggest = memo(function NameSuggest({ name, givers, ledgerPeople, disabled, input, control, onPick }: {
  name: string;
  givers: readonly NameSuggestion[];
  ledgerPeople: readonly NameSuggestion[];
  disabled?: boolean;
  /** The name field: its aria-controls / aria-activedescendant follow this list. */
  input: RefObject<HTMLInputElement | null>;
  control: Ref<NameSuggestControl>;
  onPick: (s: NameSuggestion) => void;
}) {
  // A new ledger (the pull's lines) is indexed at low priority too, never in a keystroke's render.
  const people = useDeferredValue(ledgerPeople);
  const index = useMemo(() => suggestionIndex(givers, people), [givers, people]);
  const typed = useDeferredValue(name);
  const [active, setActive] = useState(0);
  const [off, setOff] = useState(false);
  // Another name typed: the list comes back with its first row highlighted (adjusted while rendering).
  const [forName, setForName] = useState(name);
  if (forName !== name) {
    setForName(name);
    setActive(0);
    setOff(false);
  }
  const items = useMemo(() => (off || disabled ? NONE : suggestFrom(index, typed, 4)), [off, disabled, index, typed]);

  const pick = (s: NameSuggestion) => {
    setOff(true);
    onPick(s);
  };
  useImperativeHandle(control, () => ({
    onKeyDown: (e) => {
      if (!items.length || e.nativeEvent.isComposing) return;
      if (e.key === 'Tab' && !e.shiftKey) {
        e.preventDefault();
        pick(items[Math.min(active, items.length - 1)]);
      } else if (e.key === 'ArrowDown') {
        e.preventDefault();
        setActive((i) => (i + 1) % items.length);
      } else if (e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((i) => (i - 1 + items.length) % items.length);
      } else if (e.key === 'Escape') {
        setOff(true);
      }
    },
    hide: () => setOff(true),
  }));
  // Set on the field directly, so the field does not re-render when the list changes.
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    if (items.length) {
      el.setAttribute('aria-controls', 'name-suggestions');
      el.setAttribute('aria-activedescendant', `name-suggestion-${Math.min(active, items.length - 1)}`);
    } else {
      el.removeAttribute('aria-controls');
      el.removeAttribute('aria-activedescendant');
    }
  }, [input, items.length, active]);
  return <NameSuggestions items={items} active={active} onPick={pick} />;
});

export const NameSuggestions = memo(function NameSuggestions({ items, active, onPick }: { items: readonly NameSuggestion[]; active: number; onPick: (s: NameSuggestion) => void }) {
  const { t } = useTranslation();
  // The list re-renders on each keystroke of the name: its words are looked up once per language.
  const words = useMemo(() => ({ title: t('guest.suggestions'), ledger: t('guest.fromLedger'), event: t('guest.fromEvent') }), [t]);
  if (!items.length) return null;
  return (
    <div className={classes.suggest} data-testid="name-suggestions">
      <p className={classes.suggestHint}>{words.title}</p>
      <ul id="name-suggestions" role="listbox" aria-label={words.title} className={classes.suggestList}>
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
            <span className={classes.suggestSource}>{s.source === 'ledger' ? words.ledger : words.event}</span>
            {i === active && <kbd className={classes.kbd}>Tab</kbd>}
          </li>
        ))}
      </ul>
    </div>
  );
});
