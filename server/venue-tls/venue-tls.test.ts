// HTTPS=local (issue 31, item 3b): the laptop's own CA and server certificate, and the plain-HTTP
// port that serves only the install page and the CA, redirecting the rest to HTTPS.
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { loadConfig } from '../config';
import { installStrings } from './install-strings';
import { listenInstallPage, type InstallServer } from './install-page';
import { certNames, ensureLocalTls, lanNames, RENEW_BEFORE_DAYS, SERVER_CERT_DAYS, type LanNames, type LocalTls } from './local-ca';
import { renewLocalTlsWhileRunning } from './index';

const LAN = { dns: ['laptop.local', 'localhost'], ips: ['127.0.0.1', '192.168.1.10', '203.0.113.5'] };
const DAY = 86_400_000;
let dir: string;
let tls: LocalTls;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'moi-venue-tls-'));
  tls = await ensureLocalTls(path.join(dir, 'tls'), LAN);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cert = () => new X509Certificate(readFileSync(tls.certFile));
const ca = () => new X509Certificate(readFileSync(tls.caFile));

describe('the local certificate authority and server certificate', () => {
  it('names the LAN addresses, localhost and hostname.local; leaves out an address the CA may not sign for', () => {
    expect(tls.action).toBe('new-ca');
    expect(certNames(cert())).toEqual({ dns: ['laptop.local', 'localhost'], ips: ['127.0.0.1', '192.168.1.10'] });
    expect(tls.unusableIps).toEqual(['203.0.113.5']);
    expect(cert().checkIP('192.168.1.10')).toBe('192.168.1.10');
    expect(cert().checkHost('laptop.local')).toBe('laptop.local');
    expect(cert().ca).toBe(false);
    expect(cert().keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']); // serverAuth
    expect(cert().verify(ca().publicKey)).toBe(true);
    const days = (Date.parse(cert().validTo) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(SERVER_CERT_DAYS - 2);
    expect(days).toBeLessThan(398);
  });

  it('is a CA (basic constraints critical, certificate signing) constrained to LAN names', () => {
    expect(ca().ca).toBe(true);
    expect(ca().verify(ca().publicKey)).toBe(true);
    expect(tls.caDer.equals(ca().raw)).toBe(true);
    expect(tls.caFingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const text = execFileSync('openssl', ['x509', '-in', tls.caFile, '-noout', '-text'], { encoding: 'utf8' });
    expect(text).toMatch(/Basic Constraints: critical\s+CA:TRUE/);
    expect(text).toMatch(/Key Usage: critical\s+Certificate Sign, CRL Sign/);
    expect(text).toMatch(/Name Constraints: critical\s+Permitted:[\s\S]*IP:192\.168\.0\.0\/255\.255\.0\.0[\s\S]*DNS:local\b/);
  });

  it('cannot vouch for an Internet name: a certificate for example.com signed with its key fails verification', () => {
    const key = path.join(dir, 'evil-key.pem');
    const csr = path.join(dir, 'evil.csr');
    const evil = path.join(dir, 'evil.pem');
    const ext = path.join(dir, 'evil.ext');
    writeFileSync(ext, 'subjectAltName=DNS:example.com\n');
    execFileSync('openssl', ['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key, '-out', csr, '-subj', '/CN=example.com'], { stdio: 'ignore' });
    execFileSync('openssl', ['x509', '-req', '-in', csr, '-CA', tls.caFile, '-CAkey', path.join(tls.dir, 'ca-key.pem'), '-CAcreateserial', '-out', evil, '-days', '2', '-extfile', ext], { stdio: 'ignore' });
    const verify = (file: string) => {
      try {
        return execFileSync('openssl', ['verify', '-CAfile', tls.caFile, file], { encoding: 'utf8', stdio: 'pipe' });
      } catch (err) {
        return String((err as { stdout?: string }).stdout) + String((err as { stderr?: string }).stderr);
      }
    };
    expect(verify(evil)).toMatch(/permitted subtree violation/);
    expect(verify(tls.certFile)).toMatch(/: OK/);
  });

  it('keeps the private keys readable by their owner only (0600)', () => {
    expect(statSync(path.join(tls.dir, 'ca-key.pem')).mode & 0o777).toBe(0o600);
    expect(statSync(tls.keyFile).mode & 0o777).toBe(0o600);
  });

  it('reuses the CA and certificate on a later start; issues the certificate again when the addresses change or it nears expiry', async () => {
    const before = readFileSync(tls.certFile);
    const again = await ensureLocalTls(tls.dir, LAN);
    expect(again.action).toBe('reused');
    expect(again.caFingerprint256).toBe(tls.caFingerprint256);
    expect(readFileSync(tls.certFile).equals(before)).toBe(true);

    const moved = await ensureLocalTls(tls.dir, { dns: LAN.dns, ips: ['10.0.0.7', '127.0.0.1'] });
    expect(moved.action).toBe('reissued');
    expect(moved.caFingerprint256).toBe(tls.caFingerprint256);
    expect(certNames(cert()).ips).toEqual(['10.0.0.7', '127.0.0.1']);

    const later = new Date(Date.now() + (SERVER_CERT_DAYS - RENEW_BEFORE_DAYS + 2) * DAY);
    const renewed = await ensureLocalTls(tls.dir, { dns: LAN.dns, ips: ['10.0.0.7', '127.0.0.1'] }, later);
    expect(renewed.action).toBe('reissued');
    expect(Date.parse(cert().validTo)).toBeGreaterThan(later.getTime() + (SERVER_CERT_DAYS - 2) * DAY);
    expect(statSync(tls.keyFile).mode & 0o777).toBe(0o600);
    await ensureLocalTls(tls.dir, LAN); // back to the first addresses for the tests below
  });

  it('is accepted by a TLS client that trusts only the CA, for the LAN address and hostname.local', async () => {
    const server = createHttpsServer({ key: readFileSync(tls.keyFile), cert: readFileSync(tls.certFile) }, (_q, s) => s.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const get = (servername: string) => new Promise<string>((resolve, reject) => {
      httpsRequest({ host: '127.0.0.1', port, servername, ca: readFileSync(tls.caFile) }, (res) => { res.resume(); resolve(String(res.statusCode)); })
        .on('error', (e) => reject(e)).end();
    });
    try {
      await expect(get('laptop.local')).resolves.toBe('200');
      await expect(get('other.example')).rejects.toThrow(/altnames/i);
    } finally {
      server.close();
    }
  });

  it('while running, serves a certificate for the laptop\'s new address once it changes, with no restart and the same CA', async () => {
    let names: LanNames = LAN;
    const server = createHttpsServer({ key: readFileSync(tls.keyFile), cert: readFileSync(tls.certFile) }, (_q, s) => s.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    // What a tablet that installed the CA sees: the certificate's addresses, checked against the CA.
    const served = () => new Promise<string>((resolve, reject) => {
      const socket = tlsConnect({ host: '127.0.0.1', port, servername: 'laptop.local', ca: readFileSync(tls.caFile) }, () => {
        resolve(socket.getPeerCertificate().subjectaltname ?? '');
        socket.end();
      }).on('error', reject);
    });
    const renewed: LocalTls[] = [];
    const stop = renewLocalTlsWhileRunning({ tls, server, names: () => names, everyMs: 20, onRenewed: (t) => renewed.push(t) });
    try {
      await new Promise((r) => setTimeout(r, 100));
      expect(renewed).toEqual([]); // the same addresses: the certificate is kept
      expect(await served()).not.toContain('192.168.77.5');
      names = { dns: LAN.dns, ips: ['127.0.0.1', '192.168.77.5'] }; // the laptop joined the venue's Wi-Fi
      await vi.waitFor(() => expect(renewed).toHaveLength(1), { timeout: 10_000, interval: 20 });
      expect(renewed[0].action).toBe('reissued');
      expect(renewed[0].caFingerprint256).toBe(tls.caFingerprint256);
      expect(await served()).toContain('IP Address:192.168.77.5');
    } finally {
      stop();
      server.close();
      await ensureLocalTls(tls.dir, LAN); // back to the first addresses for the tests below
    }
  });

  it('lists the machine\'s non-internal IPv4 addresses with loopback, localhost and hostname.local', () => {
    const names = lanNames('0.0.0.0', {
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, netmask: '255.0.0.0', mac: '', cidr: null }],
      wlan0: [
        { address: '192.168.43.20', family: 'IPv4', internal: false, netmask: '255.255.255.0', mac: '', cidr: null },
        { address: 'fe80::1', family: 'IPv6', internal: false, netmask: 'ffff::', mac: '', cidr: null, scopeid: 1 },
      ],
    }, 'Venue-Laptop.lan');
    expect(names).toEqual({ dns: ['localhost', 'venue-laptop.local'], ips: ['127.0.0.1', '192.168.43.20'] });
  });
});

describe('configuration', () => {
  it('HTTPS=local serves HTTPS on PORT and the install page on PORT+1 (or HTTP_PORT); refuses a certificate file beside it', () => {
    expect(loadConfig({ HTTPS: 'local', PORT: '8443' } as NodeJS.ProcessEnv).localCa).toEqual({ httpPort: 8444 });
    expect(loadConfig({ HTTPS: 'local', PORT: '443' } as NodeJS.ProcessEnv).localCa).toEqual({ httpPort: 80 });
    expect(loadConfig({ HTTPS: 'local', HTTP_PORT: '8080' } as NodeJS.ProcessEnv).localCa).toEqual({ httpPort: 8080 });
    expect(loadConfig({} as NodeJS.ProcessEnv).localCa).toBeUndefined();
    expect(() => loadConfig({ HTTPS: 'local', TLS_CERT_FILE: 'a', TLS_KEY_FILE: 'b' } as NodeJS.ProcessEnv)).toThrow(/HTTPS=local/);
  });
});

describe('the plain-HTTP port', () => {
  let page: InstallServer;
  beforeAll(async () => {
    page = await listenInstallPage({ tls, port: 0, host: '127.0.0.1', httpsPort: () => 8443, fallbackHost: '192.168.1.10' });
  });
  afterAll(() => page.close());

  type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
  const call = (method: string, p: string, headers: Record<string, string> = {}) => new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: page.port, path: p, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

  it('serves the install page, in English or Tamil, with the CA fingerprint and a link to the HTTPS app', async () => {
    const en = await call('GET', '/', { host: '192.168.1.10:8444' });
    expect(en.status).toBe(200);
    expect(en.headers['content-type']).toMatch(/^text\/html/);
    const html = en.body.toString();
    expect(html).toContain(installStrings.en.title);
    expect(html.replace(/<[^>]+>/g, '')).toContain(tls.caFingerprint256);
    expect(html).toContain('href="https://192.168.1.10:8443/"');
    expect(html).toContain('href="/moi-local-ca.crt"');
    const ta = await call('GET', '/', { host: '192.168.1.10:8444', 'accept-language': 'ta-IN,ta;q=0.9' });
    expect(ta.body.toString()).toContain(installStrings.ta.title);
    expect(ta.body.toString()).toContain('lang="ta"');
    expect((await call('GET', '/?lang=en', { 'accept-language': 'ta' })).body.toString()).toContain(installStrings.en.title);
  });

  it('hands out the CA certificate as DER (application/x-x509-ca-cert)', async () => {
    const r = await call('GET', '/moi-local-ca.crt');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(r.body.equals(tls.caDer)).toBe(true);
    expect(new X509Certificate(r.body).fingerprint256).toBe(tls.caFingerprint256);
  });

  it('redirects everything else to the same address on HTTPS, and never the server key', async () => {
    const app = await call('GET', '/counter?x=1', { host: 'laptop.local:8444' });
    expect(app.status).toBe(302);
    expect(app.headers.location).toBe('https://laptop.local:8443/counter?x=1');
    const login = await call('POST', '/moi/auth/login', { host: '192.168.1.10:8444' });
    expect(login.status).toBe(307);
    expect(login.headers.location).toBe('https://192.168.1.10:8443/moi/auth/login');
    for (const p of ['/server-key.pem', '/ca-key.pem', '/tls/ca-key.pem', '/moi/health', '/sw.js']) {
      const r = await call('GET', p, { host: '192.168.1.10:8444' });
      expect(r.status, p).toBe(302);
      expect(r.body.length, p).toBe(0);
    }
    const font = await call('GET', '/install-font/tamil-400.woff2');
    expect([font.status, font.headers['content-type'], font.body.subarray(0, 4).toString()]).toEqual([200, 'font/woff2', 'wOF2']);
    const odd = await call('GET', '/x', { host: 'evil.example/@x' });
    expect(odd.headers.location).toBe('https://192.168.1.10:8443/x');
  });
});
