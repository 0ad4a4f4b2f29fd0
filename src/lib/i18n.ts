// i18next set-up: Tamil and English, keys typed from the English catalogue, language kept per device.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { ta } from '../locales/ta';

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
  resources: { en: { translation: en }, ta: { translation: ta } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

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
