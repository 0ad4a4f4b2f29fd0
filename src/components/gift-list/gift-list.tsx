// The one gift list of the app (counter, owner, family, manage, admin and deleted lists): search as
// you type (Tamil or English) over name, initial, village, receipt number and mobile; filters by
// counter, mode and time; totals of what is listed; a synced / waiting / refused marker per row;
// virtualized, so 20,000 gifts scroll smoothly. Presentation only: the page passes the gifts (from
// the device's copy), which ones the server refused, and what a row does (open, row buttons).
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NativeSelect, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconClockHour4, IconSearch } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { paymentModes, relations, type Gift, type PaymentMode, type Relation } from '../../../contract/entities';
import { formatDate, formatNumber, formatRupees } from '../../lib/format';
import { compileQuery, computeGiftTotals, filterGifts, matchesQuery, warmSearchKeys } from '../../lib/gift-search';
import { GiftTotalsBar } from './gift-totals-bar';
import './gift-list.css';

/** A gift as the device holds it: `_pending` 1 until the server has it. */
export type ListGift = Gift & { _pending?: 0 | 1 };

export type GiftListProps<G extends ListGift = ListGift> = {
  /** The gifts to list (undefined while loading). */
  gifts: readonly G[] | undefined;
  /** Ids of gifts whose change the server refused. */
  rejected?: ReadonlySet<string>;
  /** Counters for the counter filter and for showing codes. */
  counters?: readonly { id: string; code: string; name?: string }[];
  /** Which gifts to list; `only` makes a deleted-gifts list. */
  deleted?: 'exclude' | 'only' | 'include';
  /** Offer a "show deleted" switch. */
  allowShowDeleted?: boolean;
  /** Opens a gift (details, history, corrections) when its row is pressed. */
  onOpen?: (g: G) => void;
  /** Buttons at the end of a row (delete, restore…). */
  rowActions?: (g: G) => ReactNode;
  /** A third line under the giver (e.g. why and by whom it was deleted). */
  rowExtra?: (g: G) => ReactNode;
  /** Totals of the listed gifts: always, only while a filter narrows the list, or never. */
  totals?: 'always' | 'filtered' | 'never';
  /** Height of the scrolling list. */
  height?: number | string;
  /** Said when there is no gift at all (before any filter). */
  emptyText?: string;
};

type TimeFilter = 'all' | 'hour' | 'today';
const ROW_HEIGHT = 68;
/** With a detail line (up to two lines across the whole row) under it. */
const ROW_HEIGHT_EXTRA = 100;
/**
 * Phones: the village and the mobile each on their own line (a village may take two), never cut to
 * "Thiruppuvanam · 95…"; a name takes up to two lines.
 */
const ROW_HEIGHT_PHONE = 100;
/** On phones the row's buttons (Restore…) share the detail line instead of squeezing the name. */
const ROW_HEIGHT_PHONE_EXTRA = 150;
const PHONE_QUERY = '(max-width: 36em)';

function startOfToday(): string {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
}

function sinceOf(f: TimeFilter): string | null {
  if (f === 'hour') return new Date(Date.now() - 3600_000).toISOString();
  if (f === 'today') return startOfToday();
  return null;
}

/** Synced / waiting / refused marker of one row (a plain titled icon: cheap in long lists). */
export function SyncMarker({ gift, rejected }: { gift: ListGift; rejected: boolean }) {
  const { t } = useTranslation();
  if (rejected) return <IconAlertTriangle size={20} color="var(--mantine-color-red-6)" aria-label={t('gifts.list.rejected')} role="img"><title>{t('gifts.list.rejected')}</title></IconAlertTriangle>;
  if (gift._pending === 1) return <IconClockHour4 size={20} color="var(--mantine-color-orange-6)" aria-label={t('gifts.list.pending')} role="img"><title>{t('gifts.list.pending')}</title></IconClockHour4>;
  return <IconCloudCheck size={20} color="var(--mantine-color-teal-6)" aria-label={t('gifts.list.synced')} role="img"><title>{t('gifts.list.synced')}</title></IconCloudCheck>;
}

