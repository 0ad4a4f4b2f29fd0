// The dialog after a successful picture upload (spec §2, §4): 'Success', 'Profile picture updated successfully!', OK reloads.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PictureSuccessDialog({ opened, onOk }: { opened: boolean; onOk: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onOk} title={t('profile.successTitle')} centered withCloseButton={false} closeOnClickOutside={false} radius={8} styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}>
      <Text>{t('profile.pictureUpdated')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onOk} data-autofocus>{t('profile.ok')}</Button>
      </Group>
    </Modal>
  );
}
