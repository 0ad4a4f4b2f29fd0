// The blind count at close (issue 18): staff enter the denomination count first; the expected cash
// and the difference are not in the page until the count is saved (a count typed to match the
// expected figure is the oldest trick). Then the figures, and a reason when they differ.
import { useState } from 'react';
import { Alert, Button, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Counter } from '../../../contract/entities';
import { formatRupees } from '../../lib/format';
import { CashTallyForm, tallyDraftKey } from '../cash-tally-form';

const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatRupees(Math.abs(n))}`;

export function BlindCount({ counter, submitLabel, onSaveCount, onExplain, onCancel }: {
  counter: Counter;
  submitLabel?: string;
  onSaveCount: (counts: Record<string, number>) => Promise<void>;
  onExplain: (reason: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await f();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const tally = counter.tally;
  if (!tally) {
    return (
      <Stack>
        <Text size="sm">{t('custody.blind.intro')}</Text>
        <CashTallyForm blind expectedCash={0} submitLabel={submitLabel ?? t('custody.blind.submit')} busy={busy} onCancel={onCancel}
          draftKey={tallyDraftKey(counter.id)} onSubmit={(r) => run(() => onSaveCount(r.counts))} />
        {error && <Alert color="red" role="alert">{error}</Alert>}
      </Stack>
    );
  }
  const float = tally.float ?? counter.openingFloat?.amount ?? 0;
  const cashGifts = tally.cashGifts ?? tally.expectedCash - float;
  return (
    <Stack data-testid="count-result">
      <Title order={4}>{t('custody.blind.savedTitle')}</Title>
      <Table withRowBorders={false} fz="md">
        <Table.Tbody>
          <Table.Tr><Table.Td>{t('custody.blind.counted')}</Table.Td><Table.Td ta="right" fw={700} data-testid="count-counted">{formatRupees(tally.countedTotal)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Td>{t('custody.blind.float')}</Table.Td><Table.Td ta="right">{formatRupees(float)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Td>{t('custody.blind.cashGifts')}</Table.Td><Table.Td ta="right">{formatRupees(cashGifts)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Td>{t('custody.blind.expected')}</Table.Td><Table.Td ta="right" fw={700} data-testid="count-expected">{formatRupees(tally.expectedCash)}</Table.Td></Table.Tr>
          <Table.Tr>
            <Table.Td>{t('custody.blind.difference')}</Table.Td>
            <Table.Td ta="right" fw={700} c={tally.difference === 0 ? 'teal' : 'red'} data-testid="count-difference">
              {signed(tally.difference)}{tally.difference === 0 ? ` ✓ ${t('custody.blind.balanced')}` : ''}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {tally.difference !== 0 && (tally.reason ? (
        <Text size="sm" data-testid="count-reason">{t('custody.blind.reasonSaved', { reason: tally.reason })}</Text>
      ) : (
        <Stack gap="xs">
          <Textarea label={t('custody.blind.reason')} required value={reason} onChange={(e) => setReason(e.currentTarget.value)} rows={2} />
          <Button onClick={() => run(() => onExplain(reason.trim()))} disabled={!reason.trim()} loading={busy} w="fit-content">{t('custody.blind.reasonSave')}</Button>
        </Stack>
      ))}
      {error && <Alert color="red" role="alert">{error}</Alert>}
    </Stack>
  );
}
