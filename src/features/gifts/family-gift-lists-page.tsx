// /gifts/lists — the family's read-only view: who gave what, searchable, to return the gift later.
// A row opens the gift's details and history, without corrections.
import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EventSelect } from '../../components/management/event-select';
import { AdminPage, EmptyState } from '../../components/management/page';
import { SyncButton } from '../../components/management/sync-button';
import { refreshFromServer, useCountersLive, useEventsLive } from '../../data/admin-queries';
import { useCurrentUser } from '../../lib/auth-store';
import { useEventParam } from '../../lib/use-event-param';
import { GiftListLive } from './list/gift-list';
import { ExportButton } from '../../lib/report/export-dialog';

export default function FamilyGiftListsPage() {
  const { t } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  const counters = useCountersLive(eventId);
  const me = useCurrentUser();
  return (
    <AdminPage title={t('pages.familyGiftLists.title')} intro={t('events.family.intro')} actions={<Group gap="xs"><ExportButton event={events?.find((e) => e.id === eventId)} counters={counters} /><SyncButton onSync={refreshFromServer} /></Group>}>
      {events && events.length === 0 ? (
        <EmptyState title={t('events.gifts.noEvent')} hint={t('events.gifts.noEventHint')} />
      ) : (
        <>
          <EventSelect events={events ?? []} value={eventId} onChange={setEventId} />
          <GiftListLive
            scope={{ eventId }}
            counters={counters}
            actor={me ? { id: me.id, name: me.name } : null}
            actions={{}}
            height={600}
            emptyText={t('events.gifts.empty')}
          />
        </>
      )}
    </AdminPage>
  );
}
