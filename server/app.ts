// buildApp(config): the Fastify API under /moi/ plus the static host for the built PWA.
// Tests call buildApp(...).inject() or listen on port 0; server/start.ts runs it for real.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import { MAX_UPLOAD_BYTES } from '../contract/api';
import type { Config } from './config';
import { openDb, type Db, type DbHandle, type DbKind } from './db/client';
import { HttpError, sendError, sqlState } from './errors';
import { registerRequestGuards, trustProxyFunction } from './hardening';
import { isStaticSubresource, readPrerenderManifest, setStaticHeaders } from './static-headers';
import { localAdminRoutes } from './local-admin';
import { ensureAdmin } from './bootstrap';
import authRoutes from './routes/auth';
import userRoutes from './routes/users';
import syncRoutes from './routes/sync';
import eventRoutes from './routes/events';
import publicReceiptRoutes from './routes/public-receipts';
import messagingRoutes from './routes/messaging';
import { providerFor } from './messaging';
import { MessageWorker } from './messaging/outbox';
import { scanHostUpdates } from './messaging/host-updates';
import { scanLedgerReminders } from './messaging/ledger-reminders';
import { scanPlanReminders } from './billing/reminders';
import ledgerRoutes from './routes/ledger';
import ledgerHouseholdRoutes from './routes/ledger-household';
import custodyRoutes from './routes/custody';
import printRoutes from './routes/print';
import venueInstallRoutes from './routes/venue-install';
import { isAppPath } from '../contract/app-paths';
import { LiveHub } from './live';
import { GuestHub } from './guest-live';
import { guestDisplayRoutes, publicGuestRoutes } from './routes/guest-display';
import { setActiveBilling } from './billing/config';
import organisationRoutes from './routes/organisations';
import billingRoutes from './routes/billing';
import { requestLogSerializer } from './log-redact';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DbKind;
    config: Config;
    /** What first start printed (admin credentials line), for npm start to show. */
    bootstrapMessage: string | null;
    /** HTTPS=local: the install page's address tablets open (set by start.ts once it listens), else null. */
    venueInstallUrl: string | null;
    /** Every registered route (method and URL pattern), for the tests that walk them all. */
    registeredRoutes: { method: string; url: string }[];
    /** Open live streams (GET /moi/sync/live) and this process's LISTEN connection. */
    live: LiveHub;
    /** The pulls' and the live stream's connections (DbHandle.readDb), or db itself. */
    readDb: Db;
    /** Runs a function on one of readDb's connections without a transaction (DbHandle.onReadConnection). */
    onReadConnection: <T>(fn: (db: Db) => Promise<T>) => Promise<T>;
    /** Open guest display streams (issue 18) and their LISTEN on moi_guest. */
    guests: GuestHub;
  }
}

type HelmetOptions = Parameters<typeof fastifyHelmet>[1];

/** Of helmet's headers, those a subresource (not a document) is governed by. */
const SUBRESOURCE_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);

/**
 * The headers @fastify/helmet sets for these options, worked out once at start-up: the plugin
 * builds its middleware (and parses the CSP) again for every request, a few per cent of a gift
 * push. The options hold nothing per request (no CSP nonces), so every answer gets the same headers.
 */
async function securityHeaders(opts: HelmetOptions): Promise<Array<[string, string]>> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, opts);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const plain = Fastify();
  plain.get('/', async () => '');
  const base = await plain.inject({ method: 'GET', url: '/' });
  await plain.close();
  return Object.entries(res.headers)
    .filter(([name, value]) => typeof value === 'string' && base.headers[name] === undefined)
    .map(([name, value]) => [name, value as string]);
}

