// The PWA's configuration, read once from the build's Vite env and checked with zod (the mini build,
// so the landing page's first load stays small), like the server's server/config.ts. Everything the
// client reads from `import.meta.env` goes through here. A value that fails its check is treated as
// unset (with one console error naming it), never as a crash of the public page.
import * as z from 'zod/mini';

const optionalText = z.optional(z.pipe(z.string(), z.transform((s) => s.trim())));
const url = z.optional(
  z.pipe(z.string(), z.transform((s) => s.trim().replace(/\/+$/, ''))).check(z.refine((s) => s === '' || s.startsWith('/') || /^https?:\/\/[^\s/]+/.test(s), 'must be an http(s) address or a path')),
);

export const clientEnvSchema = z.object({
  /** The API server's address when it is not this origin (the PWA on a CDN). */
  VITE_API_BASE: url,
  /** The public address of the server, for receipt links a giver opens later (a venue laptop's LAN address is not). */
  VITE_PUBLIC_URL: url,
  /** Where the signed-in app's Help points; the landing's contact section by default. */
  VITE_HELP_URL: url,
  // The provider's first-start defaults (an app admin changes them in the app; lib/brand.ts).
  VITE_PROVIDER_NAME: optionalText,
  VITE_PROVIDER_PHONE: optionalText,
  VITE_PROVIDER_EMAIL: optionalText,
  VITE_PAYMENT_BUTTON_SMART: optionalText,
  VITE_PAYMENT_BUTTON_PARTNER: optionalText,
  VITE_ANALYTICS_PROVIDER: optionalText,
  VITE_ANALYTICS_ID: optionalText,
  VITE_ANALYTICS_SRC: optionalText,
  /** A production build: the service worker registers only there. */
  PROD: z.optional(z.boolean()),
  /** The dev server or a test run: answers of the API are checked against the contract. */
  DEV: z.optional(z.boolean()),
});
export type ClientEnv = z.infer<typeof clientEnvSchema>;

export type ClientConfig = {
  apiBase: string;
  publicUrl: string | null;
  helpUrl: string;
  prod: boolean;
  /** Check the API's answers against contract/ (development and tests; production trusts its own server). */
  checkAnswers: boolean;
  /** The brand's build-time values, by their variable names (lib/brand.ts parses them). */
  env: ClientEnv;
};

export function readClientConfig(raw: Record<string, unknown>): ClientConfig {
  const keys = Object.keys(clientEnvSchema.shape) as (keyof ClientEnv)[];
  const env: Record<string, unknown> = {};
  for (const k of keys) {
    const one = clientEnvSchema.shape[k].safeParse(raw[k]);
    if (one.success) env[k] = one.data;
    else console.error(`Moi configuration: ${k} ignored: ${one.error.issues.map((i) => i.message).join('; ')}`);
  }
  const e = env as ClientEnv;
  return {
    apiBase: e.VITE_API_BASE ?? '',
    publicUrl: e.VITE_PUBLIC_URL || null,
    helpUrl: e.VITE_HELP_URL || '/#contact',
    prod: e.PROD === true,
    checkAnswers: e.DEV === true,
    env: e,
  };
}

/** This build's configuration. */
export const config: ClientConfig = readClientConfig(import.meta.env as Record<string, unknown>);
