// Vite dispatches 'vite:preloadError' when a lazy chunk cannot be loaded (usually: a new version
// was deployed). The error still reaches the route's error element; this notice offers a reload.
// Plain HTML: it can show on the public pages, which render without Mantine.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './root-shell.module.css';

export const PRELOAD_ERROR_EVENT = 'vite:preloadError';

/**
 * Did a chunk fail to load? The event also carries any rejection of a promise chained onto a dynamic
 * import inside Vite's wrapper (`import('./venue').then((m) => m.venueStatus())`): offline, such an
 * API call's "Failed to fetch" showed "A new version is available" on every reload of the counter.
 * Only the browsers' module-load failures and Vite's CSS preload failure are a missing chunk.
 */
export function isChunkLoadError(payload: unknown): boolean {
  const message = payload instanceof Error ? payload.message : typeof payload === 'string' ? payload : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

export function PreloadNotice() {
  const { t } = useTranslation();
  const titleId = useId();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const onError = (e: Event) => {
      if (isChunkLoadError((e as Event & { payload?: unknown }).payload)) setFailed(true);
    };
    window.addEventListener(PRELOAD_ERROR_EVENT, onError);
    return () => window.removeEventListener(PRELOAD_ERROR_EVENT, onError);
  }, []);
  if (!failed) return null;
  return (
    <div role="alert" aria-labelledby={titleId} className={classes.notice} data-testid="preload-notice">
      <p id={titleId} className={classes.noticeTitle}>
        {t('errors.preloadTitle')}
      </p>
      <button type="button" className={classes.close} onClick={() => setFailed(false)} aria-label={t('common.close')}>
        <span aria-hidden="true">×</span>
      </button>
      <p className={classes.noticeBody}>
        <span>{t('errors.preloadBody')}</span>
        <button type="button" className={classes.reload} onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
      </p>
    </div>
  );
}
