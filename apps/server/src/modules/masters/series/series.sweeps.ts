// The series routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names B's series,
// B's allocation or B's location, and must get 404 without B's data and without changing B's series.
import { SERIES_API as S } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { documentSeries, entities, seriesAllocations } from '../../../db/schema';
import type { Harness } from '../../../test-support/harness';

type Api = {
  post: (url: string, payload: unknown) => Promise<LightMyRequestResponse>;
  get: (url: string, query?: Record<string, string | number>) => Promise<LightMyRequestResponse>;
};
type Sweep = {
  route: string;
  call: (api: Api, b: { location: number }, raw: { h: Harness; token: string }) => Promise<LightMyRequestResponse>;
  expect: 'notFound';
};

const NAME = 'B-only series';

/** B's own series, allocated to B's location for invoices, made once. */
const bSeries = async (h: Harness, location: number): Promise<{ seriesId: number; allocationId: number }> => {
  const { db } = h.ctx.database;
  const [owner] = await db.select({ subscriberId: entities.subscriberId }).from(entities).where(eq(entities.id, location));
  const subscriberId = owner?.subscriberId ?? 0;
  const [found] = await db
    .select({ seriesId: documentSeries.id, allocationId: seriesAllocations.id })
    .from(documentSeries)
    .innerJoin(seriesAllocations, eq(seriesAllocations.seriesId, documentSeries.id))
    .where(and(eq(documentSeries.subscriberId, subscriberId), eq(documentSeries.name, NAME)));
  if (found) return found;
  const [series] = await db
    .insert(documentSeries)
    .values({ subscriberId, name: NAME, financialYear: '2026-27', prefix: 'BONLY/', padding: 4, startNumber: 1, nextNumber: 1 })
    .returning({ id: documentSeries.id });
  const [allocation] = await db
    .insert(seriesAllocations)
    .values({ subscriberId, seriesId: series?.id ?? 0, entityId: location, documentType: 'INV', isDefault: true })
    .returning({ id: seriesAllocations.id });
  return { seriesId: series?.id ?? 0, allocationId: allocation?.id ?? 0 };
};

/** B's series as it stands: a sweep that changed it (name, prefix, counter, status) fails on the next call's check. */
const unchanged = async (h: Harness, seriesId: number) => {
  const [row] = await h.ctx.database.db.select().from(documentSeries).where(eq(documentSeries.id, seriesId));
  if (!row || row.name !== NAME || row.prefix !== 'BONLY/' || row.nextNumber !== 1 || row.status !== 'Active') {
    throw new Error(`B's series was changed by another subscriber: ${JSON.stringify(row)}`);
  }
};

const withB =
  (call: (api: Api, ids: { seriesId: number; allocationId: number; location: number }) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, { h }) => {
    const ids = await bSeries(h, b.location);
    const res = await call(api, { ...ids, location: b.location });
    await unchanged(h, ids.seriesId);
    return res;
  };

export const seriesSweeps = (): Sweep[] => [
  { route: `GET ${S.seriesDetail}`, expect: 'notFound', call: withB((api, b) => api.get(S.seriesDetail, { id: b.seriesId })) },
  {
    route: `POST ${S.seriesSave}`,
    expect: 'notFound',
    call: withB((api, b) =>
      api.post(S.seriesSave, { id: b.seriesId, name: 'Hijacked', financialYear: '2026-27', prefix: 'HIJ/', padding: 3, startNumber: 1 }),
    ),
  },
  {
    route: `POST ${S.seriesUpdateStatus}`,
    expect: 'notFound',
    call: withB((api, b) => api.post(S.seriesUpdateStatus, { ids: [b.seriesId], status: 'Inactive' })),
  },
  { route: `POST ${S.seriesDelete}`, expect: 'notFound', call: withB((api, b) => api.post(S.seriesDelete, { ids: [b.seriesId] })) },
  {
    route: `POST ${S.allocationSearch}`,
    expect: 'notFound',
    call: withB((api, b) => api.post(S.allocationSearch, { start: 0, size: 10, filters: { entityIds: [b.location] } })),
  },
  {
    route: `POST ${S.allocationExport}`,
    expect: 'notFound',
    call: withB((api, b) => api.post(S.allocationExport, { filters: { entityIds: [b.location] } })),
  },
  {
    route: `POST ${S.allocationSave}`,
    expect: 'notFound',
    call: withB((api, b) =>
      api.post(S.allocationSave, { id: b.allocationId, seriesId: b.seriesId, entityId: b.location, documentType: 'CRN' }),
    ),
  },
  {
    route: `POST ${S.allocationUpdateStatus}`,
    expect: 'notFound',
    call: withB((api, b) => api.post(S.allocationUpdateStatus, { ids: [b.allocationId], status: 'Inactive' })),
  },
  {
    route: `POST ${S.allocationDelete}`,
    expect: 'notFound',
    call: withB((api, b) => api.post(S.allocationDelete, { ids: [b.allocationId] })),
  },
  {
    route: `GET ${S.availableSeries}`,
    expect: 'notFound',
    call: withB((api, b) => api.get(S.availableSeries, { entityId: b.location, documentType: 'INV', documentDate: '2026-10-15' })),
  },
];

/** The subscriber's own series list and its export: they name no record, and are scoped to the caller's subscriber. */
export const SERIES_NO_RECORD_IDS = [`POST ${S.seriesSearch}`, `POST ${S.seriesExport}`];
