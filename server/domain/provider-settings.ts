// The provider's public settings (GET/PUT /moi/provider): the saved row, or the environment's values
// until an app admin saves them.
import { eq } from 'drizzle-orm';
import { providerSettingsSchema, type ProviderSettings, type ProviderSettingsResponse } from '../../contract/provider';
import type { Db } from '../db/client';
import { providerSettings } from '../db/schema';
import type { Actor } from '../session';

export async function currentProviderSettings(db: Db, fromEnv: ProviderSettings): Promise<ProviderSettingsResponse> {
  const [row] = await db.select().from(providerSettings).where(eq(providerSettings.id, 1)).limit(1);
  if (!row) return { settings: fromEnv, source: 'environment', updatedAt: null };
  const parsed = providerSettingsSchema.safeParse(row.settings);
  return { settings: parsed.success ? parsed.data : fromEnv, source: 'saved', updatedAt: new Date(row.updatedAt).toISOString() };
}

/** Replaces the saved settings; who and when come from the session and the server's clock. */
export async function saveProviderSettings(db: Db, actor: Actor, settings: ProviderSettings): Promise<void> {
  const now = new Date().toISOString();
  await db.insert(providerSettings).values({ id: 1, settings, updatedAt: now, updatedBy: actor.id })
    .onConflictDoUpdate({ target: providerSettings.id, set: { settings, updatedAt: now, updatedBy: actor.id } });
}
