// Builds the PWA once for the whole end-to-end run (unless E2E_SKIP_BUILD=1 and dist/ exists).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync('dist/index.html')) return;
  // vitest sets NODE_ENV=test, and a Vite build under it has import.meta.env.PROD false, which drops the
  // service-worker registration from the bundle: build as production, as `npm run build` does.
  execSync('npx vite build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
