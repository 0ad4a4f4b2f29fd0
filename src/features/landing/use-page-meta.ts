// Per-page document title and analytics page view for the public pages (no-op unless configured).
import { useEffect } from 'react';
import { brand } from '../../lib/brand';
import { initAnalytics, trackPageview } from '../../lib/analytics';

export function usePageMeta(title: string, path: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    initAnalytics(brand.analytics);
    trackPageview(path);
  }, [path]);
}
