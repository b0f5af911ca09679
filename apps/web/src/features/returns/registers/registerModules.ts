import { DOCUMENT_API, REGISTER_API, type Direction, type ImportType, type RightId, type SavedReportModule } from '@opengst/contracts';

// What differs between /regular-sales and /regular-purchase (spec core §2 "Regular returns group"): their calls,
// rights, tabs and words.

export type RegisterTab = 'documents' | 'notes' | 'summary';

export type RegisterModule = {
  direction: Direction;
  search: string;
  statusCount: string;
  export: string;
  summarySearch: string;
  detail: string;
  savedReportModule: SavedReportModule;
  importType: ImportType;
  exportRight: RightId;
  exportFileName: string;
  tabs: readonly RegisterTab[];
  counterpartyKey: 'register.customer' | 'register.supplier';
  emptyKey: 'register.noRecordsAvailable.Sales' | 'register.noRecordsAvailable.Purchase';
};

export const SALES_REGISTER: RegisterModule = {
  direction: 'Sales',
  search: REGISTER_API.salesSearch,
  statusCount: REGISTER_API.salesStatusCount,
  export: REGISTER_API.salesExport,
  summarySearch: REGISTER_API.salesSummarySearch,
  detail: DOCUMENT_API.saleDetail,
  savedReportModule: 'RegularSales',
  importType: 'SalesDocuments',
  exportRight: 'SalesExport',
  exportFileName: 'sales-register.xlsx',
  tabs: ['documents', 'notes', 'summary'],
  counterpartyKey: 'register.customer',
  emptyKey: 'register.noRecordsAvailable.Sales',
};

export const PURCHASE_REGISTER: RegisterModule = {
  direction: 'Purchase',
  search: REGISTER_API.purchaseSearch,
  statusCount: REGISTER_API.purchaseStatusCount,
  export: REGISTER_API.purchaseExport,
  summarySearch: REGISTER_API.purchaseSummarySearch,
  detail: DOCUMENT_API.purchaseDetail,
  savedReportModule: 'RegularPurchase',
  importType: 'PurchaseDocuments',
  exportRight: 'PurchaseExport',
  exportFileName: 'purchase-register.xlsx',
  tabs: ['documents', 'summary'],
  counterpartyKey: 'register.supplier',
  emptyKey: 'register.noRecordsAvailable.Purchase',
};

/** Spec: the edit screen of C's documents module, opened from the drawer. */
export const editDocumentHref = (direction: Direction, id: number): string => `/edit-document?type=${direction}&id=${id}`;
