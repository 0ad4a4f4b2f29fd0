// End-to-end suite: real server, real Chromium (/usr/bin/chromium) with the service worker on.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time: each starts its own server (its own PGlite directory, a free port) and
    // its own Chromium, and much of a file's time is waiting (the network, timers, the service
    // worker), so two use the two cores of the CI machine instead of one.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
