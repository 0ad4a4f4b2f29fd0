// /admin/closedcounters — counters that have closed, each with its cash tally.
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { eventTitle } from '../../components/management/event-select';
import { AdminPage, EmptyState } from '../../components/management/page';
import { SyncButton } from '../../components/management/sync-button';
import { refreshFromServer, useAfterCloseLive, useCounterTakingsLive, useCountersLive, useEventsLive, useUsersMapLive } from '../../data/admin-queries';
import { TallyView } from './tally-view';
import { DirectPrintProvider } from '../../lib/print/direct-print';

export default function ClosedCountersPage() {
  const { t, i18n } = useTranslation();
  const events = useEventsLive();
  const counters = useCountersLive();
  const users = useUsersMapLive();
  const late = useAfterCloseLive();
  const eventOf = new Map((events ?? []).map((e) => [e.id, e]));
  const closed = (counters ?? []).filter((c) => c.status === 'closed' && c.closedAt).sort((a, b) => (b.closedAt ?? '').localeCompare(a.closedAt ?? ''));
  const takings = useCounterTakingsLive(closed.map((c) => c.id));

  return (
    <DirectPrintProvider>
    <AdminPage title={t('pages.closedCounters.title')} intro={t('admin.counters.closedIntro')} actions={<SyncButton onSync={refreshFromServer} />}>
      {counters && closed.length === 0 ? (
        <EmptyState title={t('admin.counters.emptyClosed')} hint={t('admin.counters.emptyClosedHint')} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {closed.map((c) => (
            <Card key={c.id} withBorder radius="md" data-testid="closed-counter">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Title order={4}>{c.code}{c.name ? ` · ${c.name}` : ''}</Title>
                    <Text size="sm" c="dimmed">{eventTitle(eventOf.get(c.eventId), i18n.language, t('events.untitled'))}</Text>
                  </Stack>
                  {c._pending ? <Badge color="orange" variant="light">{t('admin.counters.pendingSync')}</Badge> : null}
                </Group>
                {c.tally ? (
                  <TallyView tally={c.tally} closedByName={users.get(c.tally.closedBy)?.name ?? c.tally.closedBy} afterClose={late?.get(c.id)} takings={takings?.get(c.id)}
                    sheet={{ eventTitle: eventTitle(eventOf.get(c.eventId), i18n.language, t('events.untitled')), code: c.code, name: c.name }} />
                ) : (
                  <Text size="sm" c="dimmed">{t('admin.counters.noTally')}</Text>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </AdminPage>
    </DirectPrintProvider>
  );
}
