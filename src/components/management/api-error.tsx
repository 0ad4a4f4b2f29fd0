// Turns an API failure into a sentence in the user's language (branching on code, never message),
// and shows it as an alert with a retry. Offline gets its own wording: the action needs a connection.
import { Alert, Button, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ApiRequestError } from '../../lib/api-error';
import type { Remote } from '../../lib/use-remote';
import { EmptyState } from './page';

const known = ['network', 'forbidden', 'not_found', 'conflict', 'username_taken', 'invalid_body', 'event_closed', 'not_assigned', 'unauthenticated', 'user_disabled', 'counter_closed', 'db_unavailable', 'weak_password', 'too_many_attempts', 'not_entitled'] as const;
type Known = (typeof known)[number];

export function apiErrorText(t: TFunction, err: ApiRequestError | null | undefined): string {
  if (!err) return '';
  const code = (known as readonly string[]).includes(err.code) ? (err.code as Known) : 'unknown';
  return t(`admin.apiError.${code}`);
}

export function RemoteAlert({ error, onRetry, cachedNote }: { error: ApiRequestError | null; onRetry?: () => void; cachedNote?: boolean }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color={error.isNetwork ? 'orange' : 'red'} role="alert" title={error.isNetwork ? t('admin.common.offlineTitle') : t('admin.common.errorTitle')}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">
          {apiErrorText(t, error)}
          {cachedNote && error.isNetwork ? ` ${t('admin.common.showingLast')}` : ''}
        </Text>
        {onRetry ? <Button size="xs" variant="light" onClick={onRetry}>{t('admin.common.retry')}</Button> : null}
      </Group>
    </Alert>
  );
}

/** What a server-backed list says around its rows: the failure (with retry), loading, or that it is empty. */
export function RemoteStatus({ remote, empty, emptyTitle, emptyHint }: { remote: Remote<unknown>; empty: boolean; emptyTitle: string; emptyHint?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <RemoteAlert error={remote.error} onRetry={() => void remote.reload()} cachedNote={remote.data !== undefined} />
      {remote.loading && remote.data === undefined ? <Text c="dimmed">{t('admin.common.loading')}</Text> : null}
      {remote.data !== undefined && empty ? <EmptyState title={emptyTitle} hint={emptyHint} /> : null}
    </>
  );
}
