import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { defineReport, type ReportColumn } from '../report';
import { DataActivitySchema } from '../returns/returns.schemas';
import {
  DocumentFiltersSchema,
  ImsDownloadRequestSchema,
  ImsPushRequestSchema,
  ImsPushCountSchema,
  ImsPushResponseSchema,
  Regenerate2bRequestSchema,
  Regenerate2bResponseSchema,
  FilingFiltersSchema,
  FilingRowSchema,
  InsightsSchema,
  LinkRequestSchema,
  RunDocumentSchema,
  RowActionRequestSchema,
  RowActionResponseSchema,
  RowDetailQuerySchema,
  RowDetailSchema,
  RowFiltersSchema,
  RowSchema,
  RunDetailSchema,
  RunListRequestSchema,
  RunListResponseSchema,
  RunQuerySchema,
  RunSchema,
  RunStartRequestSchema,
  UnlinkRequestSchema,
  VendorFiltersSchema,
  VendorSchema,
  VendorWorkbookRequestSchema,
  WorkbookRequestSchema,
} from './reconciliation.schemas';

// The endpoints of purchase reconciliation (spec core §2 /gstr-2a-reconciliation and /reconciliation-list).

const BASE = `${API_ROOT}/reconciliation`;

type RowKey = keyof typeof RowSchema.shape;
const rowColumns: ReportColumn<RowKey>[] = [
  { key: 'status', label: 'reconciliation.status', kind: 'text', labels: 'reconciliation.status.', sortable: true, width: 150 },
  { key: 'supplierName', label: 'reconciliation.supplier', kind: 'text', sortable: true, width: 180 },
  { key: 'supplierGstin', label: 'reconciliation.supplierGstin', kind: 'code', sortable: true, width: 150 },
  { key: 'gstin', label: 'reconciliation.gstin', kind: 'code', width: 150 },
  { key: 'documentType', label: 'reconciliation.documentType', kind: 'code', width: 56 },
  { key: 'booksNumber', label: 'reconciliation.booksNumber', kind: 'code', sortable: true, width: 130 },
  { key: 'booksDate', label: 'reconciliation.booksDate', kind: 'date', sortable: true, width: 96 },
  { key: 'booksPeriod', label: 'reconciliation.booksPeriod', kind: 'period', width: 78 },
  { key: 'booksTaxable', label: 'reconciliation.booksTaxable', kind: 'money', width: 116 },
  { key: 'booksTax', label: 'reconciliation.booksTax', kind: 'money', sortable: true, width: 110 },
  { key: 'portalNumber', label: 'reconciliation.portalNumber', kind: 'code', sortable: true, width: 130 },
  { key: 'portalDate', label: 'reconciliation.portalDate', kind: 'date', width: 96 },
  { key: 'portalPeriod', label: 'reconciliation.portalPeriod', kind: 'period', width: 78 },
  { key: 'portalGstin', label: 'reconciliation.portalGstin', kind: 'code', width: 150 },
  { key: 'portalTaxable', label: 'reconciliation.portalTaxable', kind: 'money', width: 116 },
  { key: 'portalTax', label: 'reconciliation.portalTax', kind: 'money', sortable: true, width: 110 },
  { key: 'taxableDifference', label: 'reconciliation.taxableDifference', kind: 'money', width: 110 },
  { key: 'taxDifference', label: 'reconciliation.taxDifference', kind: 'money', sortable: true, width: 110 },
  { key: 'itcAtRisk', label: 'reconciliation.itcAtRisk', kind: 'money', sortable: true, width: 110 },
  { key: 'rule', label: 'reconciliation.rule', kind: 'text', labels: 'reconciliation.rule.', width: 130 },
  { key: 'action', label: 'reconciliation.action', kind: 'text', labels: 'reconciliation.action.', width: 90 },
  { key: 'claimPeriod', label: 'reconciliation.claimPeriod', kind: 'period', width: 90 },
  { key: 'recommendedAction', label: 'reconciliation.recommendedAction', kind: 'text', labels: 'reconciliation.action.', width: 110 },
  { key: 'imsAction', label: 'reconciliation.imsAction', kind: 'text', labels: 'reconciliation.imsAction.', width: 100 },
  { key: 'pushStatus', label: 'reconciliation.pushStatus', kind: 'text', width: 140 },
];

/** The reconciliation tab: one row a pair (or an unpaired document), both sides and the differences. */
export const RECONCILIATION_ROWS_REPORT = defineReport({
  path: `${BASE}/rows`,
  title: 'Reconciliation',
  filters: RowFiltersSchema,
  row: RowSchema,
  columns: rowColumns,
  totals: ['booksTaxable', 'booksTax', 'portalTaxable', 'portalTax', 'taxDifference', 'itcAtRisk'],
  defaultSort: 'id ASC',
});

