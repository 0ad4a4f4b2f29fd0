// Shown in place of a page when the signed-in user's role is outside the route's group.
import { Button, Card, EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Role } from '../../contract/roles';

export function NoAccess({ role, roleLabel, homePath }: { role: Role | undefined; roleLabel: string; homePath: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xl" data-testid="no-access">
      <EmptyState
        icon={<IconLock size={28} />}
        color="errorRed"
        title={<span role="heading" aria-level={1}>{t('errors.noAccessTitle')}</span>}
        description={`${t('errors.noAccessBody', { role: roleLabel })}${role ? ` ${t(`errors.noAccessAsk.${role}`)}` : ''}`}
      >
        <Button component={Link} to={homePath} mt="md">
          {t('errors.goToMyHome')}
        </Button>
      </EmptyState>
    </Card>
  );
}
