// The plain-HTTP side of the venue laptop (HTTPS=local): a tablet that does not trust the laptop's
// certificate authority yet cannot open the HTTPS app, so this port serves only
//   GET /                  the install page (English or Tamil: ?lang=, else Accept-Language)
//   GET /moi-local-ca.crt  the CA certificate, DER, application/x-x509-ca-cert
//   GET /install-font/*    the page's Tamil font (Noto Sans Tamil, 400 and 700; a laptop may lack one)
// and redirects every other request to the same path on the HTTPS port.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { installStrings, type InstallLanguage } from './install-strings';
import type { LocalTls } from './local-ca';

export const CA_DOWNLOAD_PATH = '/moi-local-ca.crt';
const CA_FILE_NAME = 'moi-local-ca.crt';

const require = createRequire(import.meta.url);
/** The Tamil subset of Noto Sans Tamil (about 15 kB a weight), read when first asked for. */
const FONTS: Record<string, { file: string; data?: Buffer }> = {
  '/install-font/tamil-400.woff2': { file: '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2' },
  '/install-font/tamil-700.woff2': { file: '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff2' },
};
function font(pathname: string): Buffer | null {
  const f = FONTS[pathname];
  if (!f) return null;
  return (f.data ??= readFileSync(require.resolve(f.file)));
}
const TAMIL_RANGE = 'U+0964-0965,U+0B82-0BFA,U+200C-200D,U+20B9,U+25CC';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fill = (s: string, vars: Record<string, string>) => esc(s).replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');

export function pickLanguage(query: string | null, acceptLanguage: string | undefined): InstallLanguage {
  if (query === 'ta' || query === 'en') return query;
  return (acceptLanguage ?? '').trim().toLowerCase().startsWith('ta') ? 'ta' : 'en';
}

