import { z } from 'zod';
import { TAX_AMOUNTS } from '../amounts';

// Purchase reconciliation (spec core §2 /gstr-2a-reconciliation, /reconciliation-list; §4 reconciliation results):
// a run reconciles the purchase register of some GSTINs over a range of return periods against the GSTR-2B (or 2A)
// stored for them; its rows are the engine's pairs (packages/domain reconcile) with both sides and the differences.

const id = z.number().int().positive();
/** MMYYYY */
const returnPeriod = z.string().regex(/^(0[1-9]|1[0-2])\d{4}$/, 'A return period is MMYYYY.');

/**
 * The engine's statuses (domain RECONCILE_STATUSES), as the spec names them. 'Awaiting 2B' (runs against GSTR-2B): not
 * in a 2B, but the supplier reported it in the GSTR-2A or IMS, so its credit comes with a later 2B (s.16(2)(aa)).
 */
export const RECONCILIATION_STATUSES = [
  'Matched',
  'Matched due to tolerance',
  'Mismatched',
  'Near matched',
  'Recipient GSTIN differs',
  'PR only',
  'Awaiting 2B',
  'GST only',
  'Excluded',
  'Discarded',
] as const;
export const ReconciliationStatusSchema = z.enum(RECONCILIATION_STATUSES);
export type ReconciliationStatus = z.infer<typeof ReconciliationStatusSchema>;

/** The portal side of a run: a period's GSTR-2B or 2A, or the records in IMS now (by the supplier's period). */
export const PortalSourceSchema = z.enum(['GSTR2B', 'GSTR2A', 'IMS']);
export type PortalSource = z.infer<typeof PortalSourceSchema>;

/** Task status (spec core §4). */
export const RunStatusSchema = z.enum(['YetNotStarted', 'InProgress', 'Completed', 'Failed']);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** What a user decides on a row: the IMS action on the supplier's document, or when to claim its ITC. */
export const ROW_ACTIONS = ['Accept', 'Reject', 'Pending'] as const;
export const RowActionSchema = z.enum(ROW_ACTIONS);
export type RowAction = z.infer<typeof RowActionSchema>;

export const RunStartRequestSchema = z
  .object({
    entityIds: z.array(id).min(1, 'Choose at least one GSTIN.').max(500),
    fromPeriod: returnPeriod,
    toPeriod: returnPeriod,
    portalSource: PortalSourceSchema.default('GSTR2B'),
  })
  .refine((r) => r.fromPeriod.slice(2) + r.fromPeriod.slice(0, 2) <= r.toPeriod.slice(2) + r.toPeriod.slice(0, 2), {
    message: 'The first period must not be after the last.',
    path: ['toPeriod'],
  });
export type RunStartRequest = z.input<typeof RunStartRequestSchema>;

export const StatusCountSchema = z.object({
  status: ReconciliationStatusSchema,
  rows: z.number().int(),
  booksDocuments: z.number().int(),
  portalDocuments: z.number().int(),
  booksTaxable: z.number().int(),
  portalTaxable: z.number().int(),
  booksTax: z.number().int(),
  portalTax: z.number().int(),
});
export type StatusCount = z.infer<typeof StatusCountSchema>;

