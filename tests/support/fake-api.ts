// The one HTTP fake of the front-end tests. It stands in for `fetch`, answers by "METHOD /path"
// (with :params), records every request, and checks both sides against contract/: a body the
// contract refuses is answered 400 invalid_body as the server would, and recorded as a violation;
// an answer the contract does not allow (a stub that drifted from the server) is a violation too.
// A test that installs it fails when any violation was recorded (see install()).
// The sync engine's tests use the same fake through FakeSyncServer (fake-sync-server.ts).
import { onTestFinished } from 'vitest';
import { z, type ZodType } from 'zod';
import {
  changePasswordBodySchema, deviceMeResponseSchema, healthSchema, loginBodySchema, loginResponseSchema,
  registerDeviceBodySchema, registerDeviceResponseSchema, uploadProfileImageResponseSchema, userUpdateBodySchema,
} from '../../contract/api';
import { userSchema } from '../../contract/entities';
import { apiErrorSchema } from '../../contract/errors';
import { pullQuerySchema, pullResponseSchema, pushBodySchema, pushResponseSchema } from '../../contract/sync';
import { venueInstallSchema } from '../../contract/venue-install';

/** The server's `{ ok: true }` acknowledgement (logout, password change). */
const okSchema = z.object({ ok: z.literal(true) });

type RouteContract = { body?: ZodType; query?: ZodType; answer?: ZodType; multipart?: true };

/** The calls the front end makes, with what the contract says they carry (ARCHITECTURE §7). */
export const contractRoutes: Record<string, RouteContract> = {
  'POST /moi/auth/login': { body: loginBodySchema, answer: loginResponseSchema },
  'POST /moi/auth/logout': { answer: okSchema },
  'GET /moi/auth/me': { answer: userSchema },
  'POST /moi/auth/device': { body: registerDeviceBodySchema, answer: registerDeviceResponseSchema },
  'POST /moi/auth/password': { body: changePasswordBodySchema, answer: okSchema },
  'GET /moi/devices/me': { answer: deviceMeResponseSchema },
  'GET /moi/health': { answer: healthSchema },
  'GET /moi/user/getuserbyusername/:username': { answer: z.array(userSchema) },
  'POST /moi/user/update': { body: userUpdateBodySchema, answer: userSchema },
  'POST /moi/user/updateadmin': { body: userUpdateBodySchema, answer: userSchema },
  'POST /moi/user/uploadProfileImage': { multipart: true, answer: uploadProfileImageResponseSchema },
  'POST /moi/sync/push': { body: pushBodySchema, answer: pushResponseSchema },
  'GET /moi/sync/pull': { query: pullQuerySchema, answer: pullResponseSchema },
  'GET /moi/venue/install': { answer: venueInstallSchema },
};

export type Reply = { status: number; body?: unknown } | 'network';
export type FakeRequest = { method: string; path: string; params: Record<string, string>; query: URLSearchParams; body: unknown };
export type Handler = (req: FakeRequest) => Reply | Promise<Reply>;
export type Recorded = { method: string; path: string; body: unknown };

