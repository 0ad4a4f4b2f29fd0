// /dashboard/default — the app admin's service view: today's events with totals, service-wide
// figures, and devices that may hold unsynced work (from the server), plus this device's own
// outbox. Offline, it falls back to the events on this device.
import { Alert, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MoiEvent } from '../../../contract/entities';
import { AdminTable } from '../../components/management/admin-table';
import { RemoteAlert } from '../../components/management/api-error';
import { eventTitle } from '../../components/management/event-select';
import { AdminPage } from '../../components/management/page';
import { SyncButton } from '../../components/management/sync-button';
import { refreshFromServer, useAfterPull, useEventsLive, useFirstSyncDone, useTotalsByEventLive } from '../../data/admin-queries';
import { useOutboxCounts } from '../../data/outbox';
import { dashboard } from '../../lib/admin-api';
import { formatNumber, formatRupees, appLanguage, formatDate } from '../../lib/format';
import { localDay } from '../../lib/typed-date';
import { useRemote } from '../../lib/use-remote';


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
  // Server figures: fetched again after each pull that brought something (live stream or poll).
  useAfterPull(() => void remote.reload());
  const outbox = useOutboxCounts();
  const localEvents = useEventsLive();
  const localTotals = useTotalsByEventLive();
  const synced = useFirstSyncDone();
  const d = remote.data;
  const today = d?.today ?? localDay();
  type TodayRow = { event: Pick<MoiEvent, 'id' | 'titleTa' | 'titleEn' | 'status'>; count: number; sum: number; open: string };
  const todays: TodayRow[] = d
    ? d.eventsToday.map((e) => ({ event: e, count: e.totals.count, sum: e.totals.sum, open: `${e.openCounters}/${e.counters}` }))
    : (localEvents ?? []).filter((e) => e.date === today).map((e) => ({ event: e, count: localTotals?.get(e.id)?.count ?? 0, sum: localTotals?.get(e.id)?.sum ?? 0, open: '' }));

  // "No events today" only once it is known: from the server's answer, or from this device's copy
  // after its first sync. Before that (the first sync of a new sign-in) the list is still coming.
  const offline = !!remote.error?.isNetwork;
  const todayState: 'rows' | 'none' | 'loading' | 'unsynced' =
    todays.length > 0 ? 'rows' : d || synced ? 'none' : offline ? 'unsynced' : 'loading';

  const sync = async () => {
    await refreshFromServer().catch(() => undefined);
    await remote.reload();
  };

  return (
    <AdminPage title={t('pages.dashboard.title')} intro={t('admin.dashboard.intro')} actions={<SyncButton onSync={sync} />}>
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
            <Text size="sm" c="dimmed">{t('admin.dashboard.today', { date: formatDate(today, 'date', appLanguage()) })}</Text>
          </Group>
          {todayState === 'loading' ? (
            <Group gap="xs" wrap="nowrap" role="status" data-testid="events-today-loading">
              <Loader size="xs" aria-hidden />
              <Text c="dimmed" size="sm">{t('admin.dashboard.loadingToday')}</Text>
            </Group>
          ) : todayState === 'unsynced' ? <Text c="dimmed" size="sm">{t('admin.dashboard.notSyncedYet')}</Text>
          : todayState === 'none' ? <Text c="dimmed" size="sm">{t('admin.dashboard.noEventsToday')}</Text> : (
            <AdminTable
              bare
              rows={todays}
              rowKey={(r) => r.event.id}
              testId="events-today"
              minWidth={480}
              columns={[
                { key: 'event', header: t('admin.common.event'), strong: true, cell: (r) => eventTitle(r.event, i18n.language, t('events.untitled')) },
                { key: 'status', header: t('admin.common.status'), cell: (r) => <Badge variant="light" color={r.event.status === 'open' ? 'teal' : 'gray'}>{t(`events.status.${r.event.status}`)}</Badge> },
                { key: 'open', header: t('admin.dashboard.openCounters'), cell: (r) => r.open || '—' },
                { key: 'gifts', header: t('admin.dashboard.gifts'), align: 'right', cell: (r) => formatNumber(r.count) },
                { key: 'amount', header: t('admin.dashboard.amount'), align: 'right', strong: true, cell: (r) => formatRupees(r.sum) },
              ]}
            />
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
              <AdminTable
                bare
                rows={d.devicesWithUnsyncedWork}
                rowKey={(dev) => dev.deviceId}
                testId="devices-table"
                minWidth={560}
                columns={[
                  { key: 'device', header: t('admin.dashboard.device'), cell: (dev) => <><Text fw={600}>{dev.code}</Text>{dev.label ? <Text size="xs" c="dimmed">{dev.label}</Text> : null}</> },
                  { key: 'user', header: t('admin.dashboard.user'), cell: (dev) => dev.userName ?? '—' },
                  { key: 'seen', header: t('admin.dashboard.lastSeen'), cell: (dev) => formatDate(dev.lastSeenAt, 'dateTime', appLanguage()) },
                  { key: 'rejected', header: t('admin.dashboard.rejectedCount'), align: 'right', cell: (dev) => formatNumber(dev.rejected) },
                  { key: 'status', header: t('admin.common.status'), cell: (dev) => (dev.silentOnOpenCounter ? <Badge color="orange" variant="light">{t('admin.dashboard.silent')}</Badge> : null) },
                ]}
              />
            )
          ) : null}
        </Stack>
      </Card>
    </AdminPage>
  );
}
