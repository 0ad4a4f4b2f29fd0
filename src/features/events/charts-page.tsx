// /charts/echarts — simple SVG charts of one event: amount and gifts per hour, by mode, by counter.
import { Card, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BarChart, ColumnChart } from '../../components/management/bar-chart';
import { EventSelect } from '../../components/management/event-select';
import { AdminPage, EmptyState } from '../../components/management/page';
import { SyncButton } from '../../components/management/sync-button';
import { TotalsStrip } from '../../components/management/totals-strip';
import { refreshFromServer, useCountersLive, useEventBreakdownLive, useEventsLive, useLivePull } from '../../data/admin-queries';
import { formatNumber, formatRupees } from '../../lib/format';
import { useEventParam } from '../../lib/use-event-param';

export default function ChartsPage() {
  const { t } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  const counters = useCountersLive(eventId);
  const b = useEventBreakdownLive(eventId);
  useLivePull(30_000);
  const codeOf = new Map((counters ?? []).map((c) => [c.id, c.code]));
  const noData = t('events.charts.noData');

  return (
    <AdminPage title={t('pages.charts.title')} actions={<SyncButton onSync={refreshFromServer} />}>
      {events && events.length === 0 ? (
        <EmptyState title={t('events.gifts.noEvent')} hint={t('events.gifts.noEventHint')} />
      ) : (
        <>
          <EventSelect events={events ?? []} value={eventId} onChange={setEventId} />
          {b ? <TotalsStrip totals={b.totals} compact /> : null}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Card withBorder radius="md">
              <ColumnChart
                title={t('events.charts.byHour')}
                emptyText={noData}
                bars={(b?.byHour ?? []).map((h) => ({ key: h.hour, label: `${h.hour.slice(11)}:00`, value: h.sum, display: formatRupees(h.sum) }))}
              />
            </Card>
            <Card withBorder radius="md">
              <ColumnChart
                title={t('events.charts.byHourCount')}
                emptyText={noData}
                color="var(--mantine-color-orange-5)"
                bars={(b?.byHour ?? []).map((h) => ({ key: h.hour, label: `${h.hour.slice(11)}:00`, value: h.count, display: formatNumber(h.count) }))}
              />
            </Card>
            <Card withBorder radius="md">
              <BarChart
                title={t('events.charts.byMode')}
                emptyText={noData}
                bars={(b?.byMode ?? []).map((m) => ({ key: m.mode, label: t(`glossary.paymentMode.${m.mode}`), value: m.sum, display: formatRupees(m.sum) }))}
              />
            </Card>
            <Card withBorder radius="md">
              <BarChart
                title={t('events.charts.byCounter')}
                emptyText={noData}
                color="var(--mantine-color-teal-6)"
                bars={(b?.byCounter ?? []).map((c) => ({ key: c.counterId, label: codeOf.get(c.counterId) ?? '?', value: c.sum, display: formatRupees(c.sum) }))}
              />
            </Card>
          </SimpleGrid>
        </>
      )}
    </AdminPage>
  );
}
