// /eventadmin/eventadmindeletedgifts — deleted gifts of the admin's events with who deleted them,
// when and why; a gift can be restored (with a reason, kept in its history). Works offline.
// /admin/DeletedMoiList reuses this over every event.
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appLanguage, formatDate } from '../../lib/format';
import { EventSelect } from '../../components/management/event-select';
import { AdminPage, EmptyState } from '../../components/management/page';
import { SyncButton } from '../../components/management/sync-button';
import { refreshFromServer, useCountersLive, useEventsLive, useUsersMapLive } from '../../data/admin-queries';
import type { LocalGift } from '../../data/db';
import { useCurrentUser } from '../../lib/auth-store';
import { useEventParam } from '../../lib/use-event-param';
import { GiftListLive } from './list/gift-list';
import { GiftReasonModal } from './list/gift-reason-modal';


export function DeletedGifts({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  const counters = useCountersLive(eventId);
  const users = useUsersMapLive();
  const [toRestore, setToRestore] = useState<LocalGift | null>(null);
  const me = useCurrentUser();

  return (
    <AdminPage title={title} intro={intro} actions={<SyncButton onSync={refreshFromServer} />}>
      {events && events.length === 0 ? (
        <EmptyState title={t('events.gifts.noEvent')} hint={t('events.gifts.noEventHint')} />
      ) : (
        <>
          <EventSelect events={events ?? []} value={eventId} onChange={setEventId} />
          <GiftListLive
            scope={{ eventId }}
            deleted="only"
            totals="never"
            counters={counters}
            actor={me ? { id: me.id, name: me.name } : null}
            actions={{ restore: (g) => !!g.deletedAt }}
            emptyText={t('admin.gifts.deletedEmpty')}
            rowExtra={(g) => (
              <Text component="span" size="xs" c="red" data-testid="delete-info">
                {t('admin.gifts.reason')}: {g.deleteReason ?? '—'} · {t('admin.gifts.deletedBy')}: {users.get(g.deletedBy ?? '')?.name ?? g.deletedBy ?? '—'} · {g.deletedAt ? formatDate(g.deletedAt, 'dateTime', appLanguage()) : ''}
              </Text>
            )}
            rowActions={(g) => (
              <Button size="xs" variant="light" onClick={() => setToRestore(g)} aria-label={`${t('admin.gifts.restore')} ${g.receiptNo}`}>
                {t('admin.gifts.restore')}
              </Button>
            )}
          />
        </>
      )}
      <GiftReasonModal gift={toRestore} kind="restore" onClose={() => setToRestore(null)} />
    </AdminPage>
  );
}

export default function DeletedGiftsPage() {
  const { t } = useTranslation();
  return <DeletedGifts title={t('pages.eventDeletedGifts.title')} intro={t('admin.gifts.deletedIntro')} />;
}
