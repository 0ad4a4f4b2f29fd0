import { Button, MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MoiMenu, type MoiMenuProps } from './menu';

const renderMenu = (props: Partial<MoiMenuProps> = {}) => {
  const onA = vi.fn();
  render(
    <MantineProvider env="test">
      <MoiMenu trigger={<Button>Open</Button>} items={[{ key: 'a', label: 'Item A', onClick: onA }, { key: 'b', label: 'Item B' }]} {...props} />
    </MantineProvider>,
  );
  return { onA };
};

const gone = () => waitFor(() => expect(screen.queryByRole('menu')).toBeNull(), { timeout: 4000 });

describe('MoiMenu', () => {
  it('opens and closes on a click of its trigger', async () => {
    const user = userEvent.setup();
    renderMenu();
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('menu', {}, { timeout: 4000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await gone();
  });

  it('closes after an item click and runs the item', async () => {
    const user = userEvent.setup();
    const { onA } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Item A' }, { timeout: 4000 }));
    expect(onA).toHaveBeenCalledTimes(1);
    await gone();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open after an item click when configured so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { onA } = renderMenu({ shouldCloseOnItemClick: false });
      await user.click(screen.getByRole('button', { name: 'Open' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Item A' }, { timeout: 4000 }));
      expect(onA).toHaveBeenCalledTimes(1);
      // Past any closing transition or delayed close (the test above sees the menu go): still open.
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('menu')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is positioned to the left by default, to the right when asked', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('menu', {}, { timeout: 4000 })).toHaveAttribute('data-horizontal-position', 'left');
  });

  it('can be positioned to the right', async () => {
    const user = userEvent.setup();
    renderMenu({ horizontalPosition: 'right' });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('menu', {}, { timeout: 4000 })).toHaveAttribute('data-horizontal-position', 'right');
  });
});
