import { act, render, renderHook, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings, loadSettings, mergeSettings, SETTINGS_KEY, saveSettings } from './settings';
import { SettingsProvider, useSettings } from './settings-context';
import { themeNames, themePalettes } from './themes';

beforeEach(() => localStorage.clear());

describe('settings object', () => {
  it('has the spec defaults', () => {
    expect(defaultSettings.activeLayout).toBe('layout1');
    expect(defaultSettings.activeTheme).toBe('blue');
    expect(defaultSettings.perfectScrollbar).toBe(false);
    expect(defaultSettings.layout1Settings.leftSidebar).toEqual({ show: true, mode: 'full', theme: 'slateDark1', bgImgURL: '/assets/images/sidebar/sidebar-bg-dark.jpg' });
    expect(defaultSettings.layout1Settings.topbar).toEqual({ show: true, fixed: true, theme: 'whiteBlue' });
    expect(defaultSettings.secondarySidebar.theme).toBe('slateDark1');
    expect(defaultSettings.footer).toEqual({ show: true, fixed: false, theme: 'slateDark1' });
    expect(Object.keys(defaultSettings.themes).sort()).toEqual([...themeNames].sort());
  });

  it('merges a partial object deeply, leaving siblings and the input untouched', () => {
    const next = mergeSettings(defaultSettings, { layout1Settings: { leftSidebar: { mode: 'compact' } }, activeTheme: 'red' });
    expect(next.layout1Settings.leftSidebar).toEqual({ ...defaultSettings.layout1Settings.leftSidebar, mode: 'compact' });
    expect(next.layout1Settings.topbar).toEqual(defaultSettings.layout1Settings.topbar);
    expect(next.activeTheme).toBe('red');
    expect(next.footer).toBe(defaultSettings.footer);
    expect(defaultSettings.layout1Settings.leftSidebar.mode).toBe('full');
    expect(defaultSettings.activeTheme).toBe('blue');
  });

  it('persists per device and reads back over the defaults', () => {
    saveSettings(mergeSettings(defaultSettings, { activeTheme: 'purpleDark1', footer: { show: false } }));
    const stored = JSON.parse(localStorage.getItem(SETTINGS_KEY)!);
    expect(stored.themes).toBeUndefined();
    const loaded = loadSettings();
    expect(loaded.activeTheme).toBe('purpleDark1');
    expect(loaded.footer).toEqual({ show: false, fixed: false, theme: 'slateDark1' });
    expect(loaded.themes).toBe(themePalettes);
  });

  it('falls back to defaults for unreadable or unknown values', () => {
    localStorage.setItem(SETTINGS_KEY, '{not json');
    expect(loadSettings()).toEqual(defaultSettings);
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ activeTheme: 'neon', layout1Settings: { leftSidebar: { mode: 'sideways', theme: 'x' } } }));
    const s = loadSettings();
    expect(s.activeTheme).toBe('blue');
    expect(s.layout1Settings.leftSidebar.mode).toBe('full');
    expect(s.layout1Settings.leftSidebar.theme).toBe('slateDark1');
  });
});

describe('SettingsProvider', () => {
  it('useSettings outside the provider says it must be used within a settings provider', () => {
    expect(() => renderHook(() => useSettings())).toThrow(/must be used within a SettingsProvider/);
  });

  it('updateSettings merges and persists, and survives a remount (reload)', () => {
    function Probe() {
      const { settings, updateSettings } = useSettings();
      return (
        <button onClick={() => updateSettings({ layout1Settings: { leftSidebar: { mode: 'compact' } } })}>
          {settings.layout1Settings.leftSidebar.mode}/{settings.layout1Settings.topbar.theme}
        </button>
      );
    }
    const first = render(
      <SettingsProvider>
        <Probe />
      </SettingsProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('full/whiteBlue');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('compact/whiteBlue');
    first.unmount();
    render(
      <SettingsProvider>
        <Probe />
      </SettingsProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('compact/whiteBlue');
  });
});
