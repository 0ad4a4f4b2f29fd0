// The authorization matrix of the management endpoints: every endpoint × every role × in-scope /
// out-of-scope, against the real app and database. Rule (contract/admin.ts): 401 without a session,
// 403 for a role outside the endpoint's group, 404 for an id outside the caller's scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import { createTestApp, type TestApp } from '../test-utils';
import { buildWorld, everyone, PASSWORD, type Who, type World } from '../domain/management/test-world';

type Expect = number | [number, string];
type Row = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: (w: World) => string;
  body?: (w: World) => unknown;
  expect: Partial<Record<Who, Expect>>;
};

const U401: [number, string] = [401, 'unauthenticated'];
const F403: [number, string] = [403, 'forbidden'];
const N404: [number, string] = [404, 'not_found'];

/** Only app_admin: everyone else is refused by role. */
const appAdminOnly = (ok: number): Row['expect'] => ({ anon: U401, admin: ok, ea1: F403, ea2: F403, ow1: F403, ow2: F403, st1: F403, st2: F403 });
/** eventAdmin group on an event-1 resource: ea2 is out of scope; owners and staff refused by role. */
const adminOfE1 = (ok: number): Row['expect'] => ({ anon: U401, admin: ok, ea1: ok, ea2: N404, ow1: F403, ow2: F403, st1: F403, st2: F403 });
/** eventOwner group reading event 1: the other event's admin and owner are out of scope. */
const readerOfE1: Row['expect'] = { anon: U401, admin: 200, ea1: 200, ea2: N404, ow1: 200, ow2: N404, st1: F403, st2: F403 };

const staffBody = (w: World) => ({ username: `s${uuidv7().slice(-8)}`, password: PASSWORD, name: 'New staff', role: 'counter_staff', eventId: w.e1.id });
let codeSeq = 0;
const nextCode = () => `Z${++codeSeq}`;

