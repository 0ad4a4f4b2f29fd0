// The sync panel: connection and last sync, entries not yet on the server (rejected ones with their
// reason and Retry), each event checked against the server's figures (agreement-section.tsx),
// storage use and persistence, and export / import of unsynced entries.
import { Alert, Badge, Button, Card, FileButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockWarning } from '../../components/clock-warning';
import { StorageWarning } from '../../components/storage-warning';
import { useClockOffset } from '../../data/clock';
import { Link } from 'react-router-dom';
import { requestPersist, storageInfo, type StorageInfo } from '../../data/lifecycle';
import { exportUnsyncedFile, ImportFormatError, importUnsynced, retryAllRejected, retryRejected, useUnsyncedRows } from '../../data/outbox';
import { syncNow } from '../../data/sync/app';
import { useSyncState } from '../../data/sync/use-sync-state';
import { StatusDot } from '../../components/status-dot';
import { AgreementSection } from './agreement-section';
import { detailOf, formatBytes, formatTime, mutationKey } from './describe';
import { connectionText } from './connection-text';

const LIST_LIMIT = 100;

type Notice = { color: 'green' | 'red' | 'gray'; text: string } | null;

export function SyncPanel() {
  const { t, i18n } = useTranslation();
  const clockOffset = useClockOffset();
  const state = useSyncState();
  const rows = useUnsyncedRows(LIST_LIMIT + 1);
  const [storage, setStorage] = useState<StorageInfo | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<'export' | 'import' | 'sync' | null>(null);

  const refreshStorage = useCallback(() => { void storageInfo().then(setStorage); }, []);
  useEffect(() => { refreshStorage(); }, [refreshStorage, state.lastSyncAt]);

  const unsynced = state.pending + state.rejected;
  const statusText = connectionText(state, t);

  const onExport = async () => {
    setBusy('export');
    try {
      const { blob, count, fileName } = await exportUnsyncedFile();
      if (count === 0) {
        setNotice({ color: 'gray', text: t('sync.transfer.nothingToExport') });
        return;
      }
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setNotice({ color: 'green', text: t('sync.transfer.exported', { count }) });
    } finally {
      setBusy(null);
    }
  };

  const onImport = async (file: File | null) => {
    if (!file) return;
    setBusy('import');
    try {
      const r = await importUnsynced(file);
      setNotice({ color: 'green', text: t('sync.transfer.imported', { imported: r.imported, skipped: r.skipped }) });
    } catch (e) {
      setNotice({ color: 'red', text: e instanceof ImportFormatError ? t('sync.transfer.invalidFile') : String(e instanceof Error ? e.message : e) });
    } finally {
      setBusy(null);
    }
  };

  const onSync = async () => {
    setBusy('sync');
    try {
      await syncNow({ releaseHolds: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md" data-testid="sync-panel">
      <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <StatusDot online={state.online === true} label={statusText} />
            <Text fw={600}>{statusText}</Text>
          </Group>
          <Text size="sm" c="dimmed" data-testid="sync-last">
            {state.lastSyncAt ? t('sync.status.lastSync', { time: formatTime(state.lastSyncAt, i18n.language) }) : t('sync.status.never')}
          </Text>
        </Stack>
        <Button size="sm" leftSection={<IconRefresh size={16} />} loading={busy === 'sync' || state.sending} onClick={() => void onSync()} disabled={state.needsSignIn}>
          {t('sync.panel.syncNow')}
        </Button>
      </Group>

      <ClockWarning offsetMs={clockOffset} />
      <StorageWarning info={storage} formatBytes={(n) => formatBytes(n, i18n.language)} />

      {state.needsSignIn && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="sync-needs-signin">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('sync.signIn.needed')}</Text>
            <Button size="xs" component={Link} to="/session/signin">{t('sync.signIn.action')}</Button>
          </Stack>
        </Alert>
      )}
      {state.online && state.slow && !state.error && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="sync-slow">
          <Text size="sm">{t('sync.errors.slow')}</Text>
        </Alert>
      )}
      {state.error && (
        <Alert color={state.error === 'quota_exceeded' ? 'red' : 'yellow'} variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          <Text size="sm">{t(`sync.errors.${state.error}`)}</Text>
        </Alert>
      )}

      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h5">{t('sync.panel.unsyncedTitle')}</Title>
          {state.rejected > 0 && (
            <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} data-testid="sync-retry-all" onClick={() => void retryAllRejected()}>
              {t('sync.panel.retryAll', { count: state.rejected })}
            </Button>
          )}
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">{t('sync.panel.empty')}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('sync.panel.unsyncedTitle')}>
            {rows.slice(0, LIST_LIMIT).map((r) => {
              const detail = detailOf(r.name, r.args);
              const codeKey = r.lastErrorCode ?? (r.lastError ? 'unknown' : null);
              const known = codeKey && i18n.exists(`sync.codes.${codeKey}`);
              return (
                <Card component="li" key={r.id} withBorder padding="xs" radius="md" data-state={r.state}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>{t(`sync.mutation.${mutationKey[r.name]}` as 'sync.mutation.giftCreate')}</Text>
                      {detail && <Text size="sm" truncate="end">{detail}</Text>}
                      {codeKey && (
                        <Text size="xs" c={r.state === 'rejected' ? 'red' : 'dimmed'}>
                          {known ? t(`sync.codes.${codeKey}` as 'sync.codes.unknown') : t('sync.codes.unknown')}
                          {/* The server's own words only when there is no translation for its code. */}
                          {!known && r.lastError ? ` (${r.lastError})` : ''}
                        </Text>
                      )}
                      {r.attempts > 0 && <Text size="xs" c="dimmed">{t('sync.panel.attempts', { count: r.attempts })}</Text>}
                      {r.state === 'pending' && r.retryAt ? (
                        <Text size="xs" c="dimmed" data-testid="sync-retry-at">{t('sync.panel.retryAt', { time: formatTime(new Date(r.retryAt).toISOString(), i18n.language) })}</Text>
                      ) : null}
                    </Stack>
                    <Stack gap={4} align="flex-end" style={{ flex: 'none' }}>
                      <Badge color={r.state === 'rejected' ? 'red' : r.state === 'sending' ? 'blue' : 'gray'} variant="light">
                        {t(`sync.panel.stateLabel.${r.state}`)}
                      </Badge>
                      {r.state === 'rejected' && (
                        <Button size="compact-xs" variant="light" onClick={() => void retryRejected(r.id)}>{t('sync.panel.retry')}</Button>
                      )}
                    </Stack>
                  </Group>
                </Card>
              );
            })}
            {unsynced > LIST_LIMIT && <Text size="sm" c="dimmed">{t('sync.panel.more', { count: unsynced - LIST_LIMIT })}</Text>}
          </Stack>
        )}
      </Stack>

      <AgreementSection />

      <Stack gap={4}>
        <Title order={3} size="h5">{t('sync.storage.title')}</Title>
        {storage === null ? <Loader size="xs" /> : (
          <>
            <Text size="sm" data-testid="storage-used">
              {storage.usage != null && storage.quota != null
                ? t('sync.storage.used', { used: formatBytes(storage.usage, i18n.language), quota: formatBytes(storage.quota, i18n.language) })
                : t('sync.storage.usedUnknown')}
            </Text>
            <Text size="sm" c={storage.persisted ? 'green' : 'dimmed'} data-testid="storage-persisted">
              {storage.persisted === null ? t('sync.storage.persistUnknown') : storage.persisted ? t('sync.storage.persisted') : t('sync.storage.notPersisted')}
            </Text>
            {storage.persisted === false && (
              <Button size="xs" variant="default" w="fit-content" onClick={() => void requestPersist().then(refreshStorage)}>{t('sync.storage.askPersist')}</Button>
            )}
          </>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h5">{t('sync.transfer.title')}</Title>
        <Text size="sm" c="dimmed">{t('sync.transfer.help')}</Text>
        <Group gap="xs">
          <Button size="sm" variant="light" leftSection={<IconDownload size={16} />} loading={busy === 'export'} onClick={() => void onExport()}>
            {t('sync.transfer.export')}
          </Button>
          <FileButton onChange={(f) => void onImport(f)} accept="application/json,.json">
            {(props) => (
              <Button size="sm" variant="default" leftSection={<IconUpload size={16} />} loading={busy === 'import'} {...props}>
                {t('sync.transfer.import')}
              </Button>
            )}
          </FileButton>
        </Group>
        {notice && <Text size="sm" c={notice.color === 'gray' ? 'dimmed' : notice.color} role="status">{notice.text}</Text>}
      </Stack>
    </Stack>
  );
}
