// The server hosts the built PWA: files with the right cache headers, index.html for page paths
// (the client router takes over; 404 with it for a path the router has no page for), and 404s — never the shell — for API paths and missing files.
// Text files go brotli- or gzip-compressed from the copies the build wrote (precompress.ts), as the
// request's Accept-Encoding allows, and uncompressed to a client that accepts neither.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from './precompress';
import { PRERENDER_MANIFEST, scriptHash, type PrerenderManifest } from './prerender';
import { LANDING_PRELOAD } from './static-headers';
import { createTestApp, type TestApp } from './test-utils';

let dir: string;
let t: TestApp;
const SHELL = `<!doctype html><title>Moi shell</title><div id="root"></div>${'<link rel="modulepreload" href="/assets/chunk.js">\n'.repeat(40)}`;
const LANDING_JS = Array.from({ length: 400 }, (_, i) => `export function section${i}(t) { return t("landing.section${i}.title"); }`).join('\n');
const LANDING_CSS = Array.from({ length: 300 }, (_, i) => `.section${i} { padding: ${i}px 16px; color: var(--mantine-color-text); }`).join('\n');
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'moi-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), SHELL);
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'assets', 'index-AbCd1234.js'), 'console.log("app")');
  // Files the size of the real ones, precompressed as the build does.
  writeFileSync(path.join(dir, 'assets', 'landing-Xy12Zw34.js'), LANDING_JS);
  writeFileSync(path.join(dir, 'assets', 'index-Qr56St78.css'), LANDING_CSS);
  await precompressDir(dir);
  t = await createTestApp({ STATIC_DIR: dir });
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

it('serves index.html for / and for every page path of the router, never cached', async () => {
  for (const url of ['/', '/counter/gifts/entry', '/admin/DeletedMoiList?x=1', '/admin/deletedmoilist', '/events/', '/session/signin', '/privacy-policy']) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Moi shell');
    expect(res.headers['cache-control']).toBe('no-cache');
  }
});

it('answers an unknown page path 404 with the same shell, so the router shows its not-found page', async () => {
  for (const url of ['/no/such/page', '/counter/gifts/entry/extra', '/eventsx?y=2']) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Moi shell');
    expect(res.headers['cache-control']).toBe('no-cache');
  }
});

it('caches hashed assets for a year and revalidates the service worker', async () => {
  const asset = await get('/assets/index-AbCd1234.js');
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
  const sw = await get('/sw.js');
  expect(sw.statusCode).toBe(200);
  expect(sw.headers['cache-control']).toBe('no-cache');
});

it('answers a missing file and an unknown API path with a 404 error, not the shell', async () => {
  for (const url of ['/assets/old-chunk-Zz99Yy88.js', '/favicon-missing.png', '/moi/unknown', '/moi']) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  }
});