const rows: Row[] = [
  { name: 'list staff', method: 'GET', url: () => '/moi/admin/users?role=counter_staff', expect: { anon: U401, admin: 200, ea1: 200, ea2: 200, ow1: F403, ow2: F403, st1: F403, st2: F403 } },
  { name: 'list event admins', method: 'GET', url: () => '/moi/admin/users?role=event_admin', expect: appAdminOnly(200) },
  { name: 'list users of event 1', method: 'GET', url: (w) => `/moi/admin/users?eventId=${w.e1.id}`, expect: adminOfE1(200) },
  { name: 'create staff for event 1', method: 'POST', url: () => '/moi/admin/users', body: staffBody, expect: adminOfE1(201) },
  { name: 'create an event admin', method: 'POST', url: () => '/moi/admin/users', body: () => ({ username: `a${uuidv7().slice(-8)}`, password: PASSWORD, name: 'Admin', role: 'event_admin' }), expect: appAdminOnly(201) },
  { name: 'edit staff of event 1', method: 'PATCH', url: (w) => `/moi/admin/users/${w.spare1}`, body: () => ({ name: 'Spare one' }), expect: adminOfE1(200) },
  { name: 'edit an event owner', method: 'PATCH', url: (w) => `/moi/admin/users/${w.ids.ow1}`, body: () => ({ mobile: '9000000001' }), expect: { anon: U401, admin: 200, ea1: N404, ea2: N404, ow1: F403, ow2: F403, st1: F403, st2: F403 } },
  { name: 'enable staff of event 1', method: 'POST', url: (w) => `/moi/admin/users/${w.spare1}/disabled`, body: () => ({ disabled: false }), expect: adminOfE1(200) },
  { name: 'reset password of staff of event 1', method: 'POST', url: (w) => `/moi/admin/users/${w.spare1}/password`, body: () => ({ password: 'another-pass-1' }), expect: adminOfE1(200) },
  { name: 'reset password of an unknown user', method: 'POST', url: () => `/moi/admin/users/${uuidv7()}/password`, body: () => ({ password: 'another-pass-1' }), expect: { anon: U401, admin: N404, ea1: N404, ow1: F403, st1: F403 } },

  { name: 'list events', method: 'GET', url: () => '/moi/events', expect: { anon: U401, admin: 200, ea1: 200, ea2: 200, ow1: 200, ow2: 200, st1: F403, st2: F403 } },
  { name: 'read event 1', method: 'GET', url: (w) => `/moi/events/${w.e1.id}`, expect: readerOfE1 },
  { name: 'create event', method: 'POST', url: () => '/moi/events', body: () => ({ titleEn: 'Housewarming', functionType: 'housewarming', date: '2026-12-01' }), expect: appAdminOnly(201) },
  { name: 'edit event 1 details', method: 'PATCH', url: (w) => `/moi/events/${w.e1.id}`, body: () => ({ venue: 'Madurai, Anna Nagar' }), expect: adminOfE1(200) },
  { name: 'change owners of event 1', method: 'PATCH', url: (w) => `/moi/events/${w.e1.id}`, body: (w) => ({ ownerIds: [w.ids.ow1] }), expect: { anon: U401, admin: 200, ea1: F403, ea2: N404, ow1: F403, st1: F403 } },
  { name: 'set status of event 1', method: 'POST', url: (w) => `/moi/events/${w.e1.id}/status`, body: () => ({ status: 'open' }), expect: adminOfE1(200) },
  { name: 'totals of event 1', method: 'GET', url: (w) => `/moi/events/${w.e1.id}/totals`, expect: readerOfE1 },
  { name: 'totals of an unknown event', method: 'GET', url: () => `/moi/events/${uuidv7()}/totals`, expect: { anon: U401, admin: N404, ea1: N404, ow1: N404, st1: F403 } },

  { name: 'list counters of event 1', method: 'GET', url: (w) => `/moi/counters?eventId=${w.e1.id}`, expect: readerOfE1 },
  { name: 'list all counters', method: 'GET', url: () => '/moi/counters?status=open', expect: { anon: U401, admin: 200, ea1: 200, ow1: 200, st1: F403 } },
  { name: 'create counter in event 1', method: 'POST', url: (w) => `/moi/events/${w.e1.id}/counters`, body: () => ({ code: nextCode(), name: 'Extra' }), expect: adminOfE1(201) },
  { name: 'rename counter of event 1', method: 'PATCH', url: (w) => `/moi/counters/${w.c1.id}`, body: () => ({ name: 'Main gate' }), expect: adminOfE1(200) },
  { name: 'assign staff to counter of event 1', method: 'PUT', url: (w) => `/moi/counters/${w.c1.id}/staff`, body: (w) => ({ userIds: [w.ids.st1] }), expect: adminOfE1(200) },
  { name: 'open counter of event 1', method: 'POST', url: (w) => `/moi/counters/${w.c1.id}/open`, body: () => ({}), expect: adminOfE1(200) },
  { name: 'set staff PIN at counter of event 1', method: 'PUT', url: (w) => `/moi/counters/${w.c1.id}/staff/${w.ids.st1}/pin`, body: () => ({ pin: '432121' }), expect: adminOfE1(200) },

  { name: 'gifts of event 1', method: 'GET', url: (w) => `/moi/gifts?eventId=${w.e1.id}`, expect: readerOfE1 },
  { name: 'deleted gifts of event 1', method: 'GET', url: (w) => `/moi/gifts/deleted?eventId=${w.e1.id}`, expect: adminOfE1(200) },
  { name: 'audit of a gift of event 1', method: 'GET', url: (w) => `/moi/gifts/${w.g1}/audit`, expect: { anon: U401, admin: 200, ea1: 200, ea2: N404, ow1: 200, ow2: N404, st1: 200, st2: N404 } },

  { name: 'membership plans', method: 'GET', url: () => '/moi/membership-plans', expect: { anon: U401, admin: 200, ea1: 200, ea2: 200, ow1: 200, ow2: 200, st1: 200, st2: 200 } },
  { name: 'list memberships', method: 'GET', url: () => '/moi/memberships', expect: appAdminOnly(200) },
  { name: 'create membership', method: 'POST', url: () => '/moi/memberships', body: (w) => ({ plan: 'smart_track', holderId: w.ids.ow1, validFrom: '2026-11-01' }), expect: appAdminOnly(201) },
  { name: 'list sign-ups', method: 'GET', url: () => '/moi/signups', expect: appAdminOnly(200) },
  { name: 'update sign-up', method: 'PATCH', url: (w) => `/moi/signups/${w.signupId}`, body: () => ({ status: 'contacted' }), expect: appAdminOnly(200) },
  { name: 'dashboard', method: 'GET', url: () => '/moi/dashboard', expect: appAdminOnly(200) },
  { name: 'list devices', method: 'GET', url: () => '/moi/devices', expect: { anon: U401, admin: 200, ea1: 200, ea2: 200, ow1: F403, ow2: F403, st1: F403, st2: F403 } },
  { name: 'let a device of event 1 staff back in', method: 'POST', url: () => `/moi/devices/${deviceId}/revoked`, body: () => ({ revoked: false }), expect: adminOfE1(200) },
  { name: 'revoke an unknown device', method: 'POST', url: () => `/moi/devices/${uuidv7()}/revoked`, body: () => ({ revoked: true }), expect: { anon: U401, admin: N404, ea1: N404, st1: F403 } },
];

