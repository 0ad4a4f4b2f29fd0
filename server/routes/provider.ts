// GET /moi/provider — public: the provider's name, contact phone and e-mail, payment button ids and
// analytics settings for the landing page (the PWA keeps the last answer for offline). Until an app
// admin saves them, the environment's values (VITE_PROVIDER_* …, read at start) are the answer.
// PUT /moi/provider — app admin only: replace them (validated; who and when from the session).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { providerSettingsFromEnv, providerSettingsSchema, type ProviderSettings, type ProviderSettingsResponse } from '../../contract/provider';
import { providerSettings } from '../db/schema';
import { parseBody } from '../errors';
import { requireGroup } from '../domain/management/guard';

export default async function providerRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const fromEnv = providerSettingsFromEnv(process.env);

  const current = async (): Promise<ProviderSettingsResponse> => {
    const [row] = await db.select().from(providerSettings).where(eq(providerSettings.id, 1)).limit(1);
    if (!row) return { settings: fromEnv, source: 'environment', updatedAt: null };
    const parsed = providerSettingsSchema.safeParse(row.settings);
    return { settings: parsed.success ? parsed.data : fromEnv, source: 'saved', updatedAt: new Date(row.updatedAt).toISOString() };
  };

  app.get('/provider', async () => current());

  app.put('/provider', async (req) => {
    const actor = await requireGroup(db, req, 'appAdmin');
    const settings: ProviderSettings = parseBody(providerSettingsSchema, req.body);
    const now = new Date().toISOString();
    await db.insert(providerSettings).values({ id: 1, settings, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: providerSettings.id, set: { settings, updatedAt: now, updatedBy: actor.id } });
    return current();
  });
}
