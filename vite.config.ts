/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { readClientConfig } from './src/lib/config-schema.ts';
import { precompressPlugin } from './server/precompress.ts';
import { prerenderPlugin } from './server/prerender.ts';

const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;
// The rendering tests that replace a module with vi.mock: found by reading them, so a new one is
// never run beside the others with its stand-in leaking into them.
const srcDir = new URL('./src/', import.meta.url);
const WEB_MOCKING = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.tsx') && readFileSync(new URL(f, srcDir), 'utf8').includes('vi.mock('))
  .map((f) => `src/${f.split(path.sep).join('/')}`);
const apiTarget = process.env.VITE_DEV_API ?? 'http://127.0.0.1:8080';

export default defineConfig(({ mode }) => {
  // The client's configuration, checked once here (src/lib/config-schema.ts): a bad value is named
  // in the build's output and left unset; the app gets the checked values as one constant.
  const { config: clientConfig, problems } = readClientConfig(loadEnv(mode, process.cwd(), 'VITE_'));
  for (const p of problems) console.warn(`Moi configuration: ${p}`);
  return {
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      // Manifest icons are precached by the plugin; these are the other static files the shell shows.
      includeAssets: ['favicon.svg', 'assets/images/**/*.svg'],
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        // svg and the manifest are added by the plugin itself (listing them here doubles them).
        // Plus the four woff files the moi book's PDF embeds (fontkit reads woff; the pages use woff2).
        globPatterns: ['**/*.{js,css,html,jpg,webp,woff2}', '**/noto-sans-tamil-{tamil,latin}-{400,700}-normal-*.woff'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // The worker is registered as a classic script (Workbox's default): build it as one file in
        // IIFE form. The 'es' form makes the plugin pass Rollup's deprecated inlineDynamicImports.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
    // The landing and sign-in pages rendered to HTML (server/prerender.ts), after the service worker.
    prerenderPlugin(),
    // .br and .gz beside each text file of the build (server/precompress.ts), which the server sends
    // when the browser accepts them: written last, after the service worker.
    precompressPlugin(),
  ],
  // The end-to-end suite's test hook (src/data/e2e-hook.ts) is compiled in only when the build is
  // made with MOI_E2E_HOOK=1 (tests/e2e/global-setup.ts, the Chromium benchmarks): everywhere else
  // the flag is the literal false and the hook's chunk is not emitted at all.
  define: { __MOI_E2E_HOOK__: JSON.stringify(process.env.MOI_E2E_HOOK === '1'), __MOI_CONFIG__: JSON.stringify(clientConfig) },
  server: { proxy: { '/moi': { target: apiTarget, changeOrigin: false } } },
  // The one chunk above 800 kB is pdfmake (~975 kB with the Tamil font's metrics), loaded only by the
  // report worker when a moi book is made; the landing route's budget is tests/build/precache.test.ts.
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        // The libraries every page runs (React, the router, i18next, zustand) as one chunk: split by
        // how modules happen to be shared they came as nine files, the landing's 151.4 kB of gzipped
        // script as 38 requests; together 148.2 kB as 33 (issue 29's landing.js_gz, goal < 150 kB).
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|zustand)[\\/]/ },
          ],
        },
      },
    },
  },
  // The report worker loads pdfmake or the workbook writer on demand: module workers can split code.
  worker: { format: 'es' },
  test: {
    globals: true,
    testTimeout: 60_000,
    // Vitest's default is one worker per core less one: a single worker on 2-core machines. Many of
    // these tests wait on timers, IndexedDB or the database, so two workers use two cores well.
    maxWorkers: 2,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'report/**/*.test.ts', 'ledger/**/*.test.ts', 'tests/build/**/*.test.ts'],
          exclude: ['**/*.load.test.ts', '**/node_modules/**'],
          pool: 'forks',
          // Each file builds its own app over its own database, so a worker's files share the loaded
          // modules instead of loading the server anew for each (the project's CPU time: 10.0 → 6.0
          // min). A file that needs a module's defaults fresh says so (vi.resetModules, passwords.test).
          isolate: false,
        },
      },
      // Load tests (a minute of work each: a 20,000-row import beside a 30,000-person ledger, say):
      // `npm run test:load` and CI's own stage, on PGlite and on PostgreSQL; not part of `npm test`.
      ...(process.env.MOI_LOAD_TESTS ? [{
        extends: true as const,
        test: { name: 'load', environment: 'node', include: ['server/**/*.load.test.ts'], pool: 'forks' as const, testTimeout: 300_000 },
      }] : []),
      {
        // Device-side code that renders nothing (data layer, sync, pure logic), and the tests that
        // drive device code against the real server (tests/sync): node with fake IndexedDB and an
        // in-memory Web Storage. jsdom costs seconds per file; the few .ts tests that need a
        // document say so in their first line (`// @vitest-environment jsdom`).
        extends: true,
        test: {
          name: 'device',
          environment: 'node',
          include: ['src/**/*.test.ts', 'sw/**/*.test.ts', 'tests/sync/**/*.test.ts'],
          setupFiles: ['tests/setup-node.ts'],
        },
      },
      {
        // What renders (.tsx): jsdom, jest-dom matchers, the app's catalogues, the browser stubs.
        // A worker's files share one jsdom and the loaded modules (half the project's CPU time);
        // tests/setup-web.ts puts back after each test what one could leave behind (storage, the
        // signed-in user, the language, drafts).
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          exclude: WEB_MOCKING,
          setupFiles: ['tests/setup-web.ts'],
          isolate: false,
        },
      },
      {
        // The files that replace a module (vi.mock) get fresh modules each, so no other file sees the stand-in.
        extends: true,
        test: {
          name: 'web-mocking',
          environment: 'jsdom',
          include: WEB_MOCKING,
          setupFiles: ['tests/setup-web.ts'],
        },
      },
    ],
  },
  };
});

