// /ledger/families — group people of the ledger into a family (குடும்பம்), so a father's and a son's
// moi count together: name the family, pick its people; each family shows its members and totals.
// Saved on the device with its outbox mutation (ledger.family.save): works offline, sent later.
import { Alert, Badge, Button, Card, Group, MultiSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/management/page';
import { saveFamily, usePendingLedgerWrites } from '../../data/ledger-repo';
import { formatRupees } from '../../lib/format';
import { uuidv7 } from '../../../contract/ids';
import { useLedger, useLedgerOwner } from './use-ledger';

const label = (p: { initial: string; name: string; village: string }) => [[p.initial, p.name].filter(Boolean).join(' '), p.village].filter(Boolean).join(' · ');

export default function FamiliesPage() {
  const { t } = useTranslation();
  const { ownerId, isSelf } = useLedgerOwner();
  const { ledger, reload } = useLedger(isSelf ? ownerId : null);
  const pending = usePendingLedgerWrites();
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const people = useMemo(() => ledger?.rows ?? [], [ledger]);
  const data = useMemo(() => people.map((p) => ({ value: p.id, label: label(p) })), [people]);
  // Families as the server knows them, with this device's unsent saves laid over.
  const families = useMemo(() => {
    const list = new Map((ledger?.families ?? []).map((f) => [f.id, { ...f, personIds: people.filter((p) => p.familyId === f.id).map((p) => p.id), pending: false }]));
    for (const r of pending ?? []) {
      if (r.name !== 'ledger.family.save') continue;
      const a = r.args as { id: string; name: string; personIds: string[] };
      for (const f of list.values()) f.personIds = f.personIds.filter((id) => !a.personIds.includes(id));
      list.set(a.id, { id: a.id, name: a.name, personIds: a.personIds, pending: true });
    }
    return [...list.values()].sort((x, y) => x.name.localeCompare(y.name));
  }, [ledger, people, pending]);
  const byId = useMemo(() => new Map(people.map((p) => [p.id, p])), [people]);

  const edit = (f: { id: string; name: string; personIds: string[] } | null) => {
    setEditing(f?.id ?? null);
    setName(f?.name ?? '');
    setMembers(f?.personIds ?? []);
    setError(null);
  };
  const save = async () => {
    if (!name.trim()) {
      setError(t('ledger.families.needName'));
      return;
    }
    await saveFamily({ id: editing ?? uuidv7(), name: name.trim(), personIds: members });
    setSaved(t('ledger.families.saved', { name: name.trim() }));
    edit(null);
    void reload();
  };

  return (
    <AdminPage title={t('pages.ledgerFamilies.title')} intro={t('ledger.families.intro')}>
      {saved ? <Alert color="teal" withCloseButton onClose={() => setSaved(null)} data-testid="family-saved">{saved}</Alert> : null}
      <Card withBorder radius="md" maw={760}>
        <form onSubmit={(ev) => { ev.preventDefault(); void save(); }}>
          <Stack>
            <Title order={4}>{editing ? t('ledger.families.editTitle') : t('ledger.families.newFamily')}</Title>
            <TextInput label={t('ledger.families.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} required />
            <MultiSelect
              label={t('ledger.families.people')}
              placeholder={t('ledger.families.peoplePlaceholder')}
              data={data}
              value={members}
              onChange={setMembers}
              searchable
              clearable
              limit={50}
              nothingFoundMessage={t('ledger.empty')}
            />
            <Group>
              <Button type="submit" disabled={!isSelf}>{t('ledger.families.save')}</Button>
              {editing ? <Button variant="subtle" onClick={() => edit(null)}>{t('ledger.families.cancel')}</Button> : null}
            </Group>
          </Stack>
        </form>
      </Card>
      {families.length === 0 ? <Text c="dimmed">{t('ledger.families.empty')}</Text> : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {families.map((f) => {
            const ps = f.personIds.map((id) => byId.get(id)).filter((p): p is NonNullable<typeof p> => !!p);
            const received = ps.reduce((s, p) => s + p.received, 0);
            const given = ps.reduce((s, p) => s + p.given, 0);
            return (
              <Card key={f.id} withBorder radius="md" data-testid="family-card">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{f.name}</Text>
                    {f.pending ? <Badge color="yellow" variant="light">{t('ledger.families.pending')}</Badge> : null}
                  </Group>
                  <Text size="sm" c="dimmed">{t('ledger.families.totals', { received: formatRupees(received), given: formatRupees(given) })}</Text>
                  {ps.map((p) => <Text key={p.id} size="sm">{label(p)}</Text>)}
                  {isSelf ? <Button size="xs" variant="light" w="fit-content" onClick={() => edit(f)}>{t('ledger.families.edit')}</Button> : null}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </AdminPage>
  );
}