type VendorKey = keyof typeof VendorSchema.shape;
const vendorColumns: ReportColumn<VendorKey>[] = [
  { key: 'supplierName', label: 'reconciliation.supplier', kind: 'text', sortable: true, width: 200 },
  { key: 'supplierGstin', label: 'reconciliation.supplierGstin', kind: 'code', sortable: true, width: 150 },
  { key: 'matched', label: 'reconciliation.vendor.matched', kind: 'count', width: 80 },
  { key: 'matchedWithTolerance', label: 'reconciliation.vendor.tolerance', kind: 'count', width: 90 },
  { key: 'mismatched', label: 'reconciliation.vendor.mismatched', kind: 'count', sortable: true, width: 90 },
  { key: 'nearMatched', label: 'reconciliation.vendor.near', kind: 'count', width: 80 },
  { key: 'recipientDiffers', label: 'reconciliation.vendor.recipientDiffers', kind: 'count', width: 100 },
  { key: 'booksOnly', label: 'reconciliation.vendor.booksOnly', kind: 'count', sortable: true, width: 80 },
  { key: 'awaiting2b', label: 'reconciliation.vendor.awaiting2b', kind: 'count', sortable: true, width: 90 },
  { key: 'portalOnly', label: 'reconciliation.vendor.portalOnly', kind: 'count', sortable: true, width: 80 },
  { key: 'booksTax', label: 'reconciliation.booksTax', kind: 'money', sortable: true, width: 120 },
  { key: 'portalTax', label: 'reconciliation.portalTax', kind: 'money', sortable: true, width: 120 },
  { key: 'itcAtRisk', label: 'reconciliation.itcAtRisk', kind: 'money', sortable: true, width: 120 },
  { key: 'itcNotInBooks', label: 'reconciliation.itcNotInBooks', kind: 'money', sortable: true, width: 120 },
];

/** The vendor reconciliation tab: per supplier, counts by status, tax on both sides and ITC at risk. */
export const RECONCILIATION_VENDORS_REPORT = defineReport({
  path: `${BASE}/vendors`,
  title: 'Vendor reconciliation',
  filters: VendorFiltersSchema,
  row: VendorSchema,
  columns: vendorColumns,
  totals: ['booksTax', 'portalTax', 'itcAtRisk', 'itcNotInBooks'],
  defaultSort: 'itcAtRisk DESC',
});

type DocumentKey = keyof typeof RunDocumentSchema.shape;
const documentColumns: ReportColumn<DocumentKey>[] = [
  { key: 'side', label: 'reconciliation.side', kind: 'text', labels: 'reconciliation.side.', sortable: true, width: 80 },
  { key: 'status', label: 'reconciliation.status', kind: 'text', labels: 'reconciliation.status.', sortable: true, width: 150 },
  { key: 'supplierName', label: 'reconciliation.supplier', kind: 'text', width: 180 },
  { key: 'supplierGstin', label: 'reconciliation.supplierGstin', kind: 'code', sortable: true, width: 150 },
  { key: 'gstin', label: 'reconciliation.gstin', kind: 'code', width: 150 },
  { key: 'documentType', label: 'reconciliation.documentType', kind: 'code', width: 56 },
  { key: 'documentNumber', label: 'reconciliation.documentNumber', kind: 'code', sortable: true, width: 130 },
  { key: 'documentDate', label: 'reconciliation.documentDate', kind: 'date', sortable: true, width: 96 },
  { key: 'returnPeriod', label: 'reconciliation.returnPeriod', kind: 'period', width: 78 },
  { key: 'taxable', label: 'reconciliation.taxable', kind: 'money', sortable: true, width: 116 },
  { key: 'tax', label: 'reconciliation.tax', kind: 'money', sortable: true, width: 110 },
  { key: 'documents', label: 'reconciliation.documents', kind: 'count', width: 80 },
];

/** The document tab: every document of a run, either side, with the status of its row. */
export const RECONCILIATION_DOCUMENTS_REPORT = defineReport({
  path: `${BASE}/documents`,
  title: 'Reconciliation documents',
  filters: DocumentFiltersSchema,
  row: RunDocumentSchema,
  columns: documentColumns,
  totals: ['taxable', 'tax'],
  defaultSort: 'documentDate ASC',
});

