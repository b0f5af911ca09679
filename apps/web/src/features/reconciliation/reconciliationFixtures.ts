import type { Insights, ReconciliationRow, RowDetail, Run, RunDetail, RunDocument, StatusCount } from '@opengst/contracts';

// Runs, rows and documents as the API answers them, for the screen tests.

export const run = (patch: Partial<Run> = {}): Run => ({
  id: 7,
  gstins: ['27AAPFU0939F1ZV', '29AAPFU0939F1ZT'],
  entityIds: [5, 6],
  fromPeriod: '042025',
  toPeriod: '062025',
  portalSource: 'GSTR2B',
  status: 'Completed',
  stage: null,
  done: 4,
  total: 4,
  booksDocuments: 3,
  portalDocuments: 3,
  rows: 4,
  itcAtRisk: 18_000_00,
  message: null,
  supersededBy: null,
  userName: 'Asha Rao',
  createdAt: '2025-07-20T09:00:00Z',
  finishedAt: '2025-07-20T09:01:00Z',
  ...patch,
});

const count = (
  status: StatusCount['status'],
  rows: number,
  books: number,
  portal: number,
  booksTax: number,
  portalTax: number,
): StatusCount => ({
  status,
  rows,
  booksDocuments: books,
  portalDocuments: portal,
  booksTaxable: booksTax * 10,
  portalTaxable: portalTax * 10,
  booksTax,
  portalTax,
});

export const BY_STATUS: StatusCount[] = [
  count('Matched', 2, 2, 2, 36_000_00, 36_000_00),
  count('Mismatched', 1, 1, 1, 18_000_00, 17_000_00),
  count('PR only', 0, 0, 0, 0, 0),
  count('GST only', 1, 0, 1, 0, 9_000_00),
];

export const runDetail = (patch: Partial<Run> = {}, byStatus: StatusCount[] = BY_STATUS): RunDetail => ({ run: run(patch), byStatus });

/** The IMS fields of a row, spread in so the fixture reads under the contract with or without them. */
const IMS_FIELDS = { imsAction: null, recommendedAction: null, recommendationReason: null, pushStatus: null };

export const row = (patch: Partial<ReconciliationRow> = {}): ReconciliationRow => ({
  ...IMS_FIELDS,
  id: 101,
  status: 'Mismatched',
  rule: 'exact-number',
  level: null,
  supplierGstin: '29AAGCB1286Q1Z4',
  supplierName: 'Bharat Supplies',
  gstin: '27AAPFU0939F1ZV',
  portalGstin: '27AAPFU0939F1ZV',
  documentType: 'INV',
  booksNumber: 'INV-001',
  booksDate: '2025-03-28',
  booksPeriod: '032025',
  booksTaxable: 1_00_000_00,
  booksTax: 18_000_00,
  portalNumber: 'INV-001',
  portalDate: '2025-03-28',
  portalPeriod: '042025',
  portalTaxable: 94_444_44,
  portalTax: 17_000_00,
  taxableDifference: -5_555_56,
  taxDifference: -1_000_00,
  acrossPeriods: true,
  itcAtRisk: 1_000_00,
  action: null,
  claimPeriod: null,
  booksDocuments: 1,
  portalDocuments: 1,
  ...patch,
});

export const MATCHED_ROW = row({
  id: 102,
  status: 'Matched',
  booksNumber: 'INV-002',
  portalNumber: 'INV-002',
  booksPeriod: '042025',
  portalPeriod: '042025',
  portalTaxable: 1_00_000_00,
  portalTax: 18_000_00,
  taxableDifference: 0,
  taxDifference: 0,
  acrossPeriods: false,
  itcAtRisk: 0,
});

