// `npm start`: build the PWA when dist/ is missing or older than its sources, then run the server
// (API + static PWA) in this one process, printing the addresses and the admin credentials line.
// Flags: --no-build (never build), --reset-admin-password (set the admin's password, see README).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { resetAdminPassword } from './bootstrap';
import { loadConfig, type Config } from './config';
import { StatsPrivilegeError } from './db/stats-privilege';
import { publishLocalToken } from './local-admin';
import type { Server as TlsServer } from 'node:tls';
import { installBanner, installHost, lanNames, listenInstallPage, prepareLocalTls, renewLocalTlsWhileRunning, type InstallServer, type LocalTls } from './venue-tls';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_INPUTS = ['src', 'sw', 'public', 'contract', 'index.html', 'vite.config.ts', 'manifest.webmanifest', 'package.json'];

/** Newest modification time among files under `p` (0 when absent). */
function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

/** Why dist/ must be (re)built, or null when it is up to date. */
export function buildReason(distDir: string, inputs = BUILD_INPUTS.map((f) => path.join(root, f))): string | null {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index) || !existsSync(path.join(distDir, 'sw.js'))) return 'dist/ is missing';
  const built = statSync(index).mtimeMs;
  const newest = Math.max(...inputs.map(newestMtime));
  return newest > built ? 'the sources changed since the last build' : null;
}

function buildPwa(reason: string) {
  console.log(`Building the PWA (${reason}) …`);
  const started = Date.now();
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('The PWA build failed; see the messages above.');
    process.exit(r.status ?? 1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

function addresses(config: Config, port: number): string[] {
  const scheme = config.tls ? 'https' : 'http';
  const urls = [`${scheme}://localhost:${port}/`];
  if (config.host === '0.0.0.0' || config.host === '::') {
    for (const list of Object.values(networkInterfaces())) {
      for (const a of list ?? []) {
        if (a.family === 'IPv4' && !a.internal) urls.push(`${scheme}://${a.address}:${port}/`);
      }
    }
  } else if (config.host !== 'localhost' && config.host !== '127.0.0.1') {
    urls.push(`${scheme}://${config.host}:${port}/`);
  }
  return urls;
}

async function main() {
  const args = new Set(process.argv.slice(2));
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  const distDir = path.resolve(config.staticDir);
  const ownsDist = distDir === path.join(root, 'dist');
  if (ownsDist && !args.has('--no-build') && process.env.MOI_SKIP_BUILD !== '1') {
    const reason = buildReason(distDir);
    if (reason) buildPwa(reason);
  }

  // HTTPS=local: this laptop's own certificate authority and certificate (server/venue-tls).
  let localTls: LocalTls | null = null;
  if (config.localCa) ({ config, tls: localTls } = await prepareLocalTls(config));

  const app = await buildApp(config, { logger: true });
  if (args.has('--reset-admin-password')) console.log(await resetAdminPassword(app.db, config));

  let unpublish = () => {};
  let stopRenewing = () => {};
  let installServer: InstallServer | null = null;
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    unpublish();
    stopRenewing();
    await installServer?.close();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  // The embedded database can be opened by this process only: local tools (npm run seed:demo) go
  // through the server, with the token written here.
  if (app.dbKind === 'pglite') {
    const local = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    unpublish = publishLocalToken(app, config.dataDir, `${config.tls ? 'https' : 'http'}://${local.includes(':') ? `[${local}]` : local}:${port}`);
  }

  const db = app.dbKind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.resolve(config.dataDir, 'db')}`;
  const lines = [
    '',
    `Moi is running — database: ${db}`,
    ...addresses(config, port).map((u) => `  ${u}`),
    app.bootstrapMessage ?? `Admin: username "${config.adminUsername}" (password set at first start; ADMIN_PASSWORD='<new>' npm start -- --reset-admin-password changes it)`,
  ];
  if (localTls && config.localCa) {
    const tls = localTls;
    // Read on each request: a certificate issued again while running (below) is what the page describes.
    const installOpts = { tls, port: config.localCa.httpPort, host: config.host, httpsPort: () => port, fallbackHost: installHost(tls) };
    installServer = await listenInstallPage(installOpts);
    const installUrl = `http://${installHost(tls)}:${installServer.port}/`;
    app.venueInstallUrl = installUrl; // the admin app shows it as a QR code (GET /moi/venue/install)
    lines.push(await installBanner(tls, installUrl));
    const install = installServer;
    stopRenewing = renewLocalTlsWhileRunning({
      tls,
      server: app.server as unknown as TlsServer,
      names: () => lanNames(config.host),
      onRenewed: (next) => {
        installOpts.tls = next;
        installOpts.fallbackHost = installHost(next);
        const url = `http://${installHost(next)}:${install.port}/`;
        app.venueInstallUrl = url;
        void installBanner(next, url).then((banner) => console.log(`\nThe laptop's addresses changed: ${next.names.ips.join(', ')}\n${banner}\n`));
      },
      onError: (err) => app.log.error({ err }, 'could not issue the venue certificate again'),
    });
  } else if (!config.tls && !config.trustProxy) {
    lines.push('Tablets install the app only over HTTPS (or on localhost): HTTPS=local npm start makes a certificate for them; see "Serving tablets on a venue network" in README.md.');
  }
  console.log(lines.join('\n') + '\n');
}

// Run only as a script (tests import buildReason).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    // A refusal that says what to do is printed as it is, without a stack.
    console.error(err instanceof StatsPrivilegeError ? err.message : err);
    process.exit(1);
  });
}
