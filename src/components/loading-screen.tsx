// Full-screen loading state of spec §2: the circular logo with a spinner around it. Plain HTML: it is
// the first thing shown, before any route (and Mantine) has loaded.
import { useTranslation } from 'react-i18next';
import classes from './loading-screen.module.css';

export const LOGO_URL = '/assets/images/logo-circle.svg';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className={classes.screen} role="status" aria-live="polite" aria-label={t('common.loading')} data-testid="loading-screen">
      <div className={classes.box}>
        <img src={LOGO_URL} alt="" width={64} height={64} className={classes.logo} />
        <span className={classes.spinner} data-testid="loading-spinner" aria-hidden="true" />
      </div>
    </div>
  );
}
