// "This tablet's storage was cleared: the counter was put back" (issue 31): shown on the entry
// screen after the browser lost the device database and the lifeline (data/lifeline.ts) restored
// the counter and the entries not yet sent, until someone at the counter presses "Understood".
// `memory`: the browser refused to open the database at all; the counter runs from the backup copy.
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconDatabaseImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function StorageRestored({ notice, onDismiss }: { notice: { restored: number; memory?: boolean } | null; onDismiss: () => void }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconDatabaseImport size={18} />} data-testid="storage-restored" role="alert"
      title={notice.memory ? t('sync.storage.memoryTitle') : t('sync.storage.restoredTitle')}>
      <Text size="sm">{notice.memory ? t('sync.storage.memory') : t('sync.storage.restored', { count: notice.restored })}</Text>
      <Group mt="xs">
        <Button size="compact-sm" variant="light" color="orange" onClick={onDismiss}>{t('sync.storage.restoredOk')}</Button>
      </Group>
    </Alert>
  );
}
