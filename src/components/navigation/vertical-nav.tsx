// Side navigation of spec §2: labels, collapsible groups with children, external links in a new
// tab, badges, and a compact mode (icons only, with tooltips; groups open as a menu beside the icon).
import { Badge, Box, NavLink, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { MoiMenu } from '../menu';
import type { NavItem } from './nav-types';

export type VerticalNavProps = {
  items: NavItem[];
  mode?: 'full' | 'compact';
  /** Called after an internal link is followed (the phone drawer closes on it). */
  onNavigate?: () => void;
};

const isActive = (path: string | undefined, pathname: string) => !!path && (pathname === path || pathname.startsWith(`${path}/`));
/** `pathname` here is the nav path that matches the address best (see bestMatch). */
const containsActive = (item: NavItem, pathname: string): boolean =>
  item.path === pathname || !!item.children?.some((c) => containsActive(c, pathname));

/**
 * The one item the address belongs to: the longest item path that is the address or a parent of it,
 * so /counter/membership/form lights "Sign-up form" alone, not "Membership plans" too.
 */
function bestMatch(items: NavItem[], pathname: string): string {
  let best: string | undefined;
  const walk = (list: NavItem[]) => {
    for (const item of list) {
      if (item.type !== 'extLink' && isActive(item.path, pathname) && (!best || item.path!.length > best.length)) best = item.path;
      if (item.children) walk(item.children);
    }
  };
  walk(items);
  return best ?? pathname;
}

function ItemIcon({ item }: { item: NavItem }) {
  if (item.icon) return <>{item.icon}</>;
  if (item.iconText)
    return (
      <ThemeIcon size={22} variant="light" radius="xl" aria-hidden="true">
        <Text fz={10} fw={700}>{item.iconText}</Text>
      </ThemeIcon>
    );
  return null;
}

function ItemBadge({ item }: { item: NavItem }) {
  if (!item.badge) return null;
  return (
    <Badge size="sm" color={item.badge.color ?? 'secondary'} variant="filled" data-testid="nav-badge">
      {item.badge.value}
    </Badge>
  );
}

function FullItem({ item, pathname, onNavigate, soleGroup }: { item: NavItem; pathname: string; onNavigate?: () => void; soleGroup?: boolean }) {
  const { t } = useTranslation();
  if (item.type === 'label') {
    return (
      <Text component="div" tt="uppercase" fz={11} fw={700} c="dimmed" px="md" pt="md" pb={4} data-nav-label>
        {item.name}
      </Text>
    );
  }
  if (item.children?.length) return <GroupItem item={item} pathname={pathname} onNavigate={onNavigate} soleGroup={soleGroup} />;
  if (item.type === 'extLink') {
    return (
      <NavLink
        component="a"
        href={item.path}
        target="_blank"
        rel="noopener noreferrer"
        label={item.name}
        description={undefined}
        aria-description={t('layout.externalLink')}
        leftSection={<ItemIcon item={item} />}
        rightSection={item.badge ? <ItemBadge item={item} /> : <IconExternalLink size={14} aria-hidden="true" />}
      />
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.path ?? '/'}
      label={item.name}
      active={item.path === pathname}
      aria-current={item.path === pathname ? 'page' : undefined}
      leftSection={<ItemIcon item={item} />}
      rightSection={<ItemBadge item={item} />}
      onClick={onNavigate}
    />
  );
}

function GroupItem({ item, pathname, onNavigate, soleGroup }: { item: NavItem; pathname: string; onNavigate?: () => void; soleGroup?: boolean }) {
  const [opened, setOpened] = useState(() => !!soleGroup || containsActive(item, pathname));
  return (
    <NavLink
      label={item.name}
      leftSection={<ItemIcon item={item} />}
      rightSection={item.badge ? <ItemBadge item={item} /> : undefined}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset={28}
      component="button"
      type="button"
    >
      {item.children!.map((child) => (
        <FullItem key={child.name + (child.path ?? '')} item={child} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

function CompactItem({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate?: () => void }) {
  if (item.type === 'label') return <Box h={12} data-nav-label aria-hidden="true" />;
  const active = containsActive(item, pathname);
  const iconBox = (
    <Box pos="relative" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', width: 44, height: 44 }}>
      <ItemIcon item={item} />
      {item.badge && (
        <Box pos="absolute" top={2} right={0} style={{ transform: 'scale(0.8)' }}>
          <ItemBadge item={item} />
        </Box>
      )}
    </Box>
  );
  const style = {
    display: 'flex',
    justifyContent: 'center',
    borderRadius: 8,
    margin: '2px auto',
    width: 48,
    background: active ? 'var(--mantine-primary-color-filled)' : undefined,
    color: active ? '#fff' : 'inherit',
  } as const;
  if (item.children?.length) {
    return (
      <MoiMenu
        side="right"
        label={item.name}
        trigger={
          <UnstyledButton aria-label={item.name} style={style}>
            {iconBox}
          </UnstyledButton>
        }
        items={item.children
          .filter((c) => c.type !== 'label')
          .map((c) =>
            c.type === 'extLink'
              ? { key: c.name, label: c.name, icon: <ItemIcon item={c} />, component: 'a', href: c.path }
              : { key: c.name, label: c.name, icon: <ItemIcon item={c} />, component: Link, to: c.path, onClick: onNavigate },
          )}
      />
    );
  }
  const link =
    item.type === 'extLink' ? (
      <UnstyledButton component="a" href={item.path} target="_blank" rel="noopener noreferrer" aria-label={item.name} style={style}>
        {iconBox}
      </UnstyledButton>
    ) : (
      <UnstyledButton component={Link} to={item.path ?? '/'} aria-label={item.name} aria-current={active ? 'page' : undefined} onClick={onNavigate} style={style}>
        {iconBox}
      </UnstyledButton>
    );
  return (
    <Tooltip label={item.name} position="right" withArrow>
      {link}
    </Tooltip>
  );
}

export function VerticalNav({ items, mode = 'full', onNavigate }: VerticalNavProps) {
  const pathname = bestMatch(items, useLocation().pathname);
  // With a single group (e.g. counter staff), it starts open: nothing else competes for the space.
  const soleGroup = items.filter((i) => i.children?.length).length === 1;
  return (
    <Box data-mode={mode} data-testid="vertical-nav">
      {items.map((item, i) =>
        mode === 'compact' ? (
          <CompactItem key={`${item.name}-${i}`} item={item} pathname={pathname} onNavigate={onNavigate} />
        ) : (
          <FullItem key={`${item.name}-${i}`} item={item} pathname={pathname} onNavigate={onNavigate} soleGroup={soleGroup} />
        ),
      )}
    </Box>
  );
}
