// A plain SVG bar chart (no chart library): horizontal bars with their value written beside them,
// readable on a phone, with a text alternative for screen readers.
import { Stack, Text } from '@mantine/core';

export type Bar = { key: string; label: string; value: number; display: string };

export function BarChart({ title, bars, color = 'var(--mantine-primary-color-filled)', emptyText }: { title: string; bars: Bar[]; color?: string; emptyText: string }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  const rowH = 28;
  const labelW = 30; // percent of the width for the labels
  const height = bars.length * rowH + 4;
  return (
    <Stack gap={6}>
      <Text fw={600}>{title}</Text>
      {bars.length === 0 || max === 0 ? (
        <Text c="dimmed" size="sm">{emptyText}</Text>
      ) : (
        <svg role="img" aria-label={`${title}: ${bars.map((b) => `${b.label} ${b.display}`).join(', ')}`} width="100%" height={height} style={{ overflow: 'visible' }}>
          {bars.map((b, i) => {
            const w = (b.value / max) * (100 - labelW - 22);
            const y = i * rowH;
            return (
              <g key={b.key} data-testid={`bar-${b.key}`}>
                <text x="0" y={y + rowH / 2 + 4} fontSize="12" fill="currentColor">{b.label}</text>
                <rect x={`${labelW}%`} y={y + 4} width={`${Math.max(w, 0.5)}%`} height={rowH - 10} rx="3" fill={color} />
                <text x={`${labelW + w + 1}%`} y={y + rowH / 2 + 4} fontSize="12" fill="currentColor">{b.display}</text>
              </g>
            );
          })}
        </svg>
      )}
    </Stack>
  );
}

/** Vertical columns over time (e.g. per hour); labels thin out when there are many columns. */
export function ColumnChart({ title, bars, color = 'var(--mantine-primary-color-filled)', emptyText }: { title: string; bars: Bar[]; color?: string; emptyText: string }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  const H = 150;
  const top = 18;
  const n = bars.length;
  const slot = 100 / Math.max(n, 1);
  const every = Math.max(1, Math.ceil(n / 8));
  return (
    <Stack gap={6}>
      <Text fw={600}>{title}</Text>
      {n === 0 || max === 0 ? (
        <Text c="dimmed" size="sm">{emptyText}</Text>
      ) : (
        <svg role="img" aria-label={`${title}: ${bars.map((b) => `${b.label} ${b.display}`).join(', ')}`} width="100%" height={H + top + 22}>
          {bars.map((b, i) => {
            const h = (b.value / max) * H;
            const x = i * slot;
            return (
              <g key={b.key} data-testid={`col-${b.key}`}>
                <title>{`${b.label}: ${b.display}`}</title>
                <rect x={`${x + slot * 0.15}%`} y={top + H - h} width={`${slot * 0.7}%`} height={Math.max(h, 1)} rx="3" fill={color} />
                {n <= 8 ? <text x={`${x + slot / 2}%`} y={top + H - h - 4} fontSize="11" textAnchor="middle" fill="currentColor">{b.display}</text> : null}
                {i % every === 0 ? <text x={`${x + slot / 2}%`} y={top + H + 16} fontSize="11" textAnchor="middle" fill="currentColor">{b.label}</text> : null}
              </g>
            );
          })}
        </svg>
      )}
    </Stack>
  );
}
