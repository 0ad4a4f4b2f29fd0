import { describe, expect, it } from 'vitest';
import { parsePhone, readBrand } from './brand';

describe('brand configuration', () => {
  it('is entirely "not configured" when the env is empty: no provider, no phone, no buttons, no analytics', () => {
    expect(readBrand({})).toEqual({
      providerName: null,
      phone: null,
      phoneHref: null,
      email: null,
      paymentButtons: { smart: null, partner: null },
      analytics: null,
    });
  });

  it('rejects placeholder-looking values instead of showing them', () => {
    const b = readBrand({
      VITE_PROVIDER_NAME: 'XXXXX',
      VITE_PROVIDER_PHONE: '+91 XXXXX XXXXX',
      VITE_PAYMENT_BUTTON_SMART: 'your-button-id',
      VITE_PAYMENT_BUTTON_PARTNER: '<id>',
      VITE_ANALYTICS_ID: 'TODO',
    });
    expect(b.providerName).toBeNull();
    expect(b.phone).toBeNull();
    expect(b.paymentButtons).toEqual({ smart: null, partner: null });
    expect(b.analytics).toBeNull();
    expect(parsePhone('9999999999')).toBeNull();
    expect(parsePhone('0000000000')).toBeNull();
    expect(parsePhone('12345')).toBeNull();
    expect(parsePhone('call me')).toBeNull();
  });

  it('reads real values, with a tel: link made of digits', () => {
    const b = readBrand({
      VITE_PROVIDER_NAME: ' Sri Murugan Digital Services ',
      VITE_PROVIDER_PHONE: '+91 98431 20456',
      VITE_PROVIDER_EMAIL: 'moi@murugan.in',
      VITE_PAYMENT_BUTTON_SMART: 'pl_NzKx8aB1cD2eF3',
      VITE_PAYMENT_BUTTON_PARTNER: 'pl_QwE4rT5yU6iO7p',
    });
    expect(b.providerName).toBe('Sri Murugan Digital Services');
    expect(b.phone).toBe('+91 98431 20456');
    expect(b.phoneHref).toBe('tel:+919843120456');
    expect(b.email).toBe('moi@murugan.in');
    expect(b.paymentButtons).toEqual({ smart: 'pl_NzKx8aB1cD2eF3', partner: 'pl_QwE4rT5yU6iO7p' });
  });

  it('turns analytics on only with an id and a known provider', () => {
    expect(readBrand({ VITE_ANALYTICS_ID: 'G-ABC123' }).analytics).toEqual({ provider: 'ga4', id: 'G-ABC123', src: null });
    expect(readBrand({ VITE_ANALYTICS_ID: 'moi.example.in' }).analytics).toBeNull();
    expect(readBrand({ VITE_ANALYTICS_ID: 'moi.in', VITE_ANALYTICS_PROVIDER: 'plausible' }).analytics).toEqual({ provider: 'plausible', id: 'moi.in', src: null });
    expect(readBrand({ VITE_ANALYTICS_ID: 'site', VITE_ANALYTICS_PROVIDER: 'beacon' }).analytics).toBeNull();
    expect(readBrand({ VITE_ANALYTICS_ID: 'site', VITE_ANALYTICS_PROVIDER: 'beacon', VITE_ANALYTICS_SRC: '/moi/analytics' }).analytics).toEqual({ provider: 'beacon', id: 'site', src: '/moi/analytics' });
    expect(readBrand({ VITE_ANALYTICS_ID: 'x1', VITE_ANALYTICS_PROVIDER: 'mystery' }).analytics).toBeNull();
    // Never another site's script or beacon through a protocol-relative address.
    expect(readBrand({ VITE_ANALYTICS_ID: 'site', VITE_ANALYTICS_PROVIDER: 'beacon', VITE_ANALYTICS_SRC: '//stats.evil.in/b' }).analytics).toBeNull();
    expect(readBrand({ VITE_ANALYTICS_ID: 'moi.in', VITE_ANALYTICS_PROVIDER: 'plausible', VITE_ANALYTICS_SRC: '//stats.evil.in/x.js' }).analytics).toEqual({ provider: 'plausible', id: 'moi.in', src: null });
  });
});
