// The signed-in part of the app (lazy chunk): auth guard, layout1 with role-filtered navigation and
// breadcrumbs from the route table, role guard around the page, toasts, and the sign-out flow.
import './mantine-app.css';
import '@mantine/notifications/styles.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { PROFILE_IMAGE_BASE } from '../../contract/api';
import type { BreadcrumbSegment } from '../components/breadcrumb';
import { Layout1 } from '../components/layout1/layout1';
import { LoadingScreen } from '../components/loading-screen';
import { useAuth } from '../features/auth/auth-context';
import { AuthGuard, RoleGuard } from '../features/auth/guards';
import { homePathFor, SIGNIN_PATH } from '../features/auth/home-path';
import { initAnalytics, trackPageview } from '../lib/analytics';
import { currentBrand } from '../lib/brand';
import { navItemsFor } from './nav-items';
import { sectionHome, type RouteDef } from './route-table';

const SyncStatus = lazy(() => import('../features/sync/sync-status'));
const OfflineLine = lazy(() => import('../features/sync/sync-status').then((m) => ({ default: m.OfflineLine })));

/** Window event asking the sync panel to open (the sync feature listens for it). */
export const OPEN_SYNC_PANEL_EVENT = 'moi:open-sync-panel';

export type RouteHandle = { route?: RouteDef };

function Frame() {
  const { t } = useTranslation();
  const { user, logout, sessionExpired } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();
  const route = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.route).find(Boolean);
  const [blocked, setBlocked] = useState<number | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  const navItems = useMemo(() => (user ? navItemsFor(user.role, t) : []), [user, t]);
  const breadcrumbs: BreadcrumbSegment[] = useMemo(() => {
    if (!route) return [];
    const segs: BreadcrumbSegment[] = [];
    if (route.section) segs.push({ name: t(`pages.groups.${route.section}`), path: sectionHome(route.section) });
    segs.push({ name: t(`pages.${route.page}.title`), path: route.path });
    return segs;
  }, [route, t]);

  // Page views of the signed-in app (path only; nothing is sent unless the build configures analytics).
  useEffect(() => {
    initAnalytics(currentBrand().analytics);
    trackPageview(location.pathname);
  }, [location.pathname]);

  if (!user) return null;

  const onSignOut = async () => {
    if (signingOut) return;
    setSigningOut(true);
    try {
      const res = await logout();
      if (res.ok) navigate(SIGNIN_PATH, { replace: true });
      else setBlocked(res.pending);
    } finally {
      setSigningOut(false);
    }
  };

  const banner = sessionExpired ? (
    <Alert color="secondary" variant="light" icon={<IconAlertTriangle size={18} />} mb="md" data-testid="session-ended">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('auth.sessionEnded')}</Text>
        <Button size="xs" component={Link} to={SIGNIN_PATH} state={{ from: `${location.pathname}${location.search}` }}>
          {t('auth.signInAgain')}
        </Button>
      </Group>
    </Alert>
  ) : null;

  return (
    <>
      <Layout1
        navItems={navItems}
        breadcrumbs={breadcrumbs}
        user={{
          name: user.name || user.username,
          roleLabel: t(`layout.roles.${user.role}`),
          avatarUrl: user.profileImagePath ? `${PROFILE_IMAGE_BASE}${user.profileImagePath}` : null,
        }}
        profilePath="/page-layouts/user-profile"
        onSignOut={() => void onSignOut()}
        statusSlot={
          <Suspense fallback={null}>
            <SyncStatus />
          </Suspense>
        }
        bannerSlot={
          <>
            {banner}
            <Suspense fallback={null}>
              <OfflineLine />
            </Suspense>
          </>
        }
        homePath={homePathFor(user.role)}
      >
        <RoleGuard group={route?.group}>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </RoleGuard>
      </Layout1>
      <Notifications position="top-center" autoClose={1000} />
      <Modal opened={blocked !== null} onClose={() => setBlocked(null)} title={t('auth.unsyncedTitle')} centered>
        <Stack>
          <Text>{t('auth.unsyncedBody', { count: blocked ?? 0 })}</Text>
          <Text size="sm" c="dimmed">
            {t('auth.unsyncedHelp')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setBlocked(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => {
                setBlocked(null);
                window.dispatchEvent(new CustomEvent(OPEN_SYNC_PANEL_EVENT));
              }}
            >
              {t('auth.openSyncPanel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export default function SignedInLayout() {
  return (
    <AuthGuard>
      <Frame />
    </AuthGuard>
  );
}

