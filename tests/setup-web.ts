// jsdom set-up for the tests that render (.tsx): jest-dom matchers, fake IndexedDB, and the browser
// APIs Mantine needs (tests/support/dom-stubs.ts). Tests that render nothing run in node (tests/setup-node.ts).
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { authStore, initialAuthState } from '../src/lib/auth-store';
import { clearAllDrafts } from '../src/lib/drafts';
import { registerCatalogues } from '../src/lib/i18n';
import * as catalogues from '../src/locales/app-bundle';
import { installDomStubs } from './support/dom-stubs';

// Tests render any screen directly, so every catalogue area is loaded up front.
registerCatalogues(catalogues);

// Unmounting writes the drafts of forms left half-filled; one test's draft must not fill the next one's form.
afterEach(() => {
  cleanup();
  clearAllDrafts();
  authStore.setState(initialAuthState, true); // the next test's provider starts from 'loading', as a page load does
});

installDomStubs();
