// Shared pieces of the returns tests: a period of sales documents of every GSTR-1 kind, a return written straight into
// the table, waiting for a generation, and the returns module's entries of the cross-tenant sweep.
import { DATA_ACTIVITY_API as DA, RETURN_API as R, type ReturnDetail, type FiledReturnForm } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { documentSummaries, entities, returns } from '../db/schema';
import type { Harness, Tenant } from './harness';
import { type clientOf, gstinFor } from './org-fixtures';
import { insertDocument } from './register-fixtures';

type Api = ReturnType<typeof clientOf>;
export const PERIOD = '082024';
/** A registered customer in Delhi (intra-State from the Delhi location), one in Tamil Nadu, and an SEZ unit in Karnataka. */
export const LOCAL_CUSTOMER = gstinFor('07', 'AAACL1111L', '1');
export const TN_CUSTOMER = gstinFor('33', 'AAACB5678B', '1');
export const SEZ_UNIT = gstinFor('29', 'AAACZ2222Z', '1');
export const OPERATOR = gstinFor('07', 'AAACE3333E', '1');

/**
 * Final sales documents of the Delhi location (07) for August 2024, one or more per GSTR-1 table: b2b (intra, inter,
 * SEZ), b2cl (inter-State to an unregistered person above ₹1,00,000, the threshold from 01-08-2024), b2cs (small, and
 * through an e-commerce operator), exports with and without payment, notes to registered and unregistered persons, a
 * bill of supply; plus a draft and a July invoice that the August return must not hold. Answers the ids by role.
 */
