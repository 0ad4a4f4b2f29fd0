// PWA prompts: the install button where beforeinstallprompt fires, the iOS hint, the storage-full alert.
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { publishSyncSignal } from '../../lib/sync-signal';
import { setLanguage } from '../../lib/i18n';
import { mantineThemeFor } from '../../lib/themes';
import PwaPrompts, { updateHeld } from './pwa-prompts';

const renderPrompts = () => render(<MantineProvider theme={mantineThemeFor('blue')}><PwaPrompts /></MantineProvider>);

// The prompts' view is a lazy chunk (kept off the landing page); load it once up front so the first
// test does not race a cold module transform under a busy test run.
beforeAll(async () => {
  await import('./pwa-prompts-view');
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  publishSyncSignal({ sending: false, error: null });
  setLanguage('en');
});

describe('PwaPrompts', () => {
  it('offers Install when the browser fires beforeinstallprompt, and hands the choice to the browser', async () => {
    setLanguage('en');
    renderPrompts();
    expect(screen.queryByTestId('install-button')).toBeNull();
    const prompt = vi.fn(async () => {});
    const ev = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' as const }) });
    act(() => { window.dispatchEvent(ev); });
    expect(ev.defaultPrevented).toBe(true);
    const button = await screen.findByRole('button', { name: 'Install app' });
    await act(async () => { fireEvent.click(button); });
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('install-button')).toBeNull();
  });

  it('shows the Add to Home Screen hint on an iPhone (in Tamil too) until dismissed', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1');
    setLanguage('ta');
    const { unmount } = renderPrompts();
    expect(await screen.findByText(/முகப்புத் திரையில் சேர்/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'மூடு' }));
    expect(screen.queryByTestId('ios-hint')).toBeNull();
    unmount();
    renderPrompts();
    expect(screen.queryByTestId('ios-hint')).toBeNull();
  });

  it('shows a storage-full alert the moment the sync layer reports one', async () => {
    renderPrompts();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => publishSyncSignal({ error: 'quota_exceeded' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/out of storage space/);
  });

  it('holds the update while sending or while a form is dirty', () => {
    expect(updateHeld(false, false)).toBe(false);
    expect(updateHeld(true, false)).toBe(true);
    expect(updateHeld(false, true)).toBe(true);
  });
});
