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

/** Vertical columns over time (e.g. per hour), with the first, middle and last labels shown. */
export function ColumnChart({ title, bars, color = 'var(--mantine-primary-color-filled)', emptyText }: { title: string; bars: Bar[]; color?: string; emptyText: string }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  const H = 160;
  const n = bars.length;
  return (
    <Stack gap={6}>
      <Text fw={600}>{title}</Text>
      {n === 0 || max === 0 ? (
        <Text c="dimmed" size="sm">{emptyText}</Text>
      ) : (
        <svg role="img" aria-label={`${title}: ${bars.map((b) => `${b.label} ${b.display}`).join(', ')}`} viewBox={`0 0 ${n * 20} ${H + 30}`} width="100%" height={H + 30} preserveAspectRatio="none">
          {bars.map((b, i) => {
            const h = (b.value / max) * H;
            return (
              <g key={b.key} data-testid={`col-${b.key}`}>
                <title>{`${b.label}: ${b.display}`}</title>
                <rect x={i * 20 + 3} y={H - h} width={14} height={Math.max(h, 1)} rx="2" fill={color} />
              </g>
            );
          })}
          {[0, Math.floor((n - 1) / 2), n - 1].filter((v, i, a) => a.indexOf(v) === i).map((i) => (
            <text key={i} x={i * 20 + 10} y={H + 18} fontSize="10" textAnchor="middle" fill="currentColor">{bars[i]!.label}</text>
          ))}
        </svg>
      )}
    </Stack>
  );
}
