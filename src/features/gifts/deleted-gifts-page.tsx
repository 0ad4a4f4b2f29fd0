// /eventadmin/eventadmindeletedgifts — deleted gifts of the admin's events with who deleted them,
// when and why; a gift can be restored (with a reason, kept in its history). Works offline.
// /admin/DeletedMoiList reuses this over every event.
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventSelect } from '../../components/admin-kit/event-select';
import { GiftList } from '../../components/admin-kit/gift-list';
import { AdminPage, EmptyState } from '../../components/admin-kit/page';
import { SyncButton } from '../../components/admin-kit/sync-button';
import { refreshFromServer, useCountersLive, useEventsLive, useGiftRowsLive, useUsersMapLive, type GiftRowLive } from '../../data/admin-queries';
import { restoreGift } from '../../data/gifts-repo';
import { formatRupees } from '../../lib/format';
import { readSignedInUser } from '../../lib/signed-in-user';
import { useEventParam } from '../../lib/use-event-param';
import { GiftDetailDrawer } from './list/gift-detail-drawer';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function RestoreModal({ gift, onClose }: { gift: GiftRowLive | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!gift) return;
    setBusy(true);
    try {
      await restoreGift(gift.id, reason.trim(), readSignedInUser()?.id ?? 'unknown');
      notifications.show({ color: 'teal', message: t('admin.gifts.restored', { receipt: gift.receiptNo }) });
      setReason('');
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={!!gift} onClose={onClose} title={gift ? t('admin.gifts.restoreTitle', { receipt: gift.receiptNo }) : ''} centered>
      {gift ? (
        <Stack>
          <Text>{gift.name} · {gift.village} · {formatRupees(gift.amount)}</Text>
          <Textarea label={t('admin.gifts.restoreReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} minRows={2} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('admin.common.cancel')}</Button>
            <Button loading={busy} onClick={() => void submit()}>{t('admin.gifts.restore')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

export function DeletedGifts({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  const counters = useCountersLive(eventId);
  const rows = useGiftRowsLive(eventId, true);
  const users = useUsersMapLive();
  const [toRestore, setToRestore] = useState<GiftRowLive | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const me = readSignedInUser();

  return (
    <AdminPage title={title} intro={intro} actions={<SyncButton onSync={refreshFromServer} />}>
      {events && events.length === 0 ? (
        <EmptyState title={t('events.gifts.noEvent')} hint={t('events.gifts.noEventHint')} />
      ) : (
        <>
          <EventSelect events={events ?? []} value={eventId} onChange={setEventId} />
          {rows && rows.length === 0 ? (
            <EmptyState title={t('admin.gifts.deletedEmpty')} hint={t('admin.gifts.deletedEmptyHint')} />
          ) : (
            <GiftList
              rows={rows ?? []}
              showTotals="never"
              onOpen={(g) => setOpenId(g.id)}
              counters={(counters ?? []).map((c) => ({ id: c.id, code: c.code }))}
              extra={(g) => (
                <Text size="xs" c="red.7" data-testid="delete-info">
                  {t('admin.gifts.reason')}: {g.deleteReason ?? '—'} · {t('admin.gifts.deletedBy')}: {users.get(g.deletedBy ?? '')?.name ?? g.deletedBy ?? '—'} · {g.deletedAt ? when.format(new Date(g.deletedAt)) : ''}
                </Text>
              )}
              actions={(g) => (
                <Button size="xs" variant="light" onClick={() => setToRestore(g)} aria-label={`${t('admin.gifts.restore')} ${g.receiptNo}`}>
                  {t('admin.gifts.restore')}
                </Button>
              )}
            />
          )}
        </>
      )}
      <RestoreModal gift={toRestore} onClose={() => setToRestore(null)} />
      <GiftDetailDrawer
        giftId={openId}
        onClose={() => setOpenId(null)}
        actor={me ? { id: me.id, name: me.name } : null}
        actions={{ restore: (g) => !!g.deletedAt }}
        counters={counters ?? []}
      />
    </AdminPage>
  );
}

export default function DeletedGiftsPage() {
  const { t } = useTranslation();
  return <DeletedGifts title={t('admin.gifts.deletedTitle')} intro={t('admin.gifts.deletedIntro')} />;
}
