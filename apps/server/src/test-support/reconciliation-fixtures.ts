// Books and portal documents for reconciliation tests: purchases as the register stores them, and the supplier
// documents a GSTR-2B/2A download stores (portal_documents), written straight to the tables, so a test of the
// reconciliation itself does not repeat the import and the portal download (each tested on its own).
import {
  IMS_API,
  RECONCILIATION_API as API,
  RECONCILIATION_DOCUMENTS_REPORT,
  RECONCILIATION_FILING_REPORT,
  RECONCILIATION_ROWS_REPORT,
  RECONCILIATION_VENDORS_REPORT,
  type RunDetail,
} from '@opengst/contracts';
import { financialYearOf, returnPeriodOf } from '@opengst/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/database';
import { documents, entities, portalDocuments, reconciliationRows, reconciliationRuns } from '../db/schema';
import { attachRunTable, createRunTable } from '../modules/reconciliation/run-partition';
import type { Harness } from './harness';
import type { ApiClient } from './org-fixtures';

export type Doc = {
  entityId: number;
  supplierGstin: string;
  supplierName?: string;
  documentType?: 'INV' | 'CRN' | 'DBN';
  documentNumber: string;
  documentDate: string;
  /** Books: the period booked in (default the date's); portal: the 2B/2A period. */
  returnPeriod?: string;
  taxable: number;
  igst?: number;
  cgst?: number;
  sgst?: number;
};

const amounts = (d: Doc) => {
  const igst = d.igst ?? 0;
  const cgst = d.cgst ?? 0;
  const sgst = d.sgst ?? 0;
  return { taxable: d.taxable, igst, cgst, sgst, cess: 0, documentValue: d.taxable + igst + cgst + sgst };
};

/** Purchase documents (final, imported); answers their ids in order. */
export const insertPurchases = async (db: Db, subscriberId: number, docs: readonly Doc[]): Promise<number[]> => {
  const rows = await db
    .insert(documents)
    .values(
      docs.map((d) => ({
        subscriberId,
        entityId: d.entityId,
        direction: 'Purchase' as const,
        financialYear: financialYearOf(d.documentDate),
        returnPeriod: d.returnPeriod ?? returnPeriodOf(d.documentDate),
        documentType: d.documentType ?? 'INV',
        documentNumber: d.documentNumber,
        documentDate: d.documentDate,
        counterpartyGstin: d.supplierGstin,
        counterpartyName: d.supplierName ?? null,
        source: 'Import' as const,
        ...amounts(d),
      })),
    )
    .returning({ id: documents.id });
  return rows.map((r) => r.id);
};

/** Supplier documents as a download of the recipient GSTIN's 2B (or 2A, or IMS) stores them; answers their ids in order. */
export const insertPortal = async (
  db: Db,
  subscriberId: number,
  gstinOf: (entityId: number) => string,
  docs: readonly Doc[],
  source: 'GSTR2B' | 'GSTR2A' | 'IMS' = 'GSTR2B',
): Promise<number[]> => {
  const rows = await db
    .insert(portalDocuments)
    .values(
      docs.map((d) => {
        const { documentValue, ...money } = amounts(d);
        return {
          subscriberId,
          entityId: d.entityId,
          gstin: gstinOf(d.entityId),
          source,
          returnPeriod: d.returnPeriod ?? returnPeriodOf(d.documentDate),
          section: d.documentType === 'CRN' || d.documentType === 'DBN' ? 'cdnr' : 'b2b',
          supplierGstin: d.supplierGstin,
          supplierName: d.supplierName ?? null,
          documentType: d.documentType ?? 'INV',
          documentNumber: d.documentNumber,
          documentDate: d.documentDate,
          ...money,
          documentValue,
          supplierFiled: true,
          supplierFilingDate: '11-04-2025',
          itcAvailability: 'Y',
        };
      }),
    )
    .returning({ id: portalDocuments.id });
  return rows.map((r) => r.id);
};

type Api = {
  get: (url: string, query?: Record<string, string | number>) => Promise<LightMyRequestResponse>;
  post: (url: string, payload: unknown) => Promise<LightMyRequestResponse>;
};
type Sweep = {
  route: string;
  call: (api: Api, b: { location: number }, raw: { h: Harness; token: string }) => Promise<LightMyRequestResponse>;
  expect: 'notFound';
};

