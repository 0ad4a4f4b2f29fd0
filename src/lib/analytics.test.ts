// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initAnalytics, registerAnalyticsProvider, resetAnalytics, trackEvent, trackPageview } from './analytics';

const scripts = () => Array.from(document.querySelectorAll('script'));

describe('analytics', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  let beacon: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    resetAnalytics();
    document.head.innerHTML = '';
    fetchSpy = vi.fn();
    beacon = vi.fn(() => true);
    vi.stubGlobal('fetch', fetchSpy);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beacon });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (window as { gtag?: unknown }).gtag;
    delete (window as { dataLayer?: unknown }).dataLayer;
    delete (window as { plausible?: unknown }).plausible;
  });

  it('is off when not configured: no script, no request, tracking is a no-op', () => {
    expect(initAnalytics(null)).toBeNull();
    trackPageview('/');
    trackEvent('subscribe_contact', { plan: 'smart' });
    expect(scripts()).toHaveLength(0);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(beacon).not.toHaveBeenCalled();
    expect((window as { gtag?: unknown }).gtag).toBeUndefined();
  });

  it('GA4 loads gtag once with the id and sends page views with the path only', () => {
    const p = initAnalytics({ provider: 'ga4', id: 'G-TEST1', src: null });
    initAnalytics({ provider: 'ga4', id: 'G-TEST1', src: null });
    expect(p?.name).toBe('ga4');
    expect(scripts().map((s) => s.src)).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST1']);
    trackPageview('/privacy-policy');
    const layer = (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((a) => Array.from(a));
    expect(layer).toContainEqual(['event', 'page_view', { page_path: '/privacy-policy' }]);
  });

  it('Plausible loads its script with the site domain', () => {
    initAnalytics({ provider: 'plausible', id: 'moi.in', src: null });
    const s = scripts()[0];
    expect(s.src).toBe('https://plausible.io/js/script.manual.js');
    expect(s.getAttribute('data-domain')).toBe('moi.in');
  });

  it('the beacon provider posts to the configured endpoint and loads nothing', () => {
    initAnalytics({ provider: 'beacon', id: 'moi', src: '/moi/analytics' });
    trackPageview('/');
    trackEvent('subscribe_contact', { plan: 'partner' });
    expect(scripts()).toHaveLength(0);
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(beacon.mock.calls[0][0]).toBe('/moi/analytics');
    expect(JSON.parse(beacon.mock.calls[0][1] as string)).toMatchObject({ site: 'moi', type: 'pageview', path: '/' });
    expect(JSON.parse(beacon.mock.calls[1][1] as string)).toMatchObject({ type: 'event', name: 'subscribe_contact', props: { plan: 'partner' } });
  });

  it('accepts a provider of your own', () => {
    const seen: string[] = [];
    registerAnalyticsProvider('custom', () => ({ name: 'custom', pageview: (p) => seen.push(p), event: (n) => seen.push(n) }));
    initAnalytics({ provider: 'custom' as 'beacon', id: 'x', src: null });
    trackPageview('/terms-of-service');
    expect(seen).toEqual(['/terms-of-service']);
  });
});
