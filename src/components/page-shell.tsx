// Shared page frame for signed-in pages: sets the document title and shows either the page's
// content or an empty state saying what will appear there. (Breadcrumbs come from the layout;
// their heading is hidden on phones, so the shell shows the title there.)
import { Card, EmptyState, Stack, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type PageShellProps = {
  /** Page title, already translated; also the browser tab title. */
  title: string;
  /** Text of the empty state, shown when there are no children. */
  emptyText?: string;
  emptyTitle?: string;
  emptyIcon?: ReactNode;
  children?: ReactNode;
  /** Show the title as a heading on extra-small screens (default true). */
  showTitle?: boolean;
};

export function PageShell({ title, emptyText, emptyTitle, emptyIcon, children, showTitle = true }: PageShellProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`;
  }, [title, t]);
  return (
    <Stack gap="md" data-testid="page-shell">
      {/* The breadcrumb's heading is hidden on extra-small screens; there the page names itself. */}
      {showTitle && (
        <Title order={1} fz={22} hiddenFrom="xs">
          {title}
        </Title>
      )}
      {children ?? (
        <Card withBorder padding="xl">
          <EmptyState
            icon={emptyIcon ?? <IconInbox size={28} />}
            title={emptyTitle ?? t('pages.comingSoon')}
            description={emptyText}
          />
        </Card>
      )}
    </Stack>
  );
}