const json = (status: number, data: unknown): Response =>
  new Response(data === undefined ? '' : JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

function matchRoute(pattern: string, method: string, path: string): Record<string, string> | null {
  const [m, p] = pattern.split(' ');
  if (m !== method) return null;
  const want = p.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(got[i]);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

const issuesOf = (r: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');

export class FakeApi {
  /** Every request, in order. */
  readonly requests: Recorded[] = [];
  /** What did not hold to contract/ (a test that installed the fake fails on any). */
  readonly violations: string[] = [];
  /** Off: every request fails as a lost network does. */
  online = true;
  /** While set, every request waits for it (to see 'Saving...', a spinner). */
  gate: Promise<void> | null = null;
  /** Calls of the contract that no route of this test answered (they got 404 not_found). */
  readonly unanswered: string[] = [];
  /** Off-contract answers a test sets up on purpose (tolerate()), kept apart from the violations. */
  readonly tolerated: string[] = [];
  private readonly routes: Array<{ pattern: string; reply: Reply | Handler }> = [];
  private readonly tolerate_: RegExp[] = [];
  private readonly failures: Array<{ match: RegExp; reply: Reply; once: boolean }> = [];

  constructor(routes: Record<string, Reply | Handler> = {}) {
    for (const [pattern, reply] of Object.entries(routes)) this.on(pattern, reply);
  }

  /** Answer "METHOD /path" (":name" matches one segment). A later route for the same call wins. */
  on(pattern: string, reply: Reply | Handler): this {
    if (!contractRoutes[pattern]) throw new Error(`FakeApi: contract/ names no call ${pattern}`);
    this.routes.unshift({ pattern, reply });
    return this;
  }

  /** The next request whose path matches gets this answer instead (every one, with once = false). */
  failNext(match: RegExp, status: number, body: unknown, once = true): void {
    this.failures.push({ match, reply: { status, body }, once });
  }

  /** Hold every request until the returned function is called. */
  hold(): () => void {
    let open!: () => void;
    this.gate = new Promise<void>((r) => { open = r; });
    return () => {
      this.gate = null;
      open();
    };
  }

  /** An answer to a path matching this is off contract on purpose (a server bug the client must survive). */
  tolerate(match: RegExp): void {
    this.tolerate_.push(match);
  }

  /** Throws when a request or an answer did not hold to contract/. */
  assertWithinContract(): void {
    if (this.violations.length) throw new Error(`The HTTP fake saw calls or answers outside contract/:\n${this.violations.join('\n')}`);
  }

  requestsTo(path: string): Recorded[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Handle one call in-process (the fetch below and the sync transport both come here). */
  async answer(method: string, url: string, body: unknown): Promise<{ status: number; body: unknown } | 'network'> {
    const u = new URL(url, 'http://localhost');
    const path = u.pathname;
    const key = `${method} ${path}`;
    this.requests.push({ method, path, body });
    if (this.gate) await this.gate;
    if (!this.online) return 'network';
    const found = Object.entries(contractRoutes).map(([p, c]) => ({ p, c, params: matchRoute(p, method, path) })).find((r) => r.params);
    if (!found) {
      this.violations.push(`${key}: a call contract/ does not name`);
      return { status: 404, body: { code: 'not_found', message: `No route ${key}` } };
    }
    const { c, params } = found;
    if (c.body) {
      const parsed = c.body.safeParse(body);
      if (!parsed.success) {
        this.violations.push(`${key}: request body refused by the contract (${issuesOf(parsed)})`);
        return { status: 400, body: { code: 'invalid_body', message: 'Invalid request' } };
      }
    }
    if (c.query) {
      const parsed = c.query.safeParse(Object.fromEntries(u.searchParams));
      if (!parsed.success) {
        this.violations.push(`${key}: query refused by the contract (${issuesOf(parsed)})`);
        return { status: 400, body: { code: 'invalid_body', message: 'Invalid query' } };
      }
    }
    if (c.multipart && !(body instanceof FormData)) {
      this.violations.push(`${key}: expected a multipart form`);
      return { status: 400, body: { code: 'invalid_body', message: 'Expected a multipart form' } };
    }
    let reply: Reply | undefined;
    const fi = this.failures.findIndex((f) => f.match.test(path));
    if (fi >= 0) {
      reply = this.failures[fi].reply;
      if (this.failures[fi].once) this.failures.splice(fi, 1);
    } else {
      const route = this.routes.find((r) => matchRoute(r.pattern, method, path));
      if (!route) {
        // A call of the contract the test did not set up (a background refresh, say): not found.
        this.unanswered.push(key);
        return { status: 404, body: { code: 'not_found', message: `No stub for ${key}` } };
      }
      reply = typeof route.reply === 'function' ? await route.reply({ method, path, params: params!, query: u.searchParams, body }) : route.reply;
    }
    if (reply === 'network') return 'network';
    if (reply.status >= 200 && reply.status < 300) {
      const parsed = c.answer?.safeParse(reply.body);
      if (parsed && !parsed.success) {
        const msg = `${key}: answer ${reply.status} refused by the contract (${issuesOf(parsed)})`;
        (this.tolerate_.some((m) => m.test(path)) ? this.tolerated : this.violations).push(msg);
      }
    } else {
      const parsed = apiErrorSchema.safeParse(reply.body);
      if (!parsed.success) this.violations.push(`${key}: error answer ${reply.status} is not { code, message } (${issuesOf(parsed)})`);
    }
    return { status: reply.status, body: reply.body };
  }

  /** A `fetch` answering from this fake. */
  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body ?? undefined;
    const a = await this.answer(method, url, body);
    if (a === 'network') throw new TypeError('Failed to fetch');
    return json(a.status, a.body);
  };

  /** Make this fake the global fetch for the running test; the test fails if the contract was broken. */
  install(): this {
    const real = globalThis.fetch;
    globalThis.fetch = this.fetch as typeof fetch;
    onTestFinished(() => {
      globalThis.fetch = real;
      this.assertWithinContract();
    });
    return this;
  }
}

/** Replace fetch with a fake answering by "METHOD path", checked against contract/; records the requests. */
export function stubFetch(routes: Record<string, Reply | Handler>): { requests: Recorded[]; api: FakeApi } {
  const api = new FakeApi(routes).install();
  return { requests: api.requests, api };
}
