// GET /moi/provider — public: the provider's name, contact phone and e-mail, payment button ids and
// analytics settings for the landing page (the PWA keeps the last answer for offline). Until an app
// admin saves them, the environment's values (VITE_PROVIDER_* …, read at start) are the answer.
// PUT /moi/provider — app admin only: replace them (validated; who and when from the session).
import type { FastifyInstance } from 'fastify';
import { providerSettingsFromEnv, providerSettingsSchema, type ProviderSettings } from '../../contract/provider';
import { currentProviderSettings, saveProviderSettings } from '../domain/provider-settings';
import { parseBody } from '../errors';
import { requireGroup } from './guard';

export default async function providerRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const fromEnv = providerSettingsFromEnv(process.env);

  app.get('/provider', async () => currentProviderSettings(db, fromEnv));

  app.put('/provider', async (req) => {
    const actor = await requireGroup(db, req, 'appAdmin');
    const settings: ProviderSettings = parseBody(providerSettingsSchema, req.body);
    await saveProviderSettings(db, actor, settings);
    return currentProviderSettings(db, fromEnv);
  });
}
