// A slow server is not "offline": the real server on a loopback port behind a tiny proxy that
// holds every push and pull answer longer than the sync loop's first timeout. The loop (with the
// app's own HTTP client) must tell the server is there (GET /moi/health answers at once), say
// "slow", wait longer and send smaller batches, and get every gift to the server exactly once —
// never showing "offline" meanwhile.
import http from 'node:http';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MoiDb } from '../../src/data/db';
import { createGiftOn } from '../../src/data/gifts-repo';
import { META, metaSet, outboxCounts } from '../../src/data/outbox';
import { SyncEngine } from '../../src/data/sync/engine';
import type { SyncState } from '../../src/data/sync/status';
import { httpTransport } from '../../src/data/sync/transport';
import * as W from './world';

let serverUrl = '';
let proxy: http.Server;
let proxyUrl = '';
/** Milliseconds the proxy holds each sync answer (the request itself reaches the server at once). */
let delayMs = 0;
const pushSizes: number[] = [];

beforeAll(async () => {
  await W.startServer();
  serverUrl = await W.listen();
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url?.startsWith('/moi/sync/push')) pushSizes.push((JSON.parse(body.toString()) as { mutations: unknown[] }).mutations.length);
      const up = http.request(`${serverUrl}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => {
          const slow = req.url?.startsWith('/moi/sync/') ? delayMs : 0;
          setTimeout(() => {
            if (res.destroyed) return; // the client gave up waiting
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(parts));
          }, slow);
        });
      });
      up.end(body);
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
}, 120_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  proxy?.close();
  await W.stopServer();
});

/**
 * The browser's fetch for the app's HTTP client (src/lib/api.ts): same-origin paths go to the
 * proxy with the device's session cookie; the client's AbortSignal cancels the request.
 */
function browserFetch(cookie: string) {
  return (input: string, init: RequestInit = {}) => new Promise<Response>((resolve, reject) => {
    const req = http.request(`${proxyUrl}${input}`, {
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string> | undefined), cookie },
    }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve(new Response(Buffer.concat(parts), { status: res.statusCode ?? 0 })));
      res.on('error', reject);
    });
    req.on('error', (e) => reject(new TypeError(`Failed to fetch (${e.message})`)));
    init.signal?.addEventListener('abort', () => {
      req.destroy();
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    req.end(typeof init.body === 'string' ? init.body : undefined);
  });
}

it('says "slow", never "offline", grows its timeout and shrinks its batches until every gift is on the server once', async () => {
  const world = await W.newWorld(1);
  const dev = world.devices[0];
  vi.stubGlobal('fetch', browserFetch(dev.cookie));
  const db = new MoiDb(`moi-slow-${Date.now()}`);
  await db.open();
  await metaSet(db, META.deviceId, dev.deviceId);
  await metaSet(db, META.deviceCode, dev.code);
  for (let i = 0; i < 40; i++) {
    await createGiftOn(db, { eventId: world.eventId, counterId: world.counterId, counterCode: world.counterCode, name: `Giver ${i}`, amount: 101 + i, enteredBy: dev.userId });
  }
  // Answers take 1.2 s; the loop's first timeout is 400 ms (in the app: 30 s against answers of a minute).
  delayMs = 1200;
  const engine = new SyncEngine({ db, transport: httpTransport, useLocks: false, listenToWindow: false, requestTimeoutMs: 400, slowRetryMs: 50 });
  const seen: SyncState['online'][] = [];
  let slowSeen = false;
  engine.subscribe(() => {
    const c = engine.getCore();
    seen.push(c.online);
    if (c.slow) slowSeen = true;
  });
  try {
    engine.start();
    await vi.waitFor(async () => expect((await outboxCounts(db)).unsynced).toBe(0), { timeout: 60_000, interval: 200 });
  } finally {
    engine.stop();
  }
  expect(seen).not.toContain(false);
  expect(slowSeen).toBe(true);
  expect(engine.getCore()).toMatchObject({ online: true, slow: true, error: null });
  // The first batch held all 40; after the timeout the loop sent smaller ones.
  expect(pushSizes[0]).toBe(40);
  expect(Math.min(...pushSizes)).toBeLessThanOrEqual(20);
  // Every gift on the server exactly once (a resend of a batch the server had stored is a duplicate).
  expect((await world.serverGifts()).length).toBe(40);
  expect(await world.appliedCount()).toBe(40);

  // Quick answers again: the next pass says the connection is fine.
  delayMs = 0;
  await engine.syncNow();
  expect(engine.getCore()).toMatchObject({ online: true, slow: false });
  db.close();
  await db.delete();
}, 120_000);

it('a server that does not answer at all (not even its health check) is offline', async () => {
  const world = await W.newWorld(1);
  const dev = world.devices[0];
  // A port nothing listens on.
  const dead = http.createServer();
  await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
  const deadUrl = `http://127.0.0.1:${(dead.address() as { port: number }).port}`;
  await new Promise<void>((r) => dead.close(() => r()));
  const saved = proxyUrl;
  proxyUrl = deadUrl;
  vi.stubGlobal('fetch', browserFetch(dev.cookie));
  const db = new MoiDb(`moi-dead-${Date.now()}`);
  await db.open();
  await metaSet(db, META.deviceId, dev.deviceId);
  await metaSet(db, META.deviceCode, dev.code);
  await createGiftOn(db, { eventId: world.eventId, counterId: world.counterId, counterCode: world.counterCode, name: 'Valli', amount: 501, enteredBy: dev.userId });
  const engine = new SyncEngine({ db, transport: httpTransport, useLocks: false, listenToWindow: false, timers: false, requestTimeoutMs: 400 });
  try {
    await engine.syncNow();
    expect(engine.getCore()).toMatchObject({ online: false, slow: false });
    expect((await outboxCounts(db)).pending).toBe(1);
  } finally {
    proxyUrl = saved;
    db.close();
    await db.delete();
  }
});
