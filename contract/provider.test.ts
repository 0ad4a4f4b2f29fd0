// The analytics source of the provider settings: an https:// address or a path on this site only.
import { describe, expect, it } from 'vitest';
import { isAnalyticsSrc, providerSettingsFromEnv, providerSettingsSchema } from './provider';

const src = (analyticsSrc: unknown) => providerSettingsSchema.safeParse({ analyticsSrc });

describe('analyticsSrc', () => {
  it('takes an absolute https:// address or a path with a single leading /', () => {
    for (const ok of ['https://plausible.example/js/script.js', 'https://stats.kalyanmoi.in', '/moi/analytics', '/js/script.js?v=2']) {
      expect(isAnalyticsSrc(ok), ok).toBe(true);
      expect(src(ok).success, ok).toBe(true);
    }
  });

  it('refuses a protocol-relative address (//evil.example) and the other ways to another site', () => {
    for (const bad of ['//evil.example', '//evil.example/x.js', '/\\evil.example', '\\\\evil.example', 'http://insecure.example/x', 'https:/evil.example', 'https://', 'https:///x',
      'https://user:pw@evil.example/x', 'javascript:alert(1)', 'evil.example/x.js', '/moi/ x', 'HTTPS//evil.example']) {
      expect(isAnalyticsSrc(bad), bad).toBe(false);
      expect(src(bad).success, bad).toBe(false);
    }
  });

  it('leaves a bad environment value out instead of using it', () => {
    expect(providerSettingsFromEnv({ VITE_ANALYTICS_SRC: '//evil.example' }).analyticsSrc).toBeNull();
    expect(providerSettingsFromEnv({ VITE_ANALYTICS_SRC: '/moi/analytics' }).analyticsSrc).toBe('/moi/analytics');
  });
});
