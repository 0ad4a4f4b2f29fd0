// App-wide providers: settings (per device), the Mantine theme of the active named theme, auth.
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { AuthProvider, type SessionLifecycle } from '../features/auth/auth-context';
import { SettingsProvider, useSettings } from '../lib/settings-context';
import { colorSchemeOf, mantineThemeFor } from '../lib/themes';
import { useMemo } from 'react';

function ThemedMantine({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const theme = useMemo(() => mantineThemeFor(settings.activeTheme), [settings.activeTheme]);
  return (
    <MantineProvider theme={theme} forceColorScheme={colorSchemeOf(settings.activeTheme)}>
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ children, lifecycle }: { children: ReactNode; lifecycle?: SessionLifecycle }) {
  return (
    <SettingsProvider>
      <ThemedMantine>
        <AuthProvider lifecycle={lifecycle}>{children}</AuthProvider>
      </ThemedMantine>
    </SettingsProvider>
  );
}