/** `logStream`: where the log goes instead of stdout (tests read it). */
export type BuildOptions = { dbHandle?: DbHandle; logger?: boolean; logStream?: NodeJS.WritableStream; messagingWorker?: boolean; messagingIntervalMs?: number };

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const https = config.tls
    ? { key: readFileSync(config.tls.keyFile), cert: readFileSync(config.tls.certFile) }
    : null;
  const app = Fastify({
    logger: opts.logger ? { level: config.logLevel, serializers: { req: requestLogSerializer }, ...(opts.logStream ? { stream: opts.logStream } : {}) } : false,
    // A function, never Fastify's own reading of true/number (see server/hardening.ts).
    trustProxy: trustProxyFunction(config.trustProxy),
    bodyLimit: 8 * 1024 * 1024, // sync batches of 500 gifts fit well inside
    ...(https ? { https } : {}),
  }) as unknown as FastifyInstance;

  const handle = opts.dbHandle ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, inMemory: config.inMemoryDb }));
  app.decorate('db', handle.db);
  app.decorate('readDb', handle.readDb ?? handle.db);
  app.decorate('onReadConnection', handle.onReadConnection ?? (<T>(fn: (db: Db) => Promise<T>) => fn(handle.db)));
  app.decorate('dbKind', handle.kind);
  app.decorate('config', config);
  setActiveBilling(config.billing);
  app.decorate('bootstrapMessage', null);
  app.decorate('venueInstallUrl', null);
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') registeredRoutes.push({ method, url: r.url });
  });
  registerRequestGuards(app);
  const live = new LiveHub(handle.readDb ?? handle.db, handle.listen);
  app.decorate('live', live);
  // Open streams would keep the server from closing: end them (and the LISTEN) first.
  app.addHook('preClose', async () => { await live.close(); });
  const guests = new GuestHub(handle.db, handle.listen);
  app.decorate('guests', guests);
  app.addHook('preClose', async () => { await guests.close(); });
  if (!opts.dbHandle) app.addHook('onClose', async () => { await handle.close(); });

  // The pages rendered at build time (server/prerender.ts) and the hashes of their inline scripts.
  const staticRoot = path.resolve(config.staticDir);
  const hasDist = existsSync(path.join(staticRoot, 'index.html'));
  const prerendered = hasDist ? readPrerenderManifest(staticRoot) : null;
  const helmetHeaders = await securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'", ...(prerendered?.scriptHashes ?? []), 'https://checkout.razorpay.com'],
        connectSrc: ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
        frameSrc: ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only when this process itself serves HTTPS (a proxy sets its own) — and not with the venue
    // laptop's own CA (HTTPS=local): a tablet that opened https://laptop.local would then be forced off
    // the plain-HTTP install page on that same name, where a new tablet learns to trust the CA.
    hsts: https && !config.localCa ? undefined : false,
  });
  // A script, style, image or font of the PWA gets only the headers a subresource uses: the others
  // (CSP, frame and referrer rules…) apply to documents and workers, and cost ~1.2 kB on each of the
  // landing's ~45 requests.
  const subresourceHeaders = helmetHeaders.filter(([name]) => SUBRESOURCE_HEADERS.has(name));
  // Set on the raw response as helmet does (so a hijacked stream's answer carries them too).
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of isStaticSubresource(req.url) ? subresourceHeaders : helmetHeaders) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(fastifyCookie);
  // Only routes that ask for it (the sign-in) are limited; the key is the client address, which
  // TRUST_PROXY makes the real one behind a proxy.
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => new HttpError(429, 'too_many_attempts', `Too many sign-in attempts from this address. Try again in ${ctx.after}.`),
  });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  // API answers go compressed as the browser accepts (a fresh tablet's first pull is megabytes of JSON
  // on a venue's 4G): brotli at a fast quality, or gzip; above 1 kB; never the live event stream
  // (written on the raw response) nor a file the static plugin already serves precompressed.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  app.setErrorHandler((err: unknown, req, reply) => {
    if (err instanceof HttpError) return sendError(reply, err.status, err.code, err.message, err.issues);
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') return sendError(reply, 413, 'file_too_large', 'The image is larger than 5 MB');
    if (e.statusCode === 415 || e.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return sendError(reply, 400, 'invalid_body', 'Expected a multipart form');
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return sendError(reply, e.statusCode, 'invalid_body', e.message ?? 'Bad request');
    // SQLSTATE class 22 (data exception: a value out of range, invalid text for its type, a NUL
    // byte) means the input was bad, not the server.
    if (sqlState(err)?.startsWith('22')) return sendError(reply, 400, 'invalid_body', 'Invalid request: a value is out of range or malformed');
    req.log.error(err);
    return sendError(reply, 500, 'internal_error', 'Something went wrong on the server');
  });

  // Devices measure their clock's offset from this at every answer (src/data/clock.ts).
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/moi/')) reply.header('X-Server-Time', String(Date.now()));
  });

  app.get('/moi/health', async (_req, reply) => {
    try {
      await handle.ping();
      return { status: 'ok', db: handle.kind };
    } catch {
      return sendError(reply, 503, 'db_unavailable', 'The database does not answer');
    }
  });

  await app.register(authRoutes, { prefix: '/moi/auth' });
  await app.register(userRoutes, { prefix: '/moi/user' });
  await app.register(syncRoutes, { prefix: '/moi/sync' });
  await app.register(eventRoutes, { prefix: '/moi' });
  await app.register(publicReceiptRoutes, { prefix: '/moi' });
  await app.register(guestDisplayRoutes, { prefix: '/moi' });
  await app.register(publicGuestRoutes, { prefix: '/moi/public/guest' });
  await app.register(messagingRoutes, { prefix: '/moi' });
  // The messaging worker of this process (none with MESSAGING_PROVIDER=none): claims due messages
  // from the outbox under a lease, so several instances share the work without sending twice.
  const provider = providerFor(config.messaging);
  if (provider && opts.messagingWorker !== false) {
    // Host updates on every pass; the ledger's and the Partner Track's reminders (day-level matters) at most once a minute.
    let remindedAt = 0;
    const scan = async (db: typeof app.db, now: number) => {
      await scanHostUpdates(db, now);
      if (now - remindedAt >= 60_000) { remindedAt = now; await scanLedgerReminders(db, now); await scanPlanReminders(db, now); }
    };
    const worker = new MessageWorker(app.db, provider, { publicUrl: config.messaging.publicUrl, scan, onError: (e) => app.log.error(e) });
    app.addHook('onReady', async () => worker.start(opts.messagingIntervalMs ?? 3000));
    app.addHook('preClose', async () => { await worker.stop(); });
  }
  await app.register(ledgerRoutes, { prefix: '/moi/ledger' });
  await app.register(ledgerHouseholdRoutes, { prefix: '/moi/ledger/household' });
  await app.register(custodyRoutes, { prefix: '/moi' });
  await app.register(organisationRoutes, { prefix: '/moi' });
  await app.register(billingRoutes, { prefix: '/moi' });
  await app.register(printRoutes, { prefix: '/moi' });
  await app.register(venueInstallRoutes, { prefix: '/moi' });
  localAdminRoutes(app);

  // The built PWA: hashed assets cached for a year, the shell and the service worker always revalidated
  // (static-headers.ts). Text files go brotli- or gzip-compressed as the browser accepts, from the
  // .br/.gz copies the build wrote beside them (precompress.ts), with Vary: Accept-Encoding.
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      wildcard: true,
      // '/' is a directory: serve the shell (with index: false, send answers 403 for it).
      index: ['index.html'],
      preCompressed: true,
      // ETag alone revalidates the shell and sw.js; Last-Modified would only repeat it on every file.
      lastModified: false,
      setHeaders: setStaticHeaders,
    });
    // The landing and the sign-in page as rendered at build time, where the build made them.
    for (const [page, file] of Object.entries(prerendered?.pages ?? {})) {
      app.get(page, (_req, reply) => reply.sendFile(file));
    }
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    // A missing file (an old chunk a stale tab asks for) is a 404, not the shell: HTML served as a
    // script only hides the error. Page paths (no extension) get index.html for the router.
    const looksLikeFile = url.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(url);
    if (url.startsWith('/moi/') || url === '/moi' || (req.method !== 'GET' && req.method !== 'HEAD') || !hasDist || looksLikeFile) {
      return sendError(reply, 404, 'not_found', `No route ${req.method} ${url}`);
    }
    reply.header('Cache-Control', 'no-cache');
    // An unknown page gets the same shell (its router shows the not-found page) but says 404, so
    // crawlers, link checkers and monitors see a missing page; the router's own pages answer 200.
    if (!isAppPath(url)) reply.code(404);
    return reply.sendFile('index.html');
  });

  app.bootstrapMessage = await ensureAdmin(app.db, config);
  return app;
}
