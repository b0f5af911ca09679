// Register contracts: the /regular-sales and /regular-purchase lists (documents and summaries), their status-count bar,
// export, and saved filter sets ("Save Report") of the shared filter bar (issue 6; spec core §2, §3 "Filter state",
// modules §2.9, §3 "Filter entity", §4 "Filter flow", §5 "Bulk apply", §9).
import { z } from 'zod';
import { TAX_AMOUNTS } from '../amounts';
import { RETURNS_TEXT } from './returns.text';

/**
 * Bulk apply (modules §5): one value per line, each at most this many characters (else keywordLengthInvalid), and at
 * most the maxBulkSearchKeywords setting lines (else keywordExceededLimit). Lengths are the values' legal maximums:
 * a document number has at most 16 characters (Rule 46(b) CGST Rules), a GSTIN 15, a PAN 10.
 */
export const BULK_KEYWORD_MAX_LENGTH = { documentNumbers: 16, gstins: 15, pans: 10 } as const;

/** Spec core §4 "Document workflow status". */
export const DocumentStatusSchema = z.enum(['YetNotGenerated', 'Generated', 'Completed', 'Draft', 'Approved', 'Rejected']);
export type DocumentStatus = z.infer<typeof DocumentStatusSchema>;
/** A document status as people read it ("Yet not generated"), in messages and exports; screens read the same texts. */
export const documentStatusLabel = (status: DocumentStatus): string => RETURNS_TEXT[`register.status.${status}`];
export const DocumentSourceSchema = z.enum(['Import', 'Manual', 'Api']);
export type DocumentSource = z.infer<typeof DocumentSourceSchema>;
export const DirectionSchema = z.enum(['Sales', 'Purchase']);
export type Direction = z.infer<typeof DirectionSchema>;

const id = z.number().int().positive();
const isoDate = z.iso.date();
/** MMYYYY */
const returnPeriod = z.string().regex(/^(0[1-9]|1[0-2])\d{4}$/, 'A return period is MMYYYY.');
/** "2024-25" */
const financialYear = z.string().regex(/^\d{4}-\d{2}$/, 'A financial year is YYYY-YY.');

/** The filters of a register (modules §3 "Filter entity"; names as the spec lists them). Every list is ANDed; values within a list are ORed. */
export const RegisterFiltersSchema = z.object({
  /** Locations; a business id stands for all its locations (the business chip). Empty or absent: every location the user may see. */
  entityIds: z.array(id).max(10_000).nullish(),
  financialYear: financialYear.nullish(),
  returnPeriods: z.array(returnPeriod).max(120).nullish(),
  /** Document date range, inclusive. */
  fromDate: isoDate.nullish(),
  toDate: isoDate.nullish(),
  documentTypes: z.array(z.string().max(5)).max(20).nullish(),
  supplyTypes: z.array(z.string().max(10)).max(20).nullish(),
  statuses: z.array(DocumentStatusSchema).max(10).nullish(),
  sourceTypes: z.array(DocumentSourceSchema).max(3).nullish(),
  /** Bulk apply; exact match unless isDocNumberLikeSearch (then "contains", case-insensitive). */
  documentNumbers: z.array(z.string().trim().min(1).max(BULK_KEYWORD_MAX_LENGTH.documentNumbers)).nullish(),
  isDocNumberLikeSearch: z.boolean().nullish(),
  /** Counterparty (customer or supplier) GSTINs, bulk apply. */
  gstins: z.array(z.string().trim().min(1).max(BULK_KEYWORD_MAX_LENGTH.gstins)).nullish(),
  /** Counterparty PANs (characters 3–12 of the GSTIN), bulk apply. */
  pans: z.array(z.string().trim().min(1).max(BULK_KEYWORD_MAX_LENGTH.pans)).nullish(),
  placesOfSupply: z
    .array(z.string().regex(/^\d{2}$/))
    .max(40)
    .nullish(),
  isReverseCharge: z.boolean().nullish(),
  /** Documents written by one import. */
  importId: id.nullish(),
  /** Free text over document number and counterparty name and GSTIN. */
  text: z.string().trim().max(100).nullish(),
});
export type RegisterFilters = z.infer<typeof RegisterFiltersSchema>;