export const rowDetail = (patch: Partial<RowDetail> = {}): RowDetail => ({
  row: row(),
  ruleText: 'Same supplier, same document number; the tax differs by more than the tolerance.',
  fields: [
    { field: 'documentNumber', books: 'INV-001', portal: 'INV-001', difference: null, outcome: 'equal', isMatchColumn: true },
    { field: 'documentDate', books: '2025-03-28', portal: '2025-03-28', difference: null, outcome: 'equal', isMatchColumn: false },
    { field: 'taxable', books: 1_00_000_00, portal: 94_444_44, difference: -5_555_56, outcome: 'different', isMatchColumn: false },
    { field: 'igst', books: 18_000_00, portal: 17_000_00, difference: -1_000_00, outcome: 'different', isMatchColumn: false },
    { field: 'invoiceValue', books: 1_18_000_00, portal: 1_11_444_44, difference: -6_555_56, outcome: 'different', isMatchColumn: false },
    { field: 'returnPeriod', books: '032025', portal: '042025', difference: 1, outcome: 'different', isMatchColumn: false },
  ],
  candidates: [],
  reported: null,
  books: [
    {
      id: 501,
      gstin: '27AAPFU0939F1ZV',
      supplierGstin: '29AAGCB1286Q1Z4',
      documentType: 'INV',
      documentNumber: 'INV-001',
      documentDate: '2025-03-28',
      returnPeriod: '032025',
      placeOfSupply: '27',
      isReverseCharge: false,
      taxable: 1_00_000_00,
      igst: 18_000_00,
      cgst: 0,
      sgst: 0,
      cess: 0,
      documentValue: 1_18_000_00,
    },
  ],
  portal: [
    {
      id: 901,
      gstin: '27AAPFU0939F1ZV',
      supplierGstin: '29AAGCB1286Q1Z4',
      documentType: 'INV',
      documentNumber: 'INV-001',
      documentDate: '2025-03-28',
      returnPeriod: '042025',
      placeOfSupply: '27',
      isReverseCharge: false,
      taxable: 94_444_44,
      igst: 17_000_00,
      cgst: 0,
      sgst: 0,
      cess: 0,
      documentValue: 1_11_444_44,
    },
  ],
  ...patch,
});

export const document = (patch: Partial<RunDocument> = {}): RunDocument => ({
  id: 601,
  rowId: 201,
  side: 'books',
  status: 'PR only',
  supplierGstin: '29AAGCB1286Q1Z4',
  supplierName: 'Bharat Supplies',
  gstin: '27AAPFU0939F1ZV',
  documentType: 'INV',
  documentNumber: 'B-17',
  documentDate: '2025-04-10',
  returnPeriod: '042025',
  taxable: 50_000_00,
  tax: 9_000_00,
  documents: 1,
  ...patch,
});

/** Kept apart so the fixture reads under the contract with or without the supplier's status. */
const SUPPLIER_RISK = {
  supplierGstin: '29AAGCB1286Q1Z4',
  supplierName: 'Bharat Supplies',
  itcAtRisk: 1_000_00,
  status: 'Mismatched' as const,
  reason: 'Tax differs beyond tolerance',
};

export const INSIGHTS: Insights = {
  itcAvailable: 36_000_00,
  itcAtRisk: 1_000_00,
  itcToReverse: 1_000_00,
  itcToClaimLater: 18_000_00,
  itcNotInBooks: 9_000_00,
  byReason: [
    { reason: 'Tax differs beyond tolerance', rows: 1, amount: 1_000_00, filters: { statuses: ['Mismatched'] } },
    { reason: 'Reported in a later period', rows: 1, amount: 18_000_00, filters: { acrossPeriodsOnly: true } },
  ],
  bySupplier: [SUPPLIER_RISK],
};

const EMPTY_TOTALS = { booksTaxable: 0, booksTax: 0, portalTaxable: 0, portalTax: 0, taxDifference: 0, itcAtRisk: 0 };

/** A report's page: the rows, their count and the totals keys the report has. */
export const page = <T>(items: T[], totals: Record<string, number> = EMPTY_TOTALS) => ({ items, totalRecords: items.length, totals });
