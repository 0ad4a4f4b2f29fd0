// The always-visible totals of a gift list: count, sum, cash, UPI, cheque, items (₹ Indian grouping).
import { Badge, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Totals } from '../../../contract/admin';
import { formatNumber, formatRupees } from '../../lib/format';

/** The contract's Totals; `pending` (gifts the server has not accepted yet) where the device knows it. */
export function TotalsStrip({ totals, compact = false }: { totals: Totals & { pending?: number }; compact?: boolean }) {
  const { t } = useTranslation();
  const cells: [string, string, string][] = [
    ['count', t('events.totals.count'), formatNumber(totals.count)],
    ['sum', t('events.totals.sum'), formatRupees(totals.sum)],
    ['cash', t('events.totals.cash'), formatRupees(totals.cash)],
    ['upi', t('events.totals.upi'), formatRupees(totals.upi)],
    ['cheque', t('events.totals.cheque'), formatRupees(totals.cheque)],
    ['items', t('events.totals.items'), formatNumber(totals.items)],
  ];
  return (
    <Stack gap={4}>
      {/* Compact (inside an event card, half the page wide at lg): three columns, so Tamil labels fit. */}
      <SimpleGrid cols={compact ? 3 : { base: 3, lg: 6 }} spacing="xs" aria-label={t('events.totals.label')} role="group">
        {cells.map(([key, label, value]) => (
          <Paper key={key} withBorder p={compact ? 6 : 'xs'} radius="md" data-testid={`total-${key}`}>
            <Text size="xs" c="dimmed" lineClamp={2}>{label}</Text>
            <Text fw={700} size={compact ? 'sm' : 'lg'} style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</Text>
          </Paper>
        ))}
      </SimpleGrid>
      {totals.pending ? (
        <Badge color="orange" variant="light" data-testid="total-pending">
          {t('events.totals.pending')}: {formatNumber(totals.pending)}
        </Badge>
      ) : null}
    </Stack>
  );
}
