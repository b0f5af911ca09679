// GSTR-3B test data: a period's sales, purchases and GSTR-2B records written straight to their tables (the import,
// the GSTR-1 generation and the 2B download are tested on their own), and the routes for the cross-tenant sweep.
import { GSTR3B_API, type Gstr3bDetail } from '@opengst/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { documents, reconciliationRows, reconciliationRuns } from '../db/schema';
import type { Harness, Tenant } from './harness';
import { gstinFor } from './org-fixtures';
import { insertPortal, insertPurchases } from './reconciliation-fixtures';
import { insertDocument } from './register-fixtures';

/** August 2025: outward liability is locked from July 2025, table 3.2 only from November 2025. */
export const GSTR3B_PERIOD = '082025';
export const DELHI_CUSTOMER = gstinFor('07', 'AAACL1111L', '1');
export const SUPPLIER_A = gstinFor('27', 'AAACS4321K', '1');
export const SUPPLIER_B = gstinFor('07', 'AAACB2222B', '1');

/**
 * A month of a Delhi location: an intra-State B2B invoice, an inter-State B2C invoice to Tamil Nadu, a credit note,
 * and a July invoice (not of the month); two purchases (one under reverse charge); four 2B records, one of July.
 *
 * 3.1(a): taxable ₹10,000 + ₹5,000 − ₹1,000 = ₹14,000; IGST ₹900; CGST and SGST ₹900 − ₹90 = ₹810 each.
 * 3.1(d) and 4A(3): the reverse-charge purchase, CGST and SGST ₹25 each on ₹1,000.
 * 4A(5): the August 2B records, IGST ₹3,600, CGST and SGST ₹500 − ₹100 (a credit note) = ₹400 each.
 */
export const insertGstr3bMonth = async (h: Harness, t: Tenant, entityId: number, gstin: string) => {
  const { db } = h.ctx.database;
  const sale = (values: Parameters<typeof insertDocument>[3], item: Parameters<typeof insertDocument>[4]) =>
    insertDocument(h, t, entityId, { financialYear: '2025-26', ...values }, item);
  const sales = [
    await sale({ documentDate: '2025-08-05', counterpartyGstin: DELHI_CUSTOMER, placeOfSupply: '07' }, [
      { taxable: 1_000_000, cgst: 90_000, sgst: 90_000 },
    ]),
    await sale({ documentDate: '2025-08-06', counterpartyGstin: '', counterpartyName: 'Walk-in', placeOfSupply: '33', supplyType: 'B2C' }, [
      { taxable: 500_000, igst: 90_000 },
    ]),
    await sale(
      {
        documentDate: '2025-08-20',
        documentType: 'CRN',
        counterpartyGstin: DELHI_CUSTOMER,
        placeOfSupply: '07',
        originalDocumentNumber: 'INV-1',
        originalDocumentDate: '2025-08-05',
      },
      [{ taxable: 100_000, cgst: 9_000, sgst: 9_000 }],
    ),
  ];
  const julySale = await sale({ documentDate: '2025-07-25', counterpartyGstin: DELHI_CUSTOMER, placeOfSupply: '07' }, [
    { taxable: 700_000, cgst: 63_000, sgst: 63_000 },
  ]);
  const [purchase, rcmPurchase] = await insertPurchases(db, t.subscriberId, [
    { entityId, supplierGstin: SUPPLIER_A, documentNumber: 'PA-1', documentDate: '2025-08-03', taxable: 2_000_000, igst: 360_000 },
    {
      entityId,
      supplierGstin: SUPPLIER_B,
      documentNumber: 'RCM-1',
      documentDate: '2025-08-04',
      taxable: 100_000,
      cgst: 2_500,
      sgst: 2_500,
    },
  ]);
  await db.update(documents).set({ isReverseCharge: true }).where(eq(documents.id, rcmPurchase!));
  const portal = await insertPortal(db, t.subscriberId, () => gstin, [
    { entityId, supplierGstin: SUPPLIER_A, documentNumber: 'PA-1', documentDate: '2025-08-03', taxable: 2_000_000, igst: 360_000 },
    {
      entityId,
      supplierGstin: SUPPLIER_B,
      documentNumber: 'SB-9',
      documentDate: '2025-08-09',
      taxable: 500_000,
      cgst: 50_000,
      sgst: 50_000,
    },
    {
      entityId,
      supplierGstin: SUPPLIER_B,
      documentType: 'CRN',
      documentNumber: 'SB-CN-1',
      documentDate: '2025-08-12',
      taxable: 100_000,
      cgst: 10_000,
      sgst: 10_000,
    },
    {
      entityId,
      supplierGstin: SUPPLIER_B,
      documentNumber: 'SB-7',
      documentDate: '2025-07-09',
      taxable: 300_000,
      cgst: 27_000,
      sgst: 27_000,
    },
  ]);
  return { sales, julySale, purchase: purchase!, rcmPurchase: rcmPurchase!, portal };
};

