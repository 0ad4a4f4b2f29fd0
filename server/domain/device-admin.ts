// The registered installations as the admin screens see them (/moi/devices): list within the
// actor's events, revoke or let back in; and the session's own device (/moi/devices/me).
import { eq, sql } from 'drizzle-orm';
import type { DeviceRow } from '../../contract/admin';
import type { DeviceMeResponse } from '../../contract/api';
import type { Db } from '../db/client';
import { devices, sessions } from '../db/schema';
import { deviceHighWater } from '../devices';
import { HttpError } from '../errors';
import type { Actor } from '../session';
import { adminEventIds, notFound } from './management/guard';

type Raw = {
  id: string; code: string; label: string | null; user_id: string | null; user_name: string | null;
  last_seen: string | Date; created_at: string | Date; revoked: boolean; active: number | string; rejected: number | string; last_push: string | Date | null;
};
const iso = (v: string | Date | null) => (v == null ? null : new Date(v).toISOString());

/** Devices whose user belongs to one of these events (and is not an app admin); 'all' for no limit. */
function scopeSql(eventIds: string[] | 'all') {
  if (eventIds === 'all') return sql`true`;
  if (!eventIds.length) return sql`false`;
  return sql`d.user_id in (select m.user_id from event_members m where m.event_id in (${sql.join(eventIds.map((e) => sql`${e}`), sql`, `)}))
    and coalesce(u.role, '') <> 'app_admin'`;
}

async function deviceRows(db: Db, scope: string[] | 'all', id?: string): Promise<DeviceRow[]> {
  const res = await db.execute(sql`
    select d.id, d.code, d.label, d.user_id, u.name as user_name, d.created_at, d.revoked,
           greatest(d.last_seen_at, coalesce((select max(s.last_seen_at) from sessions s where s.device_id = d.id), d.last_seen_at)) as last_seen,
           (select count(*) from sessions s where s.device_id = d.id and s.revoked = false)::int as active,
           (select count(*) from push_rejections m where m.device_id = d.id)::int as rejected,
           (select pc.last_push_at from push_cursors pc where pc.device_id = d.id) as last_push
    from devices d left join users u on u.id = d.user_id
    where ${scopeSql(scope)} ${id ? sql`and d.id = ${id}` : sql``}
    order by last_seen desc
  `);
  return (res as unknown as { rows: Raw[] }).rows.map((r) => ({
    deviceId: r.id,
    code: r.code,
    label: r.label,
    userId: r.user_id,
    userName: r.user_name,
    lastSeenAt: iso(r.last_seen)!,
    createdAt: iso(r.created_at)!,
    revoked: r.revoked,
    activeSessions: Number(r.active),
    rejected: Number(r.rejected),
    lastPushAt: iso(r.last_push),
  }));
}

/** app_admin: every device; event_admin: those of the people of their events, not an app admin's. */
export async function listDevices(db: Db, actor: Actor): Promise<DeviceRow[]> {
  return deviceRows(db, await adminEventIds(db, actor));
}

/** The session's own device and its high-water marks; 404 without one, 403 when it was revoked. */
export async function ownDevice(db: Db, actor: Actor): Promise<DeviceMeResponse> {
  const [d] = actor.deviceId ? await db.select().from(devices).where(eq(devices.id, actor.deviceId)).limit(1) : [];
  if (!d) throw notFound('Device');
  if (d.revoked) throw new HttpError(403, 'forbidden', 'This device has been revoked; ask an administrator');
  return { deviceId: d.id, code: d.code, highWater: await deviceHighWater(db, d.id, d.code) };
}

/** Revoking ends the device's sessions (login and push refuse it); a device outside the actor's scope is 404. */
export async function setDeviceRevoked(db: Db, actor: Actor, id: string, revoked: boolean): Promise<DeviceRow> {
  const scope = await adminEventIds(db, actor);
  if (!(await deviceRows(db, scope, id)).length) throw notFound('Device');
  await db.transaction(async (tx) => {
    await tx.update(devices).set({ revoked }).where(eq(devices.id, id));
    if (revoked) await tx.update(sessions).set({ revoked: true }).where(eq(sessions.deviceId, id));
  });
  return (await deviceRows(db, scope, id))[0];
}
