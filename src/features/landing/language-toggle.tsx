// One button that switches the page between Tamil and English (kept per device by lib/i18n). The
// other language's texts may still have to be fetched: the page switches once they are there.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../lib/i18n';
import classes from './landing.module.css';

export function LanguageToggle({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const target = i18n.language === 'ta' ? 'en' : 'ta';
  const toggle = () => {
    if (busy) return;
    setBusy(true);
    // A failed fetch (offline before the worker cached it) leaves the page as it was; a new click retries.
    setLanguage(target)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <button type="button" className={`${classes.langButton} ${className ?? ''}`} lang={target} aria-label={t('landing.nav.switchToLabel')} aria-busy={busy || undefined} onClick={toggle}>
      {t('landing.nav.switchTo')}
    </button>
  );
}