/** The install page, complete (inline styles, no script): it must work before anything is trusted. */
export function installPageHtml(tls: LocalTls, lang: InstallLanguage, appUrl: string): string {
  const t = installStrings[lang];
  const other: InstallLanguage = lang === 'ta' ? 'en' : 'ta';
  const file = `<b>${esc(CA_FILE_NAME)}</b>`;
  const date = tls.caValidTo.toLocaleDateString(lang === 'ta' ? 'ta-IN' : 'en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
  // Four groups of 8 bytes that wrap as whole groups: two lines on a wide screen, four on a phone.
  const fp = tls.caFingerprint256.split(':');
  const fpGroups = [0, 8, 16, 24].map((i) => fp.slice(i, i + 8).join(':') + (i < 24 ? ':' : ''));
  const step = (n: number, title: string, body: string) =>
    `<li class="step"><h2><span class="n" aria-hidden="true">${n}</span><span class="sr">${esc(t.step)} ${n}: </span>${esc(title)}</h2>${body}</li>`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(t.htmlTitle)}</title>
<style>
  @font-face{font-family:"Moi Tamil";font-weight:400;font-display:swap;src:url(/install-font/tamil-400.woff2) format("woff2");unicode-range:${TAMIL_RANGE}}
  @font-face{font-family:"Moi Tamil";font-weight:700;font-display:swap;src:url(/install-font/tamil-700.woff2) format("woff2");unicode-range:${TAMIL_RANGE}}
  *{box-sizing:border-box}
  body{margin:0;font-family:"Moi Tamil",system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Tamil","Noto Sans",sans-serif;line-height:1.55;color:#1a1b1e;background:#f4f6fa}
  header{background:#1976d2;color:#fff}
  .bar{max-width:44rem;margin:0 auto;padding:.75rem 1rem;display:flex;justify-content:space-between;align-items:center;gap:1rem}
  .brand{font-weight:700;font-size:1.25rem}
  .bar a{color:#fff;font-weight:600;padding:.4rem .8rem;border:1px solid rgba(255,255,255,.7);border-radius:.4rem;text-decoration:none}
  main{max-width:44rem;margin:0 auto;padding:1rem 1rem 3rem}
  h1{font-size:1.6rem;line-height:1.25;margin:.75rem 0 .5rem}
  .lead{font-size:1.05rem;margin:0 0 1rem}
  ol{list-style:none;padding:0;margin:0;display:grid;gap:1rem}
  .step{background:#fff;border:1px solid #dee2e6;border-radius:.6rem;padding:1rem}
  h2{font-size:1.15rem;margin:0 0 .5rem;display:flex;gap:.6rem;align-items:center}
  .n{flex:none;display:inline-flex;width:2rem;height:2rem;border-radius:50%;background:#1976d2;color:#fff;align-items:center;justify-content:center;font-size:1rem}
  .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
  p{margin:.5rem 0;overflow-wrap:anywhere}
  .btn{display:inline-block;background:#1976d2;color:#fff;font-weight:600;font-size:1.05rem;padding:.75rem 1.2rem;border-radius:.5rem;text-decoration:none;margin:.25rem 0;max-width:100%;overflow-wrap:anywhere}
  .btn:focus-visible,.bar a:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
  .path{margin:.5rem 0;padding:0;list-style:none;display:flex;flex-wrap:wrap;gap:.35rem .25rem;align-items:center}
  .path li{display:flex;align-items:center}
  .path li span{background:#e7f0fb;border-radius:.35rem;padding:.15rem .5rem;font-weight:600}
  .path li+li::before{content:"→";margin-right:.25rem;color:#495057}
  .note{color:#495057;font-size:.95rem}
  dl{margin:.5rem 0;display:grid;gap:.25rem}
  dt{font-weight:600;color:#495057;font-size:.9rem}
  dd{margin:0 0 .5rem}
  .fp{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:.95rem;background:#fff8e1;border:1px solid #ffe082;border-radius:.35rem;padding:.4rem .5rem;display:block;max-width:30rem}
  .fp span{display:inline-block;white-space:nowrap}
  .url{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;overflow-wrap:anywhere}
  footer{max-width:44rem;margin:0 auto;padding:0 1rem 2rem;color:#495057;font-size:.9rem}
</style>
</head>
<body>
<header><div class="bar"><span class="brand">${esc(t.brand)}</span><a href="/?lang=${other}" lang="${other}" hreflang="${other}" aria-label="${esc(t.switchLabel)}">${esc(t.switchTo)}</a></div></header>
<main>
<h1>${esc(t.title)}</h1>
<p class="lead">${esc(t.lead)}</p>
<ol>
${step(1, t.step1Title, `<p>${fill(t.step1Body, { file })}</p><a class="btn" href="${CA_DOWNLOAD_PATH}" download="${CA_FILE_NAME}" data-testid="download-ca">${esc(t.download)}</a>`)}
${step(2, t.step2Title, `<p>${esc(t.step2Lead)}</p><ol class="path">${t.path.map((p) => `<li><span>${esc(p)}</span></li>`).join('')}</ol><p>${fill(t.step2Body, { file })}</p><p class="note">${esc(t.samsung)}</p><p class="note">${esc(t.screenLock)}</p>`)}
${step(3, t.step3Title, `<p>${esc(t.step3Body)}</p><dl><dt>${esc(t.nameLabel)}</dt><dd>${esc(tls.caName)}</dd><dt>${esc(t.fingerprintLabel)}</dt><dd><code class="fp" data-testid="ca-fingerprint">${fpGroups.map((g) => `<span>${esc(g)}</span>`).join('')}</code></dd></dl><p class="note">${esc(t.mismatch)}</p>`)}
${step(4, t.step4Title, `<p>${esc(t.step4Body)}</p><a class="btn" href="${esc(appUrl)}" data-testid="open-app">${esc(t.open)}</a>`)}
</ol>
<p>${esc(t.already)} <a class="url" href="${esc(appUrl)}">${esc(appUrl)}</a></p>
</main>
<footer><p>${fill(t.validUntil, { date: esc(date) })}</p><p>${esc(t.safety)}</p></footer>
</body>
</html>
`;
}

/** The host a browser used (without its port), when it is a plain name or IPv4 address; else null. */
function requestHost(req: IncomingMessage): string | null {
  const host = (req.headers.host ?? '').trim().toLowerCase();
  const m = /^([a-z0-9.-]{1,253}|\[[0-9a-f:.]+\])(?::\d{1,5})?$/.exec(host);
  return m ? m[1] : null;
}

export type InstallServerOptions = {
  tls: LocalTls;
  /** The port the HTTPS app listens on (known only once it listens). */
  httpsPort: () => number;
  /** The host to name when a request carries no usable Host header. */
  fallbackHost: string;
};

const PAGE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

export function installPageHandler(opts: InstallServerOptions) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url && req.url.startsWith('/') ? req.url : '/', 'http://x');
    const host = requestHost(req) ?? opts.fallbackHost;
    const port = opts.httpsPort();
    const origin = `https://${host}${port === 443 ? '' : `:${port}`}`;
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (read && url.pathname === '/') {
      const lang = pickLanguage(url.searchParams.get('lang'), req.headers['accept-language']);
      const body = Buffer.from(installPageHtml(opts.tls, lang, `${origin}/`));
      res.writeHead(200, { ...PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8', 'content-length': body.length, 'content-language': lang, vary: 'Accept-Language' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (read && url.pathname === CA_DOWNLOAD_PATH) {
      res.writeHead(200, {
        ...PAGE_HEADERS,
        'content-type': 'application/x-x509-ca-cert',
        'content-disposition': `attachment; filename="${CA_FILE_NAME}"`,
        'content-length': opts.tls.caDer.length,
      });
      res.end(req.method === 'HEAD' ? undefined : opts.tls.caDer);
      return;
    }
    const fontData = read ? font(url.pathname) : null;
    if (fontData) {
      res.writeHead(200, { 'content-type': 'font/woff2', 'content-length': fontData.length, 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' });
      res.end(req.method === 'HEAD' ? undefined : fontData);
      return;
    }
    // Everything else belongs to the HTTPS app: the same path there (307 keeps a POST a POST).
    const location = `${origin}${url.pathname}${url.search}`;
    res.writeHead(read ? 302 : 307, { location, 'cache-control': 'no-store', 'content-length': 0 });
    res.end();
  };
}

export type InstallServer = { server: Server; port: number; close: () => Promise<void> };

/** Listen for the install page on `port` (0: any free port) at `host`. */
export function listenInstallPage(opts: InstallServerOptions & { port: number; host: string }): Promise<InstallServer> {
  const server = createServer(installPageHandler(opts));
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
      });
    });
  });
}
