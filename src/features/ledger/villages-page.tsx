// /ledger/villages — the host's village alias table: spellings and short forms that name one place
// (நெல்லை = திருநெல்வேலி = Tirunelveli), so their givers group together in the ledger. The seeded
// groups are shown for reference; the host's own groups are added, changed and removed here
// (ledger.alias.save / .delete through the outbox: offline too). Once the server applies one, the
// givers already in the ledger from those villages are grouped again (server/domain/ledger.ts regroupVillages).
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultVillageAliases } from '../../../ledger/villages';
import { AdminPage } from '../../components/management/page';
import { deleteVillageAlias, saveVillageAlias, usePendingLedgerWrites } from '../../data/ledger-repo';
import { uuidv7 } from '../../../contract/ids';
import { useLedger, useLedgerOwner } from './use-ledger';

const split = (s: string) => [...new Set(s.split(/[,=\n]/).map((x) => x.trim()).filter(Boolean))];

export default function VillagesPage() {
  const { t } = useTranslation();
  const { ownerId, isSelf } = useLedgerOwner();
  const { ledger, reload } = useLedger(isSelf ? ownerId : null);
  const pending = usePendingLedgerWrites();
  const [editing, setEditing] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  // The server's groups with this device's unsent changes laid over.
  const groups = useMemo(() => {
    const m = new Map((ledger?.aliases ?? []).map((a) => [a.id, { ...a, pending: false }]));
    for (const r of pending ?? []) {
      const a = r.args as { id: string; names?: string[] };
      if (r.name === 'ledger.alias.save' && a.names) m.set(a.id, { id: a.id, names: a.names, pending: true });
      if (r.name === 'ledger.alias.delete') m.delete(a.id);
    }
    return [...m.values()];
  }, [ledger, pending]);

  const save = async () => {
    const names = split(text);
    if (names.length < 2) {
      setError(t('ledger.villages.needTwo'));
      return;
    }
    await saveVillageAlias({ id: editing ?? uuidv7(), names });
    setSaved(t('ledger.villages.saved', { names: names.join(' = ') }));
    setEditing(null);
    setText('');
    setError(null);
    void reload();
  };

  return (
    <AdminPage title={t('pages.ledgerVillages.title')} intro={t('ledger.villages.intro')}>
      {saved ? <Alert color="teal" withCloseButton onClose={() => setSaved(null)} data-testid="alias-saved">{saved}</Alert> : null}
      <Card withBorder radius="md" maw={760}>
        <form onSubmit={(ev) => { ev.preventDefault(); void save(); }}>
          <Stack>
            <TextInput
              label={t('ledger.villages.names')}
              description={t('ledger.villages.namesHint')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={error}
              required
            />
            <Group>
              <Button type="submit" disabled={!isSelf}>{editing ? t('ledger.villages.change') : t('ledger.villages.add')}</Button>
              {editing ? <Button variant="subtle" onClick={() => { setEditing(null); setText(''); }}>{t('ledger.families.cancel')}</Button> : null}
            </Group>
          </Stack>
        </form>
      </Card>
      <Title order={4}>{t('ledger.villages.yours')}</Title>
      {groups.length === 0 ? <Text c="dimmed">{t('ledger.villages.none')}</Text> : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {groups.map((g) => (
            <Card key={g.id} withBorder radius="md" data-testid="alias-group">
              <Stack gap={6}>
                <Text fw={600}>{g.names.join(' = ')}</Text>
                {g.pending ? <Badge color="yellow" variant="light" w="fit-content">{t('ledger.families.pending')}</Badge> : null}
                {isSelf ? (
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => { setEditing(g.id); setText(g.names.join(', ')); }}>{t('ledger.families.edit')}</Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => { void deleteVillageAlias({ id: g.id }).then(reload); }}>{t('ledger.villages.remove')}</Button>
                  </Group>
                ) : null}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Title order={4}>{t('ledger.villages.seeded')}</Title>
      <Stack gap={4}>
        {defaultVillageAliases.map((g) => <Text key={g[0]} size="sm" c="dimmed">{g.join(' = ')}</Text>)}
      </Stack>
    </AdminPage>
  );
}
