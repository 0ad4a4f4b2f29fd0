// /admin/eventownerpage — the app admin's events (create, edit, owners and admins, planned → open
// → closed) and the event owners' accounts. Management needs the server; offline it says so.
import { Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventStatus, EventSummary } from '../../../contract/admin';
import { AdminTable, RowMenu } from '../../components/management/admin-table';
import { RemoteStatus } from '../../components/management/api-error';
import { useNotifyAction } from '../../components/management/form-modal';
import { eventTitle } from '../../components/management/event-select';
import { eventMoveLabel, eventStatusColor, nextEventStatus } from '../../components/management/event-status';
import { AdminPage } from '../../components/management/page';
import { eventCalls, listEvents, listUsers, setEventStatus } from '../../lib/admin-api';
import { appLanguage, formatDate, formatNumber, formatRupees } from '../../lib/format';
import { useRemote } from '../../lib/use-remote';
import { EventFormModal } from '../../components/management/event-form';
import { UserManager } from './user-manager';


function EventsTab() {
  const { t, i18n } = useTranslation();
  const events = useRemote(() => listEvents(), []);
  const people = useRemote(async () => {
    const [owners, admins] = await Promise.all([listUsers({ role: 'event_owner' }), listUsers({ role: 'event_admin' })]);
    return { owners, admins };
  }, []);
  const [editing, setEditing] = useState<EventSummary | null>(null);
  const [creating, setCreating] = useState(false);
  const nameOf = (id: string) => [...(people.data?.owners ?? []), ...(people.data?.admins ?? [])].find((u) => u.id === id)?.name ?? id.slice(0, 8);

  const act = useNotifyAction();
  const move = (e: EventSummary, status: EventStatus) => act(async () => {
    await setEventStatus(e.id, status);
    return t('admin.eventForm.statusChanged', { status: t(`events.status.${status}`) });
  }, events.reload);

  const list = events.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>{t('admin.eventForm.newEvent')}</Button>
      </Group>
      <RemoteStatus remote={events} empty={list.length === 0} emptyTitle={t('admin.eventForm.empty')} emptyHint={t('admin.eventForm.emptyHint')} />
      {list.length > 0 ? (
        <AdminTable
          rows={list}
          rowKey={(e) => e.id}
          testId="events-table"
          minWidth={760}
          columns={[
            {
              key: 'menu', label: t('admin.common.actions'), width: 48,
              cell: (e) => (
                <RowMenu
                  label={`${t('admin.common.actions')}: ${eventTitle(e, i18n.language, '')}`}
                  items={[
                    { label: t('admin.common.edit'), onClick: () => setEditing(e) },
                    {
                      label: t(eventMoveLabel(e.status, nextEventStatus[e.status])),
                      color: nextEventStatus[e.status] === 'closed' ? 'red' : undefined,
                      onClick: () => void move(e, nextEventStatus[e.status]),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'event', header: t('admin.common.event'),
              cell: (e) => (
                <>
                  <Text fw={600}>{eventTitle(e, i18n.language, t('events.untitled'))}</Text>
                  <Text size="xs" c="dimmed">{t(`glossary.functionType.${e.functionType}`)}{e.venue ? ` · ${e.venue}` : ''}</Text>
                </>
              ),
            },
            { key: 'date', header: t('admin.eventForm.date'), cell: (e) => formatDate(e.date, 'date', appLanguage()) },
            { key: 'owners', header: t('admin.eventForm.ownersCol'), cell: (e) => e.ownerIds.map(nameOf).join(', ') || '—' },
            { key: 'admins', header: t('admin.eventForm.adminsCol'), cell: (e) => e.adminIds.map(nameOf).join(', ') || '—' },
            {
              key: 'totals', header: t('admin.eventForm.totalsCol'), align: 'right',
              cell: (e) => (
                <>
                  <Text fw={600}>{formatRupees(e.totals.sum)}</Text>
                  <Text size="xs" c="dimmed">{formatNumber(e.totals.count)} {t('events.totals.count')}</Text>
                </>
              ),
            },
            { key: 'status', header: t('admin.common.status'), cell: (e) => <Badge color={eventStatusColor[e.status]} variant="light">{t(`events.status.${e.status}`)}</Badge> },
          ]}
        />
      ) : null}
      {creating ? (
        <EventFormModal event={null} calls={eventCalls} opened onClose={() => setCreating(false)} onSaved={() => void events.reload()} owners={people.data?.owners ?? []} admins={people.data?.admins ?? []} canAssign />
      ) : null}
      {editing ? (
        <EventFormModal key={editing.id} event={editing} calls={eventCalls} opened onClose={() => setEditing(null)} onSaved={() => void events.reload()} owners={people.data?.owners ?? []} admins={people.data?.admins ?? []} canAssign />
      ) : null}
    </Stack>
  );
}

export default function EventOwnersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('events');
  return (
    <AdminPage title={t('pages.eventOwners.title')} intro={t('admin.owners.intro')}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="events">{t('admin.owners.tabEvents')}</Tabs.Tab>
          <Tabs.Tab value="owners">{t('admin.owners.tabOwners')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="events" pt="md"><EventsTab /></Tabs.Panel>
        <Tabs.Panel value="owners" pt="md"><UserManager role="event_owner" /></Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}
