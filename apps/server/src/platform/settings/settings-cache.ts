/**
 * Settings are read on every sign-in and most requests, and change rarely: keep each for a few seconds.
 * A save in this process clears its entry at once; other replicas see the change within the TTL.
 */
export const createTtlCache = <K, V>(ttlMs: number) => {
  const entries = new Map<K, { value: Promise<V>; at: number }>();
  return {
    get: (key: K, load: () => Promise<V>): Promise<V> => {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const value = load();
      entries.set(key, { value, at: Date.now() });
      value.catch(() => entries.delete(key));
      return value;
    },
    clear: (key: K): void => {
      entries.delete(key);
    },
  };
};

export const SETTINGS_TTL_MS = 5000;

/** One cache per database handle: two databases in one process (tests on both engines) never share entries. */
export const perDatabase = <K, V>(ttlMs: number) => {
  const caches = new WeakMap<object, ReturnType<typeof createTtlCache<K, V>>>();
  return (db: object) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = createTtlCache<K, V>(ttlMs);
      caches.set(db, cache);
    }
    return cache;
  };
};
