// The e-way bill routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names B's
// document (with B's generated e-way bill), B's trip sheet or B's location, and every route must answer 404 without
// B's data and without changing B's e-way bill.
import { EWAYBILL_API as E } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { consolidatedEwaybills, documents, ewaybills, ewbSessions } from '../../db/schema';
import type { Harness } from '../../test-support/harness';
import { subscriberOfLocation, type Sweep, type SweepApi as Api } from '../../test-support/sweeps';

const B_NUMBER = 'B-EWB/1';
const B_EWB = '181000000001';
const B_TRIP = '1810000001';

/** B's invoice with its e-way bill and a trip sheet, made once. */
const bRecords = async (h: Harness, location: number): Promise<{ documentId: number; tripId: number }> => {
  const { db } = h.ctx.database;
  const subscriberId = await subscriberOfLocation(h, location);
  const [found] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.subscriberId, subscriberId), eq(documents.documentNumber, B_NUMBER)));
  let documentId = found?.id ?? 0;
  if (!found) {
    const [doc] = await db
      .insert(documents)
      .values({
        subscriberId,
        entityId: location,
        direction: 'Sales',
        financialYear: '2026-27',
        returnPeriod: '112026',
        documentType: 'INV',
        documentNumber: B_NUMBER,
        documentDate: '2026-11-20',
        supplyType: 'B2B',
        counterpartyGstin: '27AABCT3518Q1ZW',
        counterpartyName: 'B-only buyer',
        source: 'Manual',
      })
      .returning({ id: documents.id });
    documentId = doc?.id ?? 0;
    const now = new Date();
    await db.insert(ewaybills).values({
      subscriberId,
      entityId: location,
      documentId,
      status: 'Generated',
      ewbNumber: B_EWB,
      generatedAt: now,
      validUntil: new Date(now.getTime() + 5 * 86_400_000),
      transportMode: '1',
      vehicleNumber: 'KA01AB1234',
    });
    await db.insert(consolidatedEwaybills).values({ subscriberId, entityId: location, tripSheetNumber: B_TRIP, status: 'Generated' });
  }
  const [trip] = await db
    .select({ id: consolidatedEwaybills.id })
    .from(consolidatedEwaybills)
    .where(and(eq(consolidatedEwaybills.subscriberId, subscriberId), eq(consolidatedEwaybills.tripSheetNumber, B_TRIP)));
  return { documentId, tripId: trip?.id ?? 0 };
};

const unchanged = async (h: Harness, documentId: number, tripId: number) => {
  const [row] = await h.ctx.database.db.select().from(ewaybills).where(eq(ewaybills.documentId, documentId));
  if (!row || row.status !== 'Generated' || row.ewbNumber !== B_EWB || row.vehicleNumber !== 'KA01AB1234' || row.cancelledAt !== null)
    throw new Error(`B's e-way bill was changed by another subscriber: ${JSON.stringify(row)}`);
  const [trip] = await h.ctx.database.db.select().from(consolidatedEwaybills).where(eq(consolidatedEwaybills.id, tripId));
  if (!trip || trip.tripSheetNumber !== B_TRIP || trip.status !== 'Generated')
    throw new Error(`B's trip sheet was changed by another subscriber: ${JSON.stringify(trip)}`);
};

const withB =
  (call: (api: Api, ids: { documentId: number; tripId: number }, location: number) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, { h }) => {
    const ids = await bRecords(h, b.location);
    const res = await call(api, ids, b.location);
    await unchanged(h, ids.documentId, ids.tripId);
    return res;
  };

const partB = { transportMode: '1', vehicleNumber: 'DL01AB1234', fromPlace: 'Delhi', fromState: '07' };

