// i18next set-up: Tamil and English, keys typed from the English catalogue, language kept per device.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { en } from '../locales/en';
import { auth as enAuth } from '../locales/en/auth';
import { common as enCommon } from '../locales/en/common';
import { errors as enErrors } from '../locales/en/errors';
import { landing as enLanding } from '../locales/en/landing';
import { layout as enLayout } from '../locales/en/layout';
import { sync as enSync } from '../locales/en/sync';
import { auth as taAuth } from '../locales/ta/auth';
import { common as taCommon } from '../locales/ta/common';
import { errors as taErrors } from '../locales/ta/errors';
import { landing as taLanding } from '../locales/ta/landing';
import { layout as taLayout } from '../locales/ta/layout';
import { sync as taSync } from '../locales/ta/sync';

// The first load carries only what the public pages, sign-in and the PWA prompts show; the rest of
// the catalogue arrives with the signed-in layout (loadAppCatalogues) — about 20 kB gz kept off the
// landing route.
const core = {
  en: { common: enCommon, auth: enAuth, errors: enErrors, landing: enLanding, layout: enLayout, sync: enSync },
  ta: { common: taCommon, auth: taAuth, errors: taErrors, landing: taLanding, layout: taLayout, sync: taSync },
};

export const languages = ['ta', 'en'] as const;
export type Language = (typeof languages)[number];
export const LANGUAGE_KEY = 'moi.language';

export function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    if (saved === 'ta' || saved === 'en') return saved;
  } catch {
    // storage may be unavailable (private mode); fall back to the browser language
  }
  const nav = typeof navigator !== 'undefined' ? navigator.language : 'en';
  return nav.toLowerCase().startsWith('ta') ? 'ta' : 'en';
}

export function setLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // not persisted, still switched for this session
  }
  void i18n.changeLanguage(lang);
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: core.en }, ta: { translation: core.ta } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Add whole catalogues (every area) to i18next; areas already present are merged, not replaced. */
export function registerCatalogues(bundle: { en: object; ta: object }): void {
  i18n.addResourceBundle('en', 'translation', bundle.en, true, true);
  i18n.addResourceBundle('ta', 'translation', bundle.ta, true, true);
}

let appCatalogues: Promise<void> | null = null;
/** Loads the signed-in app's catalogue areas once; the signed-in layout awaits it before rendering. */
export function loadAppCatalogues(): Promise<void> {
  appCatalogues ??= import('../locales/app-bundle').then(registerCatalogues, (e: unknown) => {
    appCatalogues = null;
    throw e;
  });
  return appCatalogues;
}

// The page's lang attribute follows the language (screen readers, hyphenation, font selection).
const syncLang = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
syncLang(i18n.language);
i18n.on('languageChanged', syncLang);

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export default i18n;
