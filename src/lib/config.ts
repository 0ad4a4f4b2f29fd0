// The PWA's configuration: the build's VITE_* variables, checked with zod when the app was built
// (lib/config-schema.ts, vite.config.ts) and compiled in as one constant. Everything the client reads
// of its configuration comes from here.
import type { CheckedClientConfig } from './config-schema';

export type ClientConfig = CheckedClientConfig & {
  /** A production build: the service worker registers only there. */
  prod: boolean;
  /** Check the API's answers against contract/ (development and tests; production trusts its own server). */
  checkAnswers: boolean;
};

/** This build's configuration. */
export const config: ClientConfig = { ...__MOI_CONFIG__, prod: import.meta.env.PROD, checkAnswers: import.meta.env.DEV };
