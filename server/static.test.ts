// The server hosts the built PWA: files with the right cache headers, index.html for page paths
// (the client router takes over; 404 with it for a path the router has no page for), and 404s — never the shell — for API paths and missing files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './test-utils';

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'moi-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Moi shell</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'assets', 'index-AbCd1234.js'), 'console.log("app")');
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
