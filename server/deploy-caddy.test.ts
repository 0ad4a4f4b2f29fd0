// The hosted path (issue 31, item 3a) run for real: Caddy (Debian's caddy package; .ci/run installs
// it) adapts the repository's deploy/Caddyfile with MOI_DOMAIN=localhost and MOI_UPSTREAM at this
// test's Moi (TRUST_PROXY=1 on 127.0.0.1, on PostgreSQL when TEST_DATABASE_URL is set). Only what
// this machine cannot do is changed in the adapted JSON: loopback ports instead of 80/443, no admin
// endpoint, and Caddy's local CA (which it uses for "localhost" instead of Let's Encrypt) kept out
// of the system's trust store. Through it: HTTPS answers, the session cookie is Secure, a write
// with the browser's own Origin is accepted and one from another origin refused, and plain HTTP is
// redirected to HTTPS.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE } from './session';
import { createTestApp, TEST_ADMIN, type TestApp } from './test-utils';

const CADDYFILE = path.resolve(import.meta.dirname, '../deploy/Caddyfile');
let dir: string;
let t: TestApp;
let caddy: ChildProcess;
let httpsPort: number;
let httpPort: number;
let ca: Buffer;
let caddyLog = '';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };
function call(method: string, p: string, opts: { body?: unknown; headers?: Record<string, string>; plain?: boolean } = {}): Promise<Answer> {
  const data = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers = { ...(data ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) } : {}), ...opts.headers };
  return new Promise((resolve, reject) => {
    const done = (res: IncomingMessage) => {
      let text = '';
      res.on('data', (c: Buffer) => { text += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    };
    const req = opts.plain
      ? httpRequest({ host: '127.0.0.1', port: httpPort, path: p, method, headers: { host: 'localhost', ...headers } }, done)
      : httpsRequest({ host: '127.0.0.1', servername: 'localhost', port: httpsPort, path: p, method, ca, headers: { host: `localhost:${httpsPort}`, ...headers } }, done);
    req.on('error', reject);
    req.end(data);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'moi-caddy-'));
  t = await createTestApp({ TRUST_PROXY: '1', HOST: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const moiPort = (t.app.server.address() as AddressInfo).port;
  [httpsPort, httpPort] = [await freePort(), await freePort()];

  const adapted = execFileSync('caddy', ['adapt', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: { ...process.env, MOI_DOMAIN: 'localhost', MOI_UPSTREAM: `127.0.0.1:${moiPort}` },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const config = JSON.parse(adapted);
  const servers = config.apps.http.servers as Record<string, { listen: string[] }>;
  for (const s of Object.values(servers)) s.listen = s.listen.map(() => `127.0.0.1:${httpsPort}`);
  Object.assign(config.apps.http, { http_port: httpPort, https_port: httpsPort });
  config.admin = { disabled: true };
  config.storage = { module: 'file_system', root: path.join(dir, 'data') };
  config.apps.pki = { certificate_authorities: { local: { install_trust: false } } };
  const json = path.join(dir, 'caddy.json');
  writeFileSync(json, JSON.stringify(config));

  caddy = spawn('caddy', ['run', '--config', json], { env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir }, stdio: ['ignore', 'pipe', 'pipe'] });
  caddy.stderr?.on('data', (c: Buffer) => { caddyLog += c.toString(); });
  caddy.stdout?.on('data', (c: Buffer) => { caddyLog += c.toString(); });
  const root = path.join(dir, 'data', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (existsSync(root)) {
      ca = readFileSync(root);
      const ok = await call('GET', '/moi/health').then((r) => r.status === 200, () => false);
      if (ok) break;
    }
    if (Date.now() > deadline || caddy.exitCode !== null) throw new Error(`Caddy did not serve the Caddyfile:\n${caddyLog.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((r) => caddy.once('exit', r));
    caddy.kill('SIGTERM');
    await exited;
  }
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('validates as it is, with its placeholders at their defaults', () => {
  const out = execFileSync('caddy', ['validate', '--config', CADDYFILE, '--adapter', 'caddyfile'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir } });
  expect(out).toMatch(/Valid configuration/);
});

it('serves Moi over HTTPS through Caddy: the cookie is Secure, the own origin may write and another may not', async () => {
  const health = await call('GET', '/moi/health');
  expect(health.status).toBe(200);
  expect(JSON.parse(health.body)).toMatchObject({ status: 'ok', db: t.kind });

  const own = `https://localhost:${httpsPort}`;
  const login = await call('POST', '/moi/auth/login', { body: { username: TEST_ADMIN.username, password: TEST_ADMIN.password }, headers: { origin: own, 'sec-fetch-site': 'same-origin' } });
  expect(login.status).toBe(200);
  const cookie = [login.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  expect(cookie).toMatch(/;\s*Secure/i);

  const foreign = await call('POST', '/moi/auth/login', { body: { username: TEST_ADMIN.username, password: TEST_ADMIN.password }, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
  expect(foreign.status).toBe(403);
});

it('redirects plain HTTP to HTTPS', async () => {
  const r = await call('GET', '/counter', { plain: true });
  expect(r.status).toBe(308);
  // (Caddy names the HTTPS port it was given only when the request's Host carried one; in service it is 443.)
  expect(r.headers.location).toMatch(/^https:\/\/localhost(:\d+)?\/counter$/);
});
