// Breadcrumbs of spec §2: a home link to the root path first, earlier segments as links, the last
// segment as plain text; the last segment's name also shows as a heading, hidden on extra-small screens.
import { Anchor, Box, Group, Text, Title } from '@mantine/core';
import { IconChevronRight, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export type BreadcrumbSegment = { name: string; path?: string };

// The home link always goes to the root path (spec §2), whatever the signed-in role's own home is.
export const BREADCRUMB_HOME = '/';

export function Breadcrumb({ routeSegments }: { routeSegments: BreadcrumbSegment[] }) {
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
      <Box component="nav" aria-label={t('layout.breadcrumb')} style={{ minWidth: 0, maxWidth: '100%', flex: '0 1 auto', marginLeft: 'calc(-1 * var(--mantine-spacing-sm) - 1px)', paddingLeft: 'var(--mantine-spacing-sm)', borderLeft: '1px solid var(--mantine-color-default-border)' }}>
        {/* One line, always: when the trail is wider than the screen (a Tamil trail on a phone) its
            segments shrink and end in "…" instead of wrapping onto a second line; the full words stay in
            the text (screen readers read them) and in a tooltip. */}
        <Group component="ol" gap={6} wrap="nowrap" style={{ listStyle: 'none', margin: 0, padding: 0, minWidth: 0 }}>
          <li style={{ display: 'flex', flex: 'none' }}>
            <Anchor component={Link} to={BREADCRUMB_HOME} aria-label={t('layout.home')} c="dimmed" style={{ display: 'flex' }}>
              <IconHome size={18} stroke={1.6} />
            </Anchor>
          </li>
          {routeSegments.map((seg, i) => {
            const isLast = i === routeSegments.length - 1;
            // The chevron travels with its segment, so no "›" is ever left dangling at a line's end.
            return (
              // Only the current page gives way: the section before it is a link to go back to (kept whole
              // up to 60% of the line), and on phones the page's own heading right below says the current
              // page in full.
              <li key={`${seg.name}-${i}`} style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0, flex: isLast ? '0 1 auto' : 'none', maxWidth: isLast ? undefined : '60%' }}>
                <IconChevronRight size={14} aria-hidden="true" style={{ flex: 'none', color: 'var(--mantine-color-dimmed)' }} />
                {isLast || !seg.path ? (
                  <Text component="span" size="sm" truncate="end" title={seg.name} c={isLast ? undefined : 'dimmed'} aria-current={isLast ? 'page' : undefined}>
                    {seg.name}
                  </Text>
                ) : (
                  <Anchor component={Link} to={seg.path} size="sm" truncate="end" title={seg.name}>
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