export const ewaybillSweeps = (): Sweep[] => [
  {
    route: `POST ${E.ewaybillSearch}`,
    expect: 'notFound',
    call: withB((api, _ids, location) => api.post(E.ewaybillSearch, { start: 0, size: 10, filters: { entityIds: [location] } })),
  },
  {
    route: `POST ${E.ewaybillStatusCount}`,
    expect: 'notFound',
    call: withB((api, _ids, location) => api.post(E.ewaybillStatusCount, { filters: { entityIds: [location] } })),
  },
  { route: `GET ${E.ewaybillDetail}`, expect: 'notFound', call: withB((api, { documentId }) => api.get(E.ewaybillDetail, { documentId })) },
  {
    route: `POST ${E.ewaybillGenerate}`,
    expect: 'notFound',
    call: withB((api, { documentId }) => api.post(E.ewaybillGenerate, { documentId, distanceKm: 100, ...partB })),
  },
  {
    route: `POST ${E.ewaybillUpdateVehicle}`,
    expect: 'notFound',
    call: withB((api, { documentId }) => api.post(E.ewaybillUpdateVehicle, { documentId, ...partB, reasonCode: '1', remark: 'Hijack' })),
  },
  {
    route: `POST ${E.ewaybillUpdateTransporter}`,
    expect: 'notFound',
    call: withB((api, { documentId }) => api.post(E.ewaybillUpdateTransporter, { documentId, transporterId: '29AAACR4849R1ZU' })),
  },
  {
    route: `POST ${E.ewaybillExtend}`,
    expect: 'notFound',
    call: withB((api, { documentId }) =>
      api.post(E.ewaybillExtend, {
        documentId,
        reasonCode: '99',
        remark: 'Hijack',
        remainingDistanceKm: 10,
        fromPlace: 'Delhi',
        fromState: '07',
        fromPincode: '110020',
        consignmentStatus: 'M',
        transportMode: '1',
        vehicleNumber: 'DL01AB1234',
      }),
    ),
  },
  {
    route: `POST ${E.ewaybillCancel}`,
    expect: 'notFound',
    call: withB((api, { documentId }) => api.post(E.ewaybillCancel, { documentId, reasonCode: '1', remark: 'Hijack' })),
  },
  {
    route: `POST ${E.ewaybillMultiVehicleStart}`,
    expect: 'notFound',
    call: withB((api, { documentId }) =>
      api.post(E.ewaybillMultiVehicleStart, {
        documentId,
        fromPlace: 'Agra',
        fromState: '09',
        toPlace: 'Mumbai',
        toState: '27',
        transportMode: '1',
        totalQuantity: 1,
        reasonCode: '2',
        remark: 'Hijack',
      }),
    ),
  },
  {
    route: `POST ${E.ewaybillMultiVehicleAdd}`,
    expect: 'notFound',
    call: withB((api, { documentId }) =>
      api.post(E.ewaybillMultiVehicleAdd, { documentId, groupNumber: 1, vehicleNumber: 'MH12AB0001', quantity: 1 }),
    ),
  },
  {
    route: `POST ${E.ewaybillMultiVehicleChange}`,
    expect: 'notFound',
    call: withB((api, { documentId }) =>
      api.post(E.ewaybillMultiVehicleChange, {
        documentId,
        groupNumber: 1,
        oldVehicleNumber: 'MH12AB0001',
        newVehicleNumber: 'MH12AB0002',
        fromPlace: 'Agra',
        fromState: '09',
        reasonCode: '1',
        remark: 'Hijack',
      }),
    ),
  },
  {
    route: `POST ${E.ewaybillRefresh}`,
    expect: 'notFound',
    call: withB((api, { documentId }) => api.post(E.ewaybillRefresh, { documentId })),
  },
  {
    route: `POST ${E.ewaybillUserSave}`,
    expect: 'notFound',
    call: async (api, b, { h }) => {
      const res = await api.post(E.ewaybillUserSave, { entityId: b.location, userName: 'hijack', password: 'Hijack@1' });
      const [row] = await h.ctx.database.db.select().from(ewbSessions).where(eq(ewbSessions.entityId, b.location));
      if (row) throw new Error(`B's e-way bill API user was recorded by another subscriber: ${row.userName}`);
      return res;
    },
  },
  {
    route: `POST ${E.ewaybillReject}`,
    expect: 'notFound',
    call: withB((api, _ids, location) => api.post(E.ewaybillReject, { entityId: location, ewbNumber: B_EWB })),
  },
  {
    route: `POST ${E.consolidatedSearch}`,
    expect: 'notFound',
    call: withB((api, _ids, location) => api.post(E.consolidatedSearch, { start: 0, size: 10, filters: { entityIds: [location] } })),
  },
  {
    route: `POST ${E.consolidatedGenerate}`,
    expect: 'notFound',
    call: withB((api, { documentId }) => api.post(E.consolidatedGenerate, { documentIds: [documentId], ...partB })),
  },
  {
    route: `POST ${E.consolidatedRegenerate}`,
    expect: 'notFound',
    call: withB((api, { tripId }) => api.post(E.consolidatedRegenerate, { id: tripId, ...partB, reasonCode: '1', remark: 'Hijack' })),
  },
];
