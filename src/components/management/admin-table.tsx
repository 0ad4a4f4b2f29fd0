// The table of the admin screens (users, staff, events, memberships, sign-ups, counters): a bordered
// card that scrolls sideways on narrow screens, one column definition per column; and the "…" menu
// of a row's actions. On phones and tablets (under 992 px, where the side navigation leaves ~540 px) each row is a card instead: its name (the strong
// column) and row menu on top, then every other column as a labelled line, amounts in bold, so
// nothing that matters is pushed off the screen sideways.
import { ActionIcon, Box, Card, Group, Menu, Stack, Table, Text, type MenuProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type Column<R> = {
  key: string;
  /** The heading; a column without one (a row menu) names itself to screen readers with `label`. */
  header?: ReactNode;
  label?: string;
  cell: (row: R) => ReactNode;
  align?: 'right';
  width?: number;
  /** Bold cell text (the row's name). */
  strong?: boolean;
};

export function AdminTable<R>({ rows, columns, rowKey, testId, minWidth = 640, bare = false, cards = true }: {
  rows: readonly R[];
  columns: readonly (Column<R> | false | null | undefined)[];
  rowKey: (row: R) => string;
  testId?: string;
  minWidth?: number;
  /** Without its own card (inside a card that has a heading). */
  bare?: boolean;
  /** Rows as cards under 992 px; false for a narrow table (two or three short columns) that fits a phone as it is. */
  cards?: boolean;
}) {
  const cols = columns.filter((c): c is Column<R> => !!c);
  const phone = useMediaQuery('(max-width: 61.99em)') ?? false;
  if (phone && cards) return <RowCards rows={rows} cols={cols} rowKey={rowKey} testId={testId} />;
  const table = (
    // A native scroller: the ScrollArea kind keeps an empty strip under the last row for its scrollbar.
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table verticalSpacing="sm" striped highlightOnHover data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {cols.map((c) => (
              <Table.Th key={c.key} ta={c.align} aria-label={c.header ? undefined : c.label}>{c.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={rowKey(r)}>
              {cols.map((c) => (
                <Table.Td key={c.key} ta={c.align} w={c.width} fw={c.strong ? 600 : undefined}>{c.cell(r)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return bare ? table : <Card withBorder radius="md" p={0}>{table}</Card>;
}

function RowCards<R>({ rows, cols, rowKey, testId }: { rows: readonly R[]; cols: Column<R>[]; rowKey: (row: R) => string; testId?: string }) {
  // The card is titled by the row's name (a bold text column), never by an amount: a bare "₹73,710" on
  // top says nothing; amounts stay labelled lines, in bold.
  const title = cols.find((c) => c.strong && c.align !== 'right') ?? cols.find((c) => c.header && c.align !== 'right') ?? cols[0];
  const menus = cols.filter((c) => !c.header && c !== title);
  const lines = cols.filter((c) => c !== title && c.header);
  return (
    <Stack gap="xs" data-testid={testId} data-layout="cards" role="list">
      {rows.map((r) => (
        <Card key={rowKey(r)} withBorder radius="md" padding="sm" role="listitem">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Box fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{title.cell(r)}</Box>
            {menus.map((c) => <Box key={c.key}>{c.cell(r)}</Box>)}
          </Group>
          <Stack gap={4} mt={lines.length ? 6 : 0}>
            {lines.map((c) => (
              <Group key={c.key} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>{c.header}</Text>
                <Box ta="right" fw={c.align === 'right' || c.strong ? 600 : undefined} fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{c.cell(r)}</Box>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

export type RowMenuItem = { label: string; onClick: () => void; color?: string; disabled?: boolean; hidden?: boolean };

/** A row's actions behind a "…" button named "<label>: <row>" for screen readers and tests. */
export function RowMenu({ label, items, position = 'bottom-start' }: { label: string; items: RowMenuItem[]; position?: MenuProps['position'] }) {
  return (
    <Menu position={position} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={label}><IconDots size={18} /></ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.filter((i) => !i.hidden).map((i) => (
          <Menu.Item key={i.label} color={i.color} disabled={i.disabled} onClick={i.onClick}>{i.label}</Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
