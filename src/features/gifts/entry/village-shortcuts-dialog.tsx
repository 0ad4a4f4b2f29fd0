// The event's village shortcuts (issue 18): "mdu" → மதுரை, typed in the village field and expanded
// on Enter. Set by the event's admins and counter staff, kept on the device and synced (one
// mutation per abbreviation, so two counters adding at once keep both).
import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setVillageShortcut } from '../../../data/counter-aids-repo';
import { isShortcutAbbr } from './shortcuts';

export function VillageShortcutsDialog({ opened, onClose, eventId, shortcuts }: {
  opened: boolean; onClose: () => void; eventId: string; shortcuts: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const [abbr, setAbbr] = useState('');
  const [village, setVillage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const entries = Object.entries(shortcuts).sort((a, b) => a[0].localeCompare(b[0]));

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!isShortcutAbbr(abbr)) {
      setError(t('guest.abbrInvalid'));
      return;
    }
    if (!village.trim()) return;
    await setVillageShortcut({ eventId, abbr: abbr.trim(), village: village.trim() });
    setAbbr('');
    setVillage('');
    setError(null);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('guest.shortcutsTitle')} centered size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{t('guest.shortcutsHint')}</Text>
        <form onSubmit={(e) => void add(e)}>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput label={t('guest.abbr')} value={abbr} onChange={(e) => setAbbr(e.currentTarget.value)} error={error} w={140} autoComplete="off" />
            <TextInput label={t('guest.villageFull')} value={village} onChange={(e) => setVillage(e.currentTarget.value)} style={{ flex: '1 1 180px' }} autoComplete="off" />
            <Button type="submit">{t('guest.add')}</Button>
          </Group>
        </form>
        {entries.length === 0 ? <Text size="sm">{t('guest.noShortcuts')}</Text> : (
          <Table striped data-testid="shortcut-list">
            <Table.Thead>
              <Table.Tr><Table.Th>{t('guest.abbr')}</Table.Th><Table.Th>{t('guest.villageFull')}</Table.Th><Table.Th /></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map(([a, v]) => (
                <Table.Tr key={a}>
                  <Table.Td ff="monospace">{a}</Table.Td>
                  <Table.Td>{v}</Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={t('guest.remove', { abbr: a })} onClick={() => void setVillageShortcut({ eventId, abbr: a, village: null })}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="xs" c="dimmed">{t('guest.amountRules')}</Text>
      </Stack>
    </Modal>
  );
}