describe('compression', () => {
  const getWith = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
  const decode = (encoding: string | undefined, raw: Buffer) =>
    (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  // The landing's shell (at / and at a page path), its JavaScript and its stylesheet.
  const files = [
    { url: '/', body: SHELL, type: /^text\/html/, cache: 'no-cache' },
    { url: '/session/signin', body: SHELL, type: /^text\/html/, cache: 'no-cache' },
    { url: '/assets/landing-Xy12Zw34.js', body: LANDING_JS, type: /^(text|application)\/javascript/, cache: 'public, max-age=31536000, immutable' },
    { url: '/assets/index-Qr56St78.css', body: LANDING_CSS, type: /^text\/css/, cache: 'public, max-age=31536000, immutable' },
  ];

  it('the build step writes .br and .gz beside each text file above 1 kB, and none beside smaller ones', () => {
    for (const f of ['index.html', 'assets/landing-Xy12Zw34.js', 'assets/index-Qr56St78.css']) {
      const original = readFileSync(path.join(dir, f));
      expect(brotliDecompressSync(readFileSync(path.join(dir, `${f}.br`))).equals(original), f).toBe(true);
      expect(gunzipSync(readFileSync(path.join(dir, `${f}.gz`))).equals(original), f).toBe(true);
    }
    expect(existsSync(path.join(dir, 'sw.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'index-AbCd1234.js.gz'))).toBe(false);
  });

  it('serves the landing\'s HTML, JavaScript and CSS brotli-compressed when brotli is accepted, with Vary and its cache header', async () => {
    for (const f of files) {
      for (const accept of ['gzip, deflate, br, zstd', 'br', 'br;q=1, gzip;q=0.5']) {
        const res = await getWith(f.url, accept);
        expect(res.statusCode, f.url).toBe(200);
        expect(res.headers['content-encoding'], `${f.url} ${accept}`).toBe('br');
        expect(res.headers['content-type'], f.url).toMatch(f.type);
        expect(String(res.headers.vary), f.url).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control'], f.url).toBe(f.cache);
        expect(Number(res.headers['content-length']), f.url).toBeLessThan(Buffer.byteLength(f.body) / 3);
        expect(decode('br', res.rawPayload), f.url).toBe(f.body);
      }
    }
  });

  it('serves them gzip-compressed to a client that accepts gzip but not brotli', async () => {
    for (const f of files) {
      for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
        const res = await getWith(f.url, accept);
        expect(res.headers['content-encoding'], `${f.url} ${accept}`).toBe('gzip');
        expect(res.headers['content-type'], f.url).toMatch(f.type);
        expect(String(res.headers.vary), f.url).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control'], f.url).toBe(f.cache);
        expect(decode('gzip', res.rawPayload), f.url).toBe(f.body);
      }
    }
  });

  it('serves them uncompressed to a client that accepts no compression, still saying Vary', async () => {
    for (const f of files) {
      for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
        const res = await getWith(f.url, accept);
        expect(res.statusCode, f.url).toBe(200);
        expect(res.headers['content-encoding'], `${f.url} ${accept}`).toBeUndefined();
        expect(res.headers['content-type'], f.url).toMatch(f.type);
        expect(String(res.headers.vary), f.url).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control'], f.url).toBe(f.cache);
        expect(res.body, f.url).toBe(f.body);
      }
    }
  });

  it('compresses a file without a compressed copy from the file itself, and the service worker is never cached', async () => {
    const sw = await getWith('/sw.js', 'br, gzip');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(decode('br', sw.rawPayload)).toBe(readFileSync(path.join(dir, 'sw.js'), 'utf8'));
  });

  it('announces the landing\'s largest image with the landing\'s HTML only', async () => {
    const landing = await getWith('/', 'br');
    expect(landing.headers.link).toBe(LANDING_PRELOAD);
    expect(LANDING_PRELOAD).toMatch(/rel=preload; as=image; fetchpriority=high/);
    for (const url of ['/session/signin', '/privacy-policy', '/assets/landing-Xy12Zw34.js']) {
      expect((await getWith(url, 'br')).headers.link, url).toBeUndefined();
    }
  });
});

it('sends the document security headers with documents and workers only: a script, style or image of the PWA gets the short set', async () => {
  writeFileSync(path.join(dir, 'assets', 'report.worker-Ab12Cd34.js'), 'self.onmessage = () => {};');
  for (const url of ['/', '/session/signin', '/no/such/page', '/sw.js', '/assets/report.worker-Ab12Cd34.js']) {
    const res = await get(url);
    expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    expect(res.headers['permissions-policy'], url).toBeDefined();
    expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
  }
  // The shell and the service worker are revalidated by their ETag.
  for (const url of ['/', '/sw.js']) expect((await get(url)).headers.etag, url).toBeDefined();
  for (const url of ['/assets/index-AbCd1234.js', '/assets/index-Qr56St78.css', '/assets/landing-Xy12Zw34.js']) {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'referrer-policy', 'last-modified', 'etag', 'accept-ranges']) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    const size = Object.entries(res.headers).reduce((a, [k, v]) => a + k.length + String(v).length + 4, 0);
    expect(size, url).toBeLessThan(400);
  }
});

it('serves the build\'s prerendered landing and sign-in pages at their paths, their inline scripts allowed by hash, the shell elsewhere', async () => {
  const pre = mkdtempSync(path.join(tmpdir(), 'moi-static-pre-'));
  try {
    mkdirSync(path.join(pre, 'assets'));
    writeFileSync(path.join(pre, 'index.html'), SHELL);
    const script = 'document.documentElement.lang="en"';
    writeFileSync(path.join(pre, 'landing.html'), `<!doctype html><title>Landing page</title><script>${script}</script>`);
    writeFileSync(path.join(pre, 'signin.html'), '<!doctype html><title>Sign-in page</title>');
    const manifest: PrerenderManifest = { pages: { '/': 'landing.html', '/session/signin': 'signin.html' }, scriptHashes: [scriptHash(script)] };
    writeFileSync(path.join(pre, PRERENDER_MANIFEST), JSON.stringify(manifest));
    await precompressDir(pre);
    const app = await createTestApp({ STATIC_DIR: pre });
    try {
      const landing = await app.app.inject({ method: 'GET', url: '/?utm_source=qr', headers: { 'accept-encoding': 'br' } });
      expect(landing.statusCode).toBe(200);
      expect(landing.headers['content-type']).toMatch(/text\/html/);
      expect(landing.headers['cache-control']).toBe('no-cache');
      expect(landing.headers.link).toBe(LANDING_PRELOAD);
      expect(landing.headers['content-security-policy']).toContain(`script-src 'self' ${scriptHash(script)}`);
      // The hash is of the script exactly as the page holds it.
      expect(scriptHash(script)).toBe(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
      expect(brotliDecompressSync(landing.rawPayload).toString()).toContain('Landing page');
      const signin = await app.app.inject({ method: 'GET', url: '/session/signin' });
      expect(signin.body).toContain('Sign-in page');
      expect(signin.headers.link).toBeUndefined();
      for (const url of ['/counter/gifts/entry', '/privacy-policy']) expect((await app.app.inject({ method: 'GET', url })).body, url).toContain('Moi shell');
    } finally {
      await app.close();
    }
  } finally {
    rmSync(pre, { recursive: true, force: true });
  }
});
