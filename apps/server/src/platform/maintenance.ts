import { eq } from 'drizzle-orm';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/database';
import { appState } from '../db/schema';

const KEY = 'maintenance';
const CACHE_MS = 2000;

export type MaintenanceSwitch = {
  isOn: () => Promise<boolean>;
  set: (on: boolean) => Promise<void>;
};

/**
 * Installation-wide maintenance mode, kept in the database so every replica sees it, or switched on by a flag file
 * in the data folder (the `maintenance on` command, while the running server holds the embedded database).
 * Read through a 2-second cache so the check costs no query on most requests.
 */
export const createMaintenanceSwitch = (db: Db, flagFile: string): MaintenanceSwitch => {
  let cached: { on: boolean; at: number } | undefined;
  return {
    isOn: async () => {
      if (cached && Date.now() - cached.at < CACHE_MS) return cached.on;
      const rows = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, KEY));
      const on = (rows[0]?.value as { on?: boolean } | undefined)?.on === true || existsSync(flagFile);
      cached = { on, at: Date.now() };
      return on;
    },
    set: async (on) => {
      if (!on) rmSync(flagFile, { force: true });
      await db
        .insert(appState)
        .values({ key: KEY, value: { on } })
        .onConflictDoUpdate({ target: appState.key, set: { value: { on }, updatedAt: new Date() } });
      cached = { on, at: Date.now() };
    },
  };
};

export const maintenanceFlagFile = (dataDir: string): string => join(dataDir, 'maintenance.flag');