type FilingKey = keyof typeof FilingRowSchema.shape;
const filingColumns: ReportColumn<FilingKey>[] = [
  { key: 'supplierName', label: 'reconciliation.supplier', kind: 'text', sortable: true, width: 200 },
  { key: 'supplierGstin', label: 'reconciliation.supplierGstin', kind: 'code', sortable: true, width: 150 },
  { key: 'returnPeriod', label: 'reconciliation.returnPeriod', kind: 'period', sortable: true, width: 90 },
  { key: 'gstr1Filed', label: 'reconciliation.gstr1Filed', kind: 'flag', width: 90 },
  { key: 'gstr1FiledOn', label: 'reconciliation.gstr1FiledOn', kind: 'date', width: 110 },
  { key: 'documents', label: 'reconciliation.documents', kind: 'count', sortable: true, width: 90 },
  { key: 'tax', label: 'reconciliation.tax', kind: 'money', sortable: true, width: 120 },
];

/** The filing summary tab: per supplier and period, the supplier's GSTR-1 filing as the 2A/2B reports it. */
export const RECONCILIATION_FILING_REPORT = defineReport({
  path: `${BASE}/filing`,
  title: 'Supplier filing summary',
  filters: FilingFiltersSchema,
  row: FilingRowSchema,
  columns: filingColumns,
  totals: ['documents', 'tax'],
  defaultSort: 'supplierName ASC',
});

export const RECONCILIATION_ENDPOINTS = {
  /** The ITC-insights decision-assist summary of a run. */
  insights: defineEndpoint({ method: 'GET', path: `${BASE}/insights`, query: RunQuerySchema, response: InsightsSchema }),
  /** Queues a run over GSTINs and periods; answers it (status YetNotStarted). */
  runStart: defineEndpoint({ method: 'POST', path: `${BASE}/runs`, body: RunStartRequestSchema, response: RunSchema }),
  /** The runs, newest first (/reconciliation-list). */
  runList: defineEndpoint({ method: 'POST', path: `${BASE}/runs/search`, body: RunListRequestSchema, response: RunListResponseSchema }),
  /** One run with its progress and its summary by status. */
  run: defineEndpoint({ method: 'GET', path: `${BASE}/run`, query: RunQuerySchema, response: RunDetailSchema }),
  /** One row: both sides' documents, the fields compared and, for an unpaired row, the nearest candidates and why not. */
  row: defineEndpoint({ method: 'GET', path: `${BASE}/row`, query: RowDetailQuerySchema, response: RowDetailSchema }),
  link: defineEndpoint({ method: 'POST', path: `${BASE}/link`, body: LinkRequestSchema, response: z.object({ rowId: z.number().int() }) }),
  unlink: defineEndpoint({
    method: 'POST',
    path: `${BASE}/unlink`,
    body: UnlinkRequestSchema,
    response: z.object({ rowIds: z.array(z.number().int()) }),
  }),
  /** An action on rows chosen by id or by filters (a summary row's action applies to all its documents). */
  action: defineEndpoint({ method: 'POST', path: `${BASE}/action`, body: RowActionRequestSchema, response: RowActionResponseSchema }),
  /** The reconciliation workbook: summary, by supplier, by document with the differences. */
  workbook: defineEndpoint({ method: 'POST', path: `${BASE}/workbook`, body: WorkbookRequestSchema, response: 'file' }),
  /** One supplier's workbook, ready to send to that supplier. */
  vendorWorkbook: defineEndpoint({ method: 'POST', path: `${BASE}/vendor-workbook`, body: VendorWorkbookRequestSchema, response: 'file' }),
};

/** The invoice management system (spec core §2 /invoice-management-system): IMS records in, actions out, 2B recomputed. */
export const IMS_ENDPOINTS = {
  /** Downloads the records in IMS for each GSTIN; answers each GSTIN's download record (a Sync data activity). */
  download: defineEndpoint({
    method: 'POST',
    path: `${BASE}/ims/download`,
    body: ImsDownloadRequestSchema,
    response: z.array(DataActivitySchema),
  }),
  /** Queues the push of the run's IMS actions not yet at the portal (each GSTIN's a Push data activity). */
  push: defineEndpoint({ method: 'POST', path: `${BASE}/ims/push`, body: ImsPushRequestSchema, response: ImsPushResponseSchema }),
  /** How many of the run's actions a push would send, and how many have no outcome yet (counted as the push selects). */
  pushCount: defineEndpoint({ method: 'GET', path: `${BASE}/ims/push/count`, query: RunQuerySchema, response: ImsPushCountSchema }),
  /** Asks the portal to generate the period's GSTR-2B again from the actions now; then download it again. */
  regenerate2b: defineEndpoint({
    method: 'POST',
    path: `${BASE}/ims/regenerate-2b`,
    body: Regenerate2bRequestSchema,
    response: Regenerate2bResponseSchema,
  }),
};
export const RECONCILIATION_API = pathsOf(RECONCILIATION_ENDPOINTS);
export const IMS_API = pathsOf(IMS_ENDPOINTS);
