// layout1 (spec §2): sidebar (full with background image / compact / drawer on phones), fixed top
// bar, breadcrumbs, footer shown but not fixed. Presentation only: data and actions come as props.
import { ActionIcon, AppShell, Avatar, Box, Burger, CloseButton, Drawer, Group, ScrollArea, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout, IconUser } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSettings } from '../../lib/settings-context';
import { themePalettes, type ThemeName } from '../../lib/themes';
import { Breadcrumb, type BreadcrumbSegment } from '../breadcrumb';
import { LanguageSwitch } from '../language-switch';
import { LOGO_URL } from '../loading-screen';
import { MoiMenu } from '../menu';
import { VerticalNav } from '../navigation/vertical-nav';
import type { NavItem } from '../navigation/nav-types';
import { ThemeSwitch } from '../theme-switch';
import classes from './layout1.module.css';

export const TOPBAR_HEIGHT = 64;
export const SIDEBAR_WIDTH = { full: 260, compact: 80 } as const;

export type Layout1User = { name: string; roleLabel: string; avatarUrl?: string | null };

export type Layout1Props = {
  navItems: NavItem[];
  breadcrumbs: BreadcrumbSegment[];
  user: Layout1User;
  profilePath: string;
  onSignOut: () => void;
  /** Connectivity / sync status for the top bar (status dot, pending count). */
  statusSlot?: ReactNode;
  /** A notice shown above the page content (e.g. session ended). */
  bannerSlot?: ReactNode;
  homePath?: string;
  children: ReactNode;
};

