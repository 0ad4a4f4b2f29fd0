// /event/gift — one event's gifts with totals by counter and by payment mode. Reads the device's
// copy (works offline) and pulls every few seconds while visible, so other counters' gifts arrive.
import { Badge, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../components/management/admin-table';
import { EventSelect, eventTitle } from '../../components/management/event-select';
import { GiftList } from '../../components/gift-list/gift-list';
import { AdminPage, EmptyState } from '../../components/management/page';
import { SyncButton } from '../../components/management/sync-button';
import { TotalsStrip } from '../../components/management/totals-strip';
import {
  refreshFromServer, useCountersLive, useEventBreakdownLive, useEventsLive, useLivePull,
} from '../../data/admin-queries';
import { useRejectedGiftIds, useScopeGifts } from '../../data/gift-queries';
import { appLanguage, formatDate, formatNumber, formatRupees } from '../../lib/format';
import { ExportButton } from '../../lib/report/export-dialog';
import { useEventParam } from '../../lib/use-event-param';
import { eventStatusColor } from '../../components/management/event-status';
import { CustodyCard } from './custody-card';
import { functionKey } from './event-labels';


export default function EventGiftsPage() {
  const { t, i18n } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  const event = events?.find((e) => e.id === eventId);
  const counters = useCountersLive(eventId);
  const breakdown = useEventBreakdownLive(eventId);
  const gifts = useScopeGifts({ eventId });
  const rejected = useRejectedGiftIds();
  useLivePull();

  const codeOf = new Map((counters ?? []).map((c) => [c.id, c]));

  return (
    <AdminPage title={t('pages.eventGifts.title')} intro={t('events.sync.autoHint')} actions={<Group gap="xs"><ExportButton event={event} counters={counters} /><SyncButton onSync={refreshFromServer} /></Group>}>
      {events && events.length === 0 ? (
        <EmptyState title={t('events.gifts.noEvent')} hint={t('events.gifts.noEventHint')} />
      ) : (
        <>
          <EventSelect events={events ?? []} value={eventId} onChange={setEventId} />
          {event ? (
            <Group gap="xs">
              <Title order={3} size="h4">{eventTitle(event, i18n.language, t('events.untitled'))}</Title>
              <Badge color={eventStatusColor[event.status]} variant="light">{t(`events.status.${event.status}`)}</Badge>
              <Text size="sm" c="dimmed">{t(functionKey(event.functionType))} · {formatDate(event.date, 'date', i18n.language)}{event.venue ? ` · ${event.venue}` : ''}</Text>
            </Group>
          ) : null}
          {breakdown ? (
            <>
              <TotalsStrip totals={breakdown.totals} />
              {breakdown.lastEnteredAt ? <Text size="xs" c="dimmed">{t('events.sync.lastEntry', { time: formatDate(breakdown.lastEnteredAt, 'dayTime', appLanguage()) })}</Text> : null}
              {/* By counter gets the wider share: its counter names are long; by mode has three short columns. */}
              <Grid gap="md">
                <Grid.Col span={{ base: 12, lg: 7 }}>
                  <Card withBorder radius="md" h="100%">
                    <Stack gap="xs">
                      <Title order={4}>{t('events.gifts.byCounter')}</Title>
                      <AdminTable
                        bare
                        rows={breakdown.byCounter}
                        rowKey={(c) => c.counterId}
                        testId="by-counter"
                        minWidth={320}
                        columns={[
                          // The code on its line, the counter's (long, often Tamil) name under it in small type.
                          { key: 'counter', header: t('events.gifts.counter'), cell: (c) => { const k = codeOf.get(c.counterId); return k ? <><Text fw={700} span>{k.code}</Text>{k.name ? <Text size="xs" c="dimmed">{k.name}</Text> : null}</> : '?'; } },
                          { key: 'status', header: t('events.gifts.counterStatus'), cell: (c) => { const k = codeOf.get(c.counterId); return k ? <Badge size="sm" variant="light" color={k.status === 'open' ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>{t(`admin.counters.${k.status}`)}</Badge> : null; } },
                          { key: 'count', header: t('events.gifts.count'), align: 'right', cell: (c) => formatNumber(c.count) },
                          { key: 'cash', header: t('events.totals.cash'), align: 'right', cell: (c) => formatRupees(c.cash) },
                          { key: 'sum', header: t('events.gifts.amount'), align: 'right', strong: true, cell: (c) => formatRupees(c.sum) },
                        ]}
                      />
                    </Stack>
                  </Card>
                </Grid.Col>
                <Grid.Col span={{ base: 12, lg: 5 }}>
                  <Card withBorder radius="md" h="100%">
                    <Stack gap="xs">
                      <Title order={4}>{t('events.gifts.byMode')}</Title>
                      <AdminTable
                        bare
                        rows={breakdown.byMode}
                        rowKey={(m) => m.mode}
                        testId="by-mode"
                        minWidth={280}
                        cards={false}
                        columns={[
                          { key: 'mode', header: t('events.gifts.mode'), cell: (m) => t(`glossary.paymentMode.${m.mode}`) },
                          { key: 'count', header: t('events.gifts.count'), align: 'right', cell: (m) => formatNumber(m.count) },
                          // Items are never money (their sum is 0 by definition): their row shows the count only.
                          { key: 'sum', header: t('events.gifts.amount'), align: 'right', strong: true, cell: (m) => (m.mode === 'item' ? '—' : formatRupees(m.sum)) },
                        ]}
                      />
                    </Stack>
                  </Card>
                </Grid.Col>
              </Grid>
            </>
          ) : null}
          {event ? <CustodyCard eventId={event.id} eventTitle={eventTitle(event, i18n.language, '')} /> : null}
          <Title order={4}>{t('events.gifts.list')}</Title>
          <GiftList gifts={gifts} rejected={rejected} counters={counters} totals="filtered" emptyText={t('events.gifts.empty')} />
        </>
      )}
    </AdminPage>
  );
}
