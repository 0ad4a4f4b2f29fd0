// i18next set-up: Tamil and English, keys typed from the English catalogue, language kept per device.
import i18n, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { en } from '../locales/en';
import { common as enCommon } from '../locales/en/common';
import { errors as enErrors } from '../locales/en/errors';
import { common as taCommon } from '../locales/ta/common';
import { errors as taErrors } from '../locales/ta/errors';

export const languages = ['ta', 'en'] as const;
export type Language = (typeof languages)[number];
export const LANGUAGE_KEY = 'moi.language';

// The first load carries `common` and `errors` of both languages (small; the loading screen and the
// route error page can always speak). Everything else comes in parts, fetched for the active language
// only, when a route needs them (every route awaits its part, see app/router.tsx):
// - 'public': the landing, legal and not-found pages' texts;
// - 'pages': the other public pages' — the receipt check (verify), the guest display (guest) and the giver's QR form (giverQr);
// - 'frame': sign-in, the frame's shared strings and the PWA prompts (locales/*/frame.ts);
// - the signed-in app's areas arrive, in both languages, with its layout (loadAppCatalogues).
// Switching language fetches the parts the page has used so far in the new language first.
export type CataloguePart = 'public' | 'pages' | 'frame';
type Loaders = Record<Language, Record<CataloguePart, () => Promise<object>>>;

const loaders: Loaders = {
  en: {
    public: () => import('../locales/en/landing').then(({ landing }) => ({ landing })),
    pages: () => Promise.all([import('../locales/en/verify'), import('../locales/en/guest'), import('../locales/en/giver-qr')]).then(([{ verify }, { guest }, { giverQr }]) => ({ verify, guest, giverQr })),
    frame: () => import('../locales/en/frame').then((m) => m.frame),
  },
  ta: {
    public: () => import('../locales/ta/landing').then(({ landing }) => ({ landing })),
    pages: () => Promise.all([import('../locales/ta/verify'), import('../locales/ta/guest'), import('../locales/ta/giver-qr')]).then(([{ verify }, { guest }, { giverQr }]) => ({ verify, guest, giverQr })),
    frame: () => import('../locales/ta/frame').then((m) => m.frame),
  },
};

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

void i18n.use(initReactI18next).init({
  resources: { en: { translation: { common: enCommon, errors: enErrors } }, ta: { translation: { common: taCommon, errors: taErrors } } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

const asLanguage = (lng: string | undefined): Language => (lng === 'ta' ? 'ta' : 'en');

/**
 * Catalogue parts loaded on demand. A language switch fetches, in the new language, every part used
 * so far and only then switches (no flash of keys); when switches overlap, the last one asked for wins.
 */
export function createCatalogueLoader(instance: I18n, partLoaders: Loaders) {
  const loaded = new Set<string>(); // `${lang}:${part}`
  const pending = new Map<string, Promise<void>>();
  const used = new Set<CataloguePart>();
  let wanted: Language | null = null;

  function load(lang: Language, part: CataloguePart): Promise<void> {
    const key = `${lang}:${part}`;
    used.add(part);
    if (loaded.has(key)) return Promise.resolve();
    let p = pending.get(key);
    if (!p) {
      p = partLoaders[lang][part]().then(
        (bundle) => {
          instance.addResourceBundle(lang, 'translation', bundle, true, true);
          loaded.add(key);
          pending.delete(key);
        },
        (e: unknown) => {
          pending.delete(key); // a later attempt retries (e.g. once back online)
          throw e;
        },
      );
      pending.set(key, p);
    }
    return p;
  }

  const hasAll = (lang: Language) => [...used].every((part) => loaded.has(`${lang}:${part}`));

  /** Switches now (synchronously) when the parts are there, else once they are. */
  function switchTo(lang: Language): Promise<void> {
    wanted = lang;
    if (hasAll(lang)) {
      void instance.changeLanguage(lang);
      return Promise.resolve();
    }
    return Promise.all([...used].map((part) => load(lang, part))).then(async () => {
      if (wanted === lang) await instance.changeLanguage(lang);
    });
  }

  return {
    /** The active language's part (the route awaits it before rendering). */
    ready: (part: CataloguePart) => load(asLanguage(instance.language), part),
    load,
    switchTo,
    hasAll,
    /** Whole catalogues registered by other means (every area) count as every part loaded. */
    markAllLoaded: () => {
      for (const lang of languages) for (const part of Object.keys(partLoaders[lang]) as CataloguePart[]) loaded.add(`${lang}:${part}`);
    },
  };
}

const catalogues = createCatalogueLoader(i18n, loaders);

/** Resolves once the active language's part is registered; routes await it before rendering. */
export const languageReady = (part: CataloguePart): Promise<void> => catalogues.ready(part);

/** Switch language (kept per device once shown). Resolves once the page shows the new language. */
export function setLanguage(lang: Language): Promise<void> {
  const persist = () => {
    try {
      localStorage.setItem(LANGUAGE_KEY, lang);
    } catch {
      // not persisted, still switched for this session
    }
  };
  if (catalogues.hasAll(lang)) {
    persist();
    return catalogues.switchTo(lang);
  }
  return catalogues.switchTo(lang).then(() => {
    if (i18n.language === lang) persist();
  });
}

/** Add whole catalogues (every area) to i18next; areas already present are merged, not replaced. */
export function registerCatalogues(bundle: { en: object; ta: object }): void {
  i18n.addResourceBundle('en', 'translation', bundle.en, true, true);
  i18n.addResourceBundle('ta', 'translation', bundle.ta, true, true);
  catalogues.markAllLoaded();
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