/** B's finished run over its location, with one row, made once. */
const bRun = async (h: Harness, location: number): Promise<{ runId: number; rowId: number }> => {
  const { db } = h.ctx.database;
  const [owner] = await db
    .select({ subscriberId: entities.subscriberId, gstin: entities.gstin })
    .from(entities)
    .where(eq(entities.id, location));
  const subscriberId = owner?.subscriberId ?? 0;
  const [found] = await db
    .select({ id: reconciliationRuns.id })
    .from(reconciliationRuns)
    .where(eq(reconciliationRuns.subscriberId, subscriberId));
  const runId =
    found?.id ??
    (
      await db
        .insert(reconciliationRuns)
        .values({
          subscriberId,
          entityIds: [location],
          gstins: [owner?.gstin ?? ''],
          fromPeriod: '032025',
          toPeriod: '032025',
          portalSource: 'GSTR2B',
          scopeKey: `${location}|032025|032025|GSTR2B`,
          status: 'Completed',
        })
        .returning({ id: reconciliationRuns.id })
    )[0]!.id;
  const [row] = await db.select({ id: reconciliationRows.id }).from(reconciliationRows).where(eq(reconciliationRows.runId, runId));
  // A run's rows live in a partition of their own, made as the job makes it (run-partition.ts).
  if (!row) {
    await createRunTable(db, runId);
    await attachRunTable(db, runId);
  }
  const rowId =
    row?.id ??
    (
      await db
        .insert(reconciliationRows)
        .values({
          runId,
          subscriberId,
          status: 'PR only',
          rule: 'unpaired',
          supplierGstin: '27AAACA1111A1Z1',
          gstin: owner?.gstin ?? '',
          documentType: 'INV',
          booksNumber: 'B-ONLY',
          purchaseIds: [1],
          portalIds: [],
          portalKeys: [],
        })
        .returning({ id: reconciliationRows.id })
    )[0]!.id;
  return { runId, rowId };
};

/** Every reconciliation route, called by A with B's run, row or location: each must answer 404. */
export const reconciliationSweeps = (): Sweep[] => {
  const withRun = (
    method: 'GET' | 'POST',
    url: string,
    body: (ids: { runId: number; rowId: number }) => Record<string, unknown>,
  ): Sweep => ({
    route: `${method} ${url}`,
    expect: 'notFound',
    call: async (api, b, raw) => {
      const ids = await bRun(raw.h, b.location);
      return method === 'GET' ? api.get(url, body(ids) as Record<string, number>) : api.post(url, body(ids));
    },
  });
  const reports = [
    RECONCILIATION_ROWS_REPORT,
    RECONCILIATION_VENDORS_REPORT,
    RECONCILIATION_DOCUMENTS_REPORT,
    RECONCILIATION_FILING_REPORT,
  ];
  return [
    {
      route: `POST ${API.runStart}`,
      expect: 'notFound',
      call: (api, b) => api.post(API.runStart, { entityIds: [b.location], fromPeriod: '032025', toPeriod: '032025' }),
    },
    { route: `POST ${API.runList}`, expect: 'notFound', call: (api, b) => api.post(API.runList, { filters: { entityIds: [b.location] } }) },
    withRun('GET', API.run, ({ runId }) => ({ runId })),
    withRun('GET', API.insights, ({ runId }) => ({ runId })),
    withRun('GET', API.row, ({ rowId }) => ({ rowId })),
    withRun('POST', API.link, ({ runId }) => ({ runId, purchaseIds: [1], portalIds: [1] })),
    withRun('POST', API.unlink, ({ runId, rowId }) => ({ runId, rowId })),
    withRun('POST', API.action, ({ runId, rowId }) => ({ runId, selection: { rowIds: [rowId] }, action: 'Accept' })),
    withRun('POST', API.workbook, ({ runId }) => ({ runId })),
    withRun('POST', API.vendorWorkbook, ({ runId }) => ({ runId, supplierGstin: '27AAACA1111A1Z1' })),
    { route: `POST ${IMS_API.download}`, expect: 'notFound', call: (api, b) => api.post(IMS_API.download, { entityIds: [b.location] }) },
    withRun('POST', IMS_API.push, ({ runId }) => ({ runId })),
    withRun('GET', IMS_API.pushCount, ({ runId }) => ({ runId })),
    {
      route: `POST ${IMS_API.regenerate2b}`,
      expect: 'notFound',
      call: (api, b) => api.post(IMS_API.regenerate2b, { entityId: b.location, returnPeriod: '102024' }),
    },
    ...reports.flatMap((report) => [
      withRun('POST', report.endpoints.search.path, ({ runId }) => ({ filters: { runId } })),
      withRun('POST', report.endpoints.export.path, ({ runId }) => ({ filters: { runId } })),
    ]),
  ];
};

/**
 * A run once it has ended (Completed or Failed), polled for up to `timeoutMs`. A busy server may answer 503 GEN0011
 * meanwhile (its fairness queue, while a job holds PGlite's one connection): that waits; any other refusal fails at once.
 */
export const waitForRun = async (api: ApiClient, runId: number, timeoutMs = 60_000): Promise<RunDetail> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await api.get(API.run, { runId });
    if (res.statusCode === 200) {
      const detail = res.json().data as RunDetail;
      if (detail.run.status === 'Completed' || detail.run.status === 'Failed') return detail;
    } else if (res.statusCode !== 503) throw new Error(`run ${runId}: ${res.statusCode} ${res.body}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`run ${runId} did not finish within ${timeoutMs} ms`);
};
