import { afterEach, describe, expect, it } from 'vitest';
import i18n, { initialLanguage, LANGUAGE_KEY, setLanguage } from './i18n';

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
