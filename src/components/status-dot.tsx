// The status indicator of spec §3–§4: primary colour when online, error red otherwise.
import { Box } from '@mantine/core';
import { ui } from '../lib/themes';

export function StatusDot({ online, label, size = 10 }: { online: boolean; label?: string; size?: number }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      data-online={online ? 'true' : 'false'}
      style={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        flex: 'none',
        backgroundColor: online ? 'var(--mantine-primary-color-filled)' : ui.errorRed,
      }}
    />
  );
}
