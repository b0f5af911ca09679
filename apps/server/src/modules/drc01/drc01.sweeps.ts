// The DRC-01B / DRC-01C routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names
// B's location or B's intimation, and every route must answer 404 without B's data and without recording anything.
import { DRC01_API as D } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { drc01Intimations, entities } from '../../db/schema';
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

const B_REFERENCE = 'ZB070525B000001';
const HEADS = { igst: 8_000_00, cgst: 0, sgst: 0, cess: 0 };

/** B's open intimation, stored once (as if synced through B's portal session). */
const bIntimation = async (h: Harness, location: number): Promise<number> => {
  const { db } = h.ctx.database;
  const [owner] = await db
    .select({ subscriberId: entities.subscriberId, gstin: entities.gstin })
    .from(entities)
    .where(eq(entities.id, location));
  const subscriberId = owner?.subscriberId ?? 0;
  const [found] = await db
    .select({ id: drc01Intimations.id })
    .from(drc01Intimations)
    .where(and(eq(drc01Intimations.subscriberId, subscriberId), eq(drc01Intimations.referenceNumber, B_REFERENCE)));
  if (found) return found.id;
  const [row] = await db
    .insert(drc01Intimations)
    .values({
      subscriberId,
      entityId: location,
      gstin: owner?.gstin ?? '',
      form: 'DRC01B',
      referenceNumber: B_REFERENCE,
      returnPeriod: '042025',
      issuedOn: '2025-05-05',
      dueOn: '2025-05-12',
      status: 'Open',
      reported: HEADS,
      baseline: { igst: 0, cgst: 0, sgst: 0, cess: 0 },
      difference: HEADS,
      excess: HEADS,
      totalExcess: 8_000_00,
      explanation: 'B’s intimation',
      syncedAt: new Date(),
    })
    .returning({ id: drc01Intimations.id });
  return row?.id ?? 0;
};

const byId = (method: 'GET' | 'POST', url: string, extra: Record<string, unknown> = {}): Sweep => ({
  route: `${method} ${url}`,
  expect: 'notFound',
  call: async (api, b, raw) => {
    const id = await bIntimation(raw.h, b.location);
    return method === 'GET' ? api.get(url, { id }) : api.post(url, { id, ...extra });
  },
});

export const drc01Sweeps = (): Sweep[] => [
  {
    route: `POST ${D.search}`,
    expect: 'notFound',
    call: (api, b) => api.post(D.search, { form: 'DRC01B', filters: { entityIds: [b.location] } }),
  },
  { route: `POST ${D.sync}`, expect: 'notFound', call: (api, b) => api.post(D.sync, { entityId: b.location }) },
  {
    route: `GET ${D.precheck}`,
    expect: 'notFound',
    call: (api, b) => api.get(D.precheck, { entityId: b.location, form: 'DRC01B', period: '042025' }),
  },
  byId('GET', D.detail),
  byId('POST', D.requestOtp),
  byId('POST', D.reply, { otp: '575757', reason: { code: 'others', explanation: 'Hijacked' } }),
];
