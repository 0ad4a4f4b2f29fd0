// Constants replaced at build time (vite.config.ts `define`).
import type { CheckedClientConfig } from './lib/config-schema';

declare global {
  /** True only in a build made with MOI_E2E_HOOK=1 (the end-to-end suite and the Chromium benchmarks). */
  const __MOI_E2E_HOOK__: boolean;
  /** The build's configuration, checked with zod at build time (vite.config.ts, lib/config-schema.ts). */
  const __MOI_CONFIG__: CheckedClientConfig;
}

export {};
