// The IP allow-list routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names B's
// entry and must get 404 (or nothing) without B's data and without changing it. B's entry is kept Inactive so that it
// limits no sign-in of B's; a sweep that activated it (or changed it any way) fails on the next call's check.
import { IP_ADDRESS_API as IP } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { ipAllowList } from '../../../db/schema';
import type { Harness } from '../../../test-support/harness';
import { subscriberOfLocation, type Sweep, type SweepApi as Api } from '../../../test-support/sweeps';

const ADDRESS = '198.51.100.0/24';
const DESCRIPTION = 'B-only office';

/** B's own entry, made once. */
const bEntry = async (h: Harness, location: number): Promise<number> => {
  const { db } = h.ctx.database;
  const subscriberId = await subscriberOfLocation(h, location);
  const [found] = await db
    .select({ id: ipAllowList.id })
    .from(ipAllowList)
    .where(and(eq(ipAllowList.subscriberId, subscriberId), eq(ipAllowList.address, ADDRESS)));
  if (found) return found.id;
  const [created] = await db
    .insert(ipAllowList)
    .values({ subscriberId, address: ADDRESS, description: DESCRIPTION, status: 'Inactive' })
    .returning({ id: ipAllowList.id });
  return created?.id ?? 0;
};

const unchanged = async (h: Harness, id: number) => {
  const [row] = await h.ctx.database.db.select().from(ipAllowList).where(eq(ipAllowList.id, id));
  if (!row || row.address !== ADDRESS || row.description !== DESCRIPTION || row.status !== 'Inactive') {
    throw new Error(`B's IP allow-list entry was changed by another subscriber: ${JSON.stringify(row)}`);
  }
};

const withB =
  (call: (api: Api, id: number) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, { h }) => {
    const id = await bEntry(h, b.location);
    const res = await call(api, id);
    await unchanged(h, id);
    return res;
  };

export const ipAddressSweeps = (): Sweep[] => [
  {
    route: `POST ${IP.ipAddressSave}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(IP.ipAddressSave, { id, address: '0.0.0.0/0', description: 'Hijacked', status: 'Active' })),
  },
  {
    route: `POST ${IP.ipAddressUpdateStatus}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(IP.ipAddressUpdateStatus, { ids: [id], status: 'Active' })),
  },
  { route: `POST ${IP.ipAddressDelete}`, expect: 'notFound', call: withB((api, id) => api.post(IP.ipAddressDelete, { ids: [id] })) },
  // The list and its export name no id: searched for B's address, they find nothing of B's.
  {
    route: `POST ${IP.ipAddressSearch}`,
    expect: 'empty',
    call: withB((api) => api.post(IP.ipAddressSearch, { start: 0, size: 10, filters: { text: '198.51.100' } })),
  },
  {
    route: `POST ${IP.ipAddressExport}`,
    expect: 'emptyXlsx',
    call: withB((api) => api.post(IP.ipAddressExport, { filters: { text: '198.51.100' } })),
  },
];

/** The address of the caller's own request, against the caller's own subscriber's list: it names no record. */
export const IP_ADDRESS_NO_RECORD_IDS = [`GET ${IP.ipAddressCurrent}`];
