// Headers of the built PWA's files (server/app.ts): how long each may be cached, and the landing
// page's image preload. The files themselves come precompressed from the build (server/precompress.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { PrerenderManifest } from './prerender';

const COMPRESSED_COPY = /\.(br|gz)$/;
/** Vite's hashed file names: `assets/<name>-<8+ hash chars>.<ext>`. */
const HASHED_ASSET = new RegExp(`\\${path.sep}assets\\${path.sep}[^\\${path.sep}]+-[\\w-]{8,}\\.\\w+$`);

/** True for a file whose name changes with its content: it may be cached for good. */
export function isHashedAsset(filePath: string): boolean {
  return HASHED_ASSET.test(filePath.replace(COMPRESSED_COPY, ''));
}

/**
 * The landing's largest contentful paint is the carousel's first slide (src/features/landing/slides.ts,
 * SLIDE_SIZES there). Its <img> exists only once the landing's JavaScript has run; announced with the
 * HTML, the image downloads alongside that JavaScript. Only for "/": other pages do not show it.
 */
export const LANDING_PRELOAD =
  '</assets/images/landing/slide-1-800.webp>; rel=preload; as=image; fetchpriority=high; ' +
  'imagesrcset="/assets/images/landing/slide-1-480.webp 480w, /assets/images/landing/slide-1-800.webp 800w"; ' +
  'imagesizes="(min-width: 62em) 560px, min(600px, calc(100vw - 32px))"';

/**
 * A file of the built PWA that a page loads (script, style, image, font, icon, manifest) rather than a
 * document: the security headers that govern a document (CSP, Permissions-Policy, frame and referrer
 * rules, ~1.2 kB) do nothing on it, so it gets only those a subresource uses (server/app.ts). Not the
 * service worker nor the app's worker scripts: a worker's CSP comes from its own script's answer.
 */
export function isStaticSubresource(url: string): boolean {
  const p = url.split('?')[0];
  if (/\.worker-[\w-]+\.js$/.test(p)) return false;
  return p.startsWith('/assets/') || p.startsWith('/icons/') || p === '/favicon.svg' || p === '/manifest.webmanifest';
}

/** @fastify/static's setHeaders: hashed assets for a year, everything else (shell, sw.js, manifest) revalidated. */
export function setStaticHeaders(reply: FastifyReply, filePath: string): void {
  if (isHashedAsset(filePath)) {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    // Never revalidated nor fetched in parts: ETag and Accept-Ranges would only add bytes to each of
    // the ~40 scripts of a first visit.
    reply.removeHeader('etag');
    reply.removeHeader('accept-ranges');
  } else {
    reply.header('Cache-Control', 'no-cache');
  }
  if (/(^|[\\/])(index|landing)\.html(\.br|\.gz)?$/.test(filePath) && reply.request.url.split('?')[0] === '/') reply.header('Link', LANDING_PRELOAD);
}

/** The build's prerendered pages (server/prerender.ts), or null when it made none. */
export function readPrerenderManifest(root: string): PrerenderManifest | null {
  const file = path.join(root, 'prerendered.json');
  if (!existsSync(file)) return null;
  const m = JSON.parse(readFileSync(file, 'utf8')) as PrerenderManifest;
  const pages = Object.fromEntries(Object.entries(m.pages).filter(([, f]) => existsSync(path.join(root, f))));
  return { pages, scriptHashes: m.scriptHashes };
}
