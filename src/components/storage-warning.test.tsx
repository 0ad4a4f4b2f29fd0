// The storage warning speaks before saves fail: when the browser's estimate leaves under 50 MB or
// under a tenth of the quota, in Tamil and English; never when there is room or nothing is known.
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatBytes } from '../lib/format';
import { setLanguage } from '../lib/i18n';
import { mantineThemeFor } from '../lib/themes';
import { lowStorage, StorageWarning } from './storage-warning';

afterEach(() => cleanup());
const MB = 1024 * 1024;

function show(info: { usage: number | null; quota: number | null } | null, lang: 'en' | 'ta' = 'en') {
  setLanguage(lang);
  return render(<MantineProvider theme={mantineThemeFor('blue')} env="test"><StorageWarning info={info} formatBytes={(n) => formatBytes(n, lang)} /></MantineProvider>);
}

describe('StorageWarning', () => {
  it('warns with the space left when under 50 MB is free', () => {
    show({ usage: 970 * MB, quota: 1000 * MB });
    const alert = screen.getByTestId('storage-low');
    expect(alert.textContent).toContain('This device is nearly out of space');
    expect(alert.textContent).toContain('Only 30 MB left');
  });

  it('warns when under a tenth of a large quota is free, in Tamil', () => {
    show({ usage: 9.5 * 1024 * MB, quota: 10 * 1024 * MB }, 'ta');
    expect(screen.getByTestId('storage-low').textContent).toContain('இந்தச் சாதனத்தில் இடம் தீரப்போகிறது');
  });

  it('says nothing with room to spare or when the browser does not say', () => {
    show({ usage: 100 * MB, quota: 1000 * MB });
    show({ usage: null, quota: null });
    show(null);
    expect(screen.queryByTestId('storage-low')).toBeNull();
    expect(lowStorage({ usage: 0, quota: 0 })).toBeNull();
  });
});
