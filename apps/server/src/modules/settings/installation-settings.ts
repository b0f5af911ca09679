import { InstallationSettingsSchema, type InstallationSettings } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { appState } from '../../db/schema';

const KEY = 'installation';

export const loadInstallationSettings = async (db: DbOrTx): Promise<InstallationSettings> => {
  const rows = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, KEY));
  return InstallationSettingsSchema.parse(rows[0]?.value ?? {});
};

export const saveInstallationSettings = async (db: DbOrTx, change: Partial<InstallationSettings>): Promise<InstallationSettings> => {
  const current = await loadInstallationSettings(db);
  const next = InstallationSettingsSchema.parse({ ...current, ...change });
  await db
    .insert(appState)
    .values({ key: KEY, value: next })
    .onConflictDoUpdate({ target: appState.key, set: { value: next, updatedAt: new Date() } });
  return next;
};