function hexToRgba(hex: string, alpha: number) {
  const n = parseInt(hex.replace('#', ''), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

function sectionColors(name: ThemeName): { bg: string; fg: string } {
  const p = themePalettes[name];
  if (p.type === 'dark') return { bg: p.background?.paper ?? p.primary.main, fg: '#ffffff' };
  return { bg: p.primary.main, fg: p.primary.main.toLowerCase() === '#ffffff' ? 'rgba(52, 49, 76, 1)' : p.primary.contrastText };
}

function Brand({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={classes.brand} style={compact ? { justifyContent: 'center', padding: 0 } : undefined}>
      <img src={LOGO_URL} alt="" width={32} height={32} />
      {!compact && (
        <Text fw={700} fz="lg" c="inherit">
          {t('common.appName')}
        </Text>
      )}
    </Link>
  );
}

const ENTRY_PATH = '/counter/gifts/entry';

export function Layout1({ navItems, breadcrumbs, user, profilePath, onSignOut, statusSlot, bannerSlot, homePath = '/', children }: Layout1Props) {
  const { t } = useTranslation();
  const { settings, updateSettings } = useSettings();
  const isPhone = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  const { leftSidebar, topbar } = settings.layout1Settings;
  // On the gift entry screen at tablet widths the form needs the room: the sidebar starts compact
  // there, and its toggle on that screen is remembered on this device apart from the other screens.
  const { pathname } = useLocation();
  const isTablet = useMediaQuery('(min-width: 768px) and (max-width: 1199px)', false, { getInitialValueInEffect: false });
  const entryTablet = isTablet && pathname.toLowerCase() === ENTRY_PATH;
  const [entryMode, setEntryMode] = useLocalStorage<'compact' | 'full'>({ key: 'moi.entrySidebar', defaultValue: 'compact', getInitialValueInEffect: false });
  const compact = entryTablet ? entryMode === 'compact' : leftSidebar.mode === 'compact';
  const sidebarWidth = compact ? SIDEBAR_WIDTH.compact : SIDEBAR_WIDTH.full;
  const sidebar = sectionColors(leftSidebar.theme);
  // A dark active theme darkens the whole page, so a light top bar would leave its icons unreadable.
  const activePalette = themePalettes[settings.activeTheme];
  const top = activePalette.type === 'dark' ? { bg: activePalette.background?.paper ?? '#222A45', fg: '#ffffff' } : sectionColors(topbar.theme);
  const foot = sectionColors(settings.footer.theme);

  const sidebarStyle = {
    backgroundImage: leftSidebar.bgImgURL ? `url(${leftSidebar.bgImgURL})` : undefined,
    '--sidebar-overlay': hexToRgba(sidebar.bg.startsWith('#') ? sidebar.bg : '#222A45', 0.9),
  } as CSSProperties;

  const sidebarContent = (mode: 'full' | 'compact', onNavigate?: () => void, onClose?: () => void) => (
    <Box className={classes.sidebar} style={{ ...sidebarStyle, height: '100%' }} data-testid={`sidebar-${mode}`} data-mantine-color-scheme="dark">
      <div className={classes.sidebarInner}>
        <Group justify="space-between" wrap="nowrap" pr={onClose ? 'sm' : 0}>
          <Brand compact={mode === 'compact'} />
          {onClose && <CloseButton onClick={onClose} aria-label={t('layout.closeNavigation')} c="white" size="lg" />}
        </Group>
        <ScrollArea style={{ flex: 1 }} type="hover" scrollbarSize={6}>
          <Box component="nav" aria-label={t('layout.mainNavigation')} pb="lg">
            <VerticalNav items={navItems} mode={mode} onNavigate={onNavigate} />
          </Box>
        </ScrollArea>
      </div>
    </Box>
  );

  const toggleSidebarMode = () =>
    entryTablet ? setEntryMode(compact ? 'full' : 'compact') : updateSettings({ layout1Settings: { leftSidebar: { mode: compact ? 'full' : 'compact' } } });

  return (
    <AppShell
      header={{ height: TOPBAR_HEIGHT, collapsed: !topbar.show }}
      navbar={leftSidebar.show ? { width: sidebarWidth, breakpoint: 'sm', collapsed: { mobile: true } } : undefined}
      padding={0}
      mode={topbar.fixed ? 'fixed' : 'static'}
    >
      <a href="#main-content" className={classes.skip}>
        {t('layout.skipToContent')}
      </a>
      <AppShell.Header style={{ background: top.bg, color: top.fg }} withBorder data-testid="topbar">
        <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap">
            {isPhone ? (
              <Burger opened={drawerOpened} onClick={drawer.toggle} aria-label={drawerOpened ? t('layout.closeNavigation') : t('layout.openNavigation')} size="sm" />
            ) : (
              <Tooltip label={compact ? t('layout.fullSidebar') : t('layout.compactSidebar')}>
                <ActionIcon variant="subtle" color="gray" size="lg" onClick={toggleSidebarMode} aria-label={compact ? t('layout.fullSidebar') : t('layout.compactSidebar')} aria-pressed={compact}>
                  {compact ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
                </ActionIcon>
              </Tooltip>
            )}
            {isPhone && (
              <Link to={homePath} aria-label={t('common.appName')} style={{ display: 'flex' }}>
                <img src={LOGO_URL} alt="" width={28} height={28} />
              </Link>
            )}
          </Group>
          <Group gap={isPhone ? 6 : 'sm'} wrap="nowrap">
            {statusSlot}
            <LanguageSwitch />
            <ThemeSwitch />
            <MoiMenu
              horizontalPosition="right"
              label={
                <span>
                  {user.name} · {user.roleLabel}
                </span>
              }
              trigger={
                // Named by what it shows (on wider screens the name and role: WCAG 2.5.3, label in
                // name) followed by what it opens; the avatar's initial is decoration.
                <UnstyledButton data-testid="user-menu">
                  <Group gap={8} wrap="nowrap">
                    <Avatar src={user.avatarUrl ?? undefined} alt="" radius="xl" size={34} color="brand" aria-hidden>
                      {user.name.slice(0, 1).toUpperCase()}
                    </Avatar>
                    {!isPhone && (
                      <Box style={{ lineHeight: 1.1 }} maw={160}>
                        <Text size="sm" fw={600} truncate>
                          {user.name}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {user.roleLabel}
                        </Text>
                      </Box>
                    )}
                    <VisuallyHidden>{t('layout.userMenu')}</VisuallyHidden>
                  </Group>
                </UnstyledButton>
              }
              items={[
                { key: 'profile', label: t('layout.profile'), icon: <IconUser size={16} />, component: Link, to: profilePath },
                { key: 'signout', label: t('layout.signOut'), icon: <IconLogout size={16} />, onClick: onSignOut, color: 'errorRed' },
              ]}
            />
          </Group>
        </Group>
      </AppShell.Header>

      {leftSidebar.show && !isPhone && <AppShell.Navbar withBorder={false}>{sidebarContent(compact ? 'compact' : 'full')}</AppShell.Navbar>}

      {isPhone && (
        // The parts spelled out so the name goes on the dialog itself (on Drawer it lands on a plain
        // div, which axe reports as a prohibited aria-label).
        <Drawer.Root opened={drawerOpened} onClose={drawer.close} size={SIDEBAR_WIDTH.full + 20} padding={0} data-testid="nav-drawer">
          <Drawer.Overlay />
          <Drawer.Content aria-label={t('layout.mainNavigation')} style={{ overflow: 'hidden' }}>
            <Drawer.Body style={{ height: '100%', padding: 0 }}>
              <Box h="100dvh">{sidebarContent('full', drawer.close, drawer.close)}</Box>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      )}

      <AppShell.Main className={classes.main}>
        <div className={classes.content} id="main-content" tabIndex={-1}>
          {bannerSlot}
          <Breadcrumb routeSegments={breadcrumbs} />
          {children}
        </div>
        {settings.footer.show && (
          <footer className={classes.footer} style={{ background: foot.bg, color: foot.fg }} data-testid="footer">
            <Group justify="space-between" gap="xs">
              <span>{t('layout.footerCredit')}</span>
              <span>{t('layout.footerCopyright', { year: new Date().getFullYear() })}</span>
            </Group>
          </footer>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
