// An event admin manages only staff wholly within the events they run (issue 13). Found: an event
// admin reset the password of a staff member who had once been put on one of their counters, signed
// in as them, and read and wrote another event's gifts. Real app and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminUser } from '../../contract/admin';
import { eventMembers } from '../db/schema';
import { createTestApp, type TestApp } from '../test-utils';
import { buildWorld, sessionCookie, type World } from '../domain/management/test-world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.app);
}, 180_000);
afterAll(async () => { await t?.close(); }, 60_000);

const status = async (p: ReturnType<World['call']>) => (await p).statusCode;
const staffLinks = async (userId: string, eventId: string) =>
  (await t.app.db.select().from(eventMembers).where(and(eq(eventMembers.userId, userId), eq(eventMembers.eventId, eventId), eq(eventMembers.role, 'staff')))).length;

/** Every way an event admin manages a staff account, answered for `who` on `userId`. */
async function manageAnswers(who: 'ea1' | 'ea2', userId: string, counterId: string) {
  return [
    await status(w.call(who, 'PATCH', `/moi/admin/users/${userId}`, { name: 'Renamed' })),
    await status(w.call(who, 'POST', `/moi/admin/users/${userId}/password`, { password: 'taken-over-9' })),
    await status(w.call(who, 'POST', `/moi/admin/users/${userId}/disabled`, { disabled: false })),
    await status(w.call(who, 'PUT', `/moi/counters/${counterId}/staff/${userId}/pin`, { pin: '999999' })),
  ];
}
/** A password reset signs the staff member out everywhere: give the test a fresh session of theirs. */
async function freshSessions() {
  for (const who of ['st1', 'st2'] as const) w.cookies[who] = await sessionCookie(t.app, w.ids[who]);
}

describe('event admins and shared staff', () => {
  it('a staff member who also works another event is not managed by either event admin; only the app admin', async () => {
    // The app admin puts event 2's staff member on event 1's counter too (a shared helper).
    expect(await status(w.call('admin', 'PUT', `/moi/counters/${w.c1.id}/staff`, { userIds: [w.ids.st1, w.ids.st2] }))).toBe(200);
    expect(await manageAnswers('ea1', w.ids.st2, w.c1.id)).toEqual([404, 404, 404, 404]);
    expect(await manageAnswers('ea2', w.ids.st2, w.c2.id)).toEqual([404, 404, 404, 404]);
    expect(await status(w.call('admin', 'POST', `/moi/admin/users/${w.ids.st2}/password`, { password: 'admin-reset-1' }))).toBe(200);
    // Staff wholly within event 1 are still event 1's admin's to manage.
    expect(await manageAnswers('ea1', w.ids.st1, w.c1.id)).toEqual([200, 200, 200, 200]);
  });

  it('listing staff shows a shared staff member only with the events and counters the admin runs', async () => {
    const res = await w.call('ea1', 'GET', `/moi/admin/users?eventId=${w.e1.id}`);
    expect(res.statusCode).toBe(200);
    const st2 = (res.json() as { users: AdminUser[] }).users.find((u) => u.id === w.ids.st2)!;
    expect(st2.events.map((e) => e.eventId)).toEqual([w.e1.id]);
    expect(st2.counters.map((c) => c.counterId)).toEqual([w.c1.id]);
    for (const secret of ['Wedding 2', 'திருமணம் 2', w.e2.id, w.c2.id]) expect(res.body).not.toContain(secret);
    const all = await w.call('ea1', 'GET', '/moi/admin/users?role=counter_staff');
    for (const secret of ['Wedding 2', 'திருமணம் 2', w.e2.id, w.c2.id]) expect(all.body).not.toContain(secret);
    // The app admin sees both.
    const full = (await w.call('admin', 'GET', `/moi/admin/users?eventId=${w.e1.id}`)).json() as { users: AdminUser[] };
    expect(full.users.find((u) => u.id === w.ids.st2)!.events.map((e) => e.eventId).sort()).toEqual([w.e1.id, w.e2.id].sort());
  });

  it('taken off their only counter of an event, a staff member leaves that event: no reads there, and their own admin manages them again', async () => {
    await freshSessions();
    expect(await staffLinks(w.ids.st2, w.e1.id)).toBe(1);
    expect(await status(w.call('st2', 'GET', `/moi/gifts/${w.g1}/audit`))).toBe(200);
    expect(await status(w.call('ea1', 'PUT', `/moi/counters/${w.c1.id}/staff`, { userIds: [w.ids.st1] }))).toBe(200);
    expect(await staffLinks(w.ids.st2, w.e1.id)).toBe(0);
    expect(await status(w.call('st2', 'GET', `/moi/gifts/${w.g1}/audit`))).toBe(404);
    const list = (await w.call('ea1', 'GET', `/moi/admin/users?eventId=${w.e1.id}`)).json() as { users: AdminUser[] };
    expect(list.users.map((u) => u.id)).not.toContain(w.ids.st2);
    expect(await manageAnswers('ea1', w.ids.st2, w.c1.id)).toEqual([404, 404, 404, 404]);
    expect(await manageAnswers('ea2', w.ids.st2, w.c2.id)).toEqual([200, 200, 200, 200]);
  });

  it('taken off one counter while still on another counter of the same event, the event link stays', async () => {
    const cB = (await (await w.call('ea1', 'POST', `/moi/events/${w.e1.id}/counters`, { code: 'B', name: 'Second' })).json() as { counter: { id: string } }).counter;
    expect(await status(w.call('ea1', 'PUT', `/moi/counters/${cB.id}/staff`, { userIds: [w.ids.st1] }))).toBe(200);
    expect(await status(w.call('ea1', 'PUT', `/moi/counters/${w.c1.id}/staff`, { userIds: [] }))).toBe(200);
    expect(await staffLinks(w.ids.st1, w.e1.id)).toBe(1);
    await freshSessions();
    expect(await manageAnswers('ea1', w.ids.st1, cB.id)).toEqual([200, 200, 200, 200]);
  });
});
