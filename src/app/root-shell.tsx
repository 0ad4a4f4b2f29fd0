// Root route element: the navigation progress bar, the preload-error notice, the PWA prompts, the page.
// It renders outside MantineProvider (the public pages load without Mantine), so it is plain HTML.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router-dom';
import { PreloadNotice } from './preload-notice';
import classes from './root-shell.module.css';

// Optional extras: if their chunk cannot be fetched, the page still shows (no prompts this time).
const PwaPrompts = lazy(() => import('../features/sync/pwa-prompts').catch(() => ({ default: () => null })));

export function RootShell() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <>
      {navigation.state !== 'idle' && <div className={classes.progress} role="progressbar" aria-label={t('common.loading')} data-testid="nav-progress" />}
      <Outlet />
      <PreloadNotice />
      <Suspense fallback={null}>
        <PwaPrompts />
      </Suspense>
    </>
  );
}
