// @vitest-environment jsdom
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import * as catalogues from '../locales/app-bundle';
import i18n, { createCatalogueLoader, initialLanguage, LANGUAGE_KEY, registerCatalogues, setLanguage } from './i18n';

// What the app's entry registers: every catalogue area (the rendering tests' set-up does the same).
registerCatalogues(catalogues);

const setNavigatorLanguage = (lang: string) => Object.defineProperty(navigator, 'language', { configurable: true, get: () => lang });

afterEach(() => {
  localStorage.clear();
  setNavigatorLanguage('en-US');
});

describe('language', () => {
  it('defaults from the browser language', () => {
    setNavigatorLanguage('ta-IN');
    expect(initialLanguage()).toBe('ta');
    setNavigatorLanguage('en-GB');
    expect(initialLanguage()).toBe('en');
  });

  it('a chosen language is kept per device and wins over the browser language', () => {
    setNavigatorLanguage('en-GB');
    setLanguage('ta');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('ta');
    expect(initialLanguage()).toBe('ta');
    expect(i18n.language).toBe('ta');
    expect(document.documentElement.lang).toBe('ta');
    expect(i18n.t('auth.title')).toBe('உள்நுழைக');
    setLanguage('en');
    expect(i18n.t('auth.title')).toBe('Sign in');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('catalogue parts loaded on demand', () => {
  type Deferred = { promise: Promise<object>; resolve: (v: object) => void; reject: (e: unknown) => void };
  const deferred = (): Deferred => {
    let resolve!: (v: object) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<object>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  async function setup() {
    const instance = i18next.createInstance();
    await instance.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: {} }, ta: { translation: {} } } });
    const calls: string[] = [];
    const pending = new Map<string, Deferred>();
    const part = (key: string) => () => {
      calls.push(key);
      const d = deferred();
      pending.set(key, d);
      return d.promise;
    };
    const loader = createCatalogueLoader(instance, {
      en: { public: part('en:public'), pages: part('en:pages'), frame: part('en:frame') },
      ta: { public: part('ta:public'), pages: part('ta:pages'), frame: part('ta:frame') },
    });
    return { instance, loader, calls, pending };
  }

  it('fetches only the active language first; a switch waits for the other language, then shows it (never keys)', async () => {
    const { instance, loader, calls, pending } = await setup();
    const ready = loader.ready('public');
    expect(calls).toEqual(['en:public']);
    pending.get('en:public')!.resolve({ landing: { hero: { title: 'Every moi gift' } } });
    await ready;
    expect(instance.t('landing.hero.title')).toBe('Every moi gift');

    const switched = loader.switchTo('ta');
    expect(calls).toEqual(['en:public', 'ta:public']);
    // Still English while the Tamil texts are on their way.
    expect(instance.language).toBe('en');
    expect(instance.t('landing.hero.title')).toBe('Every moi gift');
    pending.get('ta:public')!.resolve({ landing: { hero: { title: 'ஒவ்வொரு மொய்யும்' } } });
    await switched;
    expect(instance.language).toBe('ta');
    expect(instance.t('landing.hero.title')).toBe('ஒவ்வொரு மொய்யும்');
  });

  it('a switch brings every part the page has used so far', async () => {
    const { instance, loader, calls, pending } = await setup();
    const a = loader.ready('public');
    const b = loader.ready('frame');
    pending.get('en:public')!.resolve({ landing: { hero: { title: 'Title' } } });
    pending.get('en:frame')!.resolve({ auth: { title: 'Sign in' } });
    await Promise.all([a, b]);
    const switched = loader.switchTo('ta');
    expect(calls.slice(2).sort()).toEqual(['ta:frame', 'ta:public']);
    pending.get('ta:public')!.resolve({ landing: { hero: { title: 'தலைப்பு' } } });
    await Promise.resolve();
    expect(instance.language).toBe('en'); // the sign-in texts are not there yet
    pending.get('ta:frame')!.resolve({ auth: { title: 'உள்நுழைக' } });
    await switched;
    expect(instance.language).toBe('ta');
    expect(instance.t('auth.title')).toBe('உள்நுழைக');
  });

  it('when switches overlap the last one wins, and a failed fetch leaves the language as it was and can be retried', async () => {
    const { instance, loader, calls, pending } = await setup();
    const ready = loader.ready('public');
    pending.get('en:public')!.resolve({ landing: { hero: { title: 'Title' } } });
    await ready;

    const toTamil = loader.switchTo('ta');
    const back = loader.switchTo('en'); // English is here already: switches at once
    await back;
    pending.get('ta:public')!.resolve({ landing: { hero: { title: 'தலைப்பு' } } });
    await toTamil;
    expect(instance.language).toBe('en');

    const { loader: fresh, instance: other, pending: p2, calls: c2 } = await setup();
    const r = fresh.ready('public');
    p2.get('en:public')!.resolve({});
    await r;
    const failing = fresh.switchTo('ta');
    p2.get('ta:public')!.reject(new TypeError('Failed to fetch'));
    await expect(failing).rejects.toThrow('Failed to fetch');
    expect(other.language).toBe('en');
    const retry = fresh.switchTo('ta');
    expect(c2.filter((c) => c === 'ta:public')).toHaveLength(2);
    p2.get('ta:public')!.resolve({});
    await retry;
    expect(other.language).toBe('ta');
    expect(calls).toEqual(['en:public', 'ta:public']);
  });
});
