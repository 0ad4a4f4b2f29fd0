// The device's settings and the Mantine theme of the active named theme, around the parts of the app
// that use Mantine (sign-in and the signed-in app via app/themed-layout.tsx, the PWA prompts): the public
// pages render without either, which keeps Mantine (and the theme tables) off the landing route.
// Inside an existing SettingsProvider / MantineProvider (tests, nesting) it reuses them.
import { MantineContext, MantineProvider } from '@mantine/core';
import { useContext, useMemo, type ReactNode } from 'react';
import { SettingsProvider, useOptionalSettings, useSettings } from './settings-context';
import { colorSchemeOf, mantineThemeFor } from './themes';

export function ThemedMantineProvider({ children }: { children: ReactNode }) {
  const outerSettings = useOptionalSettings();
  const outerMantine = useContext(MantineContext);
  const themed = outerMantine ? children : <ThemedProvider>{children}</ThemedProvider>;
  return outerSettings ? <>{themed}</> : <SettingsProvider>{themed}</SettingsProvider>;
}

function ThemedProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const theme = useMemo(() => mantineThemeFor(settings.activeTheme), [settings.activeTheme]);
  return (
    <MantineProvider theme={theme} forceColorScheme={colorSchemeOf(settings.activeTheme)}>
      {children}
    </MantineProvider>
  );
}
