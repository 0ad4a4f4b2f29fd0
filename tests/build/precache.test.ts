// After `vite build`, the service worker's precache list holds the shell, the manifest, every JS
// chunk (so every lazy route opens offline), the CSS, fonts and manifest icons. The list of chunks
// comes from the build output itself, so new screens are covered without editing this test.
// The same build (with its chunk manifest) also keeps the landing route's JavaScript under its budget.
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
  // A private outDir: the shared dist/ may be in use by the server or the end-to-end suite. Built as
  // production, as `npm run build` does (vitest's NODE_ENV=test would give React's development build).
  out = mkdtempSync(path.join(tmpdir(), 'moi-build-'));
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', MOI_E2E_HOOK: '' },
  });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
  const sw = readFileSync(path.join(out, 'sw.js'), 'utf8');
  listed = [...sw.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((m) => m[1].replace(/^\//, ''));
  precached = new Set(listed);
}, 180_000);

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

it('ships no end-to-end test hook: nothing that installs window.__moi or reads the moi.e2e switch', () => {
  // The hook (src/data/e2e-hook.ts, which can clear db.gifts) is compiled in only with MOI_E2E_HOOK=1.
  const js = filesUnder(out).filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(out, f), 'utf8'));
  expect(js.length).toBeGreaterThan(3);
  for (const marker of ['moi.e2e', '__moi', 'timeFreshPull', 'installTestHook']) {
    expect(js.filter((text) => text.includes(marker)), marker).toEqual([]);
  }
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

type ManifestChunk = { file: string; name?: string; src?: string; imports?: string[]; dynamicImports?: string[] };

it('keeps the landing route under 150 kB of JavaScript (gzip): entry, landing page, one language, PWA registration', () => {
  const manifest = JSON.parse(readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    expect(manifest[key], `${key} in the build manifest`).toBeDefined();
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const gz = (keys: Iterable<string>) => [...keys].reduce((s, k) => s + gzipSync(readFileSync(path.join(out, manifest[k].file)), { level: 9 }).length, 0);
  // What the browser fetches for "/": the entry and its static imports, the landing page's chunk and
  // its imports, the PWA prompts (they register the service worker) — not Mantine, not the signed-in app.
  const keys = closure('index.html');
  closure('src/features/landing/landing-page.tsx', keys);
  closure('src/features/sync/pwa-prompts.tsx', keys);
  for (const k of Object.keys(manifest).filter((k) => k.includes('workbox-window'))) closure(k, keys);
  const files = [...keys].map((k) => manifest[k].file);
  for (const heavy of ['signed-in-layout', 'app-bundle', 'dexie', 'MantineThemeProvider', 'themes-provider', 'Button-', 'pwa-prompts-view']) {
    expect(files.filter((f) => f.includes(heavy)), `${heavy} on the landing route`).toEqual([]);
  }
  // Plus the active language's landing texts: one of the two catalogue chunks (the larger counts).
  // (Loaded by the i18n module, in the entry or a chunk of its own; keyed by its source path or, as a
  // shared chunk, by its name.)
  const texts = [...new Set([...keys].flatMap((k) => manifest[k].dynamicImports ?? []))].filter((k) => /^src\/locales\/(en|ta)\/landing\.ts$/.test(k) || (manifest[k].name === 'landing' && !manifest[k].src));
  expect(texts).toHaveLength(2);
  const total = gz(keys) + Math.max(...texts.map((k) => gz([k])));
  console.log(`landing route JS: ${keys.size + 1} files, ${(total / 1024).toFixed(1)} kB gzip`);
  expect(total).toBeLessThan(150 * 1024);
});

it('loads the report code (pdfmake, the workbook writer) only when a report is made: never with the landing, sign-in or entry screens', () => {
  const manifest = JSON.parse(readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    expect(manifest[key], `${key} in the build manifest`).toBeDefined();
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  // Strings only each library's code carries: a pdfmake standard-font name, the workbook writer's sheet path.
  const markers = { pdfmake: 'Helvetica-BoldOblique', 'workbook writer': 'xl/worksheets' };
  const js = filesUnder(out).filter((f) => f.endsWith('.js') && f !== 'sw.js');
  const holding = (marker: string) => js.filter((f) => readFileSync(path.join(out, f), 'utf8').includes(marker));
  for (const [lib, marker] of Object.entries(markers)) {
    const files = holding(marker);
    expect(files.length, `${lib} is in the build`).toBeGreaterThan(0);
    for (const f of files) expect(precached.has(f), `${f} (${lib}) precached for offline reports`).toBe(true);
    for (const route of ['src/features/landing/landing-page.tsx', 'src/features/auth/signin-page.tsx', 'src/features/gifts/gift-entry-page.tsx']) {
      const chunks = [...closure('index.html', closure(route))].map((k) => manifest[k].file);
      expect(chunks.filter((f) => files.includes(f)), `${lib} loaded with ${route}`).toEqual([]);
    }
    const gz = files.reduce((s, f) => s + gzipSync(readFileSync(path.join(out, f)), { level: 9 }).length, 0);
    console.log(`${lib}: ${files.join(', ')} ${(gz / 1024).toFixed(1)} kB gzip, loaded by the report worker`);
  }
  // The PDF's fonts (woff: what fontkit reads) are precached too, so a book can be made offline.
  for (const font of ['tamil-400', 'tamil-700', 'latin-400', 'latin-700']) {
    expect([...precached].some((u) => u.includes(`noto-sans-tamil-${font}-normal-`) && u.endsWith('.woff')), font).toBe(true);
  }
});
