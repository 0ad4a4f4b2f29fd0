// /event/gifts/manage — an event admin searches the gifts of the events they run and corrects or
// deletes them (a reason is required; the change is kept as an audit row). Works offline: the
// change is saved on the device and sent by the sync engine. /admin/adminManagegift reuses this.
import { ActionIcon, Button, Group, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventSelect } from '../../components/admin-kit/event-select';
import { GiftList } from '../../components/admin-kit/gift-list';
import { AdminPage, EmptyState } from '../../components/admin-kit/page';
import { SyncButton } from '../../components/admin-kit/sync-button';
import { refreshFromServer, useCountersLive, useEventsLive, useGiftRowsLive, type GiftRowLive } from '../../data/admin-queries';
import { deleteGift } from '../../data/gifts-repo';
import { formatRupees } from '../../lib/format';
import { readSignedInUser } from '../../lib/signed-in-user';
import { useEventParam } from '../../lib/use-event-param';
import { GiftDetailDrawer } from './list/gift-detail-drawer';

export function DeleteGiftModal({ gift, onClose }: { gift: GiftRowLive | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!gift) return;
    if (!reason.trim()) {
      setError(t('admin.gifts.reasonRequired'));
      return;
    }
    setBusy(true);
    try {
      await deleteGift(gift.id, reason.trim(), readSignedInUser()?.id ?? 'unknown');
      notifications.show({ color: 'teal', message: t('admin.gifts.deleted', { receipt: gift.receiptNo }) });
      setReason('');
      setError(null);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={!!gift} onClose={onClose} title={gift ? t('admin.gifts.deleteTitle', { receipt: gift.receiptNo }) : ''} centered>
      {gift ? (
        <Stack>
          <Text>{gift.initial ? `${gift.initial} ${gift.name}` : gift.name} · {gift.village} · {formatRupees(gift.amount)}</Text>
          <Textarea label={t('admin.gifts.deleteReason')} required value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} minRows={2} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('admin.common.cancel')}</Button>
            <Button color="red" loading={busy} onClick={() => void submit()}>{t('admin.gifts.delete')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

export function ManageGifts({ title, intro, allEvents }: { title: string; intro: string; allEvents: boolean }) {
  const { t } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  const counters = useCountersLive(eventId);
  const rows = useGiftRowsLive(eventId, false);
  const [toDelete, setToDelete] = useState<GiftRowLive | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const me = readSignedInUser();

  return (
    <AdminPage title={title} intro={intro} actions={<SyncButton onSync={refreshFromServer} />}>
      {events && events.length === 0 ? (
        <EmptyState title={t('events.gifts.noEvent')} hint={t('events.gifts.noEventHint')} />
      ) : (
        <>
          <EventSelect events={events ?? []} value={eventId} onChange={setEventId} label={allEvents ? t('admin.common.event') : undefined} />
          <GiftList
            rows={rows ?? []}
            counters={(counters ?? []).map((c) => ({ id: c.id, code: c.code }))}
            onOpen={(g) => setOpenId(g.id)}
            actions={(g) => (
              <Tooltip label={t('admin.gifts.delete')}>
                <ActionIcon variant="subtle" color="red" aria-label={`${t('admin.gifts.delete')} ${g.receiptNo}`} onClick={() => setToDelete(g)}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          />
        </>
      )}
      <DeleteGiftModal gift={toDelete} onClose={() => setToDelete(null)} />
      {/* Admins correct any gift of their events: edit and delete with a reason, history on the gift. */}
      <GiftDetailDrawer
        giftId={openId}
        onClose={() => setOpenId(null)}
        actor={me ? { id: me.id, name: me.name } : null}
        actions={{ edit: (g) => !g.deletedAt, delete: (g) => !g.deletedAt, restore: (g) => !!g.deletedAt, reprint: true }}
        counters={counters ?? []}
      />
    </AdminPage>
  );
}

export default function ManageGiftsPage() {
  const { t } = useTranslation();
  return <ManageGifts title={t('admin.gifts.manageTitle')} intro={t('admin.gifts.manageIntro')} allEvents={false} />;
}
