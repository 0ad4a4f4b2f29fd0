// HTTPS=local on the venue laptop (issue 31, item 3b): the local CA and server certificate
// (local-ca.ts), the plain-HTTP install page (install-page.ts), and the lines `npm start` prints.
import QRCode from 'qrcode';
import path from 'node:path';
import type { Config } from '../config';
import { ensureLocalTls, lanNames, type LocalTls } from './local-ca';

export { listenInstallPage, type InstallServer } from './install-page';
export type { LocalTls } from './local-ca';

/** Make or reuse the CA and certificate in `${dataDir}/tls`, and the configuration that serves them. */
export async function prepareLocalTls(config: Config, names = lanNames(config.host)): Promise<{ config: Config; tls: LocalTls }> {
  const tls = await ensureLocalTls(path.join(config.dataDir, 'tls'), names);
  return { config: { ...config, tls: { certFile: tls.certFile, keyFile: tls.keyFile } }, tls };
}

/** The address tablets should scan: the first LAN address in the certificate, else localhost. */
export function installHost(tls: LocalTls): string {
  return tls.names.ips.find((ip) => ip !== '127.0.0.1') ?? 'localhost';
}

/** The console lines for the install page: its address, a terminal QR code of it, and the CA's fingerprint. */
export async function installBanner(tls: LocalTls, installUrl: string): Promise<string> {
  const qr = await QRCode.toString(installUrl, { type: 'terminal', small: true, errorCorrectionLevel: 'M' });
  const lines = [
    `Tablets: open ${installUrl} (or scan the code below) to install this laptop's certificate once, then the app.`,
    qr.trimEnd(),
    `  Certificate authority: ${tls.caName} — SHA-256 ${tls.caFingerprint256}`,
    `  ${tls.action === 'new-ca' ? 'New certificate authority made' : tls.action === 'reissued' ? 'Server certificate issued again' : 'Certificate reused'} for ${[...tls.names.dns, ...tls.names.ips].join(', ')} (${path.resolve(tls.dir)})`,
  ];
  if (tls.unusableIps.length) {
    lines.push(`  Not in the certificate (not a private LAN address): ${tls.unusableIps.join(', ')}`);
  }
  return lines.join('\n');
}
