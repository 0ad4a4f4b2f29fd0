// The virtualized gift list shared by the counter and admin screens: search as you type (Tamil or
// English) over name, initial, village, receipt number and mobile; filters by counter, mode and
// time; totals always visible; a synced / pending / refused marker per row; a row opens the detail
// drawer (audit trail, edit / delete / restore with a reason, reprint) — which actions are offered
// is decided by the caller through `actions`.
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Group, NativeSelect, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconClockHour4, IconSearch } from '@tabler/icons-react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { paymentModes, type PaymentMode } from '../../../../contract/entities';
import type { LocalCounter, LocalGift } from '../../../data/db';
import { compileQuery, computeGiftTotals, filterGifts, matchesQuery, useRejectedGiftIds, useScopeGifts, warmSearchKeys, type GiftScope } from '../../../data/gift-queries';
import { formatRupees } from '../../../lib/format';
import { GiftDetailDrawer, type GiftActions } from './gift-detail-drawer';
import { GiftTotalsBar } from './gift-totals-bar';
import './gift-list.css';

export type { GiftActions } from './gift-detail-drawer';

export type GiftListProps = {
  /** Which gifts: one event, some counters, or everything on the device. */
  scope: GiftScope;
  /** Counters for the counter filter and for showing codes. */
  counters?: LocalCounter[];
  /** Who acts (recorded as `by` on edits, deletes and restores). */
  actor: { id: string; name: string } | null;
  /** What may be done to a gift; omit for a read-only list. */
  actions?: GiftActions;
  /** Which gifts to list by default; `only` makes a deleted-gifts list. */
  deleted?: 'exclude' | 'only' | 'include';
  /** Offer a "show deleted" switch. */
  allowShowDeleted?: boolean;
  /** Height of the scrolling list. */
  height?: number | string;
  emptyText?: string;
};

type TimeFilter = 'all' | 'hour' | 'today';
const ROW_HEIGHT = 68;

function sinceOf(f: TimeFilter): string | null {
  if (f === 'hour') return new Date(Date.now() - 3600_000).toISOString();
  if (f === 'today') {
    const d = new Date();
    d.setHours(0, 0, 0, 0);
    return d.toISOString();
  }
  return null;
}

/** Synced / waiting / refused marker of one row (a plain titled icon: cheap in long lists). */
export function SyncMarker({ gift, rejected }: { gift: LocalGift; rejected: boolean }) {
  const { t } = useTranslation();
  if (rejected) return <IconAlertTriangle size={20} color="var(--mantine-color-red-6)" aria-label={t('gifts.list.rejected')} role="img"><title>{t('gifts.list.rejected')}</title></IconAlertTriangle>;
  if (gift._pending === 1) return <IconClockHour4 size={20} color="var(--mantine-color-orange-6)" aria-label={t('gifts.list.pending')} role="img"><title>{t('gifts.list.pending')}</title></IconClockHour4>;
  return <IconCloudCheck size={20} color="var(--mantine-color-teal-6)" aria-label={t('gifts.list.synced')} role="img"><title>{t('gifts.list.synced')}</title></IconCloudCheck>;
}

type RowsProps = {
  rows: LocalGift[];
  rejected: Set<string>;
  codes: Map<string, string>;
  height: number | string;
  onOpen: (id: string) => void;
};

/** The scrolling, virtualized rows; memoized so typing in the search box re-renders only when the rows change. */
const GiftRows = memo(function GiftRows({ rows, rejected, codes, height, onOpen }: RowsProps) {
  const { t, i18n } = useTranslation();
  const timeFmt = useMemo(() => new Intl.DateTimeFormat(i18n.language === 'ta' ? 'ta-IN' : 'en-IN', { hour: '2-digit', minute: '2-digit' }), [i18n.language]);
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 800, height: 600 },
    // A box that has not been laid out (hidden tab, jsdom) reports 0 × 0: assume a screenful then.
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width || 800, height: 600 })),
  });
  return (
    <div ref={parentRef} style={{ height, minHeight: 240, overflowY: 'auto' }} data-testid="gift-list" aria-label={t('gifts.list.rows', { count: rows.length })} role="list">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((vi) => {
          const g = rows[vi.index];
          const deleted = g.deletedAt ? '' : undefined;
          return (
            <button
              type="button"
              key={g.id}
              role="listitem"
              className="gl-row"
              data-testid="gift-row"
              data-receipt={g.receiptNo}
              data-deleted={deleted}
              onClick={() => onOpen(g.id)}
              style={{ height: ROW_HEIGHT, transform: `translateY(${vi.start}px)` }}
            >
              <span className="gl-meta">
                <span className="gl-receipt">{g.receiptNo}</span>
                <br />
                <span className="gl-dim">{timeFmt.format(new Date(g.enteredAt))}{codes.size > 1 ? ` · ${codes.get(g.counterId) ?? ''}` : ''}</span>
              </span>
              <span className="gl-main">
                <span className="gl-name" style={{ display: 'block' }}>{g.initial ? `${g.initial} ` : ''}{g.name}</span>
                <span className="gl-sub" style={{ display: 'block' }}>{g.village || '—'}{g.mobile ? ` · ${g.mobile}` : ''}</span>
              </span>
              <span className="gl-amount">
                <strong data-deleted={deleted}>{g.mode === 'item' && !g.amount ? g.item : formatRupees(g.amount)}</strong>
                <span>
                  {g.deletedAt && <span className="gl-tag" data-mode="deleted">{t('gifts.list.deleted')}</span>}{' '}
                  <span className="gl-tag" data-mode={g.mode}>{t(`gifts.mode.${g.mode}`)}</span>
                </span>
              </span>
              <span className="gl-sync"><SyncMarker gift={g} rejected={rejected.has(g.id)} /></span>
            </button>
          );
        })}
      </div>
    </div>
  );
});

