// The shared gift list (components/management/gift-list) bound to the device's copy: the gifts of a
// scope (one event, some counters), which of them the server refused, and the detail drawer a row
// opens (audit trail, edit / delete / restore with a reason, reprint) — which corrections are
// offered is decided by the caller through `actions`; omit them for a read-only list.
import { useCallback, useState } from 'react';
import { GiftList, type GiftListProps } from '../../../components/gift-list/gift-list';
import type { LocalCounter, LocalGift } from '../../../data/db';
import { useRejectedGiftIds, useScopeGifts, type GiftScope } from '../../../data/gift-queries';
import { GiftDetailDrawer, type GiftActions } from './gift-detail-drawer';

export type { GiftActions } from './gift-detail-drawer';

export type GiftListLiveProps = Omit<GiftListProps<LocalGift>, 'gifts' | 'rejected' | 'onOpen' | 'counters'> & {
  /** Which gifts: one event, some counters, or everything on the device. */
  scope: GiftScope;
  /** Counters for the counter filter, for showing codes and for the drawer's rules. */
  counters?: LocalCounter[];
  /** Who acts (recorded as `by` on edits, deletes and restores). */
  actor: { id: string; name: string } | null;
  /** What may be done to a gift in its drawer; omit for a read-only list. */
  actions?: GiftActions;
};

export function GiftListLive({ scope, counters, actor, actions, ...list }: GiftListLiveProps) {
  const gifts = useScopeGifts(scope);
  const rejected = useRejectedGiftIds();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = useCallback((g: LocalGift) => setOpenId(g.id), []);
  const closeDetail = useCallback(() => setOpenId(null), []);
  return (
    <>
      <GiftList gifts={gifts} rejected={rejected} counters={counters} onOpen={open} {...list} />
      <GiftDetailDrawer giftId={openId} onClose={closeDetail} actor={actor} actions={actions ?? {}} counters={counters} />
    </>
  );
}
