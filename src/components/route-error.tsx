// The router's error element: the fallback heading 'Unexpected Application Error!' with a reload button.
// Plain HTML (no Mantine): it is the error page of the public routes too, which render without Mantine,
// and it must show even when a chunk could not be loaded.
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import classes from './route-error.module.css';

export const UNEXPECTED_HEADING = 'Unexpected Application Error!';

export function isChunkLoadError(error: unknown): boolean {
  const msg = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|Failed to fetch|Unable to preload|error loading dynamically/i.test(msg);
}

export function RouteError() {
  const error = useRouteError();
  const { t, i18n } = useTranslation();
  const chunk = isChunkLoadError(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <div className={classes.screen}>
      <div className={classes.stack}>
        {/* The spec's exact fallback heading; the user's language follows underneath. */}
        <h1 className={classes.title}>{UNEXPECTED_HEADING}</h1>
        {i18n.language !== 'en' && <p className={classes.lead}>{t('errors.unexpected')}</p>}
        <p className={classes.alert}>{chunk ? t('errors.chunkFailed') : t('errors.unexpectedBody')}</p>
        {detail && <pre className={classes.detail}>{detail}</pre>}
        <button type="button" className={classes.reload} onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
      </div>
    </div>
  );
}
