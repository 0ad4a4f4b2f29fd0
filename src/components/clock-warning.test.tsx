// The clock warning (its offset measured by data/clock.ts) says in words how far the tablet's clock is off, in Tamil and English, and
// says nothing when the clock is right (or not yet measured).
import { afterEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { setLanguage } from '../lib/i18n';
import { mantineThemeFor } from '../lib/themes';
import { ClockWarning, clockGap } from './clock-warning';

function renderWithProviders(ui: React.ReactElement, opts: { lang?: 'ta' | 'en' } = {}) {
  setLanguage(opts.lang ?? 'en');
  return render(<MantineProvider theme={mantineThemeFor('blue')} env="test">{ui}</MantineProvider>);
}

afterEach(() => cleanup());

describe('ClockWarning', () => {
  it('a tablet that reads 2020 while the server reads today: warns in words, years behind', async () => {
    renderWithProviders(<ClockWarning offsetMs={6 * 365 * 86_400_000} />);
    const alert = await screen.findByTestId('clock-warning');
    expect(alert.textContent).toContain('This tablet’s clock is wrong');
    expect(alert.textContent).toContain('It is about 6 years behind the server.');
    expect(alert.textContent).toContain('Gifts are still saved');
  });

  it('in Tamil', async () => {
    renderWithProviders(<ClockWarning offsetMs={-3 * 3_600_000} />, { lang: 'ta' });
    const alert = await screen.findByTestId('clock-warning');
    expect(alert.textContent).toContain('இந்த டேப்லெட்டின் கடிகாரம் தவறாக உள்ளது');
    expect(alert.textContent).toContain('3 மணி நேரம் முன்னால்');
  });

  it('says nothing for a clock a minute off, or one never measured', () => {
    renderWithProviders(<ClockWarning offsetMs={null} />);
    expect(screen.queryByTestId('clock-warning')).toBeNull();
    renderWithProviders(<ClockWarning offsetMs={60_000} />);
    expect(screen.queryByTestId('clock-warning')).toBeNull();
  });

  it('clockGap picks the largest whole unit and the direction', () => {
    expect(clockGap(7 * 365 * 86_400_000)).toEqual({ unit: 'years', count: 7, ahead: false });
    expect(clockGap(-2 * 86_400_000)).toEqual({ unit: 'days', count: 2, ahead: true });
    expect(clockGap(90 * 60_000)).toEqual({ unit: 'hours', count: 2, ahead: false });
    expect(clockGap(7 * 60_000)).toEqual({ unit: 'minutes', count: 7, ahead: false });
  });
});
