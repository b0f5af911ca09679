import {
  DOCUMENT_ENDPOINTS,
  REGISTER_ENDPOINTS_OF,
  REGISTER_REPORTS,
  type Direction,
  type ImportType,
  type RegisterEndpoints,
  type RegisterReport,
  type RightId,
  type SavedReportModule,
} from '@opengst/contracts';

// What differs between /regular-sales and /regular-purchase (spec core §2 "Regular returns group"): their calls,
// rights, tabs and words.

export type RegisterTab = 'documents' | 'notes' | 'summary';
/** The tabs that list documents (the summary tab lists summary rows). */
export type DocumentTab = Exclude<RegisterTab, 'summary'>;

export type RegisterModule = {
  direction: Direction;
  /** The register as a report: its columns, totals, search and export. */
  report: RegisterReport;
  endpoints: RegisterEndpoints;
  /** The document detail of the drawer (documents module). */
  detail: typeof DOCUMENT_ENDPOINTS.saleDetail;
  savedReportModule: SavedReportModule;
  importType: ImportType;
  exportRight: RightId;
  tabs: readonly RegisterTab[];
  counterpartyKey: 'register.customer' | 'register.supplier';
  emptyKey: 'register.noRecordsAvailable.Sales' | 'register.noRecordsAvailable.Purchase';
};

export const SALES_REGISTER: RegisterModule = {
  direction: 'Sales',
  report: REGISTER_REPORTS.Sales,
  endpoints: REGISTER_ENDPOINTS_OF.Sales,
  detail: DOCUMENT_ENDPOINTS.saleDetail,
  savedReportModule: 'RegularSales',
  importType: 'SalesDocuments',
  exportRight: 'SalesExport',
  tabs: ['documents', 'notes', 'summary'],
  counterpartyKey: 'register.customer',
  emptyKey: 'register.noRecordsAvailable.Sales',
};

export const PURCHASE_REGISTER: RegisterModule = {
  direction: 'Purchase',
  report: REGISTER_REPORTS.Purchase,
  endpoints: REGISTER_ENDPOINTS_OF.Purchase,
  detail: DOCUMENT_ENDPOINTS.purchaseDetail,
  savedReportModule: 'RegularPurchase',
  importType: 'PurchaseDocuments',
  exportRight: 'PurchaseExport',
  tabs: ['documents', 'summary'],
  counterpartyKey: 'register.supplier',
  emptyKey: 'register.noRecordsAvailable.Purchase',
};

/** Spec: the edit screen of C's documents module, opened from the drawer. */
export const editDocumentHref = (direction: Direction, id: number): string => `/edit-document?type=${direction}&id=${id}`;
