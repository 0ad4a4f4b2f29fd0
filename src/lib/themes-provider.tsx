// The device's settings and the Mantine theme of the active named theme, around the parts of the app
// that use Mantine (sign-in and the signed-in app via app/themed-layout.tsx, the PWA prompts): the public
// pages render without either, which keeps Mantine (and the theme tables) off the landing route.
// Inside an existing SettingsProvider / MantineProvider (tests, nesting) it reuses them.
import './mantine-frame.css';
import { MantineContext, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { useContext, useMemo, type ReactNode } from 'react';
import { SettingsProvider, useOptionalSettings, useSettings } from './settings-context';
import { accessibleColorVariables, colorSchemeOf, mantineThemeFor, type ThemeName } from './themes';

export function ThemedMantineProvider({ children }: { children: ReactNode }) {
  const outerSettings = useOptionalSettings();
  const outerMantine = useContext(MantineContext);
  const themed = outerMantine ? children : <ThemedProvider>{children}</ThemedProvider>;
  return outerSettings ? <>{themed}</> : <SettingsProvider>{themed}</SettingsProvider>;
}

/**
 * "Dimmed" text one step darker (lighter on dark themes) than Mantine's default, which is 3.3:1 on
 * white (gray 6): secondary text such as the top bar's role line must reach WCAG AA's 4.5:1. Each
 * palette colour's filled/outline/light/text variables move to a shade that reaches it too.
 */
const resolverFor = (name: ThemeName): CSSVariablesResolver => (theme) => {
  const colours = accessibleColorVariables(theme.colors, name);
  return {
    variables: {},
    light: { ...colours, '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
    dark: { ...colours, '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
  };
};

function ThemedProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const theme = useMemo(() => mantineThemeFor(settings.activeTheme), [settings.activeTheme]);
  const resolver = useMemo(() => resolverFor(settings.activeTheme), [settings.activeTheme]);
  return (
    <MantineProvider theme={theme} forceColorScheme={colorSchemeOf(settings.activeTheme)} cssVariablesResolver={resolver}>
      {children}
    </MantineProvider>
  );
}
