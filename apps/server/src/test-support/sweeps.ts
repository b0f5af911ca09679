// The shapes of the cross-tenant sweep (tenant-sweep.test.ts) that each module's `*.sweeps.ts` fills: subscriber A's
// administrator calls a route naming B's record (or B's location) and must get 404, or nothing of B's.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { entities } from '../db/schema';
import type { Harness } from './harness';

export type SweepApi = {
  post: (url: string, payload: unknown) => Promise<LightMyRequestResponse>;
  get: (url: string, query?: Record<string, string | number>) => Promise<LightMyRequestResponse>;
};

export type Sweep = {
  route: string;
  call: (api: SweepApi, b: { location: number }, raw: { h: Harness; token: string }) => Promise<LightMyRequestResponse>;
  expect: 'notFound' | 'empty' | 'emptyXlsx';
};

/** The subscriber a location belongs to: B's, from the location the sweep names. */
export const subscriberOfLocation = async (h: Harness, location: number): Promise<number> => {
  const [owner] = await h.ctx.database.db.select({ subscriberId: entities.subscriberId }).from(entities).where(eq(entities.id, location));
  return owner?.subscriberId ?? 0;
};
