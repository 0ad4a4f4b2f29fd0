// /ledger/given — record a moi the host's family gave at someone else's function (செய்த மொய்).
// Saved on the device with its outbox mutation in one transaction: works offline, sent later.
import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { functionTypes, paymentModes } from '../../../contract/entities';
import type { MutationValue } from '../../../contract/sync';
import { DateField } from '../../components/date-field';
import { AdminPage } from '../../components/management/page';
import { recordGiven, usePendingLedgerWrites } from '../../data/ledger-repo';
import { formatDate, formatRupees } from '../../lib/format';
import { localDay } from '../../lib/typed-date';
import { uuidv7 } from '../../../contract/ids';
import { emptyChoice, PersonPicker, personArgs, type PersonChoice } from './person-picker';
import { useCurrentUser } from '../../lib/auth-store';
import { OwnerPicker } from './owner-picker';
import { useLedger, useLedgerOwner } from './use-ledger';


export default function GivenPage() {
  const { t, i18n } = useTranslation();
  const me = useCurrentUser();
  const owner = useLedgerOwner();
  const { ownerId, isSelf, canRecord } = owner;
  const { ledger } = useLedger(canRecord ? ownerId : null);
  const pending = usePendingLedgerWrites();
  const [person, setPerson] = useState<PersonChoice>(emptyChoice);
  const [functionType, setFunctionType] = useState<string>('wedding');
  const [functionLabel, setFunctionLabel] = useState('');
  const [date, setDate] = useState(localDay());
  const [amount, setAmount] = useState<number | string>('');
  const [mode, setMode] = useState<string>('cash');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async () => {
    const who = personArgs(person, uuidv7());
    const e: Record<string, string> = {};
    if (!who) e.person = t('ledger.givenForm.needPerson');
    if (typeof amount !== 'number' || amount <= 0) e.amount = t('ledger.givenForm.needAmount');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) e.date = t('ledger.givenForm.needDate');
    setErrors(e);
    if (Object.keys(e).length || !who) return;
    try {
      await recordGiven({
        id: uuidv7(), ...who, ...(isSelf || !ownerId ? {} : { ownerId }), functionType: functionType as MutationValue<'ledger.given.save'>['functionType'], functionLabel, date,
        amount: amount as number, mode: mode as MutationValue<'ledger.given.save'>['mode'], note,
      });
      const name = 'personId' in who ? ledger?.rows.find((p) => p.id === who.personId)?.name ?? '' : who.newPerson.name;
      setSaved(t('ledger.givenForm.saved', { amount: formatRupees(amount as number), name }));
      setFailure(null);
      setPerson(emptyChoice);
      setAmount('');
      setNote('');
      setFunctionLabel('');
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  };
  const mine = (pending ?? []).filter((r) => r.name === 'ledger.given.save' && ((r.args as { ownerId?: string }).ownerId ?? me?.id) === ownerId);

  return (
    <AdminPage title={t('pages.ledgerGiven.title')} intro={t('ledger.givenForm.intro')}>
      {saved ? <Alert color="teal" withCloseButton onClose={() => setSaved(null)} data-testid="given-saved">{saved}</Alert> : null}
      {failure ? <Alert color="red">{failure}</Alert> : null}
      <Card withBorder radius="md" maw={760}>
        <form onSubmit={(ev) => { ev.preventDefault(); void save(); }}>
          <Stack>
            <OwnerPicker choice={owner} writable meId={me?.id} />
            <PersonPicker people={ledger?.rows ?? []} value={person} onChange={setPerson} error={errors.person} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label={t('ledger.givenForm.functionType')} data={functionTypes.map((f) => ({ value: f, label: t(`glossary.functionType.${f}`) }))} value={functionType} onChange={(v) => v && setFunctionType(v)} allowDeselect={false} />
              <TextInput label={t('ledger.givenForm.functionLabel')} description={t('ledger.givenForm.functionLabelHint')} value={functionLabel} onChange={(e) => setFunctionLabel(e.currentTarget.value)} />
              <DateField label={t('ledger.givenForm.date')} value={date} onChange={setDate} error={errors.date} required />
              <NumberInput label={t('ledger.givenForm.amount')} value={amount} onChange={setAmount} min={1} allowDecimal={false} thousandSeparator="," error={errors.amount} required />
              <Select label={t('ledger.givenForm.mode')} data={paymentModes.map((m) => ({ value: m, label: t(`glossary.paymentMode.${m}`) }))} value={mode} onChange={(v) => v && setMode(v)} allowDeselect={false} />
              <TextInput label={t('ledger.givenForm.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
            </SimpleGrid>
            <Group><Button type="submit" disabled={!canRecord}>{t('ledger.givenForm.save')}</Button></Group>
          </Stack>
        </form>
      </Card>
      {mine.length ? (
        <Stack gap={4}>
          <Text fw={600}>{t('ledger.givenForm.recent')}</Text>
          {mine.map((r) => {
            const a = r.args as MutationValue<'ledger.given.save'>;
            const name = a.newPerson?.name ?? ledger?.rows.find((p) => p.id === a.personId)?.name ?? '';
            return <Text key={r.id} size="sm" data-testid="given-pending">{formatDate(a.date, 'date', i18n.language)} · {name} · {formatRupees(a.amount)} · {t(`glossary.functionType.${a.functionType}`)}</Text>;
          })}
        </Stack>
      ) : null}
    </AdminPage>
  );
}
