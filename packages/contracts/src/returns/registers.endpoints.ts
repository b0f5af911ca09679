import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import {
  type Direction,
  RegisterExportRequestSchema,
  RegisterSearchRequestSchema,
  RegisterSearchResponseSchema,
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

const registerEndpoints = (base: string) => ({
  /** Load more: same filters, next start. */
  search: defineEndpoint({
    method: 'POST',
    path: `${base}/search`,
    body: RegisterSearchRequestSchema,
    response: RegisterSearchResponseSchema,
  }),
  /** The status-count bar, counted over the filters without `statuses`. */
  statusCount: defineEndpoint({
    method: 'POST',
    path: `${base}/statusCount`,
    body: StatusCountRequestSchema,
    response: StatusCountResponseSchema,
  }),
  /** xlsx of every matching document, one row per item line. */
  export: defineEndpoint({ method: 'POST', path: `${base}/export`, body: RegisterExportRequestSchema, response: 'file' }),
  /** The summary tab (B2CS, advances, nil/exempt, documents issued). */
  summarySearch: defineEndpoint({
    method: 'POST',
    path: `${base}/summary/search`,
    body: SummarySearchRequestSchema,
    response: SummarySearchResponseSchema,
  }),
});
const sales = registerEndpoints(`${API_ROOT}/regular/sale`);
const purchase = registerEndpoints(`${API_ROOT}/regular/purchase`);

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
