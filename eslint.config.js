// Lint rules, including the import boundaries of ARCHITECTURE §2 (as rules, not wishes).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Every folder of src/features is a feature (none listed by hand, none forgotten).
const features = readdirSync(`${import.meta.dirname}/src/features`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
// The API clients: data access as much as Dexie is.
const apiClients = ['./src/lib/api.ts', './src/lib/admin-api.ts', './src/lib/custody-api.ts', './src/lib/guest-api.ts', './src/lib/messaging-api.ts'];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-e2e/**', 'node_modules/**', 'data/**', 'server/db/migrations/**', 'coverage/**', 'tests/e2e/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { 'import-x/ignore': ['node_modules'], 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', {
        zones: [
          { target: './contract', from: ['./src', './server', './sw', './report', './ledger'], message: 'contract/ imports only zod' },
          // report/ is the moi book's pure code, shared by the PWA's worker and the server's CLI: it may
          // import contract/ and its libraries, never the PWA, the server or the service worker.
          { target: './report', from: ['./src', './server', './sw'], message: 'report/ imports only contract/ and libraries' },
          // ledger/ is the moi ledger's pure code (matching, arithmetic, import parsing), shared by the PWA and the server.
          { target: './ledger', from: ['./src', './server', './sw'], message: 'ledger/ imports only contract/ and libraries' },
          { target: './src', from: ['./server', './sw'], message: 'src/ never imports server/ or sw/' },
          { target: './server', from: ['./src', './sw'], message: 'server/ never imports src/ or sw/' },
          { target: './sw', from: ['./src', './server'], message: 'sw/ imports only contract/' },
          { target: './src/components', from: ['./src/features', './src/data', ...apiClients], message: 'components/ is presentation only: no features, no data access (neither Dexie nor the API client)' },
          { target: './src/lib', from: ['./src/features'], message: 'lib/ must not depend on features' },
          ...features.map((f) => ({
            target: `./src/features/${f}`,
            from: './src/features',
            except: [`./${f}`],
            message: 'features do not import each other; move shared pieces to components/, data/ or lib/',
          })),
        ],
      }],
      'no-restricted-imports': ['error', {
        paths: [{ name: 'dexie', message: 'Only src/data/ imports Dexie' }, { name: 'dexie-react-hooks', message: 'Only src/data/ imports Dexie' }],
      }],
    },
  },
  {
    files: ['src/data/**/*.{ts,tsx}', 'bench/**/*.ts', 'tests/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
