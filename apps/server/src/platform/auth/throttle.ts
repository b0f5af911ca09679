import { AppError } from '../errors';

/**
 * A sliding-window limit per key (a user name), beside the per-IP limit of @fastify/rate-limit: a spread-out
 * attack from many addresses on one account still gets 429. In memory, per process: with several replicas the
 * account lockout (in the database) remains the hard bound.
 */
export const createThrottle = (limit: number, windowMs: number) => {
  const hits = new Map<string, number[]>();
  return (key: string, now = Date.now()): void => {
    const normalized = key.trim().toLowerCase();
    const recent = (hits.get(normalized) ?? []).filter((t) => now - t < windowMs);
    if (recent.length >= limit) {
      hits.set(normalized, recent);
      throw new AppError('GEN0004');
    }
    recent.push(now);
    hits.set(normalized, recent);
    if (hits.size > 10_000) {
      for (const [k, v] of hits) if (v.every((t) => now - t >= windowMs)) hits.delete(k);
    }
  };
};
