// Issue 16: the provider's settings an app admin changes in the app — name, contact phone and e-mail,
// payment button ids, analytics — served publicly to the landing page (GET /moi/provider) and changed
// by an app admin (PUT /moi/provider). Until an admin saves them, the server answers with the
// environment's values (the same VITE_* names the build reads), so the environment is the first-start
// default. Every field may be empty (null): the landing then leaves that part out.
import { z } from 'zod';
import { isAnalyticsSrc } from './analytics-src';

const opt = <T extends z.ZodType<string>>(s: T) => z.union([s, z.literal('').transform(() => null), z.null()]).optional().transform((v) => v ?? null);

/** 8–15 digits, written with digits, spaces, dashes, dots, brackets and one leading +. */
export const providerPhoneSchema = z.string().trim().max(32).regex(/^\+?[\d\s\-().]+$/, 'Use digits, spaces and one leading +')
  .refine((s) => { const d = s.replace(/\D/g, ''); return d.length >= 8 && d.length <= 15; }, 'A phone number has 8 to 15 digits');

export const analyticsProviders = ['ga4', 'plausible', 'beacon'] as const;

export { isAnalyticsSrc } from './analytics-src';

export const providerSettingsSchema = z.object({
  providerName: opt(z.string().trim().min(1).max(120)),
  phone: opt(providerPhoneSchema),
  email: opt(z.string().trim().max(254).email('Not an e-mail address')),
  paymentButtonSmart: opt(z.string().trim().regex(/^[A-Za-z0-9_]{6,64}$/, 'A payment button id is 6–64 letters, digits or _')),
  paymentButtonPartner: opt(z.string().trim().regex(/^[A-Za-z0-9_]{6,64}$/, 'A payment button id is 6–64 letters, digits or _')),
  analyticsProvider: z.union([z.enum(analyticsProviders), z.literal('').transform(() => null), z.null()]).optional().transform((v) => v ?? null),
  analyticsId: opt(z.string().trim().min(1).max(120)),
  /** A beacon endpoint or a self-hosted Plausible script: a path on this site or an https address. */
  analyticsSrc: opt(z.string().trim().max(300).refine(isAnalyticsSrc, 'A path (/…) or an https:// address')),
}).strict();
export type ProviderSettings = z.output<typeof providerSettingsSchema>;

/** GET /moi/provider (anyone) and PUT /moi/provider (app admin) answer with this. */
export type ProviderSettingsResponse = { settings: ProviderSettings; source: 'saved' | 'environment'; updatedAt: string | null };

/** The environment variables (read by the build and, as the first-start default, by the server). */
export const providerEnvNames: Record<keyof ProviderSettings, string> = {
  providerName: 'VITE_PROVIDER_NAME',
  phone: 'VITE_PROVIDER_PHONE',
  email: 'VITE_PROVIDER_EMAIL',
  paymentButtonSmart: 'VITE_PAYMENT_BUTTON_SMART',
  paymentButtonPartner: 'VITE_PAYMENT_BUTTON_PARTNER',
  analyticsProvider: 'VITE_ANALYTICS_PROVIDER',
  analyticsId: 'VITE_ANALYTICS_ID',
  analyticsSrc: 'VITE_ANALYTICS_SRC',
};

/** The settings the environment gives; a value that does not pass the rules is left out (null). */
export function providerSettingsFromEnv(env: Record<string, string | boolean | undefined>): ProviderSettings {
  const out = {} as Record<keyof ProviderSettings, string | null>;
  for (const [key, name] of Object.entries(providerEnvNames) as [keyof ProviderSettings, string][]) {
    const one = providerSettingsSchema.shape[key].safeParse(typeof env[name] === 'string' ? env[name] : null);
    out[key] = one.success ? (one.data as string | null) : null;
  }
  return out as ProviderSettings;
}
