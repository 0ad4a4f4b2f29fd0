// WAI-ARIA tabs (automatic activation, roving tabindex, arrows / Home / End), without Mantine's Tabs.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import classes from './landing.module.css';

export type TabDef = { value: string; label: ReactNode; panel: ReactNode };

export function LightTabs({ tabs, label, defaultValue }: { tabs: TabDef[]; label: string; defaultValue?: string }) {
  const base = useId();
  const [value, setValue] = useState(defaultValue ?? tabs[0].value);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (i: number) => {
    const n = (i + tabs.length) % tabs.length;
    setValue(tabs[n].value);
    refs.current[n]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const moves: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      select(moves[e.key]);
    }
  };
  return (
    <div className={classes.tabs}>
      <div role="tablist" aria-label={label} className={classes.tabList}>
        {tabs.map((t, i) => (
          <button
            key={t.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.value}`}
            aria-controls={`${base}-panel-${t.value}`}
            aria-selected={t.value === value}
            tabIndex={t.value === value ? 0 : -1}
            className={classes.tab}
            onClick={() => setValue(t.value)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div key={t.value} role="tabpanel" id={`${base}-panel-${t.value}`} aria-labelledby={`${base}-tab-${t.value}`} hidden={t.value !== value} tabIndex={0} className={classes.tabPanel}>
          {t.panel}
        </div>
      ))}
    </div>
  );
}
