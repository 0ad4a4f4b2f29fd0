// Breadcrumbs of spec §2: a home link to the root path first, earlier segments as links, the last
// segment as plain text; the last segment's name also shows as a heading, hidden on extra-small screens.
import { Anchor, Box, Group, Text, Title } from '@mantine/core';
import { IconChevronRight, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export type BreadcrumbSegment = { name: string; path?: string };

export function Breadcrumb({ routeSegments, homePath = '/' }: { routeSegments: BreadcrumbSegment[]; homePath?: string }) {
  const { t } = useTranslation();
  const last = routeSegments[routeSegments.length - 1];
  return (
    // When heading and trail do not fit on one line (a Tamil trail beside its heading at tablet widths),
    // the whole trail moves under the heading instead of breaking inside it. The separator is the
    // trail's left border, drawn left of its first item and clipped away when the trail starts a line.
    <Group gap={0} wrap="wrap" mb="md" data-testid="breadcrumb" style={{ rowGap: 4, overflowX: 'clip' }}>
      {last && (
        <Title order={2} fz="lg" fw={600} visibleFrom="xs" style={{ whiteSpace: 'nowrap', paddingRight: 'calc(2 * var(--mantine-spacing-sm))' }}>
          {last.name}
        </Title>
      )}
      <Box component="nav" aria-label={t('layout.breadcrumb')} style={{ minWidth: 0, marginLeft: 'calc(-1 * var(--mantine-spacing-sm) - 1px)', paddingLeft: 'var(--mantine-spacing-sm)', borderLeft: '1px solid var(--mantine-color-default-border)' }}>
        <Group component="ol" gap={6} wrap="wrap" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          <li style={{ display: 'flex' }}>
            <Anchor component={Link} to={homePath} aria-label={t('layout.home')} c="dimmed" style={{ display: 'flex' }}>
              <IconHome size={18} stroke={1.6} />
            </Anchor>
          </li>
          {routeSegments.map((seg, i) => {
            const isLast = i === routeSegments.length - 1;
            // The chevron travels with its segment: when a long (Tamil) trail wraps at tablet widths,
            // the line breaks before "› segment", never leaving a "›" dangling at a line's end.
            return (
              <li key={`${seg.name}-${i}`} style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
                <IconChevronRight size={14} aria-hidden="true" style={{ flex: 'none', color: 'var(--mantine-color-dimmed)' }} />
                {isLast || !seg.path ? (
                  <Text component="span" size="sm" c={isLast ? undefined : 'dimmed'} aria-current={isLast ? 'page' : undefined}>
                    {seg.name}
                  </Text>
                ) : (
                  <Anchor component={Link} to={seg.path} size="sm">
                    {seg.name}
                  </Anchor>
                )}
              </li>
            );
          })}
        </Group>
      </Box>
    </Group>
  );
}
