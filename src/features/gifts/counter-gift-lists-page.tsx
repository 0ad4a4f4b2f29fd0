// /counter/gifts/lists — gifts entered at my counter(s), from the device (works offline).
// Counter staff may correct or delete their own entries while their counter is open; admins any.
import { useMemo } from 'react';
import { Group, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import type { LocalGift } from '../../data/db';
import { useCountersFor } from '../../data/gift-queries';
import { GiftListLive, type GiftActions } from './list/gift-list';
import { staffMayChange } from './list/gift-detail-drawer';
import { useCurrentUser } from './use-current-user';

export default function CounterGiftListsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const counters = useCountersFor(user ?? null);
  const ids = useMemo(() => (counters ?? []).map((c) => c.id), [counters]);
  const byId = useMemo(() => new Map((counters ?? []).map((c) => [c.id, c])), [counters]);

  const actions = useMemo<GiftActions>(() => {
    if (!user) return {};
    if (user.role === 'counter_staff') {
      const mine = (g: LocalGift) => staffMayChange(g, user.id, byId.get(g.counterId));
      return { edit: mine, delete: mine, restore: mine, reprint: true };
    }
    const any = () => true;
    return { edit: any, delete: any, restore: any, reprint: true };
  }, [user, byId]);

  if (user === undefined || counters === undefined) {
    return <PageShell title={t('gifts.list.title')}><Group justify="center" p="xl"><Loader /></Group></PageShell>;
  }
  if (counters.length === 0) return <PageShell title={t('gifts.list.title')} emptyTitle={t('gifts.list.noCounters')} emptyText={t('gifts.entry.noCountersHint')} />;
  return (
    <PageShell title={t('gifts.list.title')}>
      <GiftListLive
        scope={{ counterIds: ids }}
        counters={counters}
        actor={user ? { id: user.id, name: user.name } : null}
        actions={actions}
        allowShowDeleted
      />
    </PageShell>
  );
}
