// Page frame for the admin / owner screens: a heading, an optional intro line and actions.
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AdminPage({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2}>{title}</Title>
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
