// /admin/counteradminpage — every counter of every event on the device: status, staff, totals.
import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../components/management/admin-table';
import { eventTitle } from '../../components/management/event-select';
import { AdminPage, EmptyState } from '../../components/management/page';
import { SyncButton } from '../../components/management/sync-button';
import { computeTotals, emptyTotals, refreshFromServer, useCountersLive, useEventsLive, useGiftRowsLive, useUsersMapLive } from '../../data/admin-queries';
import { formatDate, formatNumber, formatRupees } from '../../lib/format';

export default function AllCountersPage() {
  const { t, i18n } = useTranslation();
  const events = useEventsLive();
  const counters = useCountersLive();
  const users = useUsersMapLive();
  const gifts = useGiftRowsLive(null, false, true);
  const [eventId, setEventId] = useState<string>('');
  const [status, setStatus] = useState<string>('');

  const byCounter = new Map<string, typeof gifts>();
  for (const g of gifts ?? []) {
    const list = byCounter.get(g.counterId) ?? [];
    list.push(g);
    byCounter.set(g.counterId, list);
  }
  const totals = new Map([...byCounter].map(([id, list]) => [id, computeTotals(list ?? [])]));
  const totalsOf = (id: string) => totals.get(id) ?? emptyTotals();
  const eventOf = new Map((events ?? []).map((e) => [e.id, e]));
  const shown = (counters ?? []).filter((c) => (!eventId || c.eventId === eventId) && (!status || c.status === status));

  return (
    <AdminPage title={t('pages.allCounters.title')} intro={t('admin.counters.allIntro')} actions={<SyncButton onSync={refreshFromServer} />}>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={t('events.pick.label')}
          data={[{ value: '', label: t('admin.gifts.allEvents') }, ...(events ?? []).map((e) => ({ value: e.id, label: `${eventTitle(e, i18n.language, t('events.untitled'))} · ${formatDate(e.date, 'date', i18n.language)}` }))]}
          value={eventId}
          onChange={(v) => setEventId(v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', sm: 360 }}
        />
        <Select
          label={t('admin.counters.filterStatus')}
          data={[{ value: '', label: t('admin.common.all') }, { value: 'open', label: t('admin.counters.open') }, { value: 'closed', label: t('admin.counters.closed') }]}
          value={status}
          onChange={(v) => setStatus(v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', sm: 200 }}
        />
      </Group>
      {counters && shown.length === 0 ? (
        <EmptyState title={t('admin.counters.empty')} hint={t('admin.counters.emptyHint')} />
      ) : (
        <AdminTable
          rows={shown}
          rowKey={(c) => c.id}
          testId="counters-table"
          minWidth={720}
          columns={[
            { key: 'event', header: t('admin.common.event'), cell: (c) => eventTitle(eventOf.get(c.eventId), i18n.language, t('events.untitled')) },
            { key: 'code', header: t('admin.counters.code'), cell: (c) => <><Text fw={700}>{c.code}</Text>{c.name ? <Text size="xs" c="dimmed">{c.name}</Text> : null}</> },
            {
              key: 'status', header: t('admin.common.status'),
              cell: (c) => (
                <Stack gap={2} align="flex-start">
                  <Badge color={c.status === 'open' ? 'teal' : 'gray'} variant="light">{t(`admin.counters.${c.status}`)}</Badge>
                  {c._pending ? <Badge color="orange" variant="dot" size="xs">{t('admin.counters.pendingSync')}</Badge> : null}
                </Stack>
              ),
            },
            { key: 'staff', header: t('admin.counters.staff'), cell: (c) => (c.staffIds.length ? c.staffIds.map((id) => users.get(id)?.name ?? id.slice(0, 8)).join(', ') : <Text size="sm" c="dimmed">{t('admin.counters.noStaff')}</Text>) },
            { key: 'gifts', header: t('admin.counters.gifts'), align: 'right', cell: (c) => formatNumber(totalsOf(c.id).count) },
            { key: 'cash', header: t('admin.counters.cash'), align: 'right', cell: (c) => formatRupees(totalsOf(c.id).cash) },
            { key: 'sum', header: t('events.totals.sum'), align: 'right', strong: true, cell: (c) => formatRupees(totalsOf(c.id).sum) },
          ]}
        />
      )}
    </AdminPage>
  );
}
