// What the request log may say. Fast2SMS can only call its delivery reports back on a URL, so their
// secret travels in the query (`?secret=…`, server/messaging/fast2sms.ts); Fastify logged every such
// request's URL whole, writing the secret to the log on every report. Query values that are secrets
// (and any one-time token a link carries) are replaced before a URL reaches the log.
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = new Set(['secret', 'token', 'hub.verify_token', 'key', 'signature', 'code']);

/** `url` with the values of secret-bearing query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url.slice(q + 1).split('&').map((p) => {
    const eq = p.indexOf('=');
    const name = decodeURIComponentSafe(eq < 0 ? p : p.slice(0, eq)).toLowerCase();
    return eq >= 0 && SECRET_PARAMS.has(name) ? `${p.slice(0, eq)}=[redacted]` : p;
  });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Fastify's `req` log serializer with the URL redacted (otherwise as Fastify's own). */
export const requestLogSerializer = (req: FastifyRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});
