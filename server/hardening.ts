// Request guards that apply to every route, kept in one place so a new route cannot forget them:
// - who the client is behind a reverse proxy (TRUST_PROXY → a trust function for Fastify);
// - NUL characters anywhere in params, query or JSON body → 400 (PostgreSQL text cannot hold them);
// - state-changing /moi/ requests from another origin → 403 (Origin, else Sec-Fetch-Site, else Referer);
// - Cache-Control: no-store on API answers and a Permissions-Policy on every answer but the PWA's subresources.
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config';
import { containsNul, HttpError } from './errors';
import { isStaticSubresource } from './static-headers';

export type TrustFn = (address: string, hop: number) => boolean;

/**
 * What TRUST_PROXY means here (README "Configuration"):
 * - a hop count N: the N nearest hops (the socket peer first) are proxies; the client is the address
 *   the outermost of them saw. Fastify 5 itself treats a number as "trust nothing", so the count
 *   is turned into a function, as Express does.
 * - `true`: exactly one proxy in front (same as 1). Fastify's own `true` trusts every
 *   X-Forwarded-For entry, so a client could pick its own address by sending the header and
 *   escape the sign-in lockout; one hop takes only the entry our proxy appended.
 * - addresses, CIDRs or proxy-addr's names (`loopback`, `uniquelocal`), comma separated: hops
 *   from those addresses are trusted, however many.
 * The proxy must be the only way in (bind Moi to 127.0.0.1 with HOST), since with a hop count
 * a client that reaches Moi directly could send its own X-Forwarded-For.
 */
export function trustProxyFunction(tp: Config['trustProxy']): TrustFn | false {
  if (tp === undefined || tp === false || tp === 0) return false;
  const hops = tp === true ? 1 : tp;
  if (typeof hops === 'number') return (_addr, i) => i < hops;
  const list = new BlockList();
  for (const item of hops.split(',').map((s) => s.trim()).filter(Boolean)) {
    for (const entry of NAMED_RANGES[item] ?? [item]) addToList(list, entry);
  }
  return (addr) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(addr);
    const a = mapped ? mapped[1] : addr;
    const family = isIP(a);
    return family !== 0 && list.check(a, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** The names proxy-addr (Express) accepts for TRUST_PROXY, as ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function addToList(list: BlockList, entry: string): void {
  const [ip, bits] = entry.split('/');
  const family = isIP(ip);
  const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
  const max = family === 6 ? 128 : 32;
  if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > max) {
    throw new Error(`TRUST_PROXY: "${entry}" is not an address, a CIDR range or one of ${Object.keys(NAMED_RANGES).join(', ')}`);
  }
  list.addSubnet(ip, prefix, family === 6 ? 'ipv6' : 'ipv4');
}

/** Methods that may change something; GET, HEAD and OPTIONS only read. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** scheme://host[:port] as the browser addressed us (req.protocol and req.host honour TRUST_PROXY). */
export function ownOrigin(req: FastifyRequest): string | null {
  return originOf(`${req.protocol}://${req.host}`);
}

/**
 * Why the request is refused as cross-site, or null when it may go on. SameSite=Strict cookies
 * already keep other sites out, but not another port of the same host (same site, other origin):
 * a page on :3000 of the venue laptop could post to :8080 with the user's cookie.
 * Requests with none of these headers (curl, scripts, server-to-server) carry no ambient browser
 * cookie of a victim, so they stay allowed.
 */
export function crossOriginReason(req: FastifyRequest): string | null {
  const own = ownOrigin(req);
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    if (originOf(origin) !== own) return `Origin ${origin} is not this server (${own ?? 'unknown'})`;
    return null;
  }
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return `Sec-Fetch-Site: ${site}`;
  const referer = req.headers.referer;
  if (typeof referer === 'string' && referer !== '' && originOf(referer) !== own) return 'Referer is another origin';
  return null;
}

/**
 * Deliberately narrow: the app uses none of the features turned off here. The camera is the app's
 * own pages' only (no frame): the counter reads the giver's QR with it (issue 30); profile pictures
 * come through <input type=file accept=image/* capture>, which opens the camera app without it;
 * Razorpay's checkout (landing page) runs in frames from its two origins and may use
 * the Payment Request API there. USB and serial are the receipt printer's transports (issue 28,
 * src/lib/print/transports/): allowed to the app's own pages, no frame. So is Bluetooth, its third,
 * by default: Chromium knows no 'bluetooth' policy feature and logged an error for it on every page.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'usb=(self)',
  'serial=(self)',
  'hid=()',
  'midi=()',
  'payment=(self "https://checkout.razorpay.com" "https://api.razorpay.com")',
].join(', ');

export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    const url = req.url;
    // Only documents are governed by it (a script or an image of the PWA is not: isStaticSubresource).
    if (!isStaticSubresource(url)) reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (!url.startsWith('/moi/')) return;
    // API answers are per user and change with every write: never kept by the browser's HTTP cache
    // or an intermediary (routes with their own caching, the uploaded pictures, override it).
    reply.header('Cache-Control', 'no-store');
    if (STATE_CHANGING.has(req.method)) {
      const why = crossOriginReason(req);
      if (why) throw new HttpError(403, 'forbidden', `Cross-origin request refused: ${why}`);
    }
  });

  // After parsing, before any handler: one NUL in a param, query value or body string would reach
  // PostgreSQL (which rejects NUL in text) as a 500; it is bad input, answered before any work.
  app.addHook('preValidation', async (req) => {
    const where = containsNul(req.params) ? 'path' : containsNul(req.query) ? 'query' : containsNul(req.body) ? 'body' : null;
    if (where) {
      throw new HttpError(400, 'invalid_body', `Invalid request: the ${where} contains a NUL character`, [{ path: [where], message: 'Contains a NUL character' }]);
    }
  });
}
