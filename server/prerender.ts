// The landing ("/") and the sign-in page rendered at build time (vite.config.ts runs prerenderPlugin
// after the service worker is written, before the .br/.gz copies): a first visit on a slow network
// shows the page from its HTML, styled by its CSS inlined in the head, before any script has run;
// src/main.tsx then hydrates it. The pages go beside the shell as landing.html and signin.html; the
// shell (index.html, which the service worker answers every navigation with) is unchanged.
//
// Each page is rendered in English and Tamil: the English one in #root, the Tamil one in a <template>.
// A script in the head picks the language as src/lib/i18n.ts does (the stored choice, else the
// browser's) and holds the page hidden unless it is English; a script after the root puts the Tamil
// page in, or the loading screen back when the device holds something the build could not know (a
// signed-in user, the provider's cached settings, a chosen theme): then the page starts as before.
// Both scripts are inline; their hashes go to the server's Content-Security-Policy (prerendered.json).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';

export const PRERENDER_MANIFEST = 'prerendered.json';
export type PrerenderManifest = {
  /** Page path → file in the build's root. */
  pages: Record<string, string>;
  /** `'sha256-…'` of each inline script of those pages, for script-src. */
  scriptHashes: string[];
};

type PageSpec = {
  path: string;
  file: string;
  /** Source modules of the page's lazy routes (their CSS is inlined, their JS preloaded). */
  modules: string[];
  /** localStorage keys whose presence means the page may differ from the built one. */
  storedKeys: string[];
  /** Attributes for <html> (Mantine's colour scheme for the sign-in page's default light theme). */
  htmlAttrs?: string;
};

export const PRERENDERED_PAGES: PageSpec[] = [
  { path: '/', file: 'landing.html', modules: ['src/features/landing/landing-page.tsx'], storedKeys: ['user', 'moi.provider'] },
  {
    path: '/session/signin',
    file: 'signin.html',
    modules: ['src/app/themed-layout.tsx', 'src/features/auth/signin-page.tsx'],
    storedKeys: ['user', 'moi.settings'],
    htmlAttrs: ' data-mantine-color-scheme="light"',
  },
];

const LANGS = ['en', 'ta'] as const;
type Renderer = { prerenderPage: (pathname: string, lang: 'en' | 'ta') => Promise<string> };

export const scriptHash = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

/** The head's script: which page to show first (en, ta, or the shell's loading screen). */
function headScript(storedKeys: string[]): string {
  const keys = JSON.stringify(storedKeys);
  return (
    `(function(){var d=document.documentElement,l=null,s=0;try{var g=localStorage;l=g.getItem('moi.language');` +
    `s=${keys}.some(function(k){return g.getItem(k)!==null})}catch(e){}` +
    `if(l!=='ta'&&l!=='en')l=(navigator.language||'').toLowerCase().indexOf('ta')===0?'ta':'en';` +
    `d.lang=l;d.setAttribute('data-moi-first',s?'shell':l)})()`
  );
}

/** After the root: the Tamil page or the loading screen in place of the English page, then shown. */
function swapScript(bootHtml: string): string {
  return (
    `(function(){var d=document.documentElement,f=d.getAttribute('data-moi-first'),r=document.getElementById('root'),` +
    `t=document.getElementById('moi-prerender-ta');if(f==='ta'){r.replaceChildren(t.content);r.setAttribute('data-lang','ta')}` +
    `else if(f==='shell'){r.innerHTML=${JSON.stringify(bootHtml)};r.removeAttribute('data-prerendered')}` +
    `t.remove();d.removeAttribute('data-moi-first')})()`
  );
}

