// /moi/admin/users — event admins, event owners and counter staff: list, create, edit, disable,
// reset password. app_admin manages everyone; an event admin only counter staff of their events.
import type { FastifyInstance } from 'fastify';
import {
  createUserBodySchema, listUsersQuerySchema, resetPasswordBodySchema, setDisabledBodySchema, updateUserBodySchema,
} from '../../contract/admin';
import {
  createManagedUser, listManagedUsers, managedUser, resetUserPassword, setUserDisabled, updateManagedUser,
} from '../domain/admin-users';
import { parseBody } from '../errors';
import { param, requireGroup } from './guard';

export default async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/admin/users', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const q = parseBody(listUsersQuerySchema, req.query);
    return listManagedUsers(db, actor, q);
  });

  app.post('/admin/users', async (req, reply) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const body = parseBody(createUserBodySchema, req.body);
    const user = await createManagedUser(db, actor, body);
    reply.code(201);
    return { user };
  });

  app.patch('/admin/users/:id', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const target = await managedUser(db, actor, param(req, 'id'));
    const body = parseBody(updateUserBodySchema, req.body);
    return { user: await updateManagedUser(db, actor, target, body) };
  });

  app.post('/admin/users/:id/disabled', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const target = await managedUser(db, actor, param(req, 'id'));
    const { disabled } = parseBody(setDisabledBodySchema, req.body);
    return { user: await setUserDisabled(db, actor, target, disabled) };
  });

  app.post('/admin/users/:id/password', async (req) => {
    const actor = await requireGroup(db, req, 'eventAdmin');
    const target = await managedUser(db, actor, param(req, 'id'));
    const { password } = parseBody(resetPasswordBodySchema, req.body);
    await resetUserPassword(db, actor, target, password);
    return { ok: true as const };
  });
}
