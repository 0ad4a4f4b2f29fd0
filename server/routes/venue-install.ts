// GET /moi/venue/install (contract/venue-install.ts): the install page's address as `npm start`
// printed it (server/start.ts sets app.venueInstallUrl once that page listens); event admins and
// the app admin, who set up the tablets at a venue.
import type { FastifyInstance } from 'fastify';
import type { VenueInstall } from '../../contract/venue-install';
import { requireGroup } from './guard';

export default async function venueInstallRoutes(app: FastifyInstance): Promise<void> {
  app.get('/venue/install', async (req): Promise<VenueInstall> => {
    await requireGroup(app.db, req, 'eventAdmin');
    return { url: app.venueInstallUrl };
  });
}
