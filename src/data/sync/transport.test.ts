// The HTTP transport against a stand-in server on a loopback port (the app's fetch resolves the
// same-origin paths there): the requests it makes and how it reports answers and failures.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { httpTransport, isStartCursor, pullQuery } from './transport';

type Seen = { method: string; url: string; body: string; contentType: string | undefined };
const seen: Seen[] = [];
let answer: (req: Seen) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = { method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString(), contentType: req.headers['content-type'] };
      seen.push(s);
      const a = answer(s);
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => realFetch(url.startsWith('/') ? `${base}${url}` : url, init));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((r) => server.close(r));
});

describe('httpTransport', () => {
  it('pushes the batch as JSON to /moi/sync/push and returns the per-mutation answers', async () => {
    answer = () => ({ status: 200, body: { results: [{ id: 'm1', status: 'applied' }] } });
    const body = { deviceId: 'd1', sentAt: '2026-01-01T00:00:00.000Z', mutations: [{ id: 'm1', seq: 1, name: 'gift.create' as const, args: { a: 1 } }] };
    const res = await httpTransport.push(body as never);
    expect(res.results).toEqual([{ id: 'm1', status: 'applied' }]);
    const last = seen.at(-1)!;
    expect([last.method, last.url, last.contentType]).toEqual(['POST', '/moi/sync/push', 'application/json']);
    expect(JSON.parse(last.body)).toEqual(body);
  });

  it('pulls with the cursor, page size and types in the query', async () => {
    answer = () => ({ status: 200, body: { changes: [], cursor: 7, hasMore: false } });
    expect(await httpTransport.pull(5, 100, ['gift', 'audit'])).toEqual({ changes: [], cursor: 7, hasMore: false });
    expect(seen.at(-1)!.url).toBe('/moi/sync/pull?since=5&limit=100&types=gift,audit');
  });

  it('turns a refusal into the server\'s { code, message } and no server into a network error', async () => {
    answer = () => ({ status: 401, body: { code: 'unauthenticated', message: 'Please sign in again' } });
    await expect(httpTransport.pull(0, 10)).rejects.toMatchObject({ status: 401, code: 'unauthenticated', message: 'Please sign in again' });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const e = await httpTransport.health!().catch((x: unknown) => x);
    vi.stubGlobal('fetch', realFetch);
    expect(e).toBeInstanceOf(ApiRequestError);
    expect((e as ApiRequestError).isNetwork).toBe(true);
  });
});

describe('cursors', () => {
  it('sends any cursor the server gave, encoded, and knows the starting one', () => {
    expect(pullQuery(42, 500)).toBe('since=42&limit=500');
    expect(pullQuery('7:12/3' as never, 10)).toBe('since=7%3A12%2F3&limit=10');
    expect([0, '0', undefined, null, ''].map(isStartCursor)).toEqual([true, true, true, true, true]);
    expect([1, '7:12'].map(isStartCursor)).toEqual([false, false]);
  });
});
