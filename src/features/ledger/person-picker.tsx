// Choose who a moi or an invitation is for: a person of the ledger (searched the way the gift
// lists search: Tamil or English spelling), or someone new typed in place.
import { Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { compileQuery, matchesQuery } from '../../lib/gift-search';
import type { LedgerRow } from './use-ledger';

export type PersonChoice =
  | { kind: 'existing'; personId: string | null }
  | { kind: 'new'; name: string; initial: string; village: string; mobile: string };

export const emptyChoice: PersonChoice = { kind: 'existing', personId: null };

export function PersonPicker({ people, value, onChange, error }: { people: LedgerRow[]; value: PersonChoice; onChange: (v: PersonChoice) => void; error?: string | null }) {
  const { t } = useTranslation();
  const data = useMemo(() => people.map((p) => ({
    value: p.id,
    label: [[p.initial, p.name].filter(Boolean).join(' '), p.village].filter(Boolean).join(' · '),
    p,
  })), [people]);
  const byValue = useMemo(() => new Map(data.map((d) => [d.value, d.p])), [data]);
  const asGift = (p: LedgerRow) => ({ ...p, receiptNo: '', counterId: '', mode: 'cash' as const, amount: 0, enteredAt: '', deletedAt: null });
  return (
    <Stack gap="xs">
      <Switch
        label={t('ledger.givenForm.newPerson')}
        checked={value.kind === 'new'}
        onChange={(e) => onChange(e.currentTarget.checked ? { kind: 'new', name: '', initial: '', village: '', mobile: '' } : emptyChoice)}
      />
      {value.kind === 'existing' ? (
        <Select
          label={t('ledger.givenForm.person')}
          placeholder={t('ledger.givenForm.personPlaceholder')}
          data={data.map(({ value: v, label }) => ({ value: v, label }))}
          value={value.personId}
          onChange={(v) => onChange({ kind: 'existing', personId: v })}
          searchable
          limit={50}
          filter={({ options, search }) => {
            const q = compileQuery(search);
            return options.filter((o) => {
              const p = 'value' in o ? byValue.get(o.value) : undefined;
              return !q || (p ? matchesQuery(asGift(p), q) : false);
            });
          }}
          error={error}
          nothingFoundMessage={t('ledger.givenForm.newPersonHint')}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed">{t('ledger.givenForm.newPersonHint')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('ledger.name')} value={value.name} onChange={(e) => onChange({ ...value, name: e.currentTarget.value })} error={error} required />
            <TextInput label={t('ledger.initial')} value={value.initial} onChange={(e) => onChange({ ...value, initial: e.currentTarget.value })} />
            <TextInput label={t('ledger.village')} value={value.village} onChange={(e) => onChange({ ...value, village: e.currentTarget.value })} />
            <TextInput label={t('ledger.mobile')} value={value.mobile} inputMode="numeric" maxLength={10} onChange={(e) => onChange({ ...value, mobile: e.currentTarget.value.replace(/\D/g, '') })} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/** The mutation's person part, or null when nothing is chosen. */
export function personArgs(v: PersonChoice, newId: string): { personId: string } | { newPerson: { id: string; name: string; initial: string; village: string; mobile: string } } | null {
  if (v.kind === 'existing') return v.personId ? { personId: v.personId } : null;
  if (!v.name.trim()) return null;
  return { newPerson: { id: newId, name: v.name.trim(), initial: v.initial.trim(), village: v.village.trim(), mobile: v.mobile.length === 10 ? v.mobile : '' } };
}
