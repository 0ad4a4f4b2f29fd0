// "Sync now" for the owner screens: runs the given refresh (the sync engine's syncNow) and says
// whether it reached the server; the screen keeps showing what the device has either way.
import { Button, Text, Group } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function SyncButton({ onSync }: { onSync: () => Promise<void> }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const run = async () => {
    setState('busy');
    try {
      await onSync();
      setState('done');
    } catch {
      setState('failed');
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      {state === 'failed' ? <Text size="xs" c="orange" role="status" maw={260}>{t('events.sync.failed')}</Text> : null}
      {state === 'done' ? <Text size="xs" c="teal" role="status">{t('events.sync.done')}</Text> : null}
      <Button variant="light" leftSection={<IconRefresh size={16} />} loading={state === 'busy'} onClick={() => void run()}>
        {t('events.sync.now')}
      </Button>
    </Group>
  );
}
