import { InstallationSettingsSchema, type InstallationSettings } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { appState } from '../../db/schema';
import { perDatabase, SETTINGS_TTL_MS } from './settings-cache';

const cacheOf = perDatabase<'installation', InstallationSettings>(SETTINGS_TTL_MS);

const KEY = 'installation';

export const loadInstallationSettings = (db: DbOrTx): Promise<InstallationSettings> =>
  cacheOf(db).get('installation', async () => {
    const rows = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, KEY));
    return InstallationSettingsSchema.parse(rows[0]?.value ?? {});
  });

export const saveInstallationSettings = async (db: DbOrTx, change: Partial<InstallationSettings>): Promise<InstallationSettings> => {
  cacheOf(db).clear('installation');
  const current = await loadInstallationSettings(db);
  const next = InstallationSettingsSchema.parse({ ...current, ...change });
  await db
    .insert(appState)
    .values({ key: KEY, value: next })
    .onConflictDoUpdate({ target: appState.key, set: { value: next, updatedAt: new Date() } });
  cacheOf(db).clear('installation');
  return next;
};
