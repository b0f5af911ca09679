// The vendor payment routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names B's
// location or B's purchase invoice, and every route must answer 404 without B's data and without recording anything.
import { VENDOR_PAYMENT_API as API } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { documents, entities } from '../../db/schema';
import type { Harness } from '../../test-support/harness';
import { gstinFor } from '../../test-support/org-fixtures';
import { insertPurchases } from '../../test-support/reconciliation-fixtures';

type Api = { post: (url: string, payload: unknown) => Promise<LightMyRequestResponse> };
type Sweep = {
  route: string;
  call: (api: Api, b: { location: number }, raw: { h: Harness; token: string }) => Promise<LightMyRequestResponse>;
  expect: 'notFound';
};

const SUPPLIER = gstinFor('27', 'AAACA1111A', '1');

/** B's purchase invoice, made once. */
const bInvoice = async (h: Harness, location: number): Promise<number> => {
  const { db } = h.ctx.database;
  const [owner] = await db.select({ subscriberId: entities.subscriberId }).from(entities).where(eq(entities.id, location));
  const subscriberId = owner?.subscriberId ?? 0;
  const [found] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.subscriberId, subscriberId), eq(documents.documentNumber, 'B-ONLY-PAY')));
  if (found) return found.id;
  const [id = 0] = await insertPurchases(db, subscriberId, [
    {
      entityId: location,
      supplierGstin: SUPPLIER,
      documentNumber: 'B-ONLY-PAY',
      documentDate: '2025-03-10',
      taxable: 1_000_00,
      igst: 180_00,
    },
  ]);
  return id;
};

export const vendorPaymentSweeps = (): Sweep[] => [
  { route: `POST ${API.vendors}`, expect: 'notFound', call: (api, b) => api.post(API.vendors, { filters: { entityIds: [b.location] } }) },
  {
    route: `POST ${API.vendorsExport}`,
    expect: 'notFound',
    call: (api, b) => api.post(API.vendorsExport, { filters: { entityIds: [b.location] } }),
  },
  {
    route: `POST ${API.invoices}`,
    expect: 'notFound',
    call: (api, b) => api.post(API.invoices, { supplierGstins: [SUPPLIER], entityIds: [b.location] }),
  },
  {
    route: `POST ${API.pay}`,
    expect: 'notFound',
    call: async (api, b, raw) =>
      api.post(API.pay, {
        paymentDate: '2025-04-01',
        reference: 'SWEEP',
        lines: [{ documentId: await bInvoice(raw.h, b.location), paid: 1_000_00, held: 180_00 }],
      }),
  },
  {
    route: `POST ${API.release}`,
    expect: 'notFound',
    call: async (api, b, raw) =>
      api.post(API.release, {
        paymentDate: '2025-04-01',
        reference: 'SWEEP',
        lines: [{ documentId: await bInvoice(raw.h, b.location), amount: 1 }],
      }),
  },
];