export const RunSchema = z.object({
  id: z.number().int(),
  gstins: z.array(z.string()),
  entityIds: z.array(z.number().int()),
  fromPeriod: z.string(),
  toPeriod: z.string(),
  portalSource: PortalSourceSchema,
  status: RunStatusSchema,
  /** What the job is doing now, in words ("Reading 2B", "Storing results"). */
  stage: z.string().nullable(),
  done: z.number().int(),
  total: z.number().int(),
  booksDocuments: z.number().int(),
  portalDocuments: z.number().int(),
  rows: z.number().int(),
  itcAtRisk: z.number().int(),
  message: z.string().nullable(),
  /** A later run over the same GSTINs, periods and source replaced this one's rows. */
  supersededBy: z.number().int().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Run = z.infer<typeof RunSchema>;

export const RunQuerySchema = z.object({ runId: z.coerce.number().int().positive() });
export const RunDetailSchema = z.object({ run: RunSchema, byStatus: z.array(StatusCountSchema) });
export type RunDetail = z.infer<typeof RunDetailSchema>;

export const RunListFiltersSchema = z.object({
  entityIds: z.array(id).max(500).optional(),
  statuses: z.array(RunStatusSchema).optional(),
  /** Runs of these sources only (/gstr-2a-reconciliation opens the newest GSTR-2B or 2A run, not an IMS one). */
  portalSources: z.array(PortalSourceSchema).optional(),
});
export const RunListRequestSchema = z.object({
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).nullish(),
  sortExpression: z.string().max(100).nullish(),
  filters: RunListFiltersSchema.optional(),
});
export const RunListResponseSchema = z.object({ items: z.array(RunSchema), totalRecords: z.number().int() });

/** The reconciliation tab's filters (every row report of a run takes them). */
export const RowFiltersSchema = z.object({
  runId: id,
  statuses: z.array(ReconciliationStatusSchema).optional(),
  supplierGstins: z.array(z.string().max(20)).max(1000).optional(),
  /** Recipient GSTINs (the buyer's registrations). */
  gstins: z.array(z.string().max(20)).max(500).optional(),
  documentTypes: z.array(z.enum(['INV', 'CRN', 'DBN', 'BOE'])).optional(),
  /** A part of the document number, on either side. */
  documentNumber: z.string().max(60).optional(),
  actions: z.array(z.enum([...ROW_ACTIONS, 'None'])).optional(),
  acrossPeriodsOnly: z.boolean().optional(),
});
export type RowFilters = z.infer<typeof RowFiltersSchema>;

export const RowSchema = z.object({
  id: z.number().int(),
  status: ReconciliationStatusSchema,
  /** exact-number, normalised-number, near-number, manual, unpaired */
  rule: z.string(),
  level: z.string().nullable(),
  supplierGstin: z.string(),
  supplierName: z.string().nullable(),
  /** The buyer's GSTIN of the books side (or of the portal side when there is none). */
  gstin: z.string(),
  /** The buyer's GSTIN the supplier reported the document against. */
  portalGstin: z.string().nullable(),
  documentType: z.string(),
  booksNumber: z.string().nullable(),
  booksDate: z.string().nullable(),
  booksPeriod: z.string().nullable(),
  booksTaxable: z.number().int(),
  booksTax: z.number().int(),
  portalNumber: z.string().nullable(),
  portalDate: z.string().nullable(),
  portalPeriod: z.string().nullable(),
  portalTaxable: z.number().int(),
  portalTax: z.number().int(),
  /** Portal minus books, paise. */
  taxableDifference: z.number().int(),
  taxDifference: z.number().int(),
  acrossPeriods: z.boolean(),
  itcAtRisk: z.number().int(),
  action: RowActionSchema.nullable(),
  claimPeriod: z.string().nullable(),
  booksDocuments: z.number().int(),
  portalDocuments: z.number().int(),
  /** IMS runs: the action the portal holds for the supplier's record (Accepted, Rejected, Pending, NoAction). */
  imsAction: z.string().nullable(),
  /** The action the reconciliation recommends on the supplier's record, and why (domain recommendImsAction). */
  recommendedAction: RowActionSchema.nullable(),
  recommendationReason: z.string().nullable(),
  /** The push of the row's action to the portal: Pushed, Refused: …, Not sent: …; null when not pushed. */
  pushStatus: z.string().nullable(),
});
export type ReconciliationRow = z.infer<typeof RowSchema>;

export const VendorFiltersSchema = z.object({
  runId: id,
  supplierGstins: z.array(z.string().max(20)).max(1000).optional(),
  withDifferencesOnly: z.boolean().optional(),
});
export const VendorSchema = z.object({
  id: z.number().int(),
  supplierGstin: z.string(),
  supplierName: z.string().nullable(),
  matched: z.number().int(),
  matchedWithTolerance: z.number().int(),
  mismatched: z.number().int(),
  nearMatched: z.number().int(),
  recipientDiffers: z.number().int(),
  booksOnly: z.number().int(),
  awaiting2b: z.number().int(),
  portalOnly: z.number().int(),
  booksTax: z.number().int(),
  portalTax: z.number().int(),
  itcAtRisk: z.number().int(),
  itcNotInBooks: z.number().int(),
});
export type Vendor = z.infer<typeof VendorSchema>;

/** One document of a row, as stored in the books or reported by the supplier. */
export const SideDocumentSchema = z.object({
  id: z.number().int(),
  gstin: z.string(),
  supplierGstin: z.string(),
  documentType: z.string(),
  documentNumber: z.string(),
  documentDate: z.string(),
  returnPeriod: z.string(),
  placeOfSupply: z.string().nullable(),
  isReverseCharge: z.boolean(),
  ...TAX_AMOUNTS,
  documentValue: z.number().int(),
});
export type SideDocument = z.infer<typeof SideDocumentSchema>;

export const ComparedFieldSchema = z.object({
  field: z.string(),
  books: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  portal: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  difference: z.number().nullable(),
  outcome: z.enum(['equal', 'within tolerance', 'different', 'not compared']),
  isMatchColumn: z.boolean(),
});
export const CandidateSchema = z.object({
  side: z.enum(['books', 'portal']),
  id: z.string(),
  documentNumber: z.string(),
  documentDate: z.string(),
  reason: z.string(),
});
/** Where the supplier reported a row's books document that no GSTR-2B read lists yet (an 'Awaiting 2B' row). */
export const ReportedElsewhereSchema = z.object({
  source: z.enum(['GSTR2A', 'IMS']),
  documentNumber: z.string(),
  documentDate: z.string(),
  /** MMYYYY: the GSTR-2A's period, or the supplier's period of the IMS record. */
  returnPeriod: z.string().nullable(),
});
export type ReportedElsewhere = z.infer<typeof ReportedElsewhereSchema>;
export const RowDetailQuerySchema = z.object({ rowId: z.coerce.number().int().positive() });
export const RowDetailSchema = z.object({
  row: RowSchema,
  ruleText: z.string(),
  fields: z.array(ComparedFieldSchema),
  candidates: z.array(CandidateSchema),
  /** Awaiting 2B rows: where the supplier reported the document; null otherwise. */
  reported: ReportedElsewhereSchema.nullable(),
  books: z.array(SideDocumentSchema),
  portal: z.array(SideDocumentSchema),
});
export type RowDetail = z.infer<typeof RowDetailSchema>;

/** A manual link: books documents and portal documents (1:1, 1:n, n:1) of one run, by their ids. */
export const LinkRequestSchema = z.object({
  runId: id,
  purchaseIds: z.array(id).min(1).max(100),
  portalIds: z.array(id).min(1).max(100),
  remarks: z.string().max(500).optional(),
});
export const UnlinkRequestSchema = z.object({ runId: id, rowId: id, remarks: z.string().max(500).optional() });

/**
 * Rows chosen for an action: by ids, or every row matching the filters (a summary row's action); `confirmedCount`
 * must repeat the count the server answered when it exceeds recordsAffectedWarningLimit.
 */
export const RowSelectionSchema = z.union([
  z.object({ rowIds: z.array(id).min(1).max(10_000), confirmedCount: z.number().int().min(0).optional() }),
  z.object({ filters: RowFiltersSchema.omit({ runId: true }), confirmedCount: z.number().int().min(0).optional() }),
]);
export const RowActionRequestSchema = z.object({
  runId: id,
  selection: RowSelectionSchema,
  action: z.enum(['Accept', 'Reject', 'Pending', 'Exclude', 'Discard', 'Reinstate', 'ClaimInPeriod', 'ClearAction']),
  claimPeriod: returnPeriod.optional(),
  remarks: z.string().max(500).optional(),
});
export type RowActionRequest = z.input<typeof RowActionRequestSchema>;
export const RowActionResponseSchema = z.object({
  /** Rows the action changed. */
  affected: z.number().int(),
  /** Set when the selection matches more rows than recordsAffectedWarningLimit and was not confirmed: nothing changed. */
  needsConfirmation: z.number().int().nullable(),
  /** Rows the action could not apply to, with the reason (a books-only row cannot be rejected in IMS ...). */
  skipped: z.number().int(),
  skippedReason: z.string().nullable(),
});
export type RowActionResponse = z.infer<typeof RowActionResponseSchema>;

export const VendorWorkbookRequestSchema = z.object({ runId: id, supplierGstin: z.string().max(20) });
export const WorkbookRequestSchema = z.object({ runId: id, filters: RowFiltersSchema.omit({ runId: true }).optional() });

/** The document tab (and the pickers of manual reconciliation and link document): one row a document of either side. */
export const DocumentFiltersSchema = z.object({
  runId: id,
  side: z.enum(['books', 'portal']).default('books'),
  statuses: z.array(ReconciliationStatusSchema).optional(),
  supplierGstins: z.array(z.string().max(20)).max(1000).optional(),
  /** Suppliers by PAN (characters 3 to 12 of their GSTINs): link document offers a supplier's other registrations. */
  supplierPans: z.array(z.string().max(10)).max(1000).optional(),
  documentNumber: z.string().max(60).optional(),
  /** Only documents without a partner (PR only, GST only): what manual reconciliation links. */
  unpairedOnly: z.boolean().optional(),
});
export type DocumentFilters = z.input<typeof DocumentFiltersSchema>;
/**
 * A side of a row as a document (a row linking several documents of a side shows them as one, with their sums; the
 * row's detail lists each).
 */
export const RunDocumentSchema = z.object({
  id: z.number().int(),
  rowId: z.number().int(),
  side: z.enum(['books', 'portal']),
  status: ReconciliationStatusSchema,
  supplierGstin: z.string(),
  supplierName: z.string().nullable(),
  gstin: z.string(),
  documentType: z.string(),
  documentNumber: z.string(),
  documentDate: z.string(),
  returnPeriod: z.string(),
  taxable: z.number().int(),
  tax: z.number().int(),
  /** Documents behind this entry (more than one after a one-to-many link). */
  documents: z.number().int(),
  /**
   * The ids of those documents (books documents or portal documents): what link takes as purchaseIds or portalIds.
   * `id` is the entry's own (2n, 2n+1 of row n). Absent from servers that do not give it yet: the row's detail lists them.
   */
  documentIds: z.array(z.number().int()).optional(),
});
export type RunDocument = z.infer<typeof RunDocumentSchema>;

/** The filing summary tab: per supplier and period, whether the supplier filed the GSTR-1 that reports to us. */
export const FilingFiltersSchema = z.object({
  runId: id,
  supplierGstins: z.array(z.string().max(20)).max(1000).optional(),
  notFiledOnly: z.boolean().optional(),
});
export const FilingRowSchema = z.object({
  id: z.number().int(),
  supplierGstin: z.string(),
  supplierName: z.string().nullable(),
  returnPeriod: z.string(),
  gstr1Filed: z.boolean().nullable(),
  gstr1FiledOn: z.string().nullable(),
  documents: z.number().int(),
  tax: z.number().int(),
});
export type FilingRow = z.infer<typeof FilingRowSchema>;

/** The ITC-insights decision-assist summary of a run (paise). */
export const InsightsSchema = z.object({
  /** Tax of pairs matched (exactly or within tolerance) whose 2B says ITC is available: claim it. */
  itcAvailable: z.number().int(),
  /** Books tax not supported by the portal (PR only, mismatched beyond tolerance, reported to another GSTIN). */
  itcAtRisk: z.number().int(),
  /** Tax the books claim above what the supplier reported (mismatches where the books are higher): reverse or hold. */
  itcToReverse: z.number().int(),
  /** Books documents reported in a later period's 2B, awaiting a 2B (reported in the 2A or IMS), or kept Pending: claim when they appear. */
  itcToClaimLater: z.number().int(),
  /** Portal tax not in the books (GST only): book it or reject it in IMS. */
  itcNotInBooks: z.number().int(),
  byReason: z.array(
    z.object({
      reason: z.string(),
      rows: z.number().int(),
      amount: z.number().int(),
      /** The reconciliation tab's filters that list this reason's rows (a click on the reason opens them). */
      filters: RowFiltersSchema.omit({ runId: true }).optional(),
    }),
  ),
  bySupplier: z.array(
    z.object({
      supplierGstin: z.string(),
      supplierName: z.string().nullable(),
      itcAtRisk: z.number().int(),
      status: ReconciliationStatusSchema,
      reason: z.string(),
    }),
  ),
});
export type Insights = z.infer<typeof InsightsSchema>;

/** Downloads the records in IMS now for these GSTINs (GETINV, every section). */
export const ImsDownloadRequestSchema = z.object({ entityIds: z.array(id).min(1, 'Choose at least one GSTIN.').max(500) });
/** Sends the actions taken on an IMS run's rows that the portal does not have yet. */
export const ImsPushRequestSchema = z.object({ runId: id });
export const ImsPushResponseSchema = z.object({
  /** Records queued to be sent, per GSTIN. */
  records: z.number().int(),
  gstins: z.array(z.string()),
});
/** An IMS run's actions not at the portal: `waiting` a push would send now; `unanswered` have no outcome yet (not sent since set, or being sent). */
export const ImsPushCountSchema = z.object({ waiting: z.number().int(), unanswered: z.number().int() });
export type ImsPushCount = z.infer<typeof ImsPushCountSchema>;
/** Asks the portal to generate the GSTIN's GSTR-2B of the period again from the IMS actions now (before its 3B is filed). */
export const Regenerate2bRequestSchema = z.object({ entityId: id, returnPeriod });
export const Regenerate2bResponseSchema = z.object({
  /** P generated, IP still in progress, ER refused. */
  status: z.enum(['P', 'IP', 'ER']),
  message: z.string().nullable(),
});
