/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;
const apiTarget = process.env.VITE_DEV_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
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
  ],
  server: { proxy: { '/moi': { target: apiTarget, changeOrigin: false } } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 800 },
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
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          setupFiles: ['tests/setup-web.ts'],
        },
      },
    ],
  },
});