/** A register row: one document, totals over its items. Money in paise. */
export const RegisterItemSchema = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  entityName: z.string(),
  /** The location's GSTIN. */
  gstin: z.string().nullable(),
  financialYear: z.string(),
  returnPeriod: z.string(),
  documentType: z.string(),
  documentNumber: z.string(),
  /** YYYY-MM-DD */
  documentDate: z.string(),
  supplyType: z.string().nullable(),
  counterpartyGstin: z.string(),
  counterpartyName: z.string().nullable(),
  placeOfSupply: z.string().nullable(),
  isReverseCharge: z.boolean(),
  ...TAX_AMOUNTS,
  documentValue: z.number().int(),
  itemCount: z.number().int(),
  status: DocumentStatusSchema,
  source: DocumentSourceSchema,
  importId: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type RegisterItem = z.infer<typeof RegisterItemSchema>;

export const StatusCountRequestSchema = z.object({ filters: RegisterFiltersSchema.optional() });
/** Modules §3 "Status count item": status, count, total (total = every matching document). */
export const StatusCountItemSchema = z.object({ status: DocumentStatusSchema, count: z.number().int(), total: z.number().int() });
export const StatusCountResponseSchema = z.object({ items: z.array(StatusCountItemSchema) });
export type StatusCountItem = z.infer<typeof StatusCountItemSchema>;

// Summaries -------------------------------------------------------------------------------------------------------

export const SummaryTypeSchema = z.enum(['B2CS', 'AdvanceReceived', 'AdvanceAdjusted', 'NilExemptNonGst', 'DocumentsIssued']);
export type SummaryType = z.infer<typeof SummaryTypeSchema>;

export const SummaryFiltersSchema = z.object({
  entityIds: z.array(id).max(10_000).nullish(),
  financialYear: financialYear.nullish(),
  returnPeriods: z.array(returnPeriod).max(120).nullish(),
  summaryTypes: z.array(SummaryTypeSchema).max(5).nullish(),
  importId: id.nullish(),
});
export type SummaryFilters = z.infer<typeof SummaryFiltersSchema>;
export const SummarySearchRequestSchema = z.object({
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).nullish(),
  /** "{id|returnPeriod|summaryType|placeOfSupply|rate|taxable} ASC|DESC", default 'id DESC'. */
  sortExpression: z.string().max(100).nullish(),
  filters: SummaryFiltersSchema.optional(),
});
export type SummarySearchRequest = z.input<typeof SummarySearchRequestSchema>;

/** One summary row (document_summaries); money in paise, rate in milli-percent. */
export const SummaryItemSchema = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  entityName: z.string(),
  gstin: z.string().nullable(),
  financialYear: z.string(),
  returnPeriod: z.string(),
  summaryType: SummaryTypeSchema,
  placeOfSupply: z.string(),
  supplyType: z.string(),
  rate: z.number().int(),
  ecommerceGstin: z.string(),
  documentNature: z.number().int(),
  fromNumber: z.string(),
  toNumber: z.string(),
  totalNumber: z.number().int(),
  cancelledNumber: z.number().int(),
  ...TAX_AMOUNTS,
  nilRated: z.number().int(),
  exempted: z.number().int(),
  nonGst: z.number().int(),
  source: DocumentSourceSchema,
  importId: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type SummaryItem = z.infer<typeof SummaryItemSchema>;
export const SummarySearchResponseSchema = z.object({ items: z.array(SummaryItemSchema), totalRecords: z.number().int() });

// Saved reports ---------------------------------------------------------------------------------------------------

/** Screens whose filter bar can save a report. */
export const SavedReportModuleSchema = z.enum(['RegularSales', 'RegularPurchase']);
export type SavedReportModule = z.infer<typeof SavedReportModuleSchema>;
export const SavedReportSchema = z.object({
  id: z.number().int(),
  module: SavedReportModuleSchema,
  name: z.string(),
  filters: RegisterFiltersSchema,
  createdAt: z.string(),
});
export type SavedReport = z.infer<typeof SavedReportSchema>;
export const SavedReportsQuerySchema = z.object({ module: SavedReportModuleSchema });
export const SavedReportsResponseSchema = z.object({ items: z.array(SavedReportSchema) });
export const SavedReportSaveRequestSchema = z.object({
  module: SavedReportModuleSchema,
  name: z.string().trim().min(1, 'Name the report.').max(60),
  filters: RegisterFiltersSchema,
});
export type SavedReportSaveRequest = z.infer<typeof SavedReportSaveRequestSchema>;
export const SavedReportDeleteRequestSchema = z.object({ id });
