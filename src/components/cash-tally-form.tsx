// The cash tally of a closing counter: count per denomination, counted total, expected cash,
// difference, and a reason that is required when the difference is not zero. Presentation and
// arithmetic only: the caller supplies the expected cash and saves the result (closeCounter).
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../lib/format';
import { readDraft, useDraft } from '../lib/drafts';

export type Denomination = { key: string; value: number; kind: 'note' | 'coin' };

/** ₹2000 notes were withdrawn in 2023: the list is a prop, this is only the default. */
export const DEFAULT_NOTES = [500, 200, 100, 50, 20, 10];
export const DEFAULT_COINS = [20, 10, 5, 2, 1];

export function makeDenominations(notes: number[] = DEFAULT_NOTES, coins: number[] = DEFAULT_COINS): Denomination[] {
  return [
    ...notes.map((value) => ({ key: `n${value}`, value, kind: 'note' as const })),
    ...coins.map((value) => ({ key: `c${value}`, value, kind: 'coin' as const })),
  ];
}

export type TallyResult = {
  counts: Record<string, number>;
  countedTotal: number;
  expectedCash: number;
  difference: number;
  reason: string | null;
};

/** countedTotal = Σ count × value; difference = counted − expected (negative = cash short). */
export function computeTally(counts: Record<string, number>, denominations: Denomination[], expectedCash: number): TallyResult {
  let countedTotal = 0;
  const clean: Record<string, number> = {};
  for (const d of denominations) {
    const n = counts[d.key] ?? 0;
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`Count for ${d.key} must be a whole number ≥ 0`);
    clean[d.key] = n;
    countedTotal += n * d.value;
  }
  return { counts: clean, countedTotal, expectedCash, difference: countedTotal - expectedCash, reason: null };
}

/** The close rule: a non-zero difference needs a reason. */
export function tallyNeedsReason(t: Pick<TallyResult, 'difference'>): boolean {
  return t.difference !== 0;
}

export type CashTallyFormProps = {
  expectedCash: number;
  denominations?: Denomination[];
  submitLabel: string;
  onSubmit: (result: TallyResult) => void | Promise<void>;
  onCancel?: () => void;
  busy?: boolean;
  disabled?: boolean;
  /** Keep the counts as a draft under this key, so a reload or a closed dialog does not lose them. */
  draftKey?: string;
  /**
   * A blind count (issue 18): only the counts and their total. The expected cash, the difference and
   * the reason are not rendered at all (pass expectedCash 0): the caller shows them once the count is saved.
   */
  blind?: boolean;
};

type TallyDraft = { raw: Record<string, string>; reason: string };

/** The draft key of a counter's cash count (sealed once the counter is closed with it). */
export const tallyDraftKey = (counterId: string) => `tally.${counterId}`;

const parseCount = (s: string): number => (s.trim() === '' ? 0 : Number(s));

export function CashTallyForm({ expectedCash, denominations, submitLabel, onSubmit, onCancel, busy, disabled, draftKey, blind }: CashTallyFormProps) {
  const { t } = useTranslation();
  const denoms = useMemo(() => denominations ?? makeDenominations(), [denominations]);
  const [restored] = useState(() => {
    const d = draftKey ? readDraft<TallyDraft>(draftKey) : null;
    if (!d || typeof d !== 'object' || !d.raw || typeof d.raw !== 'object') return null;
    const counts = Object.fromEntries(Object.entries(d.raw).map(([k, v]) => [k, String(v).replace(/\D/g, '').slice(0, 6)]));
    return { raw: counts, reason: typeof d.reason === 'string' ? d.reason : '' };
  });
  const [raw, setRaw] = useState<Record<string, string>>(() => restored?.raw ?? {});
  const [reason, setReason] = useState(() => restored?.reason ?? '');
  const draft = useMemo<TallyDraft>(() => ({ raw, reason }), [raw, reason]);
  useDraft(draftKey ?? null, draft, !reason && Object.values(raw).every((x) => !x));
  const [showReasonError, setShowReasonError] = useState(false);

  const counts: Record<string, number> = {};
  for (const d of denoms) counts[d.key] = parseCount(raw[d.key] ?? '');
  const tally = computeTally(counts, denoms, expectedCash);
  const needsReason = !blind && tallyNeedsReason(tally);
  const reasonMissing = needsReason && reason.trim() === '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reasonMissing) {
      setShowReasonError(true);
      return;
    }
    void onSubmit({ ...tally, reason: needsReason ? reason.trim() : null });
  };

  const section = (kind: 'note' | 'coin') => {
    const list = denoms.filter((d) => d.kind === kind);
    if (list.length === 0) return null;
    return (
      <Stack gap="xs">
        <Title order={4}>{t(kind === 'note' ? 'gifts.tally.notes' : 'gifts.tally.coins')}</Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {list.map((d) => {
            const n = counts[d.key];
            return (
              <TextInput
                key={d.key}
                label={t('gifts.tally.countOf', { value: d.value, kind: t(kind === 'note' ? 'gifts.tally.note' : 'gifts.tally.coin') })}
                inputMode="numeric"
                autoComplete="off"
                value={raw[d.key] ?? ''}
                disabled={disabled}
                onChange={(e) => {
                  const v = e.currentTarget.value.replace(/\D/g, '').slice(0, 6);
                  setRaw((r) => ({ ...r, [d.key]: v }));
                }}
                description={n > 0 ? `= ${formatRupees(n * d.value)}` : ' '}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
            );
          })}
        </SimpleGrid>
      </Stack>
    );
  };

  const diffColor = tally.difference === 0 ? 'teal' : 'red';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {restored && <Alert color="blue" variant="light" data-testid="tally-restored">{t('gifts.tally.restored')}</Alert>}
        {section('note')}
        {section('coin')}
        <Table withRowBorders={false} fz="md" aria-live="polite">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{t('gifts.tally.counted')}</Table.Td>
              <Table.Td ta="right" fw={700} data-testid="tally-counted">{formatRupees(tally.countedTotal)}</Table.Td>
            </Table.Tr>
            {!blind && <>
            <Table.Tr>
              <Table.Td>{t('gifts.tally.expected')}</Table.Td>
              <Table.Td ta="right" fw={700} data-testid="tally-expected">{formatRupees(tally.expectedCash)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('gifts.tally.difference')}</Table.Td>
              <Table.Td ta="right" fw={700} c={diffColor} data-testid="tally-difference">
                {tally.difference > 0 ? '+' : tally.difference < 0 ? '−' : ''}
                {formatRupees(Math.abs(tally.difference))}
                {tally.difference === 0 && <Text span c="teal" ml="xs" fz="sm">✓ {t('gifts.tally.balanced')}</Text>}
              </Table.Td>
            </Table.Tr>
            </>}
          </Table.Tbody>
        </Table>
        {needsReason && (
          <Textarea
            label={t('gifts.tally.reason')}
            required
            value={reason}
            disabled={disabled}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={showReasonError && reasonMissing ? t('gifts.tally.reasonRequired') : undefined}
            rows={2}
          />
        )}
        {showReasonError && reasonMissing && <Alert color="red" variant="light">{t('gifts.tally.reasonRequired')}</Alert>}
        <Group justify="flex-end">
          {onCancel && <Button variant="default" onClick={onCancel} disabled={busy}>{t('common.cancel')}</Button>}
          <Button type="submit" size="md" color="red" loading={busy} disabled={disabled}>{submitLabel}</Button>
        </Group>
      </Stack>
    </form>
  );
}