export const insertEverySection = async (h: Harness, tenant: Tenant, entityId: number) => {
  const doc = (values: Parameters<typeof insertDocument>[3], items?: Parameters<typeof insertDocument>[4]) =>
    insertDocument(h, tenant, entityId, values, items);
  const intra = [{ taxable: 200_000, cgst: 18_000, sgst: 18_000, rate: 18_000 }];
  const inter = [{ taxable: 100_000, igst: 18_000, rate: 18_000 }];
  const ids = {
    b2bIntra: await doc(
      { documentNumber: 'S/001', documentDate: '2024-08-02', counterpartyGstin: LOCAL_CUSTOMER, placeOfSupply: '07' },
      intra,
    ),
    b2bInter: await doc({ documentNumber: 'S/002', documentDate: '2024-08-03', counterpartyGstin: TN_CUSTOMER, placeOfSupply: '33' }, [
      { taxable: 300_000, igst: 54_000, rate: 18_000 },
      { taxable: 50_000, igst: 6_000, rate: 12_000 },
    ]),
    sez: await doc(
      { documentNumber: 'S/003', documentDate: '2024-08-04', counterpartyGstin: SEZ_UNIT, placeOfSupply: '29', supplyType: 'SEZWOP' },
      [{ taxable: 500_000, rate: 18_000 }],
    ),
    b2cl: await doc(
      { documentNumber: 'S/004', documentDate: '2024-08-05', counterpartyGstin: '', counterpartyName: 'Walk-in', placeOfSupply: '27' },
      [{ taxable: 12_000_000, igst: 2_160_000, rate: 18_000 }],
    ),
    b2cs: await doc(
      { documentNumber: 'S/005', documentDate: '2024-08-06', counterpartyGstin: '', counterpartyName: 'Walk-in', placeOfSupply: '07' },
      intra,
    ),
    eco: await doc(
      {
        documentNumber: 'S/006',
        documentDate: '2024-08-07',
        counterpartyGstin: '',
        counterpartyName: 'Online',
        placeOfSupply: '07',
        ecommerceGstin: OPERATOR,
      },
      intra,
    ),
    expWp: await doc(
      {
        documentNumber: 'E/001',
        documentDate: '2024-08-08',
        counterpartyGstin: '',
        counterpartyName: 'Overseas Ltd',
        placeOfSupply: '96',
        supplyType: 'EXPWP',
        portCode: 'INDEL4',
        shippingBillNumber: '1234567',
        shippingBillDate: '2024-08-09',
      },
      inter,
    ),
    expWop: await doc(
      {
        documentNumber: 'E/002',
        documentDate: '2024-08-09',
        counterpartyGstin: '',
        counterpartyName: 'Overseas Ltd',
        placeOfSupply: '96',
        supplyType: 'EXPWOP',
      },
      [{ taxable: 400_000, rate: 18_000 }],
    ),
    cdnr: await doc(
      {
        documentType: 'CRN',
        documentNumber: 'CN/001',
        documentDate: '2024-08-10',
        counterpartyGstin: TN_CUSTOMER,
        placeOfSupply: '33',
        originalDocumentNumber: 'S/002',
        originalDocumentDate: '2024-08-03',
      },
      [{ taxable: 10_000, igst: 1_800, rate: 18_000 }],
    ),
    cdnur: await doc(
      {
        documentType: 'CRN',
        documentNumber: 'CN/002',
        documentDate: '2024-08-11',
        counterpartyGstin: '',
        counterpartyName: 'Overseas Ltd',
        placeOfSupply: '96',
        supplyType: 'EXPWP',
        originalDocumentNumber: 'E/001',
        originalDocumentDate: '2024-08-08',
      },
      [{ taxable: 5_000, igst: 900, rate: 18_000 }],
    ),
    bill: await doc(
      { documentType: 'BIL', documentNumber: 'B/001', documentDate: '2024-08-12', counterpartyGstin: LOCAL_CUSTOMER, placeOfSupply: '07' },
      [{ taxable: 70_000, rate: 0, hsn: '07019000', description: 'Potatoes' }],
    ),
    draft: await doc(
      {
        documentNumber: 'S/900',
        documentDate: '2024-08-13',
        counterpartyGstin: TN_CUSTOMER,
        placeOfSupply: '33',
        isDraftDocument: true,
        status: 'Draft',
      },
      inter,
    ),
    july: await doc({ documentNumber: 'S/700', documentDate: '2024-07-31', counterpartyGstin: TN_CUSTOMER, placeOfSupply: '33' }, inter),
  };
  const summary = (values: Partial<typeof documentSummaries.$inferInsert>) =>
    h.ctx.database.db.insert(documentSummaries).values({
      subscriberId: tenant.subscriberId,
      entityId,
      direction: 'Sales',
      financialYear: '2024-25',
      returnPeriod: PERIOD,
      summaryType: 'B2CS',
      source: 'Manual',
      ...values,
    });
  await summary({ summaryType: 'B2CS', placeOfSupply: '27', rate: 18_000, taxable: 80_000, igst: 14_400 });
  await summary({ summaryType: 'AdvanceReceived', placeOfSupply: '07', rate: 18_000, taxable: 30_000, cgst: 2_700, sgst: 2_700 });
  await summary({ summaryType: 'NilExemptNonGst', supplyType: 'INTRAB2C', nilRated: 10_000, exempted: 5_000, nonGst: 2_000 });
  await summary({
    summaryType: 'DocumentsIssued',
    documentNature: 1,
    fromNumber: 'S/001',
    toNumber: 'S/020',
    totalNumber: 20,
    cancelledNumber: 1,
  });
  return ids;
};

/** A return row written directly (the sweep's and the locking tests' fixtures). */
export const insertReturn = async (
  h: Harness,
  subscriberId: number,
  entityId: number,
  values: Partial<typeof returns.$inferInsert> = {},
): Promise<number> => {
  const { db } = h.ctx.database;
  const [entity] = await db.select({ gstin: entities.gstin }).from(entities).where(eq(entities.id, entityId));
  const [row] = await db
    .insert(returns)
    .values({
      subscriberId,
      entityId,
      gstin: entity?.gstin ?? '',
      returnType: 'GSTR1',
      financialYear: '2024-25',
      returnPeriod: PERIOD,
      generationStatus: 'Completed',
      payload: '{}',
      ...values,
    })
    .returning({ id: returns.id });
  if (!row) throw new Error('return not inserted');
  return row.id;
};

