// /counter/gifts/lists — gifts entered at my counter(s), from the device (works offline).
// Counter staff may correct or delete their own entries while their counter is open; admins any (contract/policy.ts).
import { useMemo } from 'react';
import { Group, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import type { LocalGift } from '../../data/db';
import { useCountersFor, usePolicyActor } from '../../data/gift-queries';
import { policy } from '../../../contract/policy';
import { GiftListLive, type GiftActions } from './list/gift-list';
import { useCurrentUser } from '../../lib/auth-store';

export default function CounterGiftListsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const counters = useCountersFor(user ?? null);
  const ids = useMemo(() => (counters ?? []).map((c) => c.id), [counters]);
  const byId = useMemo(() => new Map((counters ?? []).map((c) => [c.id, c])), [counters]);

  const scope = usePolicyActor(user ?? null);
  // The same rule the server applies (contract/policy.ts): buttons show only for what it accepts.
  const actions = useMemo<GiftActions>(() => {
    if (!scope) return {};
    const may = (name: 'gift.update' | 'gift.delete' | 'gift.restore') => (g: LocalGift) => policy[name](scope, g, byId.get(g.counterId)).ok;
    return { edit: may('gift.update'), delete: may('gift.delete'), restore: may('gift.restore'), reprint: true };
  }, [scope, byId]);

  if (counters === undefined) {
    return <PageShell title={t('pages.counterGiftLists.title')}><Group justify="center" p="xl"><Loader /></Group></PageShell>;
  }
  if (counters.length === 0) return <PageShell title={t('pages.counterGiftLists.title')} emptyTitle={t('gifts.list.noCounters')} emptyText={t('gifts.entry.noCountersHint')} />;
  return (
    <PageShell title={t('pages.counterGiftLists.title')}>
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
