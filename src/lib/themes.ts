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
  /** The status dot's online colour where the primary does not stand out on the top bar (Slate dark). */
  onlineGreen: '#40c057',
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

function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const AA = 4.5;

/**
 * Mantine's per-colour variables (filled buttons and badges, outline, light and subtle variants, and
 * `c="teal"` text) moved to the nearest shade of the same colour that reaches WCAG AA (4.5:1) on the
 * theme's surface: white text on a filled background, coloured text on the page (white for light
 * themes, the paper colour for dark ones). Mantine's defaults (shade 6 on white, e.g. teal 2.5:1,
 * red 3.3:1) do not. Used as the MantineProvider's CSS variables resolver for the active theme.
 */
export function accessibleColorVariables(colors: Record<string, readonly string[]>, name: ThemeName): Record<string, string> {
  const p = themePalettes[name];
  const surface = p.type === 'dark' ? (p.background?.paper ?? '#242424') : '#ffffff';
  // Dark themes also put text on Mantine's own dark page and cards (dark-7, dark-6).
  const surfaces = p.type === 'dark' ? [surface, '#242424', '#2e2e2e'] : [surface];
  const vars: Record<string, string> = {};
  for (const [color, shades] of Object.entries(colors)) {
    if (!Array.isArray(shades) || shades.length < 10 || !shades.every((s) => /^#[0-9a-f]{6}$/i.test(s))) continue;
    // Filled: white text; from shade 6 towards darker.
    let filled = 6;
    while (filled < 9 && contrastRatio(shades[filled], '#ffffff') < AA) filled++;
    // Coloured text: darker on light surfaces, lighter on dark ones; also readable on the light variant's
    // background (Mantine's: shade 1 on light themes, shade 9 darkened by half on dark ones).
    // Past the palette's last shade, the colour mixed further towards black (or white).
    const tint = p.type === 'dark' ? mix(shades[9], '#000000', 0.5) : shades[1];
    const candidates = p.type === 'dark'
      ? [6, 5, 4, 3, 2, 1, 0].map((i) => shades[i]).concat([0.4, 0.6].map((t) => mix(shades[0], '#ffffff', t)))
      : [6, 7, 8, 9].map((i) => shades[i]).concat([0.2, 0.35, 0.5].map((t) => mix(shades[9], '#000000', t)));
    const text = candidates.find((c) => [...surfaces, tint].every((bg) => contrastRatio(c, bg) >= AA)) ?? candidates[candidates.length - 1];
    vars[`--mantine-color-${color}-filled`] = shades[filled];
    vars[`--mantine-color-${color}-filled-hover`] = shades[Math.min(9, filled + 1)];
    vars[`--mantine-color-${color}-text`] = text;
    vars[`--mantine-color-${color}-light-color`] = text;
    vars[`--mantine-color-${color}-outline`] = text;
  }
  // The status dot's online colour: the primary (spec §4) where it stands out 3:1 against the top bar
  // (WCAG 1.4.11); on Slate dark the primary is the bar's own navy, and a pale tint of it would read as
  // "off", so there the dot is the green people read as "connected".
  const brand = colors.brand;
  if (Array.isArray(brand) && brand.length >= 10) {
    const bar = p.type === 'dark' ? surface : '#ffffff';
    vars['--moi-status-online'] = contrastRatio(brand[6], bar) >= 3 ? brand[6] : ui.onlineGreen;
  }
  // Links (breadcrumbs, anchors) in the primary colour's readable shade: on Slate dark the primary is
  // the bar's navy, which Mantine's default anchor shade leaves nearly invisible on the page.
  if (vars['--mantine-color-brand-text']) vars['--mantine-color-anchor'] = vars['--mantine-color-brand-text'];
  return vars;
}
