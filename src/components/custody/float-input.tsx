// The opening float of a counter: an amount, or a count of notes and coins that makes it.
import { useState } from 'react';
import { NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countsTotal, type OpeningFloat } from '../../../contract/entities';
import { formatRupees } from '../../lib/format';
import { makeDenominations } from '../cash-tally-form';

export function FloatInput({ onChange }: { onChange: (f: OpeningFloat | null) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'amount' | 'count'>('amount');
  const [amount, setAmount] = useState<number | ''>('');
  const [raw, setRaw] = useState<Record<string, string>>({});
  const emit = (m: typeof mode, a: number | '', r: Record<string, string>) => {
    if (m === 'amount') return onChange(typeof a === 'number' && a > 0 ? { amount: a } : null);
    const counts = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v || 0)]).filter(([, n]) => (n as number) > 0)) as Record<string, number>;
    const total = countsTotal(counts);
    onChange(total > 0 ? { amount: total, counts } : null);
  };
  const total = mode === 'amount' ? (typeof amount === 'number' ? amount : 0) : countsTotal(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Number(v || 0)])));
  return (
    <Stack gap="sm">
      <Text size="sm">{t('custody.float.intro')}</Text>
      <Text size="sm" id="float-mode">{t('custody.float.mode')}</Text>
      <SegmentedControl aria-labelledby="float-mode" value={mode} onChange={(v) => { const m = v as typeof mode; setMode(m); emit(m, amount, raw); }}
        data={[{ value: 'amount', label: t('custody.float.byAmount') }, { value: 'count', label: t('custody.float.byCount') }]} />
      {mode === 'amount' ? (
        <NumberInput label={t('custody.float.amount')} min={0} max={1_000_000} allowDecimal={false} allowNegative={false} thousandSeparator="," value={amount}
          onChange={(v) => { const a = typeof v === 'number' ? v : ''; setAmount(a); emit(mode, a, raw); }} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {makeDenominations().map((d) => (
            <TextInput key={d.key} inputMode="numeric" autoComplete="off"
              label={t('gifts.tally.countOf', { value: d.value, kind: t(d.kind === 'note' ? 'gifts.tally.note' : 'gifts.tally.coin') })}
              value={raw[d.key] ?? ''}
              onChange={(e) => { const r = { ...raw, [d.key]: e.currentTarget.value.replace(/\D/g, '').slice(0, 5) }; setRaw(r); emit(mode, amount, r); }} />
          ))}
        </SimpleGrid>
      )}
      <Text fw={700} data-testid="float-total">{t('custody.float.total', { amount: formatRupees(total) })}</Text>
    </Stack>
  );
}
