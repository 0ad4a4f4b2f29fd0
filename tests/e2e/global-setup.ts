// Builds the PWA once for the whole end-to-end run (unless E2E_SKIP_BUILD=1 and dist/ exists).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync('dist/index.html')) return;
  execSync('npx vite build', { stdio: 'inherit' });
}
