// Per-page document title, <html lang>, and the analytics page view (a no-op unless configured).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentBrand } from '../../lib/brand';
import { initAnalytics, trackPageview } from '../../lib/analytics';

export function usePageMeta(title: string, path: string): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    document.title = title;
  }, [title]);
  // Screen readers pick the voice from <html lang>.
  useEffect(() => {
    document.documentElement.lang = i18n.language === 'ta' ? 'ta' : 'en';
  }, [i18n.language]);
  useEffect(() => {
    initAnalytics(currentBrand().analytics);
    trackPageview(path);
  }, [path]);
}