/** Polls returns/gstr1/detail as the screen does until the generation ends. */
export const waitForGeneration = async (
  api: Api,
  entityId: number,
  returnType: FiledReturnForm = 'GSTR1',
  returnPeriod = PERIOD,
  timeoutMs = 30_000,
): Promise<ReturnDetail> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.get(R.detail, { entityId, returnType, returnPeriod });
    if (res.statusCode !== 200) throw new Error(`detail: ${res.body}`);
    const detail = res.json().data as ReturnDetail;
    if (detail.generationStatus === 'Completed' || detail.generationStatus === 'Failed') return detail;
    if (Date.now() > until) throw new Error(`generation of ${returnType} ${returnPeriod} still ${detail.generationStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** Generates and waits; fails when the request itself is refused. */
export const generate = async (
  api: Api,
  entityId: number,
  returnType: FiledReturnForm = 'GSTR1',
  returnPeriod = PERIOD,
): Promise<ReturnDetail> => {
  const res = await api.post(R.generate, { entityId, returnType, returnPeriod });
  if (res.statusCode !== 200) throw new Error(`generate refused: ${res.body}`);
  return waitForGeneration(api, entityId, returnType, returnPeriod);
};

type ReturnSweep = {
  route: string;
  call: (api: Api, b: { location: number }, raw: { h: Harness; token: string }) => Promise<LightMyRequestResponse>;
  expect: 'notFound';
};

/** B's return, made once: the sweep's setup generates none. */
const bReturnId = async (h: Harness, location: number): Promise<number> => {
  const { db } = h.ctx.database;
  const [owner] = await db.select({ subscriberId: entities.subscriberId }).from(entities).where(eq(entities.id, location));
  const subscriberId = owner?.subscriberId ?? 0;
  const [found] = await db
    .select({ id: returns.id })
    .from(returns)
    .where(and(eq(returns.subscriberId, subscriberId), eq(returns.entityId, location)));
  return (
    found?.id ?? insertReturn(h, subscriberId, location, { returnPeriod: '042024', payload: '{"gstin":"B-ONLY"}', status: 'Submitted' })
  );
};

/** Every returns and data-activities route, called by A with B's return or location: each must answer 404. */
export const returnSweeps = (): ReturnSweep[] => {
  const byId = (method: 'GET' | 'POST', url: string, extra: Record<string, unknown> = {}): ReturnSweep => ({
    route: `${method} ${url}`,
    expect: 'notFound',
    call: async (api, b, raw) => {
      const id = await bReturnId(raw.h, b.location);
      return method === 'GET' ? api.get(url, { id }) : api.post(url, { id, ...extra });
    },
  });
  const byEntity = (method: 'GET' | 'POST', url: string, extra: Record<string, unknown> = {}): ReturnSweep => ({
    route: `${method} ${url}`,
    expect: 'notFound',
    call: (api, b) =>
      method === 'GET'
        ? api.get(url, { entityId: b.location, ...(extra as Record<string, string>) })
        : api.post(url, { entityId: b.location, ...extra }),
  });
  const period = { returnPeriod: '042024' };
  return [
    {
      route: `POST ${R.list}`,
      expect: 'notFound',
      call: (api, b) => api.post(R.list, { returnPeriod: '042024', entityIds: [b.location] }),
    },
    byEntity('GET', R.overview, period),
    byEntity('GET', R.detail, { ...period, returnType: 'GSTR1' }),
    byEntity('POST', R.generate, { ...period, returnType: 'GSTR1' }),
    byId('POST', R.sectionSearch, { section: 'b2b' }),
    byId('GET', R.download),
    byId('POST', R.errors),
    byId('GET', R.history),
    byId('POST', R.save),
    byId('POST', R.submit),
    byId('POST', R.fileOtp),
    byId('POST', R.file, { otp: '575757' }),
    byEntity('GET', R.portalSession),
    byEntity('POST', R.portalOtp),
    byEntity('POST', R.portalAuthenticate, { otp: '575757' }),
    byEntity('POST', R.inwardDownload, { ...period, source: 'GSTR2A' }),
    byEntity('POST', R.inwardSearch, { ...period, source: 'GSTR2A' }),
    { route: `POST ${DA.search}`, expect: 'notFound', call: (api, b) => api.post(DA.search, { kind: 'Push', entityIds: [b.location] }) },
  ];
};
