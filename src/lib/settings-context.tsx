// SettingsProvider / useSettings: the device's settings (spec §3–§4), updated by merging a partial object.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { loadSettings, mergeSettings, saveSettings, type DeepPartial, type Settings } from './settings';

type SettingsContextValue = { settings: Settings; updateSettings: (partial: DeepPartial<Settings>) => void };

const SettingsContext = createContext<SettingsContextValue | null>(null);

export function SettingsProvider({ children, initial }: { children: ReactNode; initial?: Settings }) {
  const [settings, setSettings] = useState<Settings>(() => initial ?? loadSettings());
  const updateSettings = useCallback((partial: DeepPartial<Settings>) => {
    setSettings((cur) => {
      const next = mergeSettings(cur, partial);
      saveSettings(next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ settings, updateSettings }), [settings, updateSettings]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

/** The settings of the nearest SettingsProvider, or null outside one. */
export function useOptionalSettings(): SettingsContextValue | null {
  return useContext(SettingsContext);
}

export function useSettings(): SettingsContextValue {
  const ctx = useContext(SettingsContext);
  if (!ctx) throw new Error('useSettings must be used within a SettingsProvider');
  return ctx;
}
