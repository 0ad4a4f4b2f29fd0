// Management REST endpoints under /moi (issue 6): users, events, counters and staff PINs, gift
// reads, memberships and sign-ups, dashboard, devices. Bodies and answers: contract/admin.ts.
import type { FastifyInstance } from 'fastify';
import adminUserRoutes from './admin-users';
import counterRoutes from './counters';
import dashboardRoutes from './dashboard';
import deviceAdminRoutes from './devices-admin';
import eventAdminRoutes from './events-admin';
import giftReadRoutes from './gifts-read';
import membershipRoutes from './memberships';
import providerRoutes from './provider';

export default async function eventsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(adminUserRoutes);
  await app.register(eventAdminRoutes);
  await app.register(counterRoutes);
  await app.register(giftReadRoutes);
  await app.register(membershipRoutes);
  await app.register(dashboardRoutes);
  await app.register(deviceAdminRoutes);
  await app.register(providerRoutes);
}
