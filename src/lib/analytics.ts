// Pluggable, privacy-first analytics: off unless the build configures it (see brand.ts). When off,
// nothing is loaded and no request leaves the device. Providers: GA4 (gtag), Plausible, or a
// plain beacon to an endpoint of your own. Page views carry the path only, never gift data.
// Note: the server's Content-Security-Policy must allow a third-party provider's script/connect origin.
import type { AnalyticsConfig } from './brand';

export type AnalyticsProps = Record<string, string | number | boolean>;

export interface AnalyticsProvider {
  readonly name: string;
  pageview(path: string): void;
  event(name: string, props?: AnalyticsProps): void;
}

type Env = { document: Document; window: Window & typeof globalThis; navigator: Navigator };

function addScript(doc: Document, src: string, attrs: Record<string, string> = {}): HTMLScriptElement {
  const s = doc.createElement('script');
  s.async = true;
  s.src = src;
  for (const [k, v] of Object.entries(attrs)) s.setAttribute(k, v);
  doc.head.appendChild(s);
  return s;
}

type GtagWindow = { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };
type PlausibleWindow = { plausible?: ((name: string, opts?: { props?: AnalyticsProps; u?: string }) => void) & { q?: unknown[] } };

const factories: Record<string, (config: AnalyticsConfig, env: Env) => AnalyticsProvider> = {
  ga4(config, { document, window }) {
    const w = window as unknown as GtagWindow;
    w.dataLayer = w.dataLayer ?? [];
    // gtag must push the arguments object itself, as Google's snippet does.
    w.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
    w.gtag('js', new Date());
    w.gtag('config', config.id, { send_page_view: false, anonymize_ip: true });
    addScript(document, config.src ?? `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(config.id)}`);
    return {
      name: 'ga4',
      pageview: (path) => w.gtag!('event', 'page_view', { page_path: path }),
      event: (name, props) => w.gtag!('event', name, props ?? {}),
    };
  },
  plausible(config, { document, window }) {
    const w = window as unknown as PlausibleWindow;
    const queue: unknown[] = [];
    const stub = ((...args: unknown[]) => void queue.push(args)) as NonNullable<PlausibleWindow['plausible']>;
    stub.q = queue;
    w.plausible = w.plausible ?? stub;
    addScript(document, config.src ?? 'https://plausible.io/js/script.manual.js', { 'data-domain': config.id });
    return {
      name: 'plausible',
      pageview: (path) => w.plausible!('pageview', { u: new URL(path, window.location.origin).href }),
      event: (name, props) => w.plausible!(name, props ? { props } : undefined),
    };
  },
  beacon(config, { navigator }) {
    const send = (payload: Record<string, unknown>) => {
      const body = JSON.stringify({ site: config.id, ...payload, at: new Date().toISOString() });
      if (typeof navigator.sendBeacon === 'function') navigator.sendBeacon(config.src!, body);
    };
    return {
      name: 'beacon',
      pageview: (path) => send({ type: 'pageview', path }),
      event: (name, props) => send({ type: 'event', name, props: props ?? {} }),
    };
  },
};

/** Add a provider of your own; `initAnalytics` picks it by `config.provider`. */
export function registerAnalyticsProvider(name: string, factory: (config: AnalyticsConfig, env: Env) => AnalyticsProvider): void {
  factories[name] = factory;
}

let active: AnalyticsProvider | null = null;
let activeKey: string | null = null;

/**
 * Start analytics once per page load. Returns the provider, or null when not configured
 * (then nothing is loaded and every track call is a no-op).
 */
export function initAnalytics(config: AnalyticsConfig | null): AnalyticsProvider | null {
  if (!config || typeof document === 'undefined') return null;
  const key = `${config.provider}:${config.id}`;
  if (active && activeKey === key) return active;
  const factory = factories[config.provider];
  if (!factory) return null;
  active = factory(config, { document, window, navigator });
  activeKey = key;
  return active;
}

export function trackPageview(path: string): void {
  active?.pageview(path);
}

export function trackEvent(name: string, props?: AnalyticsProps): void {
  active?.event(name, props);
}

/** For tests: forget the active provider. */
export function resetAnalytics(): void {
  active = null;
  activeKey = null;
}
