// The running server's door for local command-line tools on the embedded database. Only one process
// may open a PGlite directory (server/db/client.ts), so `npm run seed:demo` beside `npm start` asks
// the server to seed instead. It proves it runs as the same OS user on the same machine by reading a
// token the server wrote at start into the data directory, readable by that user only (0600).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError, parseBody } from './errors';
import { seedDemo } from './seed-demo';

export const LOCAL_TOKEN_HEADER = 'x-moi-local-token';
export type LocalServerInfo = { pid: number; url: string; token: string };
export const localServerFileOf = (dataDir: string) => path.resolve(dataDir, 'moi-server.json');

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by npm start when it serves the embedded database; null otherwise (the door stays shut). */
    localToken: string | null;
    /** Replaces the token after each use, so a token read once (a copied file, a log) is worth nothing later. */
    rotateLocalToken: (() => void) | null;
  }
}

const seedBodySchema = z.object({ password: z.string().min(1).max(200).optional() });

export function localAdminRoutes(app: FastifyInstance): void {
  app.decorate('localToken', null);
  app.decorate('rotateLocalToken', null);
  app.post('/moi/admin/seed-demo', async (req) => {
    const given = req.headers[LOCAL_TOKEN_HEADER];
    const token = app.localToken;
    const ok = !!token && typeof given === 'string' && given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token));
    if (!ok) throw new HttpError(403, 'forbidden', 'Only npm run seed:demo on this machine may call this');
    app.rotateLocalToken?.();
    const body = parseBody(seedBodySchema, req.body ?? {});
    return seedDemo(app.db, { password: body.password });
  });
}

/** npm start, once listening: a fresh one-time token, written where only this OS user can read it. */
export function publishLocalToken(app: FastifyInstance, dataDir: string, url: string): () => void {
  const file = localServerFileOf(dataDir);
  const publish = () => {
    const token = randomBytes(32).toString('base64url');
    const info: LocalServerInfo = { pid: process.pid, url, token };
    writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
    chmodSync(file, 0o600); // the mode above applies only when the file is new
    app.localToken = token;
  };
  publish();
  app.rotateLocalToken = publish;
  return () => {
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as LocalServerInfo).pid === process.pid) unlinkSync(file);
    } catch { /* gone already */ }
  };
}

export function readLocalServer(dataDir: string): LocalServerInfo | null {
  try {
    return JSON.parse(readFileSync(localServerFileOf(dataDir), 'utf8')) as LocalServerInfo;
  } catch {
    return null;
  }
}
