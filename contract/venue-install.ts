// GET /moi/venue/install (issue 31): the address of the venue laptop's install page (HTTPS=local,
// server/venue-tls), which tablets open to trust the laptop's certificate and install the app;
// null when this server serves none. The admin app shows it as a QR code for staff to scan.
import { z } from 'zod';

export const venueInstallSchema = z.object({ url: z.string().url().nullable() });
export type VenueInstall = z.infer<typeof venueInstallSchema>;
