// Shared pieces of the document tests: a valid save request, and the documents module's entries of the cross-tenant sweep.
import { DOCUMENT_API as D, type DocumentSaveInput } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { documents, documentSummaries, entities } from '../db/schema';
import type { Harness } from './harness';
import type { clientOf } from './org-fixtures';

/**
 * A final tax invoice of the tenant's Delhi location (07) to an unregistered customer in Delhi: one line of ₹1,000.50
 * at 18%, so auto-compute gives CGST = SGST = ₹90.05 (9% of 1,000.50 = 90.045, rounded half away from zero).
 */
export const saleRequest = (entityId: number, values: Partial<DocumentSaveInput> = {}): DocumentSaveInput => ({
  direction: 'Sales',
  entityId,
  isDraftDocument: false,
  documentType: 'INV',
  documentNumber: 'MAN/001',
  documentDate: '2026-10-15',
  counterpartyGstin: '',
  counterpartyName: 'Walk-in customer',
  placeOfSupply: '07',
  isReverseCharge: false,
  items: [
    {
      hsn: '84713010',
      description: 'Laptop',
      uqc: 'NOS',
      quantity: 1000,
      rate: 18000,
      taxable: 100050,
      igst: 0,
      cgst: 9005,
      sgst: 9005,
      cess: 0,
    },
  ],
  ...values,
});

type Api = ReturnType<typeof clientOf>;
type Raw = { h: Harness; token: string };
type DocumentSweep = {
  route: string;
  call: (api: Api, b: { location: number }, raw: Raw) => Promise<LightMyRequestResponse>;
  expect: 'notFound';
};

/** The subscriber owning B's location, then one of B's documents (B imports some in the sweep's setup). */
const bDocumentId = async (h: Harness, location: number): Promise<number> => {
  const { db } = h.ctx.database;
  const [owner] = await db.select({ subscriberId: entities.subscriberId }).from(entities).where(eq(entities.id, location));
  const [doc] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.subscriberId, owner?.subscriberId ?? 0), eq(documents.direction, 'Sales')));
  if (!doc) throw new Error('B has no sales document to sweep');
  return doc.id;
};

/** A summary row of B's, made once (the sweep's setup imports no summaries). */
const bSummaryId = async (h: Harness, location: number): Promise<number> => {
  const { db } = h.ctx.database;
  const [owner] = await db.select({ subscriberId: entities.subscriberId }).from(entities).where(eq(entities.id, location));
  const subscriberId = owner?.subscriberId ?? 0;
  const [found] = await db
    .select({ id: documentSummaries.id })
    .from(documentSummaries)
    .where(eq(documentSummaries.subscriberId, subscriberId));
  if (found) return found.id;
  const [made] = await db
    .insert(documentSummaries)
    .values({
      subscriberId,
      entityId: location,
      direction: 'Sales',
      financialYear: '2026-27',
      returnPeriod: '102026',
      summaryType: 'B2CS',
      placeOfSupply: '07',
      rate: 18000,
      taxable: 1000,
      cgst: 90,
      sgst: 90,
      source: 'Manual',
    })
    .returning({ id: documentSummaries.id });
  return made?.id ?? 0;
};

/** Every documents route that names a record or a location, called by A with B's ids: each must answer 404. */
export const documentSweeps = (): DocumentSweep[] => [
  {
    route: `GET ${D.saleDetail}`,
    expect: 'notFound',
    call: async (api, b, raw) => api.get(D.saleDetail, { id: await bDocumentId(raw.h, b.location) }),
  },
  {
    route: `GET ${D.purchaseDetail}`,
    expect: 'notFound',
    call: async (api, b, raw) => api.get(D.purchaseDetail, { id: await bDocumentId(raw.h, b.location) }),
  },
  {
    route: `GET ${D.saleSummaryDetail}`,
    expect: 'notFound',
    call: async (api, b, raw) => api.get(D.saleSummaryDetail, { id: await bSummaryId(raw.h, b.location) }),
  },
  {
    route: `GET ${D.purchaseSummaryDetail}`,
    expect: 'notFound',
    call: async (api, b, raw) => api.get(D.purchaseSummaryDetail, { id: await bSummaryId(raw.h, b.location) }),
  },
  {
    route: `POST ${D.save}`,
    expect: 'notFound',
    call: async (api, b, raw) => api.post(D.save, { ...saleRequest(b.location), id: await bDocumentId(raw.h, b.location) }),
  },
  { route: `POST ${D.validate}`, expect: 'notFound', call: async (api, b) => api.post(D.validate, saleRequest(b.location)) },
  {
    route: `POST ${D.delete}`,
    expect: 'notFound',
    call: async (api, b, raw) => api.post(D.delete, { ids: [await bDocumentId(raw.h, b.location)] }),
  },
  {
    route: `POST ${D.draftSearch}`,
    expect: 'notFound',
    call: async (api, b) => api.post(D.draftSearch, { filters: { entityIds: [b.location] } }),
  },
];

/** The HSN lookup reads the caller's own subscriber's master only (document.test.ts). */
export const DOCUMENT_NO_RECORD_IDS = [`GET ${D.hsnLookup}`];
