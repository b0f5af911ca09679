import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { defineReport, type ReportColumn, type ReportSearchResponse } from '../report';
import {
  type Direction,
  RegisterFiltersSchema,
  RegisterItemSchema,
  SavedReportDeleteRequestSchema,
  SavedReportSaveRequestSchema,
  SavedReportSchema,
  SavedReportsQuerySchema,
  SavedReportsResponseSchema,
  StatusCountRequestSchema,
  StatusCountResponseSchema,
  SummarySearchRequestSchema,
  SummarySearchResponseSchema,
} from './registers.schemas';

// The endpoints of the sales and purchase registers (spec core §2 /regular-sales, /regular-purchase) and of the saved
// reports of their filter bar (modules §2.9). Both registers have the same four calls under their own path.

type RegisterColumnKey = keyof typeof RegisterItemSchema.shape;

/**
 * A register is a report over documents: one row a document, totals over every matching document, sortable by the
 * columns below and by id (modules §9: "id DESC" is the list default). The export is one row an item line.
 */
const registerReport = (direction: Direction, base: string) => {
  const party = direction === 'Sales' ? 'register.customer' : 'register.supplier';
  const columns: ReportColumn<RegisterColumnKey>[] = [
    { key: 'documentDate', label: 'register.documentDate', kind: 'date', sortable: true, width: 96 },
    { key: 'documentNumber', label: 'register.number', kind: 'code', sortable: true, width: 130 },
    { key: 'documentType', label: 'register.documentType', kind: 'code', sortable: true, width: 60 },
    { key: 'counterpartyName', label: party, kind: 'text', sortable: true },
    { key: 'counterpartyGstin', label: 'register.counterpartyGstin', kind: 'code', sortable: true, width: 150 },
    { key: 'entityName', label: 'register.location', kind: 'text' },
    { key: 'gstin', label: 'register.locationGstin', kind: 'code', width: 150 },
    { key: 'returnPeriod', label: 'register.returnPeriod', kind: 'period', sortable: true, width: 78 },
    { key: 'taxable', label: 'register.taxable', kind: 'money', sortable: true, width: 120 },
    { key: 'igst', label: 'register.igst', kind: 'money', width: 100 },
    { key: 'cgst', label: 'register.cgst', kind: 'money', width: 100 },
    { key: 'sgst', label: 'register.sgst', kind: 'money', width: 100 },
    { key: 'cess', label: 'register.cess', kind: 'money', width: 80 },
    { key: 'documentValue', label: 'register.documentValue', kind: 'money', sortable: true, width: 120 },
    { key: 'status', label: 'register.status', kind: 'text', labels: 'register.status.', sortable: true, width: 140 },
    { key: 'updatedAt', label: 'register.updatedAt', kind: 'dateTime', sortable: true, width: 150 },
  ];
  return defineReport({
    path: base,
    title: direction === 'Sales' ? 'Sales register' : 'Purchase register',
    filters: RegisterFiltersSchema,
    row: RegisterItemSchema,
    columns,
    totals: ['taxable', 'igst', 'cgst', 'sgst', 'cess', 'documentValue'],
    defaultSort: 'id DESC',
  });
};

const registerEndpoints = (report: ReturnType<typeof registerReport>) => ({
  /** Load more: same filters, next start. */
  search: report.endpoints.search,
  /** The status-count bar, counted over the filters without `statuses`. */
  statusCount: defineEndpoint({
    method: 'POST',
    path: `${report.path}/statusCount`,
    body: StatusCountRequestSchema,
    response: StatusCountResponseSchema,
  }),
  /** xlsx of every matching document, one row per item line. */
  export: report.endpoints.export,
  /** The summary tab (B2CS, advances, nil/exempt, documents issued). */
  summarySearch: defineEndpoint({
    method: 'POST',
    path: `${report.path}/summary/search`,
    body: SummarySearchRequestSchema,
    response: SummarySearchResponseSchema,
  }),
});
/** The sales and the purchase register (spec core §2 /regular-sales, /regular-purchase). */
export const REGISTER_REPORTS = {
  Sales: registerReport('Sales', `${API_ROOT}/regular/sale`),
  Purchase: registerReport('Purchase', `${API_ROOT}/regular/purchase`),
} as const;
export type RegisterReport = (typeof REGISTER_REPORTS)[Direction];
export type RegisterSearchResponse = ReportSearchResponse<RegisterReport>;
/** The list's default sort (modules §9). */
export const REGISTER_DEFAULT_SORT = REGISTER_REPORTS.Sales.defaultSort;

const sales = registerEndpoints(REGISTER_REPORTS.Sales);
const purchase = registerEndpoints(REGISTER_REPORTS.Purchase);

/** The calls one register makes: the sales and the purchase register share their shapes. */
export type RegisterEndpoints = typeof sales;

export const REGISTER_ENDPOINTS = {
  salesSearch: sales.search,
  purchaseSearch: purchase.search,
  salesStatusCount: sales.statusCount,
  purchaseStatusCount: purchase.statusCount,
  salesExport: sales.export,
  purchaseExport: purchase.export,
  salesSummarySearch: sales.summarySearch,
  purchaseSummarySearch: purchase.summarySearch,
  /** The signed-in user's own. */
  savedReports: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/report/saved`,
    query: SavedReportsQuerySchema,
    response: SavedReportsResponseSchema,
  }),
  /** The same name replaces. */
  savedReportSave: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/report/saved/save`,
    body: SavedReportSaveRequestSchema,
    response: SavedReportSchema,
  }),
  savedReportDelete: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/report/saved/delete`,
    body: SavedReportDeleteRequestSchema,
    response: 'empty',
  }),
};
export const REGISTER_API = pathsOf(REGISTER_ENDPOINTS);

/** Each register's calls, for the server's loop and the web's register module. */
export const REGISTER_ENDPOINTS_OF: Record<Direction, RegisterEndpoints> = { Sales: sales, Purchase: purchase };
