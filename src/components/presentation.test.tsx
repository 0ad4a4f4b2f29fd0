import { Button, MantineProvider, Tooltip } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { mantineThemeFor } from '../lib/themes';
import { LoadingScreen } from './loading-screen';
import { PageShell } from './page-shell';
import { StatusDot } from './status-dot';

const wrap = (ui: React.ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);

describe('LoadingScreen', () => {
  it('shows the circular logo with a spinner, announced as loading', () => {
    setLanguage('en');
    const { container } = wrap(<LoadingScreen />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', '/assets/images/logo-circle.svg');
    expect(screen.getByTestId('loading-spinner')).toBeInTheDocument();
  });
});

describe('StatusDot', () => {
  it('is a filled disc in the online colour when online and a hollow error-red ring otherwise, so the Red theme tells them apart', () => {
    wrap(
      <>
        <StatusDot online label="Online" />
        <StatusDot online={false} label="Offline" />
      </>,
    );
    const on = screen.getByRole('img', { name: 'Online' }).style;
    const off = screen.getByRole('img', { name: 'Offline' }).style;
    // The theme's online shade (lib/themes: the primary where it stands out on the bar), else the primary.
    expect(on.backgroundColor).toBe('var(--moi-status-online, var(--mantine-primary-color-filled))');
    expect(on.borderStyle).toBe('');
    expect(off.borderColor).toBe('rgb(255, 61, 87)');
    expect(off.backgroundColor).toBe('transparent'); // hollow: a different shape, not only a different colour
    // The hole is most of the ring's width, so the ring reads as a ring at 12 px.
    expect(parseInt(off.borderWidth, 10) * 2).toBeLessThanOrEqual(parseInt(off.width, 10) / 3);
  });
});

describe('PageShell', () => {
  it('names the browser tab and says what will appear when it has no content', () => {
    setLanguage('en');
    wrap(<PageShell title="Closed counters" emptyText="Closed counters with their cash tally will appear here." />);
    expect(document.title).toBe('Closed counters · Moi');
    expect(screen.getByText('Closed counters with their cash tally will appear here.')).toBeInTheDocument();
    expect(screen.getByText('Nothing here yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Closed counters' }).className).toMatch(/mantine-hidden-from-xs/);
  });

  it('shows its content instead of the empty state', () => {
    wrap(
      <PageShell title="Events" emptyText="empty">
        <p>three events</p>
      </PageShell>,
    );
    expect(screen.getByText('three events')).toBeInTheDocument();
    expect(screen.queryByText('empty')).toBeNull();
  });
});

describe('tooltips in the app theme (spec §9)', () => {
  it('appear 100 ms after the pointer rests on the control, not at once', async () => {
    vi.useFakeTimers();
    try {
      render(
        <MantineProvider theme={mantineThemeFor('blue')} env="test">
          <Tooltip label="Sync now">
            <Button>Sync</Button>
          </Tooltip>
        </MantineProvider>,
      );
      fireEvent.mouseEnter(screen.getByRole('button', { name: 'Sync' }));
      await act(() => vi.advanceTimersByTimeAsync(90));
      expect(screen.queryByRole('tooltip')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(20));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Sync now');
    } finally {
      vi.useRealTimers();
    }
  });
});
