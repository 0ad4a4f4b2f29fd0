// Shared page frame for signed-in pages: sets the document title and shows either the page's
// content or an empty state saying what will appear there. (Breadcrumbs come from the layout.)
import { Card, EmptyState, Stack } from '@mantine/core';
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
};

export function PageShell({ title, emptyText, emptyTitle, emptyIcon, children }: PageShellProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`;
  }, [title, t]);
  return (
    <Stack gap="md" data-testid="page-shell">
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
