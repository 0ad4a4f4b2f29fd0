// TRUST_PROXY behind a real reverse-proxy hop: a node:http proxy on a loopback port forwards to the
// app listening on port 0 and appends X-Forwarded-For / -Proto, as Caddy or nginx do. Clients are
// told apart by the loopback address their socket is bound to (127.0.0.2, 127.0.0.3 …).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { loginFailures } from './db/schema';
import { SESSION_COOKIE } from './session';
import { createTestApp, createUser, TEST_ADMIN, uniq, type TestApp } from './test-utils';

type Proxy = { port: number; close(): Promise<void> };

/** Forwards everything to 127.0.0.1:target, appending the peer to X-Forwarded-For like a real proxy. */
async function startProxy(target: number, proto: 'http' | 'https'): Promise<Proxy> {
  const server = http.createServer((req, res) => {
    const prior = req.headers['x-forwarded-for'];
    const headers = {
      ...req.headers,
      'x-forwarded-for': `${prior ? `${String(prior)}, ` : ''}${req.socket.remoteAddress}`,
      'x-forwarded-proto': proto,
    };
    const up = http.request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => { res.writeHead(502); res.end(); });
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** A request from a client bound to `from`, through the proxy. */
function send(port: number, from: string, method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, method, path, localAddress: from, agent: false,
      headers: { ...(data ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) } : {}), ...headers },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { text += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

const sessionCookie = (a: Answer) => [a.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${SESSION_COOKIE}=`));

async function behindProxy(trustProxy: string | undefined, proto: 'http' | 'https') {
  const t: TestApp = await createTestApp(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const proxy = await startProxy((t.app.server.address() as AddressInfo).port, proto);
  return { t, proxy, close: async () => { await proxy.close(); await t.close(); } };
}

describe.each(['1', 'true', '127.0.0.1'])('TRUST_PROXY=%s behind one proxy', (value) => {
  let env: Awaited<ReturnType<typeof behindProxy>>;
  beforeAll(async () => { env = await behindProxy(value, 'https'); }, 180_000);
  afterAll(async () => { await env?.close(); }, 60_000);

  it('locks out the client that guessed, by its own address, and a forged X-Forwarded-For does not escape the lock', async () => {
    const username = uniq('px');
    await createUser(env.t.app, { username, password: 'right-password', role: 'counter_staff' });
    // Each guess claims another address, as an attacker rotating the header would.
    for (let i = 0; i < 10; i++) {
      const r = await send(env.proxy.port, '127.0.0.2', 'POST', '/moi/auth/login', { username, password: `wrong-${i}` }, { 'x-forwarded-for': `198.51.100.${i + 1}` });
      expect(r.status, r.body).toBe(401);
    }
    const locked = await send(env.proxy.port, '127.0.0.2', 'POST', '/moi/auth/login', { username, password: 'right-password' }, { 'x-forwarded-for': '198.51.100.99' });
    expect(locked.status).toBe(429);
    expect(JSON.parse(locked.body)).toMatchObject({ code: 'too_many_attempts' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The lockout saw the guesser's own address, not the proxy's and not the forged ones.
    const rows = await env.t.app.db.select({ address: loginFailures.address }).from(loginFailures).where(eq(loginFailures.username, username));
    expect(new Set(rows.map((r) => r.address))).toEqual(new Set(['127.0.0.2']));
    // Another client behind the same proxy is not locked out with it.
    const other = await send(env.proxy.port, '127.0.0.3', 'POST', '/moi/auth/login', { username, password: 'right-password' });
    expect(other.status, other.body).toBe(200);
  });

  it('marks the session cookie Secure when the proxy says the browser spoke HTTPS', async () => {
    const r = await send(env.proxy.port, '127.0.0.4', 'POST', '/moi/auth/login', TEST_ADMIN);
    expect(r.status, r.body).toBe(200);
    expect(sessionCookie(r)).toMatch(/;\s*Secure/i);
  });

  it('takes the origin as the browser addressed it (https via the proxy) for the Origin check', async () => {
    const own = `https://127.0.0.1:${env.proxy.port}`;
    const ok = await send(env.proxy.port, '127.0.0.5', 'POST', '/moi/auth/login', TEST_ADMIN, { origin: own });
    expect(ok.status, ok.body).toBe(200);
    for (const origin of [`http://127.0.0.1:${env.proxy.port}`, 'https://127.0.0.1:3000']) {
      const refused = await send(env.proxy.port, '127.0.0.5', 'POST', '/moi/auth/login', TEST_ADMIN, { origin });
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'forbidden' });
    }
  });
});

describe('without TRUST_PROXY behind a proxy', () => {
  let env: Awaited<ReturnType<typeof behindProxy>>;
  beforeAll(async () => { env = await behindProxy(undefined, 'https'); }, 180_000);
  afterAll(async () => { await env?.close(); }, 60_000);

  it('ignores X-Forwarded-* headers: every client is the proxy, and the cookie is not Secure', async () => {
    const username = uniq('np');
    await createUser(env.t.app, { username, password: 'right-password', role: 'counter_staff' });
    const r = await send(env.proxy.port, '127.0.0.2', 'POST', '/moi/auth/login', { username, password: 'wrong' }, { 'x-forwarded-for': '198.51.100.7' });
    expect(r.status).toBe(401);
    const rows = await env.t.app.db.select({ address: loginFailures.address }).from(loginFailures).where(eq(loginFailures.username, username));
    expect(rows.map((x) => x.address)).toEqual(['127.0.0.1']);
    const ok = await send(env.proxy.port, '127.0.0.2', 'POST', '/moi/auth/login', TEST_ADMIN);
    expect(ok.status).toBe(200);
    expect(sessionCookie(ok)).toBeDefined();
    expect(sessionCookie(ok)).not.toMatch(/;\s*Secure/i);
  });
});

it('stops the server at start-up for a TRUST_PROXY it cannot read', async () => {
  const { loadConfig } = await import('./config');
  for (const bad of ['yes please', '10.0.0.0/99', '300.1.1.1']) {
    expect(() => loadConfig({ TRUST_PROXY: bad } as NodeJS.ProcessEnv)).toThrow(/TRUST_PROXY/);
  }
  for (const good of ['1', '2', 'true', 'false', '127.0.0.1', '10.0.0.0/8, ::1', 'loopback,uniquelocal']) {
    expect(() => loadConfig({ TRUST_PROXY: good } as NodeJS.ProcessEnv)).not.toThrow();
  }
});
