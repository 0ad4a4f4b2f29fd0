// The settings object of spec §3 with its defaults, merged from partial updates (spec §4) and
// kept per device in localStorage. Pure functions; the React provider is in settings-context.tsx.
import { themeNames, themePalettes, type ThemeName, type ThemePalette } from './themes';

export type SidebarMode = 'full' | 'compact' | 'close' | 'mobile';

export type Settings = {
  activeLayout: 'layout1';
  activeTheme: ThemeName;
  perfectScrollbar: boolean;
  themes: Record<ThemeName, ThemePalette>;
  layout1Settings: {
    leftSidebar: { show: boolean; mode: SidebarMode; theme: ThemeName; bgImgURL: string };
    topbar: { show: boolean; fixed: boolean; theme: ThemeName };
  };
  secondarySidebar: { show: boolean; open: boolean; theme: ThemeName };
  footer: { show: boolean; fixed: boolean; theme: ThemeName };
};

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export const SIDEBAR_BG = '/assets/images/sidebar/sidebar-bg-dark.jpg';
export const SETTINGS_KEY = 'moi.settings';

export const defaultSettings: Settings = {
  activeLayout: 'layout1',
  activeTheme: 'blue',
  perfectScrollbar: false,
  themes: themePalettes,
  layout1Settings: {
    leftSidebar: { show: true, mode: 'full', theme: 'slateDark1', bgImgURL: SIDEBAR_BG },
    topbar: { show: true, fixed: true, theme: 'whiteBlue' },
  },
  secondarySidebar: { show: true, open: false, theme: 'slateDark1' },
  footer: { show: true, fixed: false, theme: 'slateDark1' },
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep-merge a partial settings object into the current one; returns a new object, inputs untouched. */
export function mergeSettings(current: Settings, partial: DeepPartial<Settings>): Settings {
  const merge = (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = { ...a };
    for (const [k, v] of Object.entries(b)) {
      if (v === undefined) continue;
      out[k] = isPlainObject(v) && isPlainObject(a[k]) ? merge(a[k] as Record<string, unknown>, v) : v;
    }
    return out;
  };
  return merge(current, partial as Record<string, unknown>) as Settings;
}

const isThemeName = (v: unknown): v is ThemeName => typeof v === 'string' && (themeNames as readonly string[]).includes(v);

/** Settings saved on this device merged over the defaults; anything unreadable falls back to the default. */
export function loadSettings(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Settings {
  let saved: unknown;
  try {
    const raw = storage?.getItem(SETTINGS_KEY);
    saved = raw ? JSON.parse(raw) : null;
  } catch {
    saved = null;
  }
  if (!isPlainObject(saved)) return defaultSettings;
  const merged = mergeSettings(defaultSettings, saved as DeepPartial<Settings>);
  // Palettes are code, not user data: always the current ones. Unknown theme names fall back.
  merged.themes = themePalettes;
  if (!isThemeName(merged.activeTheme)) merged.activeTheme = defaultSettings.activeTheme;
  const l = merged.layout1Settings;
  if (!isThemeName(l.leftSidebar.theme)) l.leftSidebar.theme = defaultSettings.layout1Settings.leftSidebar.theme;
  if (!isThemeName(l.topbar.theme)) l.topbar.theme = defaultSettings.layout1Settings.topbar.theme;
  if (!['full', 'compact', 'close', 'mobile'].includes(l.leftSidebar.mode)) l.leftSidebar.mode = 'full';
  return merged;
}

/** Persist what differs from code: the palettes are not stored. */
export function saveSettings(settings: Settings, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  const { themes: _themes, ...rest } = settings;
  try {
    storage?.setItem(SETTINGS_KEY, JSON.stringify(rest));
  } catch {
    // storage full or unavailable: the settings still apply for this session
  }
}
