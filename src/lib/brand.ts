// Brand values (provider name, phone, payment button ids, analytics) come from the build's Vite env,
// never from literals in the code: an unset or placeholder-looking value is treated as "not configured"
// and the page falls back to a neutral path (no phone shown, "contact us" goes to the contact section).
// An app admin changes them in the app (Provider settings); the server's answer, kept on the device,
// then stands over the build's values (see the end of this file).
import { useEffect, useState } from 'react';
import { isAnalyticsSrc } from '../../contract/analytics-src';
import type { ProviderSettings } from '../../contract/provider';
import { config } from './config';

export type AnalyticsProviderName = 'ga4' | 'plausible' | 'beacon';

export type AnalyticsConfig = {
  provider: AnalyticsProviderName;
  /** GA4 measurement id (G-…), the Plausible site domain, or a label for the beacon provider. */
  id: string;
  /** Beacon endpoint (same origin recommended) or a self-hosted Plausible script address. */
  src: string | null;
};

export type Brand = {
  /** The service provider credited in the footer; null when not configured. */
  providerName: string | null;
  /** The phone number as configured for display; null when not configured or not a real number. */
  phone: string | null;
  /** The same number for a tel: link (digits and a leading +). */
  phoneHref: string | null;
  /** Contact e-mail, shown when configured. */
  email: string | null;
  /** Razorpay payment-button ids per plan; null when not configured. */
  paymentButtons: { smart: string | null; partner: string | null };
  analytics: AnalyticsConfig | null;
};

export type BrandEnv = Record<string, string | boolean | undefined>;

// Values people leave in templates: never show them to a customer.
const PLACEHOLDER = /(x{3,}|\?{2,}|^tbd$|^todo$|^changeme$|^n\/?a$|^none$|^null$|^undefined$|your[ _-]|example|placeholder|<.*>|\{.*\})/i;

function clean(v: string | boolean | undefined): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!s || PLACEHOLDER.test(s)) return null;
  return s;
}

/** A phone number is accepted only when it has 8–15 digits and nothing but digits, spaces, dashes, dots, brackets and one leading +. */
export function parsePhone(v: string | boolean | undefined): { display: string; href: string } | null {
  const s = clean(v);
  if (!s) return null;
  if (!/^\+?[\d\s\-().]+$/.test(s)) return null;
  const digits = s.replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 15) return null;
  // 0000000000, 9999999999 … are placeholders, not numbers.
  if (/^(\d)\1+$/.test(digits.slice(-10))) return null;
  return { display: s, href: `tel:${s.startsWith('+') ? '+' : ''}${digits}` };
}

function parseEmail(v: string | boolean | undefined): string | null {
  const s = clean(v);
  return s && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s) ? s : null;
}

function parseButtonId(v: string | boolean | undefined): string | null {
  const s = clean(v);
  // Razorpay ids look like pl_XXXXXXXXXXXXXX (letters and digits); anything else is a misconfiguration.
  return s && /^[A-Za-z0-9_]{6,64}$/.test(s) ? s : null;
}

function parseAnalytics(env: BrandEnv): AnalyticsConfig | null {
  const id = clean(env.VITE_ANALYTICS_ID);
  if (!id) return null;
  const given = clean(env.VITE_ANALYTICS_SRC);
  // Another site's address written as "//host" (or any other than https:// or a path here) is not used.
  const src = given && isAnalyticsSrc(given) ? given : null;
  const named = clean(env.VITE_ANALYTICS_PROVIDER)?.toLowerCase();
  let provider: AnalyticsProviderName | null = null;
  if (named === 'ga4' || named === 'plausible' || named === 'beacon') provider = named;
  else if (!named) provider = /^G-[A-Z0-9]+$/i.test(id) ? 'ga4' : null;
  if (!provider) return null;
  if (provider === 'beacon' && !src) return null;
  return { provider, id, src };
}

export function readBrand(env: BrandEnv): Brand {
  const phone = parsePhone(env.VITE_PROVIDER_PHONE);
  return {
    providerName: clean(env.VITE_PROVIDER_NAME),
    phone: phone?.display ?? null,
    phoneHref: phone?.href ?? null,
    email: parseEmail(env.VITE_PROVIDER_EMAIL),
    paymentButtons: {
      smart: parseButtonId(env.VITE_PAYMENT_BUTTON_SMART),
      partner: parseButtonId(env.VITE_PAYMENT_BUTTON_PARTNER),
    },
    analytics: parseAnalytics(env),
  };
}

/** The brand of this build. */
export const brand: Brand = readBrand(config.env);

// ---------- settings an app admin changes in the app (issue 16) ----------
// GET /moi/provider answers with the saved settings (or the server's environment until an admin saves
// them). The last answer is kept on this device, so the landing shows them offline; before any answer
// the build's values above stand.

/** The settings' keys and the build variables they stand for (contract/provider.ts has the rules). */
const settingEnvNames: Record<keyof ProviderSettings, string> = {
  providerName: 'VITE_PROVIDER_NAME',
  phone: 'VITE_PROVIDER_PHONE',
  email: 'VITE_PROVIDER_EMAIL',
  paymentButtonSmart: 'VITE_PAYMENT_BUTTON_SMART',
  paymentButtonPartner: 'VITE_PAYMENT_BUTTON_PARTNER',
  analyticsProvider: 'VITE_ANALYTICS_PROVIDER',
  analyticsId: 'VITE_ANALYTICS_ID',
  analyticsSrc: 'VITE_ANALYTICS_SRC',
};

export function brandFromSettings(s: Partial<ProviderSettings>): Brand {
  const env: BrandEnv = {};
  for (const [key, name] of Object.entries(settingEnvNames) as [keyof ProviderSettings, string][]) env[name] = s[key] ?? undefined;
  return readBrand(env);
}

const CACHE_KEY = 'moi.provider';
const CHANGED = 'moi:provider-changed';

function cachedSettings(): Partial<ProviderSettings> | null {
  try {
    const raw = typeof localStorage !== 'undefined' ? localStorage.getItem(CACHE_KEY) : null;
    return raw ? (JSON.parse(raw) as Partial<ProviderSettings>) : null;
  } catch {
    return null;
  }
}

/** The brand as this device last heard it from the server, else the build's. */
export function currentBrand(): Brand {
  const s = cachedSettings();
  return s ? brandFromSettings(s) : brand;
}

/** The provider's name (the footer's credit, the moi book's cover); null when none is set. */
export function providerName(): string | null {
  return currentBrand().providerName;
}

/** Keep settings the server answered with (GET or an admin's PUT) and tell the open pages. */
export function rememberProviderSettings(s: ProviderSettings): void {
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(s));
  } catch {
    /* storage full or blocked: the build's values stay */
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** Ask the server for the current settings (quietly: offline the cached ones stay). */
export async function refreshProviderSettings(): Promise<void> {
  try {
    const res = await fetch(`${config.apiBase}/moi/provider`, { credentials: 'include' });
    if (!res.ok) return;
    const body = (await res.json()) as { settings?: ProviderSettings };
    if (body.settings) rememberProviderSettings(body.settings);
  } catch {
    /* offline */
  }
}

/** The brand for a page: the cached settings at once, refreshed from the server once per mount. */
export function useBrand(): Brand {
  const [value, setValue] = useState<Brand>(currentBrand);
  useEffect(() => {
    const update = () => setValue(currentBrand());
    window.addEventListener(CHANGED, update);
    void refreshProviderSettings();
    return () => window.removeEventListener(CHANGED, update);
  }, []);
  return value;
}
