// The HSN/SAC list routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names B's code
// and must get 404 (or nothing) without B's data and without changing it.
import { HSN_SAC_API as HS } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { hsnCodes } from '../../../db/schema';
import type { Harness } from '../../../test-support/harness';
import { subscriberOfLocation, type Sweep, type SweepApi as Api } from '../../../test-support/sweeps';

const CODE = '230700';
const DESCRIPTION = 'B-only wine lees';

/** B's own code, made once. */
const bCode = async (h: Harness, location: number): Promise<number> => {
  const { db } = h.ctx.database;
  const subscriberId = await subscriberOfLocation(h, location);
  const [found] = await db
    .select({ id: hsnCodes.id })
    .from(hsnCodes)
    .where(and(eq(hsnCodes.subscriberId, subscriberId), eq(hsnCodes.code, CODE)));
  if (found) return found.id;
  const [created] = await db
    .insert(hsnCodes)
    .values({ subscriberId, code: CODE, description: DESCRIPTION, isService: false, rate: 5000, uqc: 'KGS', status: 'Inactive' })
    .returning({ id: hsnCodes.id });
  return created?.id ?? 0;
};

const unchanged = async (h: Harness, id: number) => {
  const [row] = await h.ctx.database.db.select().from(hsnCodes).where(eq(hsnCodes.id, id));
  if (!row || row.code !== CODE || row.description !== DESCRIPTION || row.status !== 'Inactive' || row.rate !== 5000) {
    throw new Error(`B's HSN/SAC code was changed by another subscriber: ${JSON.stringify(row)}`);
  }
};

const withB =
  (call: (api: Api, id: number) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, { h }) => {
    const id = await bCode(h, b.location);
    const res = await call(api, id);
    await unchanged(h, id);
    return res;
  };

export const hsnSacSweeps = (): Sweep[] => [
  {
    route: `POST ${HS.hsnSacSave}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(HS.hsnSacSave, { id, code: CODE, description: 'Hijacked', rate: 18000, status: 'Active' })),
  },
  {
    route: `POST ${HS.hsnSacUpdateStatus}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(HS.hsnSacUpdateStatus, { ids: [id], status: 'Active' })),
  },
  { route: `POST ${HS.hsnSacDelete}`, expect: 'notFound', call: withB((api, id) => api.post(HS.hsnSacDelete, { ids: [id] })) },
  // The list and its export name no id: searched for B's code, they find nothing of B's.
  {
    route: `POST ${HS.hsnSacSearch}`,
    expect: 'empty',
    call: withB((api) => api.post(HS.hsnSacSearch, { start: 0, size: 10, filters: { text: CODE } })),
  },
  {
    route: `POST ${HS.hsnSacExport}`,
    expect: 'emptyXlsx',
    call: withB((api) => api.post(HS.hsnSacExport, { filters: { text: CODE } })),
  },
];

/** The form's choices (rates in force, the UQC list): no record of anyone's. */
export const HSN_SAC_NO_RECORD_IDS = [`GET ${HS.hsnSacOptions}`];
