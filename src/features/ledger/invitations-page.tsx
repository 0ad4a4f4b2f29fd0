// /ledger/invitations — functions the host is invited to (person, function, date); works offline
// through the outbox. The due list (/ledger/due) shows what to give at each.
import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { giverFormLink } from '../../../contract/giver-qr';
import { publicOrigin } from '../../lib/receipt-link';
import { GiverFormQr } from '../../components/giver-form-qr';
import { useTranslation } from 'react-i18next';
import { functionTypes } from '../../../contract/entities';
import type { MutationValue } from '../../../contract/sync';
import { DateField } from '../../components/date-field';
import { AdminPage, EmptyState } from '../../components/management/page';
import { saveInvitation } from '../../data/ledger-repo';
import { formatDate } from '../../lib/format';
import { localDay } from '../../lib/typed-date';
import { uuidv7 } from '../../../contract/ids';
import { emptyChoice, PersonPicker, personArgs, type PersonChoice } from './person-picker';
import { useCurrentUser } from '../../lib/auth-store';
import { OwnerPicker } from './owner-picker';
import { useLedger, useLedgerOwner } from './use-ledger';

export default function InvitationsPage() {
  const { t, i18n } = useTranslation();
  const me = useCurrentUser();
  const owner = useLedgerOwner();
  const { ownerId, isSelf, canRecord } = owner;
  const { ledger, offline } = useLedger(ownerId);
  const [person, setPerson] = useState<PersonChoice>(emptyChoice);
  const [functionType, setFunctionType] = useState<string>('wedding');
  const [functionLabel, setFunctionLabel] = useState('');
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const today = localDay();

  const save = async () => {
    const who = personArgs(person, uuidv7());
    const e: Record<string, string> = {};
    if (!who) e.person = t('ledger.givenForm.needPerson');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) e.date = t('ledger.givenForm.needDate');
    setErrors(e);
    if (Object.keys(e).length || !who) return;
    await saveInvitation({ id: uuidv7(), ...who, ...(isSelf || !ownerId ? {} : { ownerId }), functionType: functionType as MutationValue<'ledger.invitation.save'>['functionType'], functionLabel, date, note });
    setSaved(true);
    setPerson(emptyChoice);
    setFunctionLabel('');
    setDate('');
    setNote('');
  };
  const nameOf = (id: string) => {
    const p = ledger?.rows.find((r) => r.id === id);
    return p ? [p.initial, p.name].filter(Boolean).join(' ') + (p.village ? ` · ${p.village}` : '') : '';
  };
  // Issue 30: a family the host invites gets a QR on their invitation that opens their own moi form,
  // naming this ledger and that person, so the counter's scan links their gift to them.
  const [qrFor, setQrFor] = useState<string | null>(null);
  const qrPeople = useMemo(() => (ledger?.rows ?? []).map((p) => ({ value: p.id, label: [[p.initial, p.name].filter(Boolean).join(' '), p.village].filter(Boolean).join(' · ') })), [ledger?.rows]);
  const qrPerson = qrFor ? ledger?.rows.find((r) => r.id === qrFor) : undefined;
  const qrLink = qrPerson && ownerId ? giverFormLink(publicOrigin(), { ownerId, personId: qrPerson.id, name: qrPerson.name, initial: qrPerson.initial, village: qrPerson.village }) : null;
  const list = [...(ledger?.invitations ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  const upcoming = list.filter((i) => i.date >= today);
  const past = list.filter((i) => i.date < today).reverse();
  const row = (i: (typeof list)[number]) => (
    <Group key={i.id} gap="sm" wrap="wrap" data-testid="invitation">
      <Text fw={600}>{formatDate(i.date, 'date', i18n.language)}</Text>
      <Text>{nameOf(i.personId)}</Text>
      <Text c="dimmed">{t(`glossary.functionType.${i.functionType}`, { defaultValue: i.functionType })}{i.functionLabel ? ` · ${i.functionLabel}` : ''}</Text>
      {'pending' in i && i.pending ? <Badge size="xs" color="yellow">{t('ledger.pending')}</Badge> : null}
    </Group>
  );

  return (
    <AdminPage title={t('pages.ledgerInvitations.title')} intro={t('ledger.invitations.intro')}>
      {offline ? <Alert color="yellow">{t('ledger.offlineCached')}</Alert> : null}
      {saved ? <Alert color="teal" withCloseButton onClose={() => setSaved(false)}>{t('ledger.invitations.saved')}</Alert> : null}
      <OwnerPicker choice={owner} meId={me?.id} />
      {canRecord ? (
        <Card withBorder radius="md" maw={760}>
          <form onSubmit={(ev) => { ev.preventDefault(); void save(); }}>
            <Stack>
              <Title order={4}>{t('ledger.invitations.add')}</Title>
              <PersonPicker people={ledger?.rows ?? []} value={person} onChange={setPerson} error={errors.person} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select label={t('ledger.givenForm.functionType')} data={functionTypes.map((f) => ({ value: f, label: t(`glossary.functionType.${f}`) }))} value={functionType} onChange={(v) => v && setFunctionType(v)} allowDeselect={false} />
                <TextInput label={t('ledger.givenForm.functionLabel')} description={t('ledger.givenForm.functionLabelHint')} value={functionLabel} onChange={(e) => setFunctionLabel(e.currentTarget.value)} />
                <DateField label={t('ledger.givenForm.date')} value={date} onChange={setDate} error={errors.date} required />
                <TextInput label={t('ledger.givenForm.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
              </SimpleGrid>
              <Group><Button type="submit">{t('ledger.invitations.save')}</Button></Group>
            </Stack>
          </form>
        </Card>
      ) : null}
      <Card withBorder radius="md" maw={760} data-testid="invitation-qr">
        <Stack>
          <Title order={4}>{t('ledger.invitations.qrTitle')}</Title>
          <Text size="sm">{t('ledger.invitations.qrIntro')}</Text>
          {qrPeople.length ? (
            <Select label={t('ledger.invitations.qrPerson')} placeholder={t('ledger.invitations.qrPersonPlaceholder')} data={qrPeople} value={qrFor} onChange={setQrFor} searchable limit={50} clearable />
          ) : <Text size="sm" c="dimmed">{t('ledger.invitations.qrNone')}</Text>}
          {qrLink && qrPerson ? <GiverFormQr link={qrLink} caption={qrPeople.find((o) => o.value === qrPerson.id)?.label ?? qrPerson.name} testId="invitation-qr-code" /> : null}
        </Stack>
      </Card>
      {list.length === 0 ? <EmptyState title={t('ledger.invitations.empty')} /> : null}
      {upcoming.length ? <Stack gap={6}><Title order={4}>{t('ledger.invitations.upcoming')}</Title>{upcoming.map(row)}</Stack> : null}
      {past.length ? <Stack gap={6}><Title order={4}>{t('ledger.invitations.past')}</Title>{past.map(row)}</Stack> : null}
    </AdminPage>
  );
}
