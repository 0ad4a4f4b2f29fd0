// The PWA's configuration schema: the build's VITE_* variables, checked with zod once, when the app is
// built (vite.config.ts), like the server's server/config.ts at start-up. The checked values reach the
// app as one constant (src/lib/config.ts), so zod never weighs on the landing page's first load.
// A value that fails its check is left unset and named in the build's output.
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
});
export type ClientEnv = z.infer<typeof clientEnvSchema>;

export type CheckedClientConfig = {
  apiBase: string;
  publicUrl: string | null;
  helpUrl: string;
  /** The brand's build-time values, by their variable names (lib/brand.ts parses them). */
  env: ClientEnv;
};

/** The checked configuration, and a line for each variable that failed its check (then left unset). */
export function readClientConfig(raw: Record<string, unknown>): { config: CheckedClientConfig; problems: string[] } {
  const problems: string[] = [];
  const keys = Object.keys(clientEnvSchema.shape) as (keyof ClientEnv)[];
  const env: Record<string, unknown> = {};
  for (const k of keys) {
    const one = clientEnvSchema.shape[k].safeParse(raw[k]);
    if (one.success) env[k] = one.data;
    else problems.push(`${k} ignored: ${one.error.issues.map((i) => i.message).join('; ')}`);
  }
  const e = env as ClientEnv;
  const config = { apiBase: e.VITE_API_BASE ?? '', publicUrl: e.VITE_PUBLIC_URL || null, helpUrl: e.VITE_HELP_URL || '/#contact', env: e };
  return { config, problems };
}
