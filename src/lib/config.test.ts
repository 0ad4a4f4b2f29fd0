// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { readClientConfig } from './config';

describe('client configuration (the build env, checked once)', () => {
  it('defaults: same-origin API, Help to the contact section, no public URL, not production', () => {
    expect(readClientConfig({})).toMatchObject({ apiBase: '', publicUrl: null, helpUrl: '/#contact', prod: false });
  });

  it('trims addresses and drops a trailing slash, so paths join cleanly', () => {
    const c = readClientConfig({ VITE_API_BASE: ' https://api.moi.example.in/ ', VITE_PUBLIC_URL: 'https://moi.example.in//', PROD: true });
    expect(c.apiBase).toBe('https://api.moi.example.in');
    expect(c.publicUrl).toBe('https://moi.example.in');
    expect(c.prod).toBe(true);
  });

  it('ignores a value that fails its check, naming it once, instead of breaking the page', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const c = readClientConfig({ VITE_PUBLIC_URL: 'moi dot in', VITE_API_BASE: 42, VITE_PROVIDER_NAME: 'Selvam Services' });
    expect(c.publicUrl).toBeNull();
    expect(c.apiBase).toBe('');
    expect(c.env.VITE_PROVIDER_NAME).toBe('Selvam Services');
    expect(err.mock.calls.map((a) => String(a[0]))).toEqual([
      expect.stringContaining('VITE_API_BASE'),
      expect.stringContaining('VITE_PUBLIC_URL'),
    ]);
    err.mockRestore();
  });
});
