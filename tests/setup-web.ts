// jsdom set-up for front-end tests: jest-dom matchers, fake IndexedDB, and the browser APIs Mantine needs.
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { authStore, initialAuthState } from '../src/lib/auth-store';
import { clearAllDrafts } from '../src/lib/drafts';
import { registerCatalogues } from '../src/lib/i18n';
import * as catalogues from '../src/locales/app-bundle';

// Tests render any screen directly, so every catalogue area is loaded up front.
registerCatalogues(catalogues);

// Unmounting writes the drafts of forms left half-filled; one test's draft must not fill the next one's form.
afterEach(() => {
  cleanup();
  clearAllDrafts();
  authStore.setState(initialAuthState, true); // the next test's provider starts from 'loading', as a page load does
});

// Pure-logic tests run in the node environment (`// @vitest-environment node`): no window there.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  if (!('ResizeObserver' in window)) Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, configurable: true, writable: true });
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
  Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });
}
