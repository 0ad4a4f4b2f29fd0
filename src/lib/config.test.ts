import { describe, expect, it } from 'vitest';
import { readClientConfig } from './config-schema';

describe('client configuration (the build env, checked once when the app is built)', () => {
  it('defaults: same-origin API, Help to the contact section, no public URL', () => {
    expect(readClientConfig({})).toEqual({ config: { apiBase: '', publicUrl: null, helpUrl: '/#contact', env: {} }, problems: [] });
  });

  it('trims addresses and drops a trailing slash, so paths join cleanly', () => {
    const { config } = readClientConfig({ VITE_API_BASE: ' https://api.moi.example.in/ ', VITE_PUBLIC_URL: 'https://moi.example.in//' });
    expect(config.apiBase).toBe('https://api.moi.example.in');
    expect(config.publicUrl).toBe('https://moi.example.in');
  });

  it('leaves a value that fails its check unset and names it, instead of breaking the page', () => {
    const { config, problems } = readClientConfig({ VITE_PUBLIC_URL: 'moi dot in', VITE_API_BASE: 42, VITE_PROVIDER_NAME: 'Selvam Services' });
    expect(config.publicUrl).toBeNull();
    expect(config.apiBase).toBe('');
    expect(config.env.VITE_PROVIDER_NAME).toBe('Selvam Services');
    expect(problems).toEqual([expect.stringContaining('VITE_API_BASE'), expect.stringContaining('VITE_PUBLIC_URL')]);
  });
});
