// A virtualized gift list with search and filters (counter, mode, time) for the owner and admin
// screens: only the rows in view are rendered, so 20,000 gifts scroll smoothly. Presentation only:
// the page passes the rows (from the device's copy) and optional row actions.
import { ActionIcon, Badge, Grid, Group, Paper, Select, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCloudCheck, IconCloudUp, IconSearch } from '@tabler/icons-react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../lib/format';
import { filterGifts, searchText, type FilterableGift } from '../../lib/gift-filter';
import { TotalsStrip } from './totals-strip';

export type GiftListRow = FilterableGift & {
  id: string;
  amount: number;
  counterCode: string;
  pending: boolean;
  item?: string;
  deletedAt?: string | null;
};

const timeFmt = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', day: '2-digit', month: 'short' });

const ranges = { all: 0, hour: 60, today: -1 } as const;
type Range = keyof typeof ranges;

function sinceOf(range: Range, now = new Date()): string | null {
  if (range === 'all') return null;
  if (range === 'hour') return new Date(now.getTime() - 3600_000).toISOString();
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
}

export function GiftList<R extends GiftListRow>({
  rows, counters, height = 520, actions, extra, onOpen, showTotals = 'always',
}: {
  rows: readonly R[];
  counters?: { id: string; code: string }[];
  height?: number;
  /** Buttons at the end of a row (restore, edit…). */
  actions?: (row: R) => ReactNode;
  /** A second line under the giver (e.g. the delete reason). */
  extra?: (row: R) => ReactNode;
  /** Opens a gift (details, history, corrections) when its row is clicked. */
  onOpen?: (row: R) => void;
  /** Totals of the rows that match the filters: always, only while a filter narrows the list, or never. */
  showTotals?: 'always' | 'filtered' | 'never';
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [counterId, setCounterId] = useState<string | null>(null);
  const [mode, setMode] = useState<string | null>(null);
  const [range, setRange] = useState<Range>('all');
  const deferredQ = useDeferredValue(q);
  const index = useMemo(() => rows.map(searchText), [rows]);
  const filtered = useMemo(() => {
    const out = filterGifts(rows, { q: deferredQ, counterId, mode, from: sinceOf(range) }, index);
    out.sort((a, b) => b.enteredAt.localeCompare(a.enteredAt));
    return out;
  }, [rows, index, deferredQ, counterId, mode, range]);
  const totals = useMemo(() => {
    const tt = { count: 0, sum: 0, cash: 0, upi: 0, cheque: 0, items: 0, pending: 0 };
    for (const g of filtered) {
      tt.count += 1;
      tt.sum += g.amount;
      if (g.mode === 'cash') tt.cash += g.amount;
      else if (g.mode === 'upi') tt.upi += g.amount;
      else if (g.mode === 'cheque') tt.cheque += g.amount;
      else tt.items += 1;
      if (g.pending) tt.pending += 1;
    }
    return tt;
  }, [filtered]);

  const parent = useRef<HTMLDivElement>(null);
  const virt = useVirtualizer({
    count: filtered.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 60,
    overscan: 8,
    initialRect: { width: 800, height },
    // The list box has a fixed height; where layout reports none (hidden, or a test DOM) use it.
    observeElementRect: (inst, cb) => observeElementRect(inst, (r) => cb({ width: r.width || 800, height: r.height || height })),
  });

  return (
    <Stack gap="xs">
      <Grid gap="xs" align="flex-end">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextInput label={t('admin.gifts.searchLabel')} leftSection={<IconSearch size={16} />} value={q} onChange={(e) => setQ(e.currentTarget.value)} type="search" />
        </Grid.Col>
        {counters && counters.length > 0 ? (
          <Grid.Col span={{ base: 4, md: 2 }}>
            <Select label={t('events.gifts.counter')} data={[{ value: '', label: t('admin.common.all') }, ...counters.map((c) => ({ value: c.id, label: c.code }))]} value={counterId ?? ''} onChange={(v) => setCounterId(v || null)} allowDeselect={false} />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 4, md: 2 }}>
          <Select label={t('events.gifts.mode')} data={[{ value: '', label: t('admin.common.all') }, ...(['cash', 'upi', 'cheque', 'item'] as const).map((m) => ({ value: m, label: t(`events.mode.${m}`) }))]} value={mode ?? ''} onChange={(v) => setMode(v || null)} allowDeselect={false} />
        </Grid.Col>
        <Grid.Col span={{ base: 4, md: 2 }}>
          <Select label={t('admin.gifts.time')} data={(Object.keys(ranges) as Range[]).map((r) => ({ value: r, label: t(`admin.gifts.range.${r}`) }))} value={range} onChange={(v) => setRange((v as Range) ?? 'all')} allowDeselect={false} />
        </Grid.Col>
      </Grid>
      {showTotals === 'always' || (showTotals === 'filtered' && filtered.length !== rows.length) ? <TotalsStrip totals={totals} compact /> : null}
      <Text size="xs" c="dimmed" role="status">{t('admin.gifts.shown', { shown: filtered.length, total: rows.length })}</Text>
      <Paper withBorder radius="md" ref={parent} style={{ maxHeight: height, minHeight: 64, overflow: 'auto' }} data-testid="gift-list" tabIndex={0} aria-label={t('events.gifts.list')}>
        <div style={{ height: virt.getTotalSize(), position: 'relative' }}>
          {virt.getVirtualItems().map((vi) => {
            const g = filtered[vi.index]!;
            return (
              <div key={g.id} data-testid="gift-row" role="row" style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${vi.start}px)`, borderBottom: '1px solid var(--mantine-color-default-border)' }} ref={virt.measureElement} data-index={vi.index}>
                <Group justify="space-between" wrap="nowrap" px="sm" py={6} gap="xs">
                  <UnstyledButton
                    style={{ minWidth: 0, flex: 1, cursor: onOpen ? 'pointer' : 'default' }}
                    onClick={onOpen ? () => onOpen(g) : undefined}
                    disabled={!onOpen}
                    aria-label={onOpen ? t('admin.gifts.open', { receipt: g.receiptNo }) : undefined}
                    component={onOpen ? 'button' : 'div'}
                  >
                    <Stack gap={0}>
                      <Text fw={600} truncate>{g.initial ? `${g.initial} ${g.name}` : g.name}</Text>
                      <Text size="xs" c="dimmed" truncate>
                        {[g.village, g.receiptNo, g.counterCode, timeFmt.format(new Date(g.enteredAt))].filter(Boolean).join(' · ')}
                      </Text>
                      {extra?.(g)}
                    </Stack>
                  </UnstyledButton>
                  <Stack gap={2} align="flex-end">
                    <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>{g.mode === 'item' && !g.amount ? t('events.mode.item') : formatRupees(g.amount)}</Text>
                    <Badge size="xs" variant="light" color={g.mode === 'cash' ? 'gray' : 'blue'}>{t(`events.mode.${g.mode as 'cash'}`)}</Badge>
                  </Stack>
                  <Tooltip label={g.pending ? t('admin.gifts.notSynced') : t('admin.gifts.synced')}>
                    <ActionIcon variant="subtle" color={g.pending ? 'orange' : 'teal'} aria-label={g.pending ? t('admin.gifts.notSynced') : t('admin.gifts.synced')} component="span">
                      {g.pending ? <IconCloudUp size={18} /> : <IconCloudCheck size={18} />}
                    </ActionIcon>
                  </Tooltip>
                  {actions ? <Group gap={4} wrap="nowrap">{actions(g)}</Group> : null}
                </Group>
              </div>
            );
          })}
        </div>
        {filtered.length === 0 ? <Text c="dimmed" ta="center" py="lg">{t('admin.gifts.noMatch')}</Text> : null}
      </Paper>
    </Stack>
  );
}
