// Page frame for the admin / owner screens: a heading, an optional intro line and actions.
import { Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './page.module.css';

// The layout's breadcrumb bar already shows the page name as a heading from the sm breakpoint up,
// so the page's own heading is shown only on phones, where that one is hidden.
export function AdminPage({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`;
  }, [title, t]);
  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }} className={classes.root}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} hiddenFrom="sm">{title}</Title>
          {intro ? <Text c="dimmed" size="sm">{intro}</Text> : null}
        </Stack>
        {actions ? <Group gap="xs" wrap="wrap">{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}

/** Centered message for an empty list, saying what will appear there. */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center" data-testid="empty-state">
      <Text fw={600}>{title}</Text>
      {hint ? <Text c="dimmed" size="sm" maw={420}>{hint}</Text> : null}
      {action}
    </Stack>
  );
}
