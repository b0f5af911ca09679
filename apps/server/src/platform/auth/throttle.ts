import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { rateLimits } from '../../db/schema';
import { AppError } from '../errors';

// The request limits of the public sign-in routes, counted in the database (table rate_limits) so that several server
// processes behind a load balancer count the same requests: a client that spreads its attempts over the processes
// meets the same limit as one that talks to a single process. One fixed window a key, on the database's clock (one
// clock for every process), counted by one upsert, so parallel requests cannot pass the limit together.

/** Counts one request against the key's window (a new one when the last has ended): the count so far and the ms left. */
export const countRequest = async (db: DbOrTx, key: string, windowMs: number): Promise<{ hits: number; msLeft: number }> => {
  const r = rateLimits;
  const windowEnd = sql`now() + ${sql.raw(`interval '${Math.max(1, Math.trunc(windowMs))} milliseconds'`)}`;
  const ended = sql`${r.windowEndsAt} <= now()`;
  const rows = await db
    .insert(r)
    .values({ key, hits: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: r.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${r.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then ${windowEnd} else ${r.windowEndsAt} end`,
      },
    })
    .returning({
      hits: r.hits,
      msLeft: sql<number>`greatest(0, ceil(extract(epoch from (${r.windowEndsAt} - now())) * 1000))`.mapWith(Number),
    });
  const row = rows[0];
  if (!row) throw new Error('rate_limits: the upsert returned no row');
  return row;
};

/**
 * A limit per key (a user name, a GSTIN or PAN) beside the per-address limit of @fastify/rate-limit: a spread-out
 * attack from many addresses on one account still gets 429 (GEN0004). `name` keeps the keys of two throttles apart.
 */
export const createThrottle = (db: DbOrTx, name: string, limit: number, windowMs: number) => {
  return async (key: string): Promise<void> => {
    const { hits } = await countRequest(db, `${name}:${key.trim().toLowerCase().slice(0, 200)}`, windowMs);
    if (hits > limit) throw new AppError('GEN0004');
  };
};

/**
 * The store of @fastify/rate-limit on the same table, instead of its in-memory one (which each process would keep for
 * itself): one counter per route and client address, like the in-memory store's per-route children.
 */
export const sharedRateLimitStore = (db: Db): FastifyRateLimitStoreCtor => {
  // The plugin calls incr(key, callback, timeWindow, max) and child(the route's merged options with its routeInfo).
  class SharedRateLimitStore {
    private readonly prefix: string;
    constructor(_options: unknown, prefix = 'ip:') {
      this.prefix = prefix;
    }
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
      countRequest(db, `${this.prefix}${key}`, timeWindow ?? 60_000).then(
        ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(routeOptions: object): SharedRateLimitStore {
      const info = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const route = `${String(info?.method ?? '')} ${String(info?.url ?? '')}`;
      return new SharedRateLimitStore(undefined, `ip:${route}:`);
    }
  }
  return SharedRateLimitStore as unknown as FastifyRateLimitStoreCtor;
};

/** The clean-up job: windows that ended an hour ago are forgotten. */
export const purgeEndedRateLimits = async (db: DbOrTx, now: Date): Promise<void> => {
  await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, new Date(now.getTime() - 60 * 60_000)));
};
