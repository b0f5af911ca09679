// The e-invoice routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names B's
// document (one that needs an IRN, with B's generated e-invoice) or B's location, and every route must answer 404
// without B's data and without changing B's e-invoice.
import { EINVOICE_API as E } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { documents, einvoices, irpSessions } from '../../db/schema';
import type { Harness } from '../../test-support/harness';
import { subscriberOfLocation, type Sweep, type SweepApi as Api } from '../../test-support/sweeps';

const B_NUMBER = 'B-EINV/1';
const B_IRN = 'b'.repeat(64);

/** B's B2B invoice with its IRN, made once. */
const bDocument = async (h: Harness, location: number): Promise<number> => {
  const { db } = h.ctx.database;
  const subscriberId = await subscriberOfLocation(h, location);
  const [found] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.subscriberId, subscriberId), eq(documents.documentNumber, B_NUMBER)));
  if (found) return found.id;
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
  const id = doc?.id ?? 0;
  await db
    .insert(einvoices)
    .values({ subscriberId, entityId: location, documentId: id, status: 'Generated', irn: B_IRN, ackNo: '112610000000001' });
  return id;
};

const unchanged = async (h: Harness, id: number) => {
  const [row] = await h.ctx.database.db.select().from(einvoices).where(eq(einvoices.documentId, id));
  if (!row || row.status !== 'Generated' || row.irn !== B_IRN || row.cancelledIrn !== null)
    throw new Error(`B's e-invoice was changed by another subscriber: ${JSON.stringify(row)}`);
};

const withB =
  (call: (api: Api, id: number, location: number) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, { h }) => {
    const id = await bDocument(h, b.location);
    const res = await call(api, id, b.location);
    await unchanged(h, id);
    return res;
  };

/**
 * The QR upload names no record: it reads the file it is given. That it does not name another subscriber's (or
 * another location's) document holding the IRN is asserted in einvoice-qr.test.ts.
 */
export const EINVOICE_NO_RECORD_IDS = [`POST ${E.einvoiceReadQr}`];

export const einvoiceSweeps = (): Sweep[] => [
  {
    route: `POST ${E.einvoiceGenerate}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(E.einvoiceGenerate, { documentIds: [id] })),
  },
  {
    route: `POST ${E.einvoiceProgress}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(E.einvoiceProgress, { documentIds: [id] })),
  },
  {
    route: `POST ${E.einvoiceCancel}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(E.einvoiceCancel, { documentIds: [id], reasonCode: '1', remark: 'Hijacked' })),
  },
  { route: `GET ${E.einvoiceDetail}`, expect: 'notFound', call: withB((api, id) => api.get(E.einvoiceDetail, { documentId: id })) },
  // The printed e-invoice of B's document (its IRN generated): not found, not a refusal that would confirm it exists.
  { route: `GET ${E.einvoicePrint}`, expect: 'notFound', call: withB((api, id) => api.get(E.einvoicePrint, { documentId: id })) },
  {
    route: `POST ${E.einvoiceSearch}`,
    expect: 'notFound',
    call: withB((api, _id, location) => api.post(E.einvoiceSearch, { start: 0, size: 10, filters: { entityIds: [location] } })),
  },
  {
    route: `POST ${E.einvoiceIrpUserSave}`,
    expect: 'notFound',
    call: async (api, b, { h }) => {
      const res = await api.post(E.einvoiceIrpUserSave, { entityId: b.location, userName: 'hijack', password: 'Hijack@1' });
      const [row] = await h.ctx.database.db.select().from(irpSessions).where(eq(irpSessions.entityId, b.location));
      if (row) throw new Error(`B's IRP user was recorded by another subscriber: ${row.userName}`);
      return res;
    },
  },
  {
    route: `POST ${E.einvoiceStatusCount}`,
    expect: 'notFound',
    call: withB((api, _id, location) => api.post(E.einvoiceStatusCount, { filters: { entityIds: [location] } })),
  },
];