/** The CSS and JS files a module's chunk needs (its own and its static imports'), from the client bundle. */
function chunkFiles(bundle: Rollup.OutputBundle, root: string, module: string): { css: string[]; js: string[] } {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const want = path.resolve(root, module);
  const start = chunks.find((c) => c.facadeModuleId && path.resolve(c.facadeModuleId) === want);
  if (!start) throw new Error(`prerender: no chunk for ${module}`);
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (c: Rollup.OutputChunk) => {
    if (js.has(c.fileName)) return;
    js.add(c.fileName);
    for (const f of (c as Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) css.add(f);
    for (const imp of c.imports) {
      const next = bundle[imp];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return { css: [...css], js: [...js] };
}

/** Writes the prerendered pages into `outDir` from its index.html; returns the manifest. */
export async function writePrerenderedPages(opts: {
  outDir: string;
  renderer: Renderer;
  assets: Record<string, { css: string[]; js: string[] }>;
}): Promise<PrerenderManifest> {
  const shell = readFileSync(path.join(opts.outDir, 'index.html'), 'utf8');
  const rootLine = /<div id="root">(.*)<\/div>\n/.exec(shell);
  if (!rootLine) throw new Error('prerender: index.html has no single-line <div id="root">');
  const bootHtml = rootLine[1];
  const entryCss = [...shell.matchAll(/\s*<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g)];
  const manifest: PrerenderManifest = { pages: {}, scriptHashes: [] };
  const readAsset = (f: string) => readFileSync(path.join(opts.outDir, f), 'utf8');
  for (const page of PRERENDERED_PAGES) {
    const [en, ta] = [await opts.renderer.prerenderPage(page.path, LANGS[0]), await opts.renderer.prerenderPage(page.path, LANGS[1])];
    const assets = opts.assets[page.path];
    // Entry CSS first, then the page's, as the browser would have applied them.
    const css = [...entryCss.map((m) => m[1]), ...assets.css.filter((f) => !entryCss.some((m) => m[1] === f))].map(readAsset).join('\n');
    const head = headScript(page.storedKeys);
    const swap = swapScript(bootHtml);
    manifest.scriptHashes.push(scriptHash(head), scriptHash(swap));
    let html = shell;
    for (const m of entryCss) html = html.replace(m[0], '');
    // The page is drawn by its HTML: its scripts only hydrate it, so they yield the network to what
    // the first paint uses (the first slide, the fonts) — fetched at low priority.
    html = html
      .replace('<script type="module" crossorigin src=', '<script type="module" crossorigin fetchpriority="low" src=')
      .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
    const preloads = assets.js.filter((f) => !shell.includes(`/${f}"`)).map((f) => `\n    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`).join('');
    // The page's lazy chunks' stylesheets are inlined above; listed as disabled links (never fetched)
    // so that Vite's preload helper, which skips a stylesheet the document links, does not fetch them again.
    const inlined = assets.css
      .filter((f) => !entryCss.some((m) => m[1] === f))
      .map((f) => `\n    <link rel="stylesheet" crossorigin href="/${f}" disabled>`)
      .join('');
    html = html
      .replace(/<html lang="ta">/, `<html lang="en"${page.htmlAttrs ?? ''}>`)
      .replace(
        '</title>',
        `</title>\n    <script>${head}</script>\n    <style>html[data-moi-first]:not([data-moi-first="en"]) #root{visibility:hidden}</style>`,
      )
      .replace('</head>', `    <style>${css}</style>${inlined}${preloads}\n  </head>`)
      .replace(
        rootLine[0],
        `<div id="root" data-prerendered="${page.path}" data-lang="en">${en}</div>\n    <template id="moi-prerender-ta">${ta}</template>\n    <script>${swap}</script>\n`,
      );
    writeFileSync(path.join(opts.outDir, page.file), html);
    manifest.pages[page.path] = page.file;
  }
  writeFileSync(path.join(opts.outDir, PRERENDER_MANIFEST), JSON.stringify(manifest, null, 2));
  return manifest;
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  let assets: Record<string, { css: string[]; js: string[] }> | null = null;
  return {
    name: 'moi:prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      config = c;
    },
    writeBundle(_options, bundle) {
      if (!bundle['index.html']) return; // the service worker's or a worker's build
      assets = {};
      for (const page of PRERENDERED_PAGES) {
        const files = page.modules.map((m) => chunkFiles(bundle, config.root, m));
        assets[page.path] = { css: [...new Set(files.flatMap((f) => f.css))], js: [...new Set(files.flatMap((f) => f.js))] };
      }
    },
    closeBundle: {
      // After vite-plugin-pwa has written sw.js (the pages are not precached: the worker answers
      // navigations with the shell), before precompressPlugin makes their .br/.gz copies.
      order: 'post',
      sequential: true,
      async handler() {
        if (!assets) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        // Inside node_modules so the rendered module's bare imports (react, @mantine/core…) resolve.
        const ssrDir = path.resolve(config.root, 'node_modules/.moi-prerender');
        rmSync(ssrDir, { recursive: true, force: true });
        mkdirSync(ssrDir, { recursive: true });
        try {
          await build({
            configFile: false,
            root: config.root,
            mode: config.mode,
            logLevel: 'warn',
            define: config.define,
            plugins: [react()],
            build: { ssr: 'src/prerender-entry.tsx', outDir: ssrDir, emptyOutDir: true, target: 'node20', rollupOptions: { output: { entryFileNames: 'prerender-entry.mjs' } } },
          });
          const renderer = (await import(pathToFileURL(path.join(ssrDir, 'prerender-entry.mjs')).href)) as Renderer;
          const m = await writePrerenderedPages({ outDir, renderer, assets });
          this.info?.(`prerendered ${Object.keys(m.pages).join(', ')} (en, ta)`);
        } finally {
          rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
