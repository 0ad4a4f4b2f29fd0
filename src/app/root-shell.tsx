// Root route element: the navigation progress bar, the preload-error notice, the PWA prompts, the page.
import { Progress } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { ui } from '../lib/themes';
import { PreloadNotice } from './preload-notice';

const PwaPrompts = lazy(() => import('../features/sync/pwa-prompts'));

export function RootShell() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && (
        <Progress
          value={100}
          animated
          radius={0}
          size={ui.progressBar.height}
          aria-label="…"
          style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: ui.progressBar.zIndex }}
          data-testid="nav-progress"
        />
      )}
      <Outlet />
      <PreloadNotice />
      <Suspense fallback={null}>
        <PwaPrompts />
      </Suspense>
    </>
  );
}
