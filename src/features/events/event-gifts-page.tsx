// /event/gift — one event's gifts with totals by counter and by payment mode. Reads the device's
// copy (works offline) and pulls every few seconds while visible, so other counters' gifts arrive.
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EventSelect, eventTitle } from '../../components/admin-kit/event-select';
import { GiftList } from '../../components/admin-kit/gift-list';
import { AdminPage, EmptyState } from '../../components/admin-kit/page';
import { SyncButton } from '../../components/admin-kit/sync-button';
import { TotalsStrip } from '../../components/admin-kit/totals-strip';
import {
  refreshFromServer, useCountersLive, useEventBreakdownLive, useEventsLive, useGiftRowsLive, useLivePull,
} from '../../data/admin-queries';
import { formatNumber, formatRupees } from '../../lib/format';
import { useEventParam } from '../../lib/use-event-param';
import { functionKey, statusColor } from './event-labels';

const timeFmt = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', day: '2-digit', month: 'short' });

export default function EventGiftsPage() {
  const { t, i18n } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  const event = events?.find((e) => e.id === eventId);
  const counters = useCountersLive(eventId);
  const breakdown = useEventBreakdownLive(eventId);
  const rows = useGiftRowsLive(eventId, false);
  useLivePull();

  const codeOf = new Map((counters ?? []).map((c) => [c.id, c]));

  return (
    <AdminPage title={t('events.gifts.title')} intro={t('events.sync.autoHint')} actions={<SyncButton onSync={refreshFromServer} />}>
      {events && events.length === 0 ? (
        <EmptyState title={t('events.gifts.noEvent')} hint={t('events.gifts.noEventHint')} />
      ) : (
        <>
          <EventSelect events={events ?? []} value={eventId} onChange={setEventId} />
          {event ? (
            <Group gap="xs">
              <Title order={3} size="h4">{eventTitle(event, i18n.language, t('events.untitled'))}</Title>
              <Badge color={statusColor[event.status]} variant="light">{t(`events.status.${event.status}`)}</Badge>
              <Text size="sm" c="dimmed">{t(functionKey(event.functionType))} · {event.date}{event.venue ? ` · ${event.venue}` : ''}</Text>
            </Group>
          ) : null}
          {breakdown ? (
            <>
              <TotalsStrip totals={breakdown.totals} />
              {breakdown.lastEnteredAt ? <Text size="xs" c="dimmed">{t('events.sync.lastEntry', { time: timeFmt.format(new Date(breakdown.lastEnteredAt)) })}</Text> : null}
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <Card withBorder radius="md">
                  <Stack gap="xs">
                    <Title order={4}>{t('events.gifts.byCounter')}</Title>
                    <Table.ScrollContainer minWidth={320}>
                      <Table striped data-testid="by-counter">
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>{t('events.gifts.counter')}</Table.Th>
                            <Table.Th>{t('events.gifts.counterStatus')}</Table.Th>
                            <Table.Th ta="right">{t('events.gifts.count')}</Table.Th>
                            <Table.Th ta="right">{t('events.totals.cash')}</Table.Th>
                            <Table.Th ta="right">{t('events.gifts.amount')}</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {breakdown.byCounter.map((c) => {
                            const counter = codeOf.get(c.counterId);
                            return (
                              <Table.Tr key={c.counterId}>
                                <Table.Td>{counter ? `${counter.code}${counter.name ? ` · ${counter.name}` : ''}` : '?'}</Table.Td>
                                <Table.Td>{counter ? <Badge size="sm" variant="light" color={counter.status === 'open' ? 'teal' : 'gray'}>{t(`admin.counters.${counter.status}`)}</Badge> : null}</Table.Td>
                                <Table.Td ta="right">{formatNumber(c.count)}</Table.Td>
                                <Table.Td ta="right">{formatRupees(c.cash)}</Table.Td>
                                <Table.Td ta="right" fw={600}>{formatRupees(c.sum)}</Table.Td>
                              </Table.Tr>
                            );
                          })}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  </Stack>
                </Card>
                <Card withBorder radius="md">
                  <Stack gap="xs">
                    <Title order={4}>{t('events.gifts.byMode')}</Title>
                    <Table striped data-testid="by-mode">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('events.gifts.mode')}</Table.Th>
                          <Table.Th ta="right">{t('events.gifts.count')}</Table.Th>
                          <Table.Th ta="right">{t('events.gifts.amount')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {breakdown.byMode.map((m) => (
                          <Table.Tr key={m.mode}>
                            <Table.Td>{t(`events.mode.${m.mode}`)}</Table.Td>
                            <Table.Td ta="right">{formatNumber(m.count)}</Table.Td>
                            <Table.Td ta="right" fw={600}>{formatRupees(m.sum)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Stack>
                </Card>
              </SimpleGrid>
            </>
          ) : null}
          <Title order={4}>{t('events.gifts.list')}</Title>
          <GiftList showTotals="filtered" rows={rows ?? []} counters={(counters ?? []).map((c) => ({ id: c.id, code: c.code }))} />
        </>
      )}
    </AdminPage>
  );
}
