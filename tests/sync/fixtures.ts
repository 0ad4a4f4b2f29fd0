// Fixtures for sync tests, benchmarks and the e2e: events, counters and staff written straight
// into the server's database (the change log fills itself: triggers of migration 0005), plus an
// in-process transport so device code can talk to the real app through app.inject.
import type { FastifyInstance } from 'fastify';
import type { PullResponse, PushBody, PushResult } from '../../contract/sync';
import type { Role } from '../../contract/roles';
import { insertUser } from '../../server/bootstrap';
import type { Db } from '../../server/db/client';
import { counterStaff, counters, eventMembers, events } from '../../server/db/schema';
import { uuidv7 } from '../../contract/ids';
import { SESSION_COOKIE } from '../../server/session';

export async function seedUser(app: FastifyInstance, username: string, role: Role, password = 'password-123'): Promise<{ id: string; username: string; password: string }> {
  const row = await insertUser(app.db, { username, password, role, name: username });
  return { id: row.id, username, password };
}

export async function seedEvent(app: FastifyInstance, opts: { adminIds?: string[]; ownerIds?: string[]; title?: string } = {}): Promise<string> {
  const id = uuidv7();
  const db = app.db;
  await db.insert(events).values({ id, titleEn: opts.title ?? 'Wedding', titleTa: 'திருமணம்', functionType: 'wedding', date: '2026-11-22', status: 'open' });
  const members = [...(opts.adminIds ?? []).map((u) => ({ eventId: id, userId: u, role: 'admin' as const })), ...(opts.ownerIds ?? []).map((u) => ({ eventId: id, userId: u, role: 'owner' as const }))];
  if (members.length) await db.insert(eventMembers).values(members);
  return id;
}

export async function seedCounter(app: FastifyInstance, eventId: string, opts: { code: string; staffIds?: string[]; open?: boolean; pins?: Record<string, { salt: string; hash: string }> }): Promise<string> {
  const id = uuidv7();
  const db: Db = app.db;
  const now = new Date().toISOString();
  await db.insert(counters).values({ id, eventId, code: opts.code, name: `Counter ${opts.code}`, status: opts.open === false ? 'closed' : 'open', openedAt: opts.open === false ? null : now });
  for (const u of opts.staffIds ?? []) {
    const pin = opts.pins?.[u];
    await db.insert(counterStaff).values({ counterId: id, userId: u, pinSalt: pin?.salt ?? null, pinHash: pin?.hash ?? null });
  }
  return id;
}

/** Secrets issued to the simulated installations by device id (a second sign-in on one tablet presents it, as the PWA does). */
const deviceSecrets = new Map<string, string>();

/**
 * Each simulated tablet signs in from its own loopback address (inject sends nothing over the
 * network): the login route allows 30 sign-ins a minute per address, and a property run signs in
 * far more often than one venue would.
 */
const tabletAddresses = new Map<string, string>();
function addressOf(deviceId: string | undefined): string {
  const key = deviceId ?? `anon-${tabletAddresses.size}`;
  let a = tabletAddresses.get(key);
  if (!a) {
    const n = tabletAddresses.size + 1;
    a = `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    tabletAddresses.set(key, a);
  }
  return a;
}

export async function loginCookie(app: FastifyInstance, username: string, password: string, deviceId?: string): Promise<{ cookie: string; device: { deviceId: string; code: string } | null; user: { id: string } & Record<string, unknown> }> {
  const secret = deviceId ? deviceSecrets.get(deviceId) : undefined;
  const res = await app.inject({ method: 'POST', url: '/moi/auth/login', remoteAddress: addressOf(deviceId), payload: { username, password, ...(deviceId ? { deviceId } : {}), ...(secret ? { deviceSecret: secret } : {}) } });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  if (!c) throw new Error('no session cookie');
  const body = res.json() as { user: { id: string }; device: { deviceId: string; code: string; secret?: string } | null };
  if (body.device?.secret) deviceSecrets.set(body.device.deviceId, body.device.secret);
  return { cookie: `${SESSION_COOKIE}=${c.value}`, device: body.device, user: body.user };
}

/** An error shaped like the PWA's ApiRequestError (status 0 = network), without importing src/. */
export class TransportError extends Error {
  constructor(public status: number, public code: string, message: string) {
    super(message);
  }
  get isNetwork() { return this.status === 0; }
}

export type InjectTransport = {
  push(body: PushBody): Promise<{ results: PushResult[] }>;
  pull(since: number, limit: number, types?: string[]): Promise<PullResponse>;
  uploadProfileImage(userId: string, file: Blob, mime: string): Promise<{ profileImagePath: string }>;
};

/** Device ↔ real app through app.inject (no port). `makeError` builds the error class the device code expects. */
export function injectTransport(app: FastifyInstance, cookie: () => string, makeError: (status: number, code: string, message: string) => Error): InjectTransport {
  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> => {
    const res = await app.inject({ method, url, headers: { cookie: cookie() }, ...(payload !== undefined ? { payload: payload as object } : {}) });
    const body = res.body ? JSON.parse(res.body) : undefined;
    if (res.statusCode >= 400) throw makeError(res.statusCode, body?.code ?? 'unknown', body?.message ?? `HTTP ${res.statusCode}`);
    return body as T;
  };
  return {
    push: (body) => call('POST', '/moi/sync/push', body),
    pull: (since, limit, types) => call('GET', `/moi/sync/pull?since=${since}&limit=${limit}${types?.length ? `&types=${types.join(',')}` : ''}`),
    uploadProfileImage: async () => { throw makeError(501, 'unknown', 'not used in these tests'); },
  };
}
