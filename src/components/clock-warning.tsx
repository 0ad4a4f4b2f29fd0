// "This tablet's clock is wrong", in words (issue 31): shown on the entry screen and in the sync
// panel when the device's clock differs from the server's by more than a few minutes. Gifts are
// still saved and timed by the server's clock (the offset travels with each); a clock more than a
// week off also flags them for the event admin's review (contract/entities.ts clock_wrong).
import { Alert, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Below this the clock is only a little off: nothing to say. */
export const CLOCK_WARN_MS = 5 * 60_000;

/** How far off, in the largest whole unit: days, hours or minutes. */
export function clockGap(offsetMs: number): { unit: 'years' | 'days' | 'hours' | 'minutes'; count: number; ahead: boolean } {
  const ms = Math.abs(offsetMs);
  // offset = server − device: a negative offset means the tablet's clock is ahead.
  const ahead = offsetMs < 0;
  if (ms >= 365 * 86_400_000) return { unit: 'years', count: Math.round(ms / (365.25 * 86_400_000)), ahead };
  if (ms >= 86_400_000) return { unit: 'days', count: Math.round(ms / 86_400_000), ahead };
  if (ms >= 3_600_000) return { unit: 'hours', count: Math.round(ms / 3_600_000), ahead };
  return { unit: 'minutes', count: Math.round(ms / 60_000), ahead };
}

/** `offsetMs`: server − device as this device measured it (data/clock.ts useClockOffset); null until measured. */
export function ClockWarning({ offsetMs: offset }: { offsetMs: number | null }) {
  const { t } = useTranslation();
  if (offset === null || Math.abs(offset) < CLOCK_WARN_MS) return null;
  const gap = clockGap(offset);
  const amount = t(`sync.clock.${gap.unit}`, { count: gap.count });
  return (
    <Alert color="orange" variant="light" icon={<IconClockExclamation size={18} />} title={t('sync.clock.title')} data-testid="clock-warning" role="status">
      <Text size="sm">{t(gap.ahead ? 'sync.clock.ahead' : 'sync.clock.behind', { amount })}</Text>
      <Text size="sm">{t('sync.clock.saved')}</Text>
    </Alert>
  );
}
