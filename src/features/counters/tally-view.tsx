// A closed counter's cash tally as recorded: count per denomination, counted total, expected
// cash, the difference (red when not zero) with its reason, who closed it and when.
import { Alert, Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CashTally } from '../../../contract/entities';
import { formatNumber, formatRupees, appLanguage, formatDate } from '../../lib/format';
import { CloseSheetButton, type CloseSheetData } from '../../components/close-sheet/close-sheet';


/**
 * `afterClose`: gifts that reached the server after the close — shown apart, never added to this count.
 * `sheet`: the counter and its event, for the printable close sheet (A4 or 80 mm).
 */
export function TallyView({ tally, closedByName, afterClose, sheet, takings }: {
  tally: CashTally; closedByName: string; afterClose?: { count: number; cash: number }; sheet?: { eventTitle: string; code: string; name: string };
  /** What the counter took by mode, for the close sheet. */
  takings?: CloseSheetData['takings'];
}) {
  const { t } = useTranslation();
  const rows = Object.entries(tally.counts)
    .map(([key, count]) => ({ key, count, kind: key[0] === 'n' ? 'note' : 'coin', value: Number(key.slice(1)) }))
    .filter((r) => r.count > 0)
    .sort((a, b) => (a.kind === b.kind ? b.value - a.value : a.kind === 'note' ? -1 : 1));
  const diff = tally.difference;
  return (
    <Stack gap="xs" data-testid="tally-view">
      <SimpleGrid cols={{ base: 3 }} spacing="xs">
        <Stack gap={0}><Text size="xs" c="dimmed">{t('admin.counters.counted')}</Text><Text fw={700}>{formatRupees(tally.countedTotal)}</Text></Stack>
        <Stack gap={0}><Text size="xs" c="dimmed">{t('admin.counters.expected')}</Text><Text fw={700}>{formatRupees(tally.expectedCash)}</Text></Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">{t('admin.counters.difference')}</Text>
          <Text fw={700} c={diff === 0 ? 'teal' : 'red'} data-testid="tally-difference">{diff > 0 ? '+' : diff < 0 ? '−' : ''}{formatRupees(Math.abs(diff))}</Text>
        </Stack>
      </SimpleGrid>
      {tally.reason ? <Text size="sm"><b>{t('admin.counters.reason')}:</b> {tally.reason}</Text> : null}
      <Group gap="xs">
        <Badge variant="light" color="gray" tt="none">{t('admin.counters.closedBy')}: {closedByName}</Badge>
        <Badge variant="light" color="gray" tt="none">{t('admin.counters.closedAt')}: {formatDate(tally.closedAt, 'dateTime', appLanguage())}</Badge>
        {sheet ? <CloseSheetButton data={{ ...sheet, tally, closedByName, afterClose, takings }} /> : null}
      </Group>
      {afterClose && afterClose.count > 0 ? (
        <Alert color="yellow" p="xs" data-testid="tally-after-close">
          <Text size="sm">{t('admin.counters.afterClose', { count: afterClose.count, cash: formatRupees(afterClose.cash) })}</Text>
        </Alert>
      ) : null}
      {rows.length > 0 ? (
        <Table withTableBorder striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.counters.denomination')}</Table.Th>
              <Table.Th ta="right">{t('admin.counters.count')}</Table.Th>
              <Table.Th ta="right">{t('admin.counters.value')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td>{t(r.kind === 'note' ? 'admin.counters.note' : 'admin.counters.coin', { value: r.value })}</Table.Td>
                <Table.Td ta="right">{formatNumber(r.count)}</Table.Td>
                <Table.Td ta="right">{formatRupees(r.count * r.value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
