// /gifts/lists — the family's read-only view: who gave what, searchable, to return the gift later.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventSelect } from '../../components/admin-kit/event-select';
import { GiftList } from '../../components/admin-kit/gift-list';
import { AdminPage, EmptyState } from '../../components/admin-kit/page';
import { SyncButton } from '../../components/admin-kit/sync-button';
import { refreshFromServer, useCountersLive, useEventsLive, useGiftRowsLive } from '../../data/admin-queries';
import { readSignedInUser } from '../../lib/signed-in-user';
import { useEventParam } from '../../lib/use-event-param';
import { GiftDetailDrawer } from './list/gift-detail-drawer';

export default function FamilyGiftListsPage() {
  const { t } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  const counters = useCountersLive(eventId);
  const rows = useGiftRowsLive(eventId, false);
  const [openId, setOpenId] = useState<string | null>(null);
  const me = readSignedInUser();
  return (
    <AdminPage title={t('events.family.title')} intro={t('events.family.intro')} actions={<SyncButton onSync={refreshFromServer} />}>
      {events && events.length === 0 ? (
        <EmptyState title={t('events.gifts.noEvent')} hint={t('events.gifts.noEventHint')} />
      ) : (
        <>
          <EventSelect events={events ?? []} value={eventId} onChange={setEventId} />
          <GiftList rows={rows ?? []} counters={(counters ?? []).map((c) => ({ id: c.id, code: c.code }))} height={600} onOpen={(g) => setOpenId(g.id)} />
        </>
      )}
      {/* Read-only: details and history, no corrections. */}
      <GiftDetailDrawer giftId={openId} onClose={() => setOpenId(null)} actor={me ? { id: me.id, name: me.name } : null} actions={{}} counters={counters ?? []} />
    </AdminPage>
  );
}
