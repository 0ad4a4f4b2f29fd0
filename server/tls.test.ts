// With TLS_CERT_FILE and TLS_KEY_FILE the server speaks HTTPS itself: the session cookie is Secure
// and HSTS is sent — but not with the venue laptop's own CA. (A throwaway self-signed certificate made with openssl.)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createTestApp, TEST_ADMIN, type TestApp } from './test-utils';
import { prepareLocalTls } from './venue-tls';

let dir: string;
let t: TestApp;
let port: number;
let ca: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'moi-tls-'));
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
  ca = readFileSync(cert);
  t = await createTestApp({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function call(method: string, p: string, body?: unknown): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request({ host: '127.0.0.1', servername: 'localhost', port, path: p, method, ca, headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {} }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => { text += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

it('serves the API over HTTPS with HSTS, and marks the session cookie Secure', async () => {
  const health = await call('GET', '/moi/health');
  expect(health.status).toBe(200);
  expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
  expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  const login = await call('POST', '/moi/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
  expect(login.status).toBe(200);
  const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith('moi_session='));
  expect(cookie).toMatch(/;\s*Secure/i);
  expect(cookie).toMatch(/;\s*HttpOnly/i);
  expect(cookie).toMatch(/;\s*SameSite=Strict/i);
});

it('with the venue laptop\'s own certificate authority (HTTPS=local) sends no HSTS: the install page stays reachable by name', async () => {
  const d = mkdtempSync(path.join(tmpdir(), 'moi-localca-'));
  try {
    const { config } = await prepareLocalTls(loadConfig({ HTTPS: 'local', MOI_DATA_DIR: d, ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), { dns: ['localhost'], ips: ['127.0.0.1'] });
    config.inMemoryDb = true;
    const app = await buildApp(config);
    try {
      const r = await app.inject({ method: 'GET', url: '/moi/health' });
      expect(r.statusCode).toBe(200);
      expect(r.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  } finally {
    rmSync(d, { recursive: true, force: true });
  }
}, 120_000);