type RowsProps<G extends ListGift> = {
  rows: G[];
  rejected: ReadonlySet<string>;
  codes: Map<string, string>;
  height: number | string;
  onOpen?: (g: G) => void;
  rowActions?: (g: G) => ReactNode;
  rowExtra?: (g: G) => ReactNode;
  /** Fade and strike deleted rows (not in a list of deleted gifts only). */
  markDeleted: boolean;
};

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/** The scrolling, virtualized rows; memoized so typing in the search box re-renders only when the rows change. */
const GiftRows = memo(function GiftRows<G extends ListGift>({ rows, rejected, codes, height, onOpen, rowActions, rowExtra, markDeleted }: RowsProps<G>) {
  const { t, i18n } = useTranslation();
  const today = startOfToday();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const rowHeight = phone ? (rowExtra ? ROW_HEIGHT_PHONE_EXTRA : ROW_HEIGHT_PHONE) : rowExtra ? ROW_HEIGHT_EXTRA : ROW_HEIGHT;
  const mainHeight = (phone ? ROW_HEIGHT_PHONE : ROW_HEIGHT) - 1;
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    initialRect: { width: 800, height: 600 },
    // A box that has not been laid out (hidden tab, jsdom) reports 0 × 0: assume a screenful then.
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width || 800, height: 600 })),
  });
  // Phone and wider rows differ in height: lay the rows out again when the width crosses over.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const Main = onOpen ? 'button' : 'div';
  return (
    // A short list takes only the height of its rows (no large empty box under it).
    <div ref={parentRef} style={{ height: `min(${typeof height === 'number' ? `${height}px` : height}, ${rows.length * rowHeight + 2}px)`, minHeight: Math.min(240, rows.length * rowHeight + 2), overflowY: 'auto' }} data-testid="gift-list" tabIndex={0} aria-label={t('gifts.list.rows', { count: rows.length })} role="list">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((vi) => {
          const g = rows[vi.index];
          const deleted = markDeleted && g.deletedAt ? '' : undefined;
          const when = new Date(g.enteredAt);
          return (
            // The whole row opens the gift (a click anywhere); its first part is the keyboard's button for that.
            <div
              key={g.id}
              role="listitem"
              className="gl-row"
              data-testid="gift-row"
              data-receipt={g.receiptNo}
              data-deleted={deleted}
              data-open={onOpen ? '' : undefined}
              data-below={rowExtra && rowActions ? '' : undefined}
              onClick={onOpen ? () => onOpen(g) : undefined}
              style={{ height: rowHeight, transform: `translateY(${vi.start}px)` }}
            >
              <Main className="gl-open" style={{ height: mainHeight }} {...(onOpen ? { type: 'button' as const } : {})}>
                <span className="gl-meta">
                  <span className="gl-receipt">{g.receiptNo}</span>
                  <br />
                  <span className="gl-dim">{formatDate(when, g.enteredAt < today ? 'dayTime' : 'time', i18n.language)}{codes.size > 1 ? ` · ${codes.get(g.counterId) ?? ''}` : ''}</span>
                </span>
                <span className="gl-main">
                  <span className="gl-name">
                    {g.initial ? `${g.initial} ` : ''}{g.name}
                    {/* Who the giver is beyond the name (issue 30): spouse's or father's name, title. */}
                    {g.kinName || g.title ? <span className="gl-identity" data-testid="gift-identity"> · {[g.kinName, g.title].filter(Boolean).join(' · ')}</span> : null}
                  </span>
                  <span className="gl-sub"><span className="gl-village">{g.village || '—'}</span>{g.mobile ? <span className="gl-mobile"><span className="gl-sep"> · </span>{g.mobile}</span> : null}</span>
                </span>
                <span className="gl-amount">
                  <strong data-deleted={deleted}>{g.mode === 'item' && !g.amount ? g.item : formatRupees(g.amount)}</strong>
                  <span>
                    {deleted !== undefined && <span className="gl-tag" data-mode="deleted">{t('gifts.list.deleted')}</span>}{' '}
                    {'relation' in g && g.relation === 'maternal_uncle' ? <><span className="gl-tag" data-relation="maternal_uncle">{t('gifts.relation.maternal_uncle')}</span>{' '}</> : null}
                    {g.flags?.length && !g.reviewedAt ? <><span className="gl-tag" data-mode="flagged" data-testid="gift-flag" title={g.flags.map((f) => t(`gifts.flags.${f}`)).join(' · ')}>{t('gifts.flags.badge')}</span>{' '}</> : null}
                    <span className="gl-tag" data-mode={g.mode}>{t(`glossary.paymentMode.${g.mode}`)}</span>
                  </span>
                </span>
                <span className="gl-sync"><SyncMarker gift={g} rejected={rejected.has(g.id)} /></span>
              </Main>
              {rowActions ? (
                // Row buttons act on their own, without opening the gift.
                <span className="gl-actions" onClick={stop}>{rowActions(g)}</span>
              ) : null}
              {rowExtra ? <div className="gl-extra">{rowExtra(g)}</div> : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}) as <G extends ListGift>(p: RowsProps<G>) => ReactNode;

const NO_REJECTS: ReadonlySet<string> = new Set();

export function GiftList<G extends ListGift>({
  gifts, rejected = NO_REJECTS, counters, deleted = 'exclude', allowShowDeleted, onOpen, rowActions, rowExtra,
  totals: showTotals = 'always', height = 'calc(100dvh - 380px)', emptyText,
}: GiftListProps<G>) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [counterId, setCounterId] = useState('');
  const [mode, setMode] = useState<'' | PaymentMode>('');
  const [relation, setRelation] = useState<'' | Relation>('');
  const [time, setTime] = useState<TimeFilter>('all');
  const [showDeleted, setShowDeleted] = useState(false);
  const codes = useMemo(() => new Map((counters ?? []).map((c) => [c.id, c.code])), [counters]);

  useEffect(() => (gifts && gifts.length > 500 ? warmSearchKeys(gifts) : undefined), [gifts]);

  const deletedMode = deleted === 'exclude' && showDeleted ? 'include' : deleted;
  /** Gifts of this list before any search or filter (for "x of y" and the empty message). */
  const pool = useMemo(() => {
    if (!gifts || deletedMode === 'include') return gifts?.length ?? 0;
    let n = 0;
    for (const g of gifts) if (!g.deletedAt === (deletedMode === 'exclude')) n++;
    return n;
  }, [gifts, deletedMode]);
  const scoped = useMemo(
    () => filterGifts(gifts ?? [], { counterIds: counterId ? [counterId] : null, mode: mode || null, relation: relation || null, since: sinceOf(time), deleted: deletedMode }),
    [gifts, counterId, mode, relation, time, deletedMode],
  );
  const rows = useMemo(() => {
    const q = compileQuery(deferredQuery);
    return q ? scoped.filter((g) => matchesQuery(g, q)) : scoped;
  }, [scoped, deferredQuery]);
  const totals = useMemo(() => computeGiftTotals(rows), [rows]);
  const narrowed = rows.length !== pool;

  return (
    <Stack gap="sm" data-testid="gift-list-root" data-rendered-query={deferredQuery}>
      {/* The search on a line of its own (its placeholder is long in Tamil), the filters in even columns under it. */}
      <div className="gl-filters">
        <TextInput
          className="gl-search"
          label={t('gifts.list.search')}
          placeholder={t('gifts.list.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          type="search"
        />
        {counters && counters.length > 1 && (
          <NativeSelect
            className="gl-wide"
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
          data={[{ value: '', label: t('gifts.list.all') }, ...paymentModes.map((m) => ({ value: m, label: t(`glossary.paymentMode.${m}`) }))]}
        />
        <NativeSelect
          label={t('gifts.list.relation')}
          value={relation}
          onChange={(e) => setRelation(e.currentTarget.value as '' | Relation)}
          data={[{ value: '', label: t('gifts.list.all') }, ...relations.map((r) => ({ value: r, label: t(`gifts.relation.${r}`) }))]}
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
      </div>
      {showTotals === 'always' || (showTotals === 'filtered' && narrowed) ? <GiftTotalsBar totals={totals} /> : null}
      {gifts !== undefined && narrowed ? (
        <Text size="xs" c="dimmed" role="status">{t('gifts.list.shown', { shown: formatNumber(rows.length), total: formatNumber(pool) })}</Text>
      ) : null}
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {gifts !== undefined && rows.length === 0 ? (
          <Text p="xl" ta="center" c="dimmed" data-testid="gift-list-empty">
            {pool === 0 ? emptyText ?? t('gifts.list.empty') : t('gifts.list.noMatch')}
          </Text>
        ) : (
          <GiftRows rows={rows} rejected={rejected} codes={codes} height={height} onOpen={onOpen} rowActions={rowActions} rowExtra={rowExtra} markDeleted={deletedMode !== 'only'} />
        )}
      </Paper>
    </Stack>
  );
}
