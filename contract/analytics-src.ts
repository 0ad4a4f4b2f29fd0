// The analytics source rule, apart from contract/provider.ts so the landing page can check its
// build-time value without loading zod (the landing's JavaScript budget, tests/build/precache.test.ts).
/**
 * Where analytics may load a script from or send beacons to: an absolute https:// address with a host,
 * or a path on this site — one leading "/" only. "//evil.example" is a protocol-relative address of
 * another site, and browsers read a backslash as "/", so "/\evil.example" is one too; neither passes,
 * nor spaces, nor a user:password@ part.
 */
export function isAnalyticsSrc(s: string): boolean {
  if (/[\s\\]/.test(s)) return false;
  if (s.startsWith('/')) return s.length === 1 || s[1] !== '/';
  if (!/^https:\/\/[^/]/i.test(s)) return false;
  try {
    const u = new URL(s);
    return u.protocol === 'https:' && u.hostname !== '' && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}
