// /dashboard/default — the app admin's service view: today's events with totals, service-wide
// figures, and devices that may hold unsynced work (from the server), plus this device's own
// outbox. Offline, it falls back to the events on this device.
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RemoteAlert } from '../../components/admin-kit/api-error';
import { eventTitle } from '../../components/admin-kit/event-select';
import { AdminPage } from '../../components/admin-kit/page';
import { SyncButton } from '../../components/admin-kit/sync-button';
import { refreshFromServer, useEventsLive, useTotalsByEventLive } from '../../data/admin-queries';
import { useOutboxCounts } from '../../data/outbox';
import { dashboard } from '../../lib/admin-api';
import { formatNumber, formatRupees } from '../../lib/format';
import { useRemote } from '../../lib/use-remote';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} size="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</Text>
    </Card>
  );
}

export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const remote = useRemote(() => dashboard(), []);
  const outbox = useOutboxCounts();
  const localEvents = useEventsLive();
  const localTotals = useTotalsByEventLive();
  const d = remote.data;
  const today = d?.today ?? localToday();
  const todays = d
    ? d.eventsToday.map((e) => ({ event: e, count: e.totals.count, sum: e.totals.sum, open: `${e.openCounters}/${e.counters}` }))
    : (localEvents ?? []).filter((e) => e.date === today).map((e) => ({ event: e, count: localTotals?.get(e.id)?.count ?? 0, sum: localTotals?.get(e.id)?.sum ?? 0, open: '' }));

  const sync = async () => {
    await refreshFromServer().catch(() => undefined);
    await remote.reload();
  };

  return (
    <AdminPage title={t('admin.dashboard.title')} intro={t('admin.dashboard.intro')} actions={<SyncButton onSync={sync} />}>
      <RemoteAlert error={remote.error} onRetry={() => void remote.reload()} cachedNote={!!d} />
      {remote.error?.isNetwork && !d ? <Text size="sm" c="dimmed">{t('admin.dashboard.offlineLocal')}</Text> : null}
      {d ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
          <Stat testId="stat-giftsToday" label={t('admin.dashboard.giftsToday')} value={formatNumber(d.totals.giftsToday)} />
          <Stat testId="stat-amountToday" label={t('admin.dashboard.amountToday')} value={formatRupees(d.totals.amountToday)} />
          <Stat testId="stat-openEvents" label={t('admin.dashboard.openEvents')} value={`${formatNumber(d.totals.openEvents)} / ${formatNumber(d.totals.events)}`} />
          <Stat testId="stat-openCounters" label={t('admin.dashboard.openCounters')} value={`${formatNumber(d.totals.openCounters)} / ${formatNumber(d.totals.counters)}`} />
          <Stat testId="stat-amount" label={t('admin.dashboard.amount')} value={formatRupees(d.totals.amount)} />
          <Stat testId="stat-gifts" label={t('admin.dashboard.gifts')} value={formatNumber(d.totals.gifts)} />
          <Stat testId="stat-users" label={t('admin.dashboard.users')} value={formatNumber(d.totals.users)} />
          <Stat testId="stat-signups" label={t('admin.dashboard.newSignups')} value={formatNumber(d.totals.newSignups)} />
        </SimpleGrid>
      ) : null}

      <Card withBorder radius="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={4}>{t('admin.dashboard.eventsToday')}</Title>
            <Text size="sm" c="dimmed">{t('admin.dashboard.today', { date: today })}</Text>
          </Group>
          {todays.length === 0 ? <Text c="dimmed" size="sm">{t('admin.dashboard.noEventsToday')}</Text> : (
            <Table.ScrollContainer minWidth={480}>
              <Table striped data-testid="events-today">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.common.event')}</Table.Th>
                    <Table.Th>{t('admin.common.status')}</Table.Th>
                    <Table.Th>{t('admin.dashboard.openCounters')}</Table.Th>
                    <Table.Th ta="right">{t('admin.dashboard.gifts')}</Table.Th>
                    <Table.Th ta="right">{t('admin.dashboard.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {todays.map(({ event, count, sum, open }) => (
                    <Table.Tr key={event.id}>
                      <Table.Td fw={600}>{eventTitle(event, i18n.language, t('events.untitled'))}</Table.Td>
                      <Table.Td><Badge variant="light" color={event.status === 'open' ? 'teal' : 'gray'}>{t(`events.status.${event.status}`)}</Badge></Table.Td>
                      <Table.Td>{open || '—'}</Table.Td>
                      <Table.Td ta="right">{formatNumber(count)}</Table.Td>
                      <Table.Td ta="right" fw={600}>{formatRupees(sum)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Card>

      <Card withBorder radius="md">
        <Stack gap="xs">
          <Title order={4}>{t('admin.dashboard.devices')}</Title>
          <Alert color={outbox.unsynced ? 'orange' : 'teal'} variant="light" title={t('admin.dashboard.thisDevice')}>
            {outbox.unsynced ? t('admin.dashboard.thisDevicePending', { count: outbox.unsynced }) : t('admin.dashboard.thisDeviceClear')}
          </Alert>
          {d ? (
            d.devicesWithUnsyncedWork.length === 0 ? <Text c="dimmed" size="sm">{t('admin.dashboard.noDevices')}</Text> : (
              <Table.ScrollContainer minWidth={560}>
                <Table striped data-testid="devices-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin.dashboard.device')}</Table.Th>
                      <Table.Th>{t('admin.dashboard.user')}</Table.Th>
                      <Table.Th>{t('admin.dashboard.lastSeen')}</Table.Th>
                      <Table.Th ta="right">{t('admin.dashboard.rejectedCount')}</Table.Th>
                      <Table.Th>{t('admin.common.status')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.devicesWithUnsyncedWork.map((dev) => (
                      <Table.Tr key={dev.deviceId}>
                        <Table.Td><Text fw={600}>{dev.code}</Text>{dev.label ? <Text size="xs" c="dimmed">{dev.label}</Text> : null}</Table.Td>
                        <Table.Td>{dev.userName ?? '—'}</Table.Td>
                        <Table.Td>{when.format(new Date(dev.lastSeenAt))}</Table.Td>
                        <Table.Td ta="right">{formatNumber(dev.rejected)}</Table.Td>
                        <Table.Td>{dev.silentOnOpenCounter ? <Badge color="orange" variant="light">{t('admin.dashboard.silent')}</Badge> : null}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          ) : null}
        </Stack>
      </Card>
    </AdminPage>
  );
}
