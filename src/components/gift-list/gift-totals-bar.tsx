// Totals of the listed gifts (count, money total, cash, UPI, cheque, items apart), always on screen above the list.
import { memo } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Totals } from '../../../contract/admin';
import { formatNumber, formatRupees } from '../../lib/format';

function Figure({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Stack gap={0} miw={78}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={strong ? 800 : 600} size={strong ? 'lg' : 'md'} data-testid={testId}>{value}</Text>
    </Stack>
  );
}

export const GiftTotalsBar = memo(function GiftTotalsBar({ totals }: { totals: Totals }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xs" data-testid="gift-totals" aria-live="polite">
      <Group gap="md" wrap="wrap">
        <Figure label={t('gifts.totals.count')} value={formatNumber(totals.count)} testId="total-count" strong />
        <Figure label={t('gifts.totals.sum')} value={formatRupees(totals.sum)} testId="total-sum" strong />
        <Figure label={t('gifts.totals.cash')} value={formatRupees(totals.cash)} testId="total-cash" />
        <Figure label={t('gifts.totals.upi')} value={formatRupees(totals.upi)} testId="total-upi" />
        <Figure label={t('gifts.totals.cheque')} value={formatRupees(totals.cheque)} testId="total-cheque" />
        {/* Items are never money (not in Total): their number, and their estimate labelled as such. */}
        <Figure label={t('gifts.totals.item')} value={totals.item ? `${formatNumber(totals.items)} · ${t('gifts.totals.itemEstimate', { value: formatRupees(totals.item) })}` : formatNumber(totals.items)} testId="total-items" />
      </Group>
    </Paper>
  );
});