/** The current GSTR-2B reconciliation run of the location, with one decided row (an IMS action or a claim period). */
export const insertDecidedRow = async (
  h: Harness,
  t: Tenant,
  entityId: number,
  gstin: string,
  row: { purchaseIds: number[]; portalIds: number[]; action?: 'Accept' | 'Reject' | 'Pending'; claimPeriod?: string },
): Promise<void> => {
  const { db } = h.ctx.database;
  const [run] = await db
    .insert(reconciliationRuns)
    .values({
      subscriberId: t.subscriberId,
      entityIds: [entityId],
      gstins: [gstin],
      fromPeriod: GSTR3B_PERIOD,
      toPeriod: GSTR3B_PERIOD,
      portalSource: 'GSTR2B',
      scopeKey: `${entityId}|${GSTR3B_PERIOD}|${GSTR3B_PERIOD}|GSTR2B`,
      status: 'Completed',
    })
    .returning({ id: reconciliationRuns.id });
  // A run's rows are a partition of their own (migration 0025); the job attaches a bulk-built one, a test makes it here.
  await db.execute(sql.raw(`CREATE TABLE reconciliation_rows_${run!.id} PARTITION OF reconciliation_rows FOR VALUES IN (${run!.id})`));
  await db.insert(reconciliationRows).values({
    runId: run!.id,
    subscriberId: t.subscriberId,
    status: 'Matched',
    rule: 'exact-number',
    supplierGstin: SUPPLIER_A,
    gstin,
    documentType: 'INV',
    purchaseIds: row.purchaseIds,
    portalIds: row.portalIds,
    portalKeys: [],
    action: row.action ?? null,
    claimPeriod: row.claimPeriod ?? null,
  });
};

type Api = {
  get: (url: string, query?: Record<string, string | number>) => Promise<LightMyRequestResponse>;
  post: (url: string, payload: unknown) => Promise<LightMyRequestResponse>;
};
type Sweep = { route: string; call: (api: Api, b: { location: number }) => Promise<LightMyRequestResponse>; expect: 'notFound' };

/**
 * Asks for the return's computation and waits for the background job: the detail once compute.status is no longer
 * InProgress. Fails when the request is refused or the job takes over a minute.
 */
export const computeGstr3b = async (
  api: Api,
  key: { entityId: number; returnPeriod: string; frequency?: 'monthly' | 'quarterly' },
): Promise<Gstr3bDetail> => {
  const res = await api.post(GSTR3B_API.compute, key);
  if (res.statusCode !== 200) throw new Error(`compute refused: ${res.body}`);
  for (const until = Date.now() + 60_000; ;) {
    const detail = (await api.get(GSTR3B_API.detail, { entityId: key.entityId, returnPeriod: key.returnPeriod })).json()
      .data as Gstr3bDetail;
    if (detail.compute.status !== 'InProgress') return detail;
    if (Date.now() > until) throw new Error(`GSTR-3B ${key.returnPeriod} still computing at ${detail.compute.stage}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Every GSTR-3B route, called by A with B's location: each must answer 404. */
export const gstr3bSweeps = (): Sweep[] => {
  const key = (b: { location: number }) => ({ entityId: b.location, returnPeriod: GSTR3B_PERIOD });
  const get = (url: string): Sweep => ({ route: `GET ${url}`, expect: 'notFound', call: (api, b) => api.get(url, key(b)) });
  const post = (url: string, body: Record<string, unknown> = {}): Sweep => ({
    route: `POST ${url}`,
    expect: 'notFound',
    call: (api, b) => api.post(url, { ...key(b), ...body }),
  });
  return [
    get(GSTR3B_API.detail),
    post(GSTR3B_API.compute),
    post(GSTR3B_API.figureDocuments, { figure: '4A5' }),
    post(GSTR3B_API.saveFigures, { figures: [{ figure: '3.1d', amounts: { taxable: 1 } }] }),
    get(GSTR3B_API.setOff),
    get(GSTR3B_API.download),
    get(GSTR3B_API.timeline),
    post(GSTR3B_API.saveToPortal),
    post(GSTR3B_API.saveStatus),
    post(GSTR3B_API.submit),
    post(GSTR3B_API.offset, { credit: [{ from: 'igst', to: 'igst', amount: 1 }] }),
    post(GSTR3B_API.fileOtp),
    post(GSTR3B_API.file, { otp: '575757' }),
  ];
};
