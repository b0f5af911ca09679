import { SubscriberSettingsSchema, type SubscriberSettings } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { subscribers } from '../../db/schema';
import { perDatabase, SETTINGS_TTL_MS } from './settings-cache';

const cacheOf = perDatabase<number, SubscriberSettings>(SETTINGS_TTL_MS);

/** A subscriber's settings with every default filled in (what is stored is only what differs). */
export const loadSubscriberSettings = (db: DbOrTx, subscriberId: number): Promise<SubscriberSettings> =>
  cacheOf(db).get(subscriberId, async () => {
    const rows = await db.select({ settings: subscribers.settings }).from(subscribers).where(eq(subscribers.id, subscriberId));
    return SubscriberSettingsSchema.parse(rows[0]?.settings ?? {});
  });

/** Deep-merge a partial change into the stored settings; the result is validated before it is saved. */
export const saveSubscriberSettings = async (
  db: DbOrTx,
  subscriberId: number,
  change: Record<string, unknown>,
): Promise<SubscriberSettings> => {
  const rows = await db.select({ settings: subscribers.settings }).from(subscribers).where(eq(subscribers.id, subscriberId));
  const merged = mergeDeep((rows[0]?.settings ?? {}) as Record<string, unknown>, change);
  const parsed = SubscriberSettingsSchema.parse(merged);
  await db.update(subscribers).set({ settings: merged }).where(eq(subscribers.id, subscriberId));
  cacheOf(db).clear(subscriberId);
  return parsed;
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const mergeDeep = (base: Record<string, unknown>, change: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(change)) {
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? mergeDeep(current, value) : value;
  }
  return out;
};

/**
 * Drops the cached settings of a subscriber on this database handle: for a save made inside a transaction
 * (saveSubscriberSettings clears the cache of the handle it is given, which for a transaction is not the app's).
 */
export const clearSubscriberSettingsCache = (db: DbOrTx, subscriberId: number): void => {
  cacheOf(db).clear(subscriberId);
};
