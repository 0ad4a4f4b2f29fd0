// The status indicator of spec §3–§4: primary colour when online, error red otherwise. Colour alone
// fails in the Red theme (primary is red), so the two also differ in shape: online is a filled disc,
// offline a hollow ring (a hole two thirds of its width). The online colour (--moi-status-online,
// lib/themes.ts) is the primary where it stands out 3:1 on the top bar, green on Slate dark, whose
// primary is the bar's own navy.
import { Box } from '@mantine/core';
import { ui } from '../lib/themes';

export function StatusDot({ online, label, size = 12 }: { online: boolean; label?: string; size?: number }) {
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
        ...(online
          ? { backgroundColor: 'var(--moi-status-online, var(--mantine-primary-color-filled))' }
          : { backgroundColor: 'transparent', border: `${Math.max(2, Math.round(size / 6))}px solid ${ui.errorRed}` }),
      }}
    />
  );
}
