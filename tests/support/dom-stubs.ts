// The one set of jsdom stand-ins for browser APIs jsdom lacks or fixes (matchMedia, ResizeObserver,
// scrolling, visibility, connectivity). tests/setup-web.ts installs the defaults for every rendering
// test; a test that needs another answer (a phone width, reduced motion, offline) calls the helpers.

type MediaQueryListStub = Pick<MediaQueryList, 'matches' | 'media' | 'onchange' | 'addListener' | 'removeListener' | 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>;

/** A matchMedia whose queries match when `matches(query)` says so (never, by default). */
export function matchMediaStub(matches: (query: string) => boolean = () => false): typeof window.matchMedia {
  return ((query: string): MediaQueryListStub => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** Make matchMedia answer with `matches(query)` until the next call (tests restore it in afterEach). */
export function stubMatchMedia(matches: (query: string) => boolean): void {
  Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: matchMediaStub(matches) });
}

/** A phone-sized screen: the app's `max-width: 767px` query matches. */
export const stubPhoneScreen = () => stubMatchMedia((q) => q.includes('max-width: 767px'));

/** Make matchMedia answer `matches` for the reduced-motion query (and false for anything else). */
export const stubReducedMotion = (matches: boolean) => stubMatchMedia((q) => (q.includes('prefers-reduced-motion') ? matches : false));

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** What Mantine and the app need from the browser beyond jsdom; installed once per test file. */
export function installDomStubs(): void {
  if (!window.matchMedia) stubMatchMedia(() => false);
  if (!('ResizeObserver' in window)) Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, configurable: true, writable: true });
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
  Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => {} });
}

export function setVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

export function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
