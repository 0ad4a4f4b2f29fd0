// One button that switches the page between Tamil and English (kept per device by lib/i18n).
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../lib/i18n';
import classes from './landing.module.css';

export function LanguageToggle({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const target = i18n.language === 'ta' ? 'en' : 'ta';
  return (
    <button
      type="button"
      className={`${classes.langButton} ${className ?? ''}`}
      lang={target}
      aria-label={t('landing.nav.switchToLabel')}
      onClick={() => setLanguage(target)}
    >
      {t('landing.nav.switchTo')}
    </button>
  );
}
