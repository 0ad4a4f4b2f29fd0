// The venue laptop's own certificate authority (issue 31, item 3b). With HTTPS=local, the first
// start makes a CA (ECDSA P-256, 20 years) kept in `${dataDir}/tls`, and a server certificate for
// the laptop's LAN addresses signed by it; later starts reuse the CA and re-issue the server
// certificate only when the addresses changed, it was signed by another CA, or it nears expiry.
// Each tablet installs the CA once (server/venue-tls/install-page.ts).
//
// The CA is name-constrained to private LAN addresses, loopback and the .local / localhost names:
// a tablet that trusts it trusts nothing it could sign for a real Internet site, even if the
// laptop (and its key) is lost.
import 'reflect-metadata'; // @peculiar/x509 (through tsyringe) needs the Reflect metadata API
import * as x509 from '@peculiar/x509';
import { X509Certificate, createHash, webcrypto } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import path from 'node:path';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGN = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY = 86_400_000;
/** The server certificate's life: under the 398 days browsers accept for any certificate. */
export const SERVER_CERT_DAYS = 397;
/** Re-issue the server certificate when fewer days than this remain. */
export const RENEW_BEFORE_DAYS = 30;
const CA_YEARS = 20;

/** The private IPv4 ranges, loopback, link-local and carrier-grade NAT: where a venue LAN can be. */
const PERMITTED_IPV4: Array<[string, string]> = [
  ['10.0.0.0', '255.0.0.0'],
  ['172.16.0.0', '255.240.0.0'],
  ['192.168.0.0', '255.255.0.0'],
  ['127.0.0.0', '255.0.0.0'],
  ['169.254.0.0', '255.255.0.0'],
  ['100.64.0.0', '255.192.0.0'],
];
const PERMITTED_DNS = ['local', 'localhost'];

export type LanNames = { dns: string[]; ips: string[] };

/** The names a tablet may use for this laptop: its non-internal IPv4 addresses, loopback, localhost and hostname.local. */
export function lanNames(host = '0.0.0.0', interfaces = networkInterfaces(), name = hostname()): LanNames {
  const ips = new Set<string>(['127.0.0.1']);
  if (host === '0.0.0.0' || host === '::') {
    for (const list of Object.values(interfaces)) {
      for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) ips.add(a.address);
    }
  } else if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    ips.add(host);
  }
  const dns = new Set<string>(['localhost']);
  const label = name.split('.')[0].toLowerCase();
  if (/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) dns.add(`${label}.local`);
  return { dns: [...dns].sort(), ips: [...ips].sort(compareIp) };
}

function compareIp(a: string, b: string): number {
  const n = (s: string) => s.split('.').reduce((acc, p) => acc * 256 + Number(p), 0);
  return n(a) - n(b);
}

/** Whether an IPv4 address falls inside the CA's name constraints (a tablet would refuse the others). */
export function isPermittedIp(ip: string): boolean {
  const n = (s: string) => s.split('.').reduce((acc, p) => (acc * 256 + Number(p)) >>> 0, 0);
  return PERMITTED_IPV4.some(([base, mask]) => ((n(ip) & n(mask)) >>> 0) === n(base));
}

export type LocalTls = {
  dir: string;
  certFile: string;
  keyFile: string;
  caFile: string;
  /** The CA certificate, DER: what a tablet downloads and installs. */
  caDer: Buffer;
  /** SHA-256 of the CA certificate, colon-separated upper-case hex (as Android shows it). */
  caFingerprint256: string;
  caName: string;
  caValidTo: Date;
  /** The names in the server certificate. */
  names: LanNames;
  /** What this start did: made a new CA, issued a new server certificate, or reused both. */
  action: 'new-ca' | 'reissued' | 'reused';
  /** LAN addresses outside the CA's constraints (a tablet cannot use them). */
  unusableIps: string[];
};

const FILES = { caKey: 'ca-key.pem', ca: 'ca.pem', key: 'server-key.pem', cert: 'server.pem' };

function pem(label: string, der: ArrayBuffer | Buffer): string {
  const b64 = Buffer.from(der as ArrayBuffer).toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

function unpem(text: string): Buffer {
  return Buffer.from(text.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

/** Write a file through a temporary name; private keys are readable by their owner only (0600). */
function writeAtomic(file: string, data: string, mode: number) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data, { mode });
  chmodSync(tmp, mode);
  renameSync(tmp, file);
}

// DER pieces for the NameConstraints extension (RFC 5280 4.2.1.10), which @peculiar/x509 has no class for.
function tlv(tag: number, body: Buffer): Buffer {
  const len = body.length;
  const head = len < 0x80 ? Buffer.from([tag, len]) : len < 0x100 ? Buffer.from([tag, 0x81, len]) : Buffer.from([tag, 0x82, len >> 8, len & 0xff]);
  return Buffer.concat([head, body]);
}
function nameConstraintsDer(): Buffer {
  const subtrees = [
    ...PERMITTED_IPV4.map(([base, mask]) => tlv(0x87, Buffer.from([...base.split('.'), ...mask.split('.')].map(Number)))),
    ...PERMITTED_DNS.map((d) => tlv(0x82, Buffer.from(d, 'ascii'))),
  ].map((general) => tlv(0x30, general));
  return tlv(0x30, tlv(0xa0, Buffer.concat(subtrees)));
}

function caDistinguishedName(now: Date): string {
  const host = hostname().split('.')[0].replace(/[^A-Za-z0-9-]/g, '') || 'laptop';
  return `CN=Moi local CA (${host} ${now.toISOString().slice(0, 10)}), O=Moi venue laptop`;
}

async function makeCa(dir: string, now: Date) {
  const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CA_YEARS);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: caDistinguishedName(now),
    notBefore: new Date(now.getTime() - DAY),
    notAfter,
    signingAlgorithm: SIGN,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      new x509.Extension('2.5.29.30', true, new Uint8Array(nameConstraintsDer())),
    ],
  });
  writeAtomic(path.join(dir, FILES.caKey), pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)), 0o600);
  writeAtomic(path.join(dir, FILES.ca), cert.toString('pem') + '\n', 0o644);
}