export function GiftList({ scope, counters, actor, actions, deleted = 'exclude', allowShowDeleted, height = 'calc(100dvh - 380px)', emptyText }: GiftListProps) {
  const { t } = useTranslation();
  const gifts = useScopeGifts(scope);
  const rejected = useRejectedGiftIds();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [counterId, setCounterId] = useState('');
  const [mode, setMode] = useState<'' | PaymentMode>('');
  const [time, setTime] = useState<TimeFilter>('all');
  const [showDeleted, setShowDeleted] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const closeDetail = useCallback(() => setOpenId(null), []);
  const codes = useMemo(() => new Map((counters ?? []).map((c) => [c.id, c.code])), [counters]);

  useEffect(() => (gifts && gifts.length > 500 ? warmSearchKeys(gifts) : undefined), [gifts]);

  const deletedMode = deleted === 'exclude' && showDeleted ? 'include' : deleted;
  const scoped = useMemo(
    () => filterGifts(gifts ?? [], { counterIds: counterId ? [counterId] : null, mode: mode || null, since: sinceOf(time), deleted: deletedMode }),
    [gifts, counterId, mode, time, deletedMode],
  );
  const rows = useMemo(() => {
    const q = compileQuery(deferredQuery);
    return q ? scoped.filter((g) => matchesQuery(g, q)) : scoped;
  }, [scoped, deferredQuery]);
  const totals = useMemo(() => computeGiftTotals(rows), [rows]);

  const empty = gifts !== undefined && rows.length === 0;
  return (
    <Stack gap="sm" data-testid="gift-list-root" data-rendered-query={deferredQuery}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('gifts.list.search')}
          placeholder={t('gifts.list.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
          type="search"
        />
        {counters && counters.length > 1 && (
          <NativeSelect
            label={t('gifts.list.counter')}
            value={counterId}
            onChange={(e) => setCounterId(e.currentTarget.value)}
            data={[{ value: '', label: t('gifts.list.allCounters') }, ...counters.map((c) => ({ value: c.id, label: `${c.code}${c.name && c.name !== c.code ? ` · ${c.name}` : ''}` }))]}
          />
        )}
        <NativeSelect
          label={t('gifts.list.mode')}
          value={mode}
          onChange={(e) => setMode(e.currentTarget.value as '' | PaymentMode)}
          data={[{ value: '', label: t('gifts.list.all') }, ...paymentModes.map((m) => ({ value: m, label: t(`gifts.mode.${m}`) }))]}
        />
        <NativeSelect
          label={t('gifts.list.time')}
          value={time}
          onChange={(e) => setTime(e.currentTarget.value as TimeFilter)}
          data={[{ value: 'all', label: t('gifts.list.all') }, { value: 'hour', label: t('gifts.list.lastHour') }, { value: 'today', label: t('gifts.list.today') }]}
        />
        {allowShowDeleted && deleted === 'exclude' && (
          <Switch label={t('gifts.list.showDeleted')} checked={showDeleted} onChange={(e) => setShowDeleted(e.currentTarget.checked)} mb={8} />
        )}
      </Group>
      <GiftTotalsBar totals={totals} />
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {empty ? (
          <Text p="xl" ta="center" c="dimmed" data-testid="gift-list-empty">
            {(gifts?.length ?? 0) === 0 ? emptyText ?? t('gifts.list.empty') : t('gifts.list.noMatch')}
          </Text>
        ) : (
          <GiftRows rows={rows} rejected={rejected} codes={codes} height={height} onOpen={setOpenId} />
        )}
      </Paper>
      <GiftDetailDrawer giftId={openId} onClose={closeDetail} actor={actor} actions={actions} counters={counters} />
    </Stack>
  );
}