let t: TestApp;
let w: World;
let membershipId: string;
let deviceId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.app);
  const r = await w.call('admin', 'POST', '/moi/memberships', { plan: 'partner_track', holderId: w.ids.ow2, validFrom: '2026-11-01' });
  membershipId = (r.json() as { membership: { id: string } }).membership.id;
  deviceId = uuidv7();
  await t.app.db.insert(devices).values({ id: deviceId, code: 'M1', userId: w.ids.st1, label: 'Matrix tablet' });
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('authorization matrix', () => {
  const cases = rows.flatMap((row) => everyone.filter((who) => row.expect[who] !== undefined).map((who) => ({ row, who })));
  it.each(cases.map((c) => [`${c.row.method} ${c.row.name} as ${c.who}`, c] as const))('%s', async (_label, { row, who }) => {
    const res = await w.call(who, row.method, row.url(w), row.body?.(w));
    const exp = row.expect[who]!;
    const [status, code] = Array.isArray(exp) ? exp : [exp, undefined];
    expect(res.statusCode, res.body).toBe(status);
    if (code) expect((res.json() as { code: string }).code).toBe(code);
  });

  it('update membership: app_admin only', async () => {
    for (const who of everyone) {
      const res = await w.call(who, 'PATCH', `/moi/memberships/${membershipId}`, { status: 'active' });
      expect(res.statusCode, who).toBe(who === 'anon' ? 401 : who === 'admin' ? 200 : 403);
    }
  });
});

describe('what each caller sees', () => {
  it('an event admin lists only the staff of their own events', async () => {
    const res = await w.call('ea1', 'GET', '/moi/admin/users?role=counter_staff');
    const ids = (res.json() as { users: { id: string }[] }).users.map((u) => u.id);
    expect(ids).toContain(w.ids.st1);
    expect(ids).not.toContain(w.ids.st2);
  });

  it('an owner lists only their events, and only their events\' gifts and counters', async () => {
    const evs = (await w.call('ow2', 'GET', '/moi/events')).json() as { events: { id: string }[] };
    expect(evs.events.map((e) => e.id)).toEqual([w.e2.id]);
    const gifts = (await w.call('ow2', 'GET', '/moi/gifts')).json() as { gifts: { id: string }[] };
    expect(gifts.gifts.map((g) => g.id)).toEqual([w.g2]);
    const counters = (await w.call('ow2', 'GET', '/moi/counters')).json() as { counters: { id: string }[] };
    expect(counters.counters.map((c) => c.id)).toEqual([w.c2.id]);
  });

  it('an event admin sees deleted gifts of their events only', async () => {
    const mine = (await w.call('ea1', 'GET', '/moi/gifts/deleted')).json() as { gifts: { id: string }[] };
    expect(mine.gifts.map((g) => g.id)).toEqual([w.g1deleted]);
    const other = (await w.call('ea2', 'GET', '/moi/gifts/deleted')).json() as { gifts: { id: string }[] };
    expect(other.gifts).toEqual([]);
  });

  it('an event admin cannot assign another event\'s staff to their counter', async () => {
    const res = await w.call('ea1', 'PUT', `/moi/counters/${w.c1.id}/staff`, { userIds: [w.ids.st1, w.ids.st2] });
    expect(res.statusCode).toBe(404);
    expect((res.json() as { code: string }).code).toBe('not_found');
  });

  it('an event admin cannot create staff for another event nor other roles', async () => {
    const other = await w.call('ea1', 'POST', '/moi/admin/users', { ...staffBody(w), eventId: w.e2.id });
    expect(other.statusCode).toBe(404);
    const noEvent = await w.call('ea1', 'POST', '/moi/admin/users', { ...staffBody(w), eventId: undefined });
    expect(noEvent.statusCode).toBe(400);
    expect((noEvent.json() as { code: string }).code).toBe('invalid_body');
    const owner = await w.call('ea1', 'POST', '/moi/admin/users', { ...staffBody(w), role: 'event_owner' });
    expect(owner.statusCode).toBe(403);
  });

  it('bad bodies answer 400 invalid_body with the failing fields', async () => {
    const res = await w.call('admin', 'POST', '/moi/events', { functionType: 'party', date: '22-11-2026' });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; issues: { path: string[] }[] };
    expect(body.code).toBe('invalid_body');
    expect(body.issues.map((i) => i.path[0])).toEqual(expect.arrayContaining(['functionType', 'date']));
    const pin = await w.call('ea1', 'PUT', `/moi/counters/${w.c1.id}/staff/${w.ids.st1}/pin`, { pin: '12a4' });
    expect(pin.statusCode).toBe(400);
  });
});
