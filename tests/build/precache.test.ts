// After `vite build`, the service worker's precache list holds the shell, the manifest, every JS
// chunk (so every lazy route opens offline), the CSS, fonts and manifest icons. The list of chunks
// comes from the build output itself, so new screens are covered without editing this test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(__dirname, '../..');
let out: string;
let precached: Set<string>;
let listed: string[];

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p, base) : [path.relative(base, p).split(path.sep).join('/')];
  });
}

beforeAll(() => {
  // A private outDir: the shared dist/ may be in use by the server or the end-to-end suite.
  out = mkdtempSync(path.join(tmpdir(), 'moi-build-'));
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
  const sw = readFileSync(path.join(out, 'sw.js'), 'utf8');
  listed = [...sw.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((m) => m[1].replace(/^\//, ''));
  precached = new Set(listed);
}, 180_000);

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

it('emits dist/sw.js with a precache list holding index.html and the manifest', () => {
  expect(existsSync(path.join(out, 'sw.js'))).toBe(true);
  expect(precached.has('index.html')).toBe(true);
  expect(precached.has('manifest.webmanifest')).toBe(true);
  // Nothing listed twice and nothing listed that the build did not produce.
  expect(listed.length).toBe(precached.size);
  const files = new Set(filesUnder(out));
  for (const url of precached) expect(files.has(url), `${url} is precached but not built`).toBe(true);
});

it('precaches every JS chunk, stylesheet and font of the build', () => {
  const assets = filesUnder(out).filter((f) => /\.(js|css|woff2)$/.test(f) && f !== 'sw.js' && !f.startsWith('workbox-'));
  expect(assets.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(3); // the lazy routes are split out
  const missing = assets.filter((f) => !precached.has(f));
  expect(missing).toEqual([]);
});

it('precaches the manifest icons, and the manifest names the app in Tamil and English', () => {
  const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.webmanifest'), 'utf8')) as { name: string; display: string; icons: { src: string; sizes: string; purpose?: string }[] };
  expect(manifest.name).toMatch(/[\u0B80-\u0BFF]/);
  expect(manifest.name).toMatch(/Moi/);
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) expect(precached.has(icon.src.replace(/^\//, '')), icon.src).toBe(true);
});

it('keeps the initial JS (entry + its static imports) small enough for a tablet on venue Wi-Fi', () => {
  const html = readFileSync(path.join(out, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(initial.length).toBeGreaterThan(0);
  const gz = initial.reduce((s, f) => s + gzipSync(readFileSync(path.join(out, f))).length, 0);
  console.log(`initial JS: ${initial.length} files, ${(gz / 1024).toFixed(1)} kB gzip`);
  // TOOLCHAIN.md measured ≈ 173 kB for Mantine + router + Dexie + i18next; a loose ceiling catches a regression.
  expect(gz).toBeLessThan(400 * 1024);
});
