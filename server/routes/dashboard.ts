// GET /moi/dashboard (app_admin): events today, service totals, and devices that may hold
// unsynced work (definition in contract/admin.ts, DEVICE_SILENT_MINUTES).
import type { FastifyInstance } from 'fastify';
import { dashboardQuerySchema } from '../../contract/admin';
import { dashboardFigures, eventsOn } from '../domain/dashboard';
import { eventSummaries } from '../domain/event-admin';
import { parseBody } from '../errors';
import { requireGroup } from './guard';

export default async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/dashboard', async (req) => {
    await requireGroup(db, req, 'appAdmin');
    const { date } = parseBody(dashboardQuerySchema, req.query);
    const today = date ?? new Date().toISOString().slice(0, 10);
    const eventsToday = await eventSummaries(db, await eventsOn(db, today));
    const { totals, devicesWithUnsyncedWork } = await dashboardFigures(db, today);
    return { today, eventsToday, totals, devicesWithUnsyncedWork };
  });
}
