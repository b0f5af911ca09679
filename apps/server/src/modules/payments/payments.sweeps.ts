// The challan and ledger routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names
// B's location or B's challan, and every route must answer 404 without B's data and without recording anything.
import { CHALLAN_API as C, LEDGER_API as L } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { challans, entities } from '../../db/schema';
import type { Harness } from '../../test-support/harness';

type Api = {
  post: (url: string, payload: unknown) => Promise<LightMyRequestResponse>;
  get: (url: string, query?: Record<string, string | number>) => Promise<LightMyRequestResponse>;
};
type Sweep = {
  route: string;
  call: (api: Api, b: { location: number }, raw: { h: Harness; token: string }) => Promise<LightMyRequestResponse>;
  expect: 'notFound';
};

const B_CPIN = '25080700000099';
const NO_CELLS = { tax: 0, interest: 0, penalty: 0, fee: 0, others: 0 };

/** B's challan, stored once (as if generated through B's portal session). */
const bChallan = async (h: Harness, location: number): Promise<number> => {
  const { db } = h.ctx.database;
  const [owner] = await db
    .select({ subscriberId: entities.subscriberId, gstin: entities.gstin })
    .from(entities)
    .where(eq(entities.id, location));
  const subscriberId = owner?.subscriberId ?? 0;
  const [found] = await db
    .select({ id: challans.id })
    .from(challans)
    .where(and(eq(challans.subscriberId, subscriberId), eq(challans.cpin, B_CPIN)));
  if (found) return found.id;
  const [row] = await db
    .insert(challans)
    .values({
      subscriberId,
      entityId: location,
      gstin: owner?.gstin ?? '',
      cpin: B_CPIN,
      mode: 'netBanking',
      bankCode: 'HDFC',
      amounts: { igst: { ...NO_CELLS, tax: 100_00 }, cgst: NO_CELLS, sgst: NO_CELLS, cess: NO_CELLS },
      total: 100_00,
      createdOn: '2025-08-05',
      validUntil: '2025-08-20',
      status: 'Generated',
    })
    .returning({ id: challans.id });
  return row?.id ?? 0;
};

const byId = (method: 'GET' | 'POST', url: string): Sweep => ({
  route: `${method} ${url}`,
  expect: 'notFound',
  call: async (api, b, raw) => {
    const id = await bChallan(raw.h, b.location);
    return method === 'GET' ? api.get(url, { id }) : api.post(url, { id });
  },
});
const ledger = (url: string, query: Record<string, string>): Sweep => ({
  route: `GET ${url}`,
  expect: 'notFound',
  call: (api, b) => api.get(url, { entityId: b.location, ...query }),
});

export const paymentsSweeps = (): Sweep[] => [
  { route: `POST ${C.search}`, expect: 'notFound', call: (api, b) => api.post(C.search, { filters: { entityIds: [b.location] } }) },
  {
    route: `POST ${C.create}`,
    expect: 'notFound',
    call: (api, b) => api.post(C.create, { entityId: b.location, mode: 'neftRtgs', amounts: { igst: { tax: 100_00 } } }),
  },
  byId('GET', C.detail),
  byId('POST', C.refresh),
  byId('POST', C.paySandbox),
  byId('GET', C.pdf),
  ledger(L.cash, { fromDate: '2025-08-01', toDate: '2025-08-31' }),
  ledger(L.credit, { fromDate: '2025-08-01', toDate: '2025-08-31' }),
  ledger(L.liability, { fromPeriod: '082025', toPeriod: '082025' }),
  ledger(L.balance, { period: '082025' }),
  ledger(L.creditReversal, { period: '082025' }),
];
