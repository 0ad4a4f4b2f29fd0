// jsdom set-up for the tests that render (.tsx): jest-dom matchers, fake IndexedDB, and the browser
// APIs Mantine needs (tests/support/dom-stubs.ts). Tests that render nothing run in node (tests/setup-node.ts).
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { authStore, initialAuthState } from '../src/lib/auth-store';
import { clearAllDrafts } from '../src/lib/drafts';
import i18n, { registerCatalogues } from '../src/lib/i18n';
import * as catalogues from '../src/locales/app-bundle';
import { installDomStubs, setOnline, setVisibility } from './support/dom-stubs';

// Tests render any screen directly, so every catalogue area is loaded up front.
registerCatalogues(catalogues);

// Unmounting writes the drafts of forms left half-filled; one test's draft must not fill the next one's form.
// A worker's files share one document (isolate: false in vite.config.ts), so what a test may leave in
// it goes back to how a fresh page finds it: storage empty, online, visible, in English.
afterEach(async () => {
  cleanup();
  clearAllDrafts();
  authStore.setState(initialAuthState, true); // the next test's provider starts from 'loading', as a page load does
  localStorage.clear();
  sessionStorage.clear();
  if (!navigator.onLine) setOnline(true);
  if (document.visibilityState !== 'visible') setVisibility('visible');
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

installDomStubs();

// findBy… and waitFor wait up to 5 s (the library's 1 s failed on a busy 2-core machine while the
// screen was on its way); a screen that never comes still fails, only later.
configure({ asyncUtilTimeout: 5_000 });
