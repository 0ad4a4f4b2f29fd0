// "This device is nearly out of space", said BEFORE a save fails (issue 31): shown on the entry
// screen and in the sync panel when the browser's own estimate (navigator.storage.estimate(),
// data/lifecycle.ts useStorageInfo) leaves less than a tenth of the quota or 50 MB.
import { Alert, Text } from '@mantine/core';
import { IconDatabaseExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Less free space than this (bytes), or less than STORAGE_LOW_SHARE of the quota, is low. */
export const STORAGE_LOW_BYTES = 50 * 1024 * 1024;
export const STORAGE_LOW_SHARE = 0.1;

/** Free bytes when space is low; null when there is room (or the browser does not say). */
export function lowStorage(info: { usage: number | null; quota: number | null } | null): number | null {
  if (!info || info.usage == null || info.quota == null || info.quota <= 0) return null;
  const free = Math.max(0, info.quota - info.usage);
  return free < STORAGE_LOW_BYTES || free < info.quota * STORAGE_LOW_SHARE ? free : null;
}

export function StorageWarning({ info, formatBytes }: { info: { usage: number | null; quota: number | null } | null; formatBytes: (n: number) => string }) {
  const { t } = useTranslation();
  const free = lowStorage(info);
  if (free === null) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconDatabaseExclamation size={18} />} title={t('sync.storage.lowTitle')} data-testid="storage-low" role="status">
      <Text size="sm">{t('sync.storage.low', { free: formatBytes(free) })}</Text>
    </Alert>
  );
}
