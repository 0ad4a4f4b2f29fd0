// The eleven named themes of spec §3 (palette: light/dark, primary, secondary, background, text),
// the presentation constants of spec §9, and the mapping of a named theme onto a Mantine theme.
import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

export const themeNames = [
  'whitePurple',
  'whiteBlue',
  'slateDark1',
  'slateDark2',
  'purple1',
  'purple2',
  'purpleDark1',
  'purpleDark2',
  'blue',
  'blueDark',
  'red',
] as const;
export type ThemeName = (typeof themeNames)[number];

export type ThemePalette = {
  type: 'light' | 'dark';
  primary: { main: string; contrastText: string };
  secondary: { main: string; contrastText: string };
  background?: { paper: string; default: string };
  text?: { primary: string; secondary: string };
};

/** Presentation constants of spec §9. */
export const ui = {
  errorRed: '#FF3D57',
  secondaryOrange: '#ff9e43',
  fontSize: 14,
  cardRadius: 8,
  progressBar: { height: 4, zIndex: 2000 },
  tooltip: { enterDelay: 100, enterTouchDelay: 700, leaveTouchDelay: 1500, maxWidth: 300 },
  floatingPanel: { headerHeight: 64, width: 360, smallScreenMax: 450, smallScreenInset: 32 },
} as const;

const secondary = { main: ui.secondaryOrange, contrastText: '#ffffff' };
const darkBg = { paper: '#222A45', default: '#1a2038' };
const darkText = { primary: '#ffffff', secondary: 'rgba(255, 255, 255, 0.7)' };

export const themePalettes: Record<ThemeName, ThemePalette> = {
  whitePurple: { type: 'light', primary: { main: '#ffffff', contrastText: '#7467ef' }, secondary: { main: '#7467ef', contrastText: '#ffffff' } },
  whiteBlue: { type: 'light', primary: { main: '#ffffff', contrastText: '#1976d2' }, secondary: { main: '#1976d2', contrastText: '#ffffff' } },
  slateDark1: { type: 'dark', primary: { main: '#222A45', contrastText: '#ffffff' }, secondary, background: darkBg, text: darkText },
  slateDark2: { type: 'dark', primary: { main: '#1a2038', contrastText: '#ffffff' }, secondary, background: { paper: '#1a2038', default: '#222A45' }, text: darkText },
  purple1: { type: 'light', primary: { main: '#7467ef', contrastText: '#ffffff' }, secondary, background: { paper: '#ffffff', default: '#fafafa' }, text: { primary: 'rgba(52, 49, 76, 1)', secondary: 'rgba(52, 49, 76, 0.54)' } },
  purple2: { type: 'light', primary: { main: '#6a75c9', contrastText: '#ffffff' }, secondary, background: { paper: '#ffffff', default: '#fafafa' }, text: { primary: 'rgba(52, 49, 76, 1)', secondary: 'rgba(52, 49, 76, 0.54)' } },
  purpleDark1: { type: 'dark', primary: { main: '#7467ef', contrastText: '#ffffff' }, secondary, background: darkBg, text: darkText },
  purpleDark2: { type: 'dark', primary: { main: '#6a75c9', contrastText: '#ffffff' }, secondary, background: darkBg, text: darkText },
  blue: { type: 'light', primary: { main: '#1976d2', contrastText: '#ffffff' }, secondary, background: { paper: '#ffffff', default: '#f5f6fa' }, text: { primary: 'rgba(52, 49, 76, 1)', secondary: 'rgba(52, 49, 76, 0.54)' } },
  blueDark: { type: 'dark', primary: { main: '#1976d2', contrastText: '#ffffff' }, secondary, background: darkBg, text: darkText },
  red: { type: 'dark', primary: { main: '#e53935', contrastText: '#ffffff' }, secondary, background: darkBg, text: darkText },
};

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const n = parseInt(h.length === 3 ? h.split('').map((c) => c + c).join('') : h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  const c = (x: number, y: number) => Math.round(x + (y - x) * t).toString(16).padStart(2, '0');
  return `#${c(r1, r2)}${c(g1, g2)}${c(b1, b2)}`;
}

/** Ten Mantine shades around a main colour (index 6 is the main colour, as Mantine expects). */
export function shadesOf(main: string): MantineColorsTuple {
  return [
    mix(main, '#ffffff', 0.92),
    mix(main, '#ffffff', 0.8),
    mix(main, '#ffffff', 0.62),
    mix(main, '#ffffff', 0.44),
    mix(main, '#ffffff', 0.28),
    mix(main, '#ffffff', 0.12),
    main.toLowerCase(),
    mix(main, '#000000', 0.14),
    mix(main, '#000000', 0.28),
    mix(main, '#000000', 0.42),
  ] as unknown as MantineColorsTuple;
}

/** The colour that stands for a theme: white themes are represented by their accent. */
export function accentOf(name: ThemeName): string {
  const p = themePalettes[name];
  return p.primary.main.toLowerCase() === '#ffffff' ? p.primary.contrastText : p.primary.main;
}

export const FONT_FAMILY =
  "'Noto Sans Tamil', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** The Mantine theme for the active named theme: primary colour, secondary orange, error red, 14px text, 8px radius. */
export function mantineThemeFor(name: ThemeName): MantineThemeOverride {
  const accent = accentOf(name);
  return createTheme({
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 6 },
    colors: { brand: shadesOf(accent), secondary: shadesOf(ui.secondaryOrange), errorRed: shadesOf(ui.errorRed) },
    fontFamily: FONT_FAMILY,
    headings: { fontFamily: FONT_FAMILY },
    fontSizes: { xs: '12px', sm: '13px', md: `${ui.fontSize}px`, lg: '16px', xl: '18px' },
    defaultRadius: 'md',
    radius: { md: `${ui.cardRadius}px` },
    components: {
      Tooltip: { defaultProps: { openDelay: ui.tooltip.enterDelay, maw: ui.tooltip.maxWidth, multiline: true } },
      Card: { defaultProps: { radius: ui.cardRadius } },
      Paper: { defaultProps: { radius: ui.cardRadius } },
    },
    other: { ...ui, palette: themePalettes[name] },
  });
}

/** Mantine colour scheme implied by a named theme's palette type. */
export const colorSchemeOf = (name: ThemeName): 'light' | 'dark' => themePalettes[name].type;
