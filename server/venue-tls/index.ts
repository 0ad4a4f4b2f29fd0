// HTTPS=local on the venue laptop (issue 31, item 3b): the local CA and server certificate
// (local-ca.ts), the plain-HTTP install page (install-page.ts), and the lines `npm start` prints.
import QRCode from 'qrcode';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SecureContextOptions } from 'node:tls';
import type { Config } from '../config';
import { ensureLocalTls, lanNames, type LanNames, type LocalTls } from './local-ca';

export { listenInstallPage, type InstallServer } from './install-page';
export { lanNames, type LocalTls } from './local-ca';

/** Make or reuse the CA and certificate in `${dataDir}/tls`, and the configuration that serves them. */
export async function prepareLocalTls(config: Config, names = lanNames(config.host)): Promise<{ config: Config; tls: LocalTls }> {
  const tls = await ensureLocalTls(path.join(config.dataDir, 'tls'), names);
  return { config: { ...config, tls: { certFile: tls.certFile, keyFile: tls.keyFile } }, tls };
}

/** How often a running server looks at its LAN addresses and its certificate's dates. */
export const RENEW_CHECK_MS = 30_000;

/**
 * While Moi runs: when the laptop's LAN addresses change (it joined the venue's Wi-Fi after Moi
 * started, or DHCP gave it another address) or the certificate nears expiry, issue the certificate
 * again with the same CA and serve it to new connections at once (tls.Server.setSecureContext):
 * tablets that installed the CA keep working at the new address, with no restart. Returns a stop function.
 */
export function renewLocalTlsWhileRunning(opts: {
  tls: LocalTls;
  server: { setSecureContext(options: SecureContextOptions): void };
  names?: () => LanNames;
  everyMs?: number;
  onRenewed: (tls: LocalTls) => void;
  onError?: (err: unknown) => void;
}): () => void {
  const names = opts.names ?? (() => lanNames());
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      const next = await ensureLocalTls(opts.tls.dir, names());
      if (next.action === 'reused') return;
      opts.server.setSecureContext({ cert: readFileSync(next.certFile), key: readFileSync(next.keyFile) });
      opts.onRenewed(next);
    } catch (err) {
      opts.onError?.(err);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void check(), opts.everyMs ?? RENEW_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
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
