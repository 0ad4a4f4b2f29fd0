// /event/gifts/manage — an event admin searches the gifts of the events they run and corrects or
// deletes them (a reason is required; the change is kept as an audit row). Works offline: the
// change is saved on the device and sent by the sync engine. /admin/adminManagegift reuses this.
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventSelect } from '../../components/management/event-select';
import { AdminPage, EmptyState } from '../../components/management/page';
import { SyncButton } from '../../components/management/sync-button';
import { refreshFromServer, useCountersLive, useEventsLive } from '../../data/admin-queries';
import type { LocalGift } from '../../data/db';
import { useCurrentUser } from '../../lib/auth-store';
import { useEventParam } from '../../lib/use-event-param';
import { GiftListLive } from './list/gift-list';
import { GiftReasonModal } from './list/gift-reason-modal';
import { ExportButton } from '../../lib/report/export-dialog';

export function ManageGifts({ title, intro, allEvents }: { title: string; intro: string; allEvents: boolean }) {
  const { t } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  const counters = useCountersLive(eventId);
  const [toDelete, setToDelete] = useState<LocalGift | null>(null);
  const me = useCurrentUser();

  return (
    <AdminPage title={title} intro={intro} actions={<Group gap="xs"><ExportButton event={events?.find((e) => e.id === eventId)} counters={counters} /><SyncButton onSync={refreshFromServer} /></Group>}>
      {events && events.length === 0 ? (
        <EmptyState title={t('events.gifts.noEvent')} hint={t('events.gifts.noEventHint')} />
      ) : (
        <>
          <EventSelect events={events ?? []} value={eventId} onChange={setEventId} label={allEvents ? t('admin.common.event') : undefined} />
          {/* Admins correct any gift of their events: edit and delete with a reason, history on the gift. */}
          <GiftListLive
            scope={{ eventId }}
            counters={counters}
            actor={me ? { id: me.id, name: me.name } : null}
            actions={{ edit: (g) => !g.deletedAt, delete: (g) => !g.deletedAt, restore: (g) => !!g.deletedAt, reprint: true }}
            emptyText={t('events.gifts.empty')}
            rowActions={(g) => (
              <Tooltip label={t('admin.gifts.delete')}>
                <ActionIcon variant="subtle" color="red" aria-label={`${t('admin.gifts.delete')} ${g.receiptNo}`} onClick={() => setToDelete(g)}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          />
        </>
      )}
      <GiftReasonModal gift={toDelete} kind="delete" onClose={() => setToDelete(null)} />
    </AdminPage>
  );
}

export default function ManageGiftsPage() {
  const { t } = useTranslation();
  return <ManageGifts title={t('pages.manageGifts.title')} intro={t('admin.gifts.manageIntro')} allEvents={false} />;
}
