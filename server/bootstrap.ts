// First start: create the app_admin when none exists. Returns the line to print, or null.
import type { Config } from './config';
import type { Db } from './db/client';

export async function ensureAdmin(_db: Db, _config: Config): Promise<string | null> {
  return null;
}
