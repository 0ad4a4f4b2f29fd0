// /events — the events the user may see (owners: their own), each with what it has received.
// Reads the device's copy (works offline); a pull every few seconds keeps totals current. Each card
// has Export: the event's moi book, Excel or CSV, made on the device.
import { Anchor, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { giverFormLink } from '../../../contract/giver-qr';
import { publicOrigin } from '../../lib/receipt-link';
import { GiverFormQr } from '../../components/giver-form-qr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AdminPage, EmptyState } from '../../components/management/page';
import { eventTitle } from '../../components/management/event-select';
import { SyncButton } from '../../components/management/sync-button';
import { TotalsStrip } from '../../components/management/totals-strip';
import { emptyTotals, refreshFromServer, useCountersLive, useEventsLive, useLivePull, useTotalsByEventLive } from '../../data/admin-queries';
import { eventStatusColor } from '../../components/management/event-status';
import { functionKey } from './event-labels';
import { ExportButton } from '../../lib/report/export-dialog';
import { formatDate, appLanguage } from '../../lib/format';

export default function EventsPage() {
  const { t, i18n } = useTranslation();
  const events = useEventsLive();
  const totals = useTotalsByEventLive();
  const counters = useCountersLive();
  useLivePull();
  // Issue 30: the event's queue QR (guests fill their own entry at /qr while they wait).
  const [queueFor, setQueueFor] = useState<string | null>(null);
  const queueEvent = queueFor ? events?.find((e) => e.id === queueFor) : undefined;

  return (
    <AdminPage title={t('pages.events.title')} intro={t('events.list.intro')} actions={<SyncButton onSync={refreshFromServer} />}>
      {events === undefined ? (
        <Text c="dimmed">{t('admin.common.loading')}</Text>
      ) : events.length === 0 ? (
        <EmptyState title={t('events.list.empty')} hint={t('events.list.emptyHint')} />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {events.map((e) => {
            const mine = (counters ?? []).filter((c) => c.eventId === e.id);
            const open = mine.filter((c) => c.status === 'open').length;
            const title = eventTitle(e, i18n.language, t('events.untitled'));
            return (
              <Card key={e.id} withBorder radius="md" padding="md" data-testid="event-card">
                <Stack gap="sm">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Stack gap={0}>
                      <Title order={3} size="h4">{title}</Title>
                      <Text size="sm" c="dimmed">{t(functionKey(e.functionType))} · {formatDate(e.date, 'date', appLanguage())}</Text>
                    </Stack>
                    <Badge color={eventStatusColor[e.status]} variant="light">{t(`events.status.${e.status}`)}</Badge>
                  </Group>
                  {e.venue ? <Text size="sm"><b>{t('events.list.venue')}:</b> {e.venue}</Text> : null}
                  {e.hostNames ? <Text size="sm"><b>{t('events.list.hosts')}:</b> {e.hostNames}</Text> : null}
                  <Text size="sm"><b>{t('events.list.counters')}:</b> {t('events.list.openCounters', { open, total: mine.length })}</Text>
                  <TotalsStrip totals={totals?.get(e.id) ?? emptyTotals()} compact />
                  <Group gap="md">
                    <Anchor component={Link} to={`/event/gift?event=${e.id}`}>{t('events.list.openGifts')}</Anchor>
                    <Anchor component={Link} to={`/charts/echarts?event=${e.id}`}>{t('events.list.charts')}</Anchor>
                    <Anchor component={Link} to={`/gifts/lists?event=${e.id}`}>{t('events.list.family')}</Anchor>
                    <ExportButton event={e} counters={mine} size="xs" />
                    <Button size="xs" variant="light" leftSection={<IconQrcode size={14} />} onClick={() => setQueueFor(e.id)} data-testid="queue-qr-open">{t('events.queueQr.button')}</Button>
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      <Modal opened={!!queueEvent} onClose={() => setQueueFor(null)} title={t('events.queueQr.title')} centered>
        {queueEvent ? (
          <Stack>
            <Text size="sm">{t('events.queueQr.intro')}</Text>
            <GiverFormQr link={giverFormLink(publicOrigin(), { eventId: queueEvent.id })} caption={eventTitle(queueEvent, i18n.language, t('events.untitled'))} testId="queue-qr-code" />
          </Stack>
        ) : null}
      </Modal>
    </AdminPage>
  );
}
