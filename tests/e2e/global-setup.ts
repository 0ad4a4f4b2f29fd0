// Builds the PWA once for the whole end-to-end run into dist-e2e/ (unless E2E_SKIP_BUILD=1 and it
// exists), with the test hook compiled in (MOI_E2E_HOOK=1, src/data/e2e-hook.ts). Its own folder:
// dist/, which `npm start` serves, never holds the hook.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The end-to-end build: the PWA with the test hook compiled in (the harness serves it). */
export const E2E_DIST = path.resolve('dist-e2e');

export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(path.join(E2E_DIST, 'index.html'))) return;
  // vitest sets NODE_ENV=test, and a Vite build under it has import.meta.env.PROD false, which drops the
  // service-worker registration from the bundle: build as production, as `npm run build` does.
  execSync(`npx vite build --outDir ${JSON.stringify(E2E_DIST)} --emptyOutDir`, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', MOI_E2E_HOOK: '1' } });
}
