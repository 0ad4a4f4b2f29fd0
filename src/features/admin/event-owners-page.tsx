// /admin/eventownerpage — the app admin's events (create, edit, owners and admins, planned → open
// → closed) and the event owners' accounts. Management needs the server; offline it says so.
import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Table, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventStatus, EventSummary } from '../../../contract/admin';
import { RemoteAlert, apiErrorText } from '../../components/admin-kit/api-error';
import { eventTitle } from '../../components/admin-kit/event-select';
import { AdminPage, EmptyState } from '../../components/admin-kit/page';
import { listEvents, listUsers, setEventStatus } from '../../lib/admin-api';
import { formatNumber, formatRupees } from '../../lib/format';
import { useRemote, toApiError } from '../../lib/use-remote';
import { EventFormModal } from './event-form';
import { UserManager } from './user-manager';

const statusColor = { planned: 'gray', open: 'teal', closed: 'red' } as const;
const nextMoves: Record<EventStatus, EventStatus[]> = { planned: ['open'], open: ['closed'], closed: ['open'] };

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

  const move = async (e: EventSummary, status: EventStatus) => {
    try {
      await setEventStatus(e.id, status);
      notifications.show({ color: 'teal', message: t('admin.eventForm.statusChanged', { status: t(`events.status.${status}`) }) });
      await events.reload();
    } catch (err) {
      notifications.show({ color: 'red', message: apiErrorText(t, toApiError(err)) });
    }
  };

  const list = events.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>{t('admin.eventForm.newEvent')}</Button>
      </Group>
      <RemoteAlert error={events.error} onRetry={() => void events.reload()} cachedNote={!!events.data} />
      {events.loading && !events.data ? <Text c="dimmed">{t('admin.common.loading')}</Text> : null}
      {events.data && list.length === 0 ? <EmptyState title={t('admin.eventForm.empty')} hint={t('admin.eventForm.emptyHint')} /> : null}
      {list.length > 0 ? (
        <Card withBorder radius="md" p={0}>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" striped highlightOnHover data-testid="events-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th aria-label={t('admin.common.actions')} />
                  <Table.Th>{t('admin.common.event')}</Table.Th>
                  <Table.Th>{t('admin.eventForm.date')}</Table.Th>
                  <Table.Th>{t('admin.eventForm.ownersCol')}</Table.Th>
                  <Table.Th>{t('admin.eventForm.adminsCol')}</Table.Th>
                  <Table.Th ta="right">{t('admin.eventForm.totalsCol')}</Table.Th>
                  <Table.Th>{t('admin.common.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td w={48}>
                      <Menu position="bottom-start" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={`${t('admin.common.actions')}: ${eventTitle(e, i18n.language, '')}`}><IconDots size={18} /></ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setEditing(e)}>{t('admin.common.edit')}</Menu.Item>
                          {nextMoves[e.status].map((s) => (
                            <Menu.Item key={s} color={s === 'closed' ? 'red' : undefined} onClick={() => void move(e, s)}>
                              {s === 'open' ? (e.status === 'closed' ? t('admin.eventForm.reopen') : t('admin.eventForm.open')) : t('admin.eventForm.close')}
                            </Menu.Item>
                          ))}
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                    <Table.Td>
                      <Text fw={600}>{eventTitle(e, i18n.language, t('events.untitled'))}</Text>
                      <Text size="xs" c="dimmed">{t(`events.functionType.${e.functionType}`)}{e.venue ? ` · ${e.venue}` : ''}</Text>
                    </Table.Td>
                    <Table.Td>{e.date}</Table.Td>
                    <Table.Td>{e.ownerIds.map(nameOf).join(', ') || '—'}</Table.Td>
                    <Table.Td>{e.adminIds.map(nameOf).join(', ') || '—'}</Table.Td>
                    <Table.Td ta="right">
                      <Text fw={600}>{formatRupees(e.totals.sum)}</Text>
                      <Text size="xs" c="dimmed">{formatNumber(e.totals.count)} {t('events.totals.count')}</Text>
                    </Table.Td>
                    <Table.Td><Badge color={statusColor[e.status]} variant="light">{t(`events.status.${e.status}`)}</Badge></Table.Td>

                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ) : null}
      {creating ? (
        <EventFormModal event={null} opened onClose={() => setCreating(false)} onSaved={() => void events.reload()} owners={people.data?.owners ?? []} admins={people.data?.admins ?? []} canAssign />
      ) : null}
      {editing ? (
        <EventFormModal key={editing.id} event={editing} opened onClose={() => setEditing(null)} onSaved={() => void events.reload()} owners={people.data?.owners ?? []} admins={people.data?.admins ?? []} canAssign />
      ) : null}
    </Stack>
  );
}

export default function EventOwnersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('events');
  return (
    <AdminPage title={t('admin.owners.title')} intro={t('admin.owners.intro')}>
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
