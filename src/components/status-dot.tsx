// The status indicator of spec §3–§4: primary colour when online, error red otherwise. Colour alone
// fails in the Red theme (primary is red) and on dark bars, so the two also differ in shape: online is
// a filled disc, offline a hollow ring; both carry a light outline that shows on any bar colour.
import { Box } from '@mantine/core';
import { ui } from '../lib/themes';

export function StatusDot({ online, label, size = 10 }: { online: boolean; label?: string; size?: number }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      data-online={online ? 'true' : 'false'}
      data-shape={online ? 'disc' : 'ring'}
      style={{
        display: 'inline-block',
        boxSizing: 'border-box',
        width: size,
        height: size,
        borderRadius: '50%',
        flex: 'none',
        boxShadow: '0 0 0 2px rgba(255, 255, 255, 0.9)',
        ...(online
          ? { backgroundColor: 'var(--mantine-primary-color-filled)' }
          : { backgroundColor: 'transparent', border: `${Math.max(2, Math.round(size / 4))}px solid ${ui.errorRed}` }),
      }}
    />
  );
}
