// Test fixture for the management endpoints: two events with their own admins, owners, staff,
// counters and gifts, built through the real endpoints where they exist (gifts and audits are
// written to the database directly: their write path is the sync engine's, tested there).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AdminUser, CounterView } from '../../../contract/admin';
import type { MoiEvent } from '../../../contract/entities';
import { uuidv7 } from '../../../contract/ids';
import { giftAudit, gifts, sessions, signups } from '../../db/schema';
import { hashToken, newToken, SESSION_COOKIE } from '../../session';
import { TEST_ADMIN } from '../../test-utils';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';

export type Who = 'anon' | 'admin' | 'ea1' | 'ea2' | 'ow1' | 'ow2' | 'st1' | 'st2';
export const everyone: Who[] = ['anon', 'admin', 'ea1', 'ea2', 'ow1', 'ow2', 'st1', 'st2'];

/** A real session row for the user (what login writes), so tests need not pay a scrypt login each. */
export async function sessionCookie(app: FastifyInstance, userId: string, deviceId: string | null = null): Promise<string> {
  const token = newToken();
  await app.db.insert(sessions).values({ tokenHash: hashToken(token), userId, deviceId, deviceLabel: 'test' });
  return `${SESSION_COOKIE}=${token}`;
}

export type World = {
  app: FastifyInstance;
  cookies: Record<Who, string | null>;
  ids: Record<Exclude<Who, 'anon'>, string>;
  e1: MoiEvent; e2: MoiEvent;
  c1: CounterView; c2: CounterView;
  g1: string; g2: string; g1deleted: string;
  spare1: string; // a counter_staff user of event 1 with no session (password / disable targets)
  signupId: string;
  call(who: Who, method: string, url: string, body?: unknown): Promise<LightMyRequestResponse>;
};

export const PASSWORD = 'test-password-1';

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const cookies = { anon: null } as Record<Who, string | null>;
  const ids = {} as World['ids'];
  const [adminRow] = await app.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
  ids.admin = adminRow.id;
  cookies.admin = await sessionCookie(app, adminRow.id);
  const call: World['call'] = (who, method, url, body) => app.inject({
    method: method as 'GET',
    url,
    headers: cookies[who] ? { cookie: cookies[who]! } : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const ok = async <T>(res: Promise<LightMyRequestResponse>): Promise<T> => {
    const r = await res;
    if (r.statusCode >= 300) throw new Error(`fixture call failed ${r.statusCode} ${r.body}`);
    return r.json() as T;
  };
  const mkUser = async (who: Exclude<Who, 'anon' | 'admin'>, role: 'event_admin' | 'event_owner') => {
    const u = await ok<{ user: AdminUser }>(call('admin', 'POST', '/moi/admin/users', { username: `${who}-${uuidv7().slice(-6)}`, password: PASSWORD, name: who.toUpperCase(), role }));
    ids[who] = u.user.id;
    cookies[who] = await sessionCookie(app, u.user.id);
  };
  await mkUser('ea1', 'event_admin');
  await mkUser('ea2', 'event_admin');
  await mkUser('ow1', 'event_owner');
  await mkUser('ow2', 'event_owner');
  const mkEvent = async (n: number) => (await ok<{ event: MoiEvent }>(call('admin', 'POST', '/moi/events', {
    titleEn: `Wedding ${n}`, titleTa: `திருமணம் ${n}`, functionType: 'wedding', date: '2026-11-22', venue: 'Madurai', hostNames: 'Kumar & Priya',
    thankYouNote: 'நன்றி', upiId: 'host@okaxis', ownerIds: [ids[n === 1 ? 'ow1' : 'ow2']], adminIds: [ids[n === 1 ? 'ea1' : 'ea2']],
  }))).event;
  const e1 = await mkEvent(1);
  const e2 = await mkEvent(2);
  await ok(call('admin', 'POST', `/moi/events/${e1.id}/status`, { status: 'open' }));
  await ok(call('admin', 'POST', `/moi/events/${e2.id}/status`, { status: 'open' }));
  // Staff are created by each event's admin, with their counter and PIN at once.
  const c1 = (await ok<{ counter: CounterView }>(call('ea1', 'POST', `/moi/events/${e1.id}/counters`, { code: 'A', name: 'Main' }))).counter;
  const c2 = (await ok<{ counter: CounterView }>(call('ea2', 'POST', `/moi/events/${e2.id}/counters`, { code: 'A', name: 'Main' }))).counter;
  const mkStaff = async (who: 'st1' | 'st2', eventId: string, counterId: string, by: Who) => {
    const u = await ok<{ user: AdminUser }>(call(by, 'POST', '/moi/admin/users', { username: `${who}-${uuidv7().slice(-6)}`, password: PASSWORD, name: who.toUpperCase(), role: 'counter_staff', eventId, counterIds: [counterId], pin: '111111' }));
    ids[who] = u.user.id;
    cookies[who] = await sessionCookie(app, u.user.id);
  };
  await mkStaff('st1', e1.id, c1.id, 'ea1');
  await mkStaff('st2', e2.id, c2.id, 'ea2');
  const spare = await ok<{ user: AdminUser }>(call('ea1', 'POST', '/moi/admin/users', { username: `spare-${uuidv7().slice(-6)}`, password: PASSWORD, name: 'Spare', role: 'counter_staff', eventId: e1.id }));
  await ok(call('ea1', 'POST', `/moi/counters/${c1.id}/open`, {}));
  await ok(call('ea2', 'POST', `/moi/counters/${c2.id}/open`, {}));

  const g1 = uuidv7(), g2 = uuidv7(), g1deleted = uuidv7();
  const now = new Date().toISOString();
  await app.db.insert(gifts).values([
    { id: g1, eventId: e1.id, counterId: c1.id, receiptNo: 'A-T1-1', name: 'Murugan', initial: 'K', village: 'Melur', amount: 501, mode: 'cash', enteredAt: now, enteredBy: ids.st1 },
    { id: g1deleted, eventId: e1.id, counterId: c1.id, receiptNo: 'A-T1-2', name: 'Wrong entry', amount: 100, mode: 'cash', enteredAt: now, enteredBy: ids.st1, deletedAt: now, deletedBy: ids.ea1, deleteReason: 'Typed twice' },
    { id: g2, eventId: e2.id, counterId: c2.id, receiptNo: 'A-T2-1', name: 'Selvi', village: 'Karur', amount: 1001, mode: 'upi', enteredAt: now, enteredBy: ids.st2 },
  ]);
  await app.db.insert(giftAudit).values([
    { id: uuidv7(), giftId: g1, eventId: e1.id, action: 'create', by: ids.st1, after: { amount: 501 } },
    { id: uuidv7(), giftId: g1deleted, eventId: e1.id, action: 'delete', by: ids.ea1, reason: 'Typed twice', before: { amount: 100 } },
  ]);
  const signupId = uuidv7();
  await app.db.insert(signups).values({ id: signupId, name: 'Lakshmi', mobile: '9876543210', functionType: 'wedding', plan: 'smart_track', takenBy: ids.st1, counterId: c1.id });
  return { app, cookies, ids, e1, e2, c1, c2, g1, g2, g1deleted, spare1: spare.user.id, signupId, call };
}
