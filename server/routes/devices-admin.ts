// /moi/devices (app_admin: every registered installation; event_admin: the installations of the
// people of the events they administer, not an app admin's) with its user, last contact and stuck
// work; revoke a lost tablet (its sessions end; login and push refuse it) or let it back in. A device
// outside an event admin's scope answers 404, as an unknown one does.
// /moi/devices/me (anyone signed in): the session's own device and its high-water marks, so an
// installation whose local database was lost restores its code and numbers before the next save.
import type { FastifyInstance } from 'fastify';
import { setDeviceRevokedBodySchema } from '../../contract/admin';
import type { DeviceMeResponse } from '../../contract/api';
import { listDevices, ownDevice, setDeviceRevoked } from '../domain/device-admin';
import { parseBody } from '../errors';
import { requireActor } from '../session';
import { param, requireGroup } from './guard';

export default async function deviceAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/devices', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    return { devices: await listDevices(db, actor) };
  });

  app.get('/devices/me', async (req): Promise<DeviceMeResponse> => ownDevice(db, await requireActor(db, req)));

  app.post('/devices/:id/revoked', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const id = param(req, 'id');
    const { revoked } = parseBody(setDeviceRevokedBodySchema, req.body);
    return { device: await setDeviceRevoked(db, actor, id, revoked) };
  });
}
