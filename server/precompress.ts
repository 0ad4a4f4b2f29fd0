// Brotli and gzip copies of the built PWA's text files, made once at build time (vite.config.ts runs
// precompressPlugin after the service worker is written): foo.js → foo.js.br and foo.js.gz beside it.
// The server (app.ts, @fastify/static preCompressed) sends the copy the request's Accept-Encoding
// allows, with Vary: Accept-Encoding, so no byte is compressed per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: text. Images, woff/woff2 and the like are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this a compressed copy saves less than a packet. */
export const MIN_BYTES = 1024;
/**
 * Brotli's best quality (11) costs about 2.5 s of CPU per MB; above this size (the lazily loaded
 * report libraries, ~1 MB each) quality 9 is 15 times faster for a file about 8 % larger.
 */
const MAX_BEST_BYTES = 400 * 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? filesUnder(p) : Promise.resolve(e.isFile() ? [p] : []);
    }),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` (quality 11, or 9 for the largest files) and `<file>.gz` (level 9) beside every compressible file of `dir`
 * of at least MIN_BYTES, when the copy is smaller than the original. Returns the bytes before and after.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number; gzip: number }> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  const total = { files: 0, bytes: 0, br: 0, gzip: 0 };
  // zlib's async calls run on libuv's thread pool: a few at a time keeps the build short on 2 cores.
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      if ((await stat(file)).size < MIN_BYTES) continue;
      const body = await readFile(file);
      const [b, g] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: body.length > MAX_BEST_BYTES ? 9 : constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gz(body, { level: 9 }),
      ]);
      total.files++;
      total.bytes += body.length;
      if (b.length < body.length) {
        await writeFile(`${file}.br`, b);
        total.br += b.length;
      }
      if (g.length < body.length) {
        await writeFile(`${file}.gz`, g);
        total.gzip += g.length;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return total;
}

/** Vite plugin: precompress the output directory once everything (the service worker too) is written. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'moi:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After vite-plugin-pwa's closeBundle (a sequential hook of normal order) has written sw.js.
      order: 'post',
      sequential: true,
      async handler() {
        const t = await precompressDir(outDir);
        const kB = (n: number) => `${(n / 1024).toFixed(0)} kB`;
        this.info?.(`precompressed ${t.files} files: ${kB(t.bytes)} → br ${kB(t.br)}, gzip ${kB(t.gzip)}`);
      },
    },
  };
}