function randomSerial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] &= 0x7f; // a positive INTEGER
  bytes[0] |= 0x01; // of full length
  return Buffer.from(bytes).toString('hex');
}

async function issueServerCert(dir: string, names: LanNames, now: Date) {
  const caPem = readFileSync(path.join(dir, FILES.ca), 'utf8');
  const caCert = new x509.X509Certificate(caPem);
  const caKey = await webcrypto.subtle.importKey('pkcs8', new Uint8Array(unpem(readFileSync(path.join(dir, FILES.caKey), 'utf8'))), EC, false, ['sign']);
  const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const first = names.dns.find((d) => d !== 'localhost') ?? names.ips[0] ?? 'localhost';
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: `CN=${first}, O=Moi venue laptop`,
    issuer: caCert.subject,
    notBefore: new Date(now.getTime() - DAY),
    notAfter: new Date(now.getTime() + SERVER_CERT_DAYS * DAY),
    signingAlgorithm: SIGN,
    publicKey: keys.publicKey,
    signingKey: caKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        ...names.dns.map((value) => ({ type: 'dns' as const, value })),
        ...names.ips.map((value) => ({ type: 'ip' as const, value })),
      ]),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caCert.publicKey),
    ],
  });
  writeAtomic(path.join(dir, FILES.key), pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)), 0o600);
  // The chain the server sends: its certificate, then the CA's.
  writeAtomic(path.join(dir, FILES.cert), cert.toString('pem') + '\n' + caPem, 0o644);
}

/** The subject alternative names of a certificate, as LanNames (sorted as lanNames sorts them). */
export function certNames(cert: X509Certificate): LanNames {
  const dns: string[] = [];
  const ips: string[] = [];
  for (const part of (cert.subjectAltName ?? '').split(/,\s*/)) {
    if (part.startsWith('DNS:')) dns.push(part.slice(4));
    else if (part.startsWith('IP Address:')) ips.push(part.slice(11));
  }
  return { dns: dns.sort(), ips: ips.sort(compareIp) };
}

/** Why the server certificate must be issued again, or null when it may be kept. */
function reissueReason(dir: string, names: LanNames, now: Date): string | null {
  const certFile = path.join(dir, FILES.cert);
  if (!existsSync(certFile) || !existsSync(path.join(dir, FILES.key))) return 'none yet';
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(readFileSync(certFile));
  } catch {
    return 'unreadable';
  }
  const ca = new X509Certificate(readFileSync(path.join(dir, FILES.ca)));
  if (!cert.verify(ca.publicKey)) return 'signed by another authority';
  if (new Date(cert.validTo).getTime() - now.getTime() < RENEW_BEFORE_DAYS * DAY) return 'near expiry';
  if (new Date(cert.validFrom).getTime() > now.getTime()) return 'not yet valid';
  if (JSON.stringify(certNames(cert)) !== JSON.stringify(names)) return 'the addresses changed';
  return null;
}

/** Make or reuse the CA and the server certificate in `dir` for these names. */
export async function ensureLocalTls(dir: string, lan: LanNames, now = new Date()): Promise<LocalTls> {
  // An address outside the CA's constraints would make tablets refuse the whole certificate.
  const names = { dns: lan.dns, ips: lan.ips.filter(isPermittedIp) };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let action: LocalTls['action'] = 'reused';
  if (!existsSync(path.join(dir, FILES.ca)) || !existsSync(path.join(dir, FILES.caKey))) {
    await makeCa(dir, now);
    action = 'new-ca';
  }
  if (reissueReason(dir, names, now) !== null) {
    await issueServerCert(dir, names, now);
    if (action === 'reused') action = 'reissued';
  }
  // Keys stay private even if a copy of the folder loosened them.
  chmodSync(path.join(dir, FILES.caKey), 0o600);
  chmodSync(path.join(dir, FILES.key), 0o600);
  const ca = new X509Certificate(readFileSync(path.join(dir, FILES.ca)));
  return {
    dir,
    certFile: path.join(dir, FILES.cert),
    keyFile: path.join(dir, FILES.key),
    caFile: path.join(dir, FILES.ca),
    caDer: ca.raw,
    caFingerprint256: ca.fingerprint256,
    caName: /CN=([^\n]+)/.exec(ca.subject)?.[1] ?? 'Moi local CA',
    caValidTo: new Date(ca.validTo),
    names,
    action,
    unusableIps: lan.ips.filter((ip) => !isPermittedIp(ip)),
  };
}

/** SHA-256 of the CA's SubjectPublicKeyInfo, base64: Chromium's --ignore-certificate-errors-spki-list form. */
export function spkiHash(caFile: string): string {
  const spki = new X509Certificate(readFileSync(caFile)).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}
