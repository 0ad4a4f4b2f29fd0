// The PWA prompts' UI (pwa-prompts.tsx holds the logic): loaded only when a prompt is to be shown, in
// the app's Mantine theme (the public pages render without Mantine until then).
import { Affix, Alert, Button, CloseButton, Group, Paper, Text, Transition } from '@mantine/core';
import { IconDownload, IconRefresh, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ThemedMantineProvider } from '../../lib/themes-provider';

export type PwaPromptsViewProps = {
  quotaFull: boolean;
  showUpdate: boolean;
  onLater: () => void;
  onReload: () => void;
  canInstall: boolean;
  onInstall: () => void;
  iosHint: boolean;
  onDismissIos: () => void;
};

export default function PwaPromptsView({ quotaFull, showUpdate, onLater, onReload, canInstall, onInstall, iosHint, onDismissIos }: PwaPromptsViewProps) {
  const { t } = useTranslation();
  return (
    <ThemedMantineProvider>
      {quotaFull && (
        <Affix position={{ top: 72, left: 16, right: 16 }} zIndex={400}>
          <Alert color="red" variant="filled" role="alert" data-testid="quota-alert" maw={560} mx="auto">
            {t('sync.errors.quota_exceeded')}
          </Alert>
        </Affix>
      )}
      <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={300} style={{ pointerEvents: 'none' }}>
        <Transition mounted={showUpdate} transition="slide-up">
          {(style) => (
             <Paper style={{ ...style, pointerEvents: 'auto' }} shadow="md" p="sm" radius="md" withBorder maw={480} mx="auto" role="alertdialog" aria-label={t('sync.pwa.updateTitle')} data-testid="update-prompt">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600}>{t('sync.pwa.updateTitle')}</Text>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="subtle" onClick={onLater}>{t('sync.pwa.later')}</Button>
                  <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={onReload}>{t('sync.pwa.reload')}</Button>
                </Group>
              </Group>
            </Paper>
          )}
        </Transition>
        {!showUpdate && canInstall && (
          <Group justify="flex-end">
            <Button size="sm" radius="xl" leftSection={<IconDownload size={16} />} onClick={onInstall} data-testid="install-button" style={{ pointerEvents: 'auto' }}>
              {t('sync.pwa.install')}
            </Button>
          </Group>
        )}
        {!showUpdate && !canInstall && iosHint && (
          <Paper shadow="md" p="sm" radius="md" withBorder maw={480} mx="auto" data-testid="ios-hint" style={{ pointerEvents: 'auto' }}>
            <Group wrap="nowrap" gap="xs" align="flex-start">
              <IconShare size={18} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
              <Text size="sm" style={{ flex: 1 }}>{t('sync.pwa.iosHint')}</Text>
              <CloseButton size="sm" onClick={onDismissIos} aria-label={t('sync.pwa.dismiss')} />
            </Group>
          </Paper>
        )}
      </Affix>
    </ThemedMantineProvider>
  );
}
