// Return contracts (issue 7): the regular returns list, the overview of a GSTIN and period, GSTR-1 and GSTR-1A
// (generate from the books, section summary and drill-down, JSON download, save/submit/file through the GST portal
// adapter), the GST portal session, inward data downloaded from the portal (GSTR-2A/2B) and /data-activities
// (spec core §2 "Regular returns group", "Data activities"; §4 "Return filing status", "Task status", "Processing
// status", "Actions"). The spec shows no paths or fields for these calls; these follow the product's shapes (POST
// search with start/size/sortExpression, envelope { data }).
import { RETURN_DEADLINES, type ReturnForm } from '@opengst/domain';
import { z } from 'zod';
import { TAX_AMOUNTS } from '../amounts';
import { TaskStatusSchema } from '../import/import.schemas';
import { PortalSessionSchema } from './portal-session.schemas';

const id = z.number().int().positive();
/** MMYYYY */
const returnPeriod = z.string().regex(/^(0[1-9]|1[0-2])\d{4}$/, 'A return period is MMYYYY.');

/** Spec core §4 "Return filing status". */
export const ReturnFilingStatusSchema = z.enum(['NotSubmitted', 'Submitted', 'Signed', 'Filed', 'Error']);
export type ReturnFilingStatus = z.infer<typeof ReturnFilingStatusSchema>;
/** The return forms (the domain's RETURN_FORMS) the returns screens generate and file today: the API's `returnType`. */
export const FILED_RETURN_FORMS = ['GSTR1', 'GSTR1A'] as const satisfies readonly ReturnForm[];
export const FiledReturnFormSchema = z.enum(FILED_RETURN_FORMS);
export type FiledReturnForm = z.infer<typeof FiledReturnFormSchema>;
/** The returns the regular returns list and overview show: the filed forms, and GSTR-3B (its own module, gstr3b). */
export const LISTED_RETURN_FORMS = [...FILED_RETURN_FORMS, 'GSTR3B'] as const satisfies readonly ReturnForm[];
export const ListedReturnFormSchema = z.enum(LISTED_RETURN_FORMS);
export type ListedReturnForm = z.infer<typeof ListedReturnFormSchema>;
/** Display names of the listed return forms. */
export const RETURN_TYPE_LABELS: Record<ListedReturnForm, string> = { GSTR1: 'GSTR-1', GSTR1A: 'GSTR-1A', GSTR3B: 'GSTR-3B' };
/** Spec core §4 "Processing status" (data activities). */
export const ProcessingStatusSchema = z.enum([
  'Initialized',
  'InProcess',
  'Attempted',
  'Completed',
  'MaxAttemptReached',
  'Unprocessable',
  'Unhandled',
  'Manual',
]);
export type ProcessingStatus = z.infer<typeof ProcessingStatusSchema>;
/** The save format's sections (domain GSTR1_SECTIONS). */
export const Gstr1SectionSchema = z.enum([
  'b2b',
  'b2ba',
  'b2cl',
  'b2cla',
  'exp',
  'expa',
  'b2cs',
  'b2csa',
  'nil',
  'at',
  'ata',
  'txpd',
  'txpda',
  'cdnr',
  'cdnra',
  'cdnur',
  'cdnura',
  'hsn_b2b',
  'hsn_b2c',
  'doc_issue',
  'supeco',
]);
export type Gstr1Section = z.infer<typeof Gstr1SectionSchema>;

// List and overview -------------------------------------------------------------------------------------------------

export const ReturnListRequestSchema = z.object({
  returnPeriod,
  /** Locations (a business id stands for its locations); absent: every location with a GSTIN the user may see. */
  entityIds: z.array(id).max(10_000).nullish(),
  returnTypes: z.array(ListedReturnFormSchema).max(LISTED_RETURN_FORMS.length).nullish(),
  statuses: z.array(ReturnFilingStatusSchema).max(5).nullish(),
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).nullish(),
  /** "{gstin|entityName|status|dueDate} ASC|DESC", default 'gstin ASC'. */
  sortExpression: z.string().max(100).nullish(),
});
export type ReturnListRequest = z.input<typeof ReturnListRequestSchema>;

/**
 * Whether the return counts as due (the domain's returnDeadlineOf): Due (overdue once its due date passes unfiled),
 * Optional (GSTR-1A: never overdue), NotTracked (a period before the location was added, with no registration date:
 * never overdue), BeforeRegistration (no such return: it cannot be generated).
 */
export const ReturnDeadlineSchema = z.enum(RETURN_DEADLINES);
export type ReturnDeadline = z.infer<typeof ReturnDeadlineSchema>;
/**
 * The corrections of filed GSTR-1s (documents amended after filing, or missed by the filed GSTR-1) a return may report:
 * each is reported in exactly one return, the first generated with it (domain corrections.ts).
 */
export const ReturnCorrectionsSchema = z.object({
  /** Held by this return: its last generation took them. */
  held: z.number().int(),
  /** Held by no return yet: generating this return takes them (0 when it can no longer be generated). */
  open: z.number().int(),
  /** Held by another return, which reports them instead: by that return. */
  elsewhere: z.array(z.object({ returnType: FiledReturnFormSchema, returnPeriod: z.string(), documents: z.number().int() })),
});
export type ReturnCorrections = z.infer<typeof ReturnCorrectionsSchema>;

export const ReturnListRowSchema = z.object({
  /** Null while the return was never generated (or, for GSTR-3B, computed); a GSTR-3B's is of its own module. */
  id: z.number().int().nullable(),
  entityId: z.number().int(),
  entityName: z.string(),
  gstin: z.string(),
  returnType: ListedReturnFormSchema,
  returnPeriod: z.string(),
  /** YYYY-MM-DD, from the domain's dated due-date rules. */
  dueDate: z.string(),
  status: ReturnFilingStatusSchema,
  generationStatus: TaskStatusSchema,
  /** GSTR-1: sales documents of the period in the books (final, not drafts). GSTR-1A: the documents it holds, or
   * would take if generated now. GSTR-3B: null (it is computed from figures, not made of documents). */
  documentCount: z.number().int().nullable(),
  filedAt: z.string().nullable(),
  arn: z.string().nullable(),
  deadline: ReturnDeadlineSchema,
  corrections: ReturnCorrectionsSchema,
});
export type ReturnListRow = z.infer<typeof ReturnListRowSchema>;
export const ReturnListResponseSchema = z.object({ items: z.array(ReturnListRowSchema), totalRecords: z.number().int() });
export type ReturnListResponse = z.infer<typeof ReturnListResponseSchema>;

export const ReturnOverviewQuerySchema = z.object({ entityId: z.coerce.number().int().positive(), returnPeriod });
/**
 * Where one download stands: Pending (queued), Running (talking to the portal, or waiting to try again), Downloaded,
 * NotGenerated (the portal has no GSTR-2B for the period yet: a normal answer before the 14th of the next month) or
 * Failed (with the reason in words).
 */
export const InwardOutcomeSchema = z.enum(['Pending', 'Running', 'Downloaded', 'NotGenerated', 'Failed']);
export type InwardOutcome = z.infer<typeof InwardOutcomeSchema>;
/** One download of inward data: its Sync data activity. */
export const InwardDownloadSchema = z.object({
  activityId: z.number().int(),
  status: ProcessingStatusSchema,
  /** Where it stands in words the screens use (a 2B not generated yet is no failure). */
  outcome: InwardOutcomeSchema,
  startedAt: z.string(),
  /** Null while it runs. */
  completedAt: z.string().nullable(),
  /** The documents the portal answered (0 is a download of none). */
  documentCount: z.number().int(),
  userName: z.string().nullable(),
  /** Why it failed, or the reader's warnings. */
  message: z.string().nullable(),
});
export type InwardDownload = z.infer<typeof InwardDownloadSchema>;
/** A source's downloads for the GSTIN and period, from the download records (not from the stored rows). */
export const InwardCountSchema = z.object({
  source: z.enum(['GSTR2A', 'GSTR2B']),
  /** The documents of the last completed download or upload (the ones listed). */
  documents: z.number().int(),
  /** When the last completed download finished; null when none completed. */
  syncedAt: z.string().nullable(),
  /** The last download, whatever its status; null when never downloaded. */
  lastDownload: InwardDownloadSchema.nullable(),
  /**
   * The last completed download, whose documents are listed (or the last upload of the portal's JSON through /import,
   * status Manual, whichever came later); null when none completed.
   */
  lastCompleted: InwardDownloadSchema.nullable(),
});
export type InwardCount = z.infer<typeof InwardCountSchema>;
export const ReturnOverviewSchema = z.object({
  entityId: z.number().int(),
  entityName: z.string(),
  gstin: z.string(),
  returnPeriod: z.string(),
  returns: z.array(ReturnListRowSchema),
  inward: z.array(InwardCountSchema),
  portalSession: PortalSessionSchema,
});
export type ReturnOverview = z.infer<typeof ReturnOverviewSchema>;

// One return --------------------------------------------------------------------------------------------------------

export const ReturnKeySchema = z.object({ entityId: id, returnType: FiledReturnFormSchema, returnPeriod });
export type ReturnKey = z.infer<typeof ReturnKeySchema>;
export const ReturnDetailQuerySchema = z.object({
  entityId: z.coerce.number().int().positive(),
  returnType: FiledReturnFormSchema,
  returnPeriod,
});
export const ReturnIdSchema = z.object({ id });
export const ReturnIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

/** One section of the summary; money in paise, notes signed (credit notes reduce). */
export const ReturnSectionSummarySchema = z.object({
  section: Gstr1SectionSchema,
  records: z.number().int(),
  ...TAX_AMOUNTS,
});
export type ReturnSectionSummary = z.infer<typeof ReturnSectionSummarySchema>;

export const ReturnDetailSchema = z.object({
  id: z.number().int().nullable(),
  entityId: z.number().int(),
  entityName: z.string(),
  gstin: z.string(),
  returnType: FiledReturnFormSchema,
  financialYear: z.string(),
  returnPeriod: z.string(),
  dueDate: z.string(),
  status: ReturnFilingStatusSchema,
  generationStatus: TaskStatusSchema,
  generationMessage: z.string().nullable(),
  generatedAt: z.string().nullable(),
  documentCount: z.number().int(),
  /** Every section of the save format, zero rows included, in the portal's order. */
  summary: z.array(ReturnSectionSummarySchema),
  portalReferenceId: z.string().nullable(),
  /** The portal's answer to the last save: P processed, PE processed with errors, ER error, IP in progress. */
  portalSaveStatus: z.string().nullable(),
  savedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  filedAt: z.string().nullable(),
  arn: z.string().nullable(),
  lastError: z.string().nullable(),
  errorCount: z.number().int(),
  /** Sales documents of the period changed since the return was generated (regenerate before saving). */
  stale: z.boolean(),
  /**
   * A GSTR-1 is open from the registration's first period; a GSTR-1A from July 2024, once the period's GSTR-1 is filed
   * (Rule 59(4A), Notification 12/2024-CT).
   */
  isOpen: z.boolean(),
  deadline: ReturnDeadlineSchema,
  corrections: ReturnCorrectionsSchema,
});
export type ReturnDetail = z.infer<typeof ReturnDetailSchema>;

export const ReturnSectionSearchRequestSchema = z.object({
  id,
  section: Gstr1SectionSchema,
  /** Document number or counterparty GSTIN, contains. */
  text: z.string().trim().max(100).nullish(),
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).nullish(),
  /** "{documentNumber|documentDate|counterpartyGstin|taxable|documentValue} ASC|DESC", default 'documentDate ASC'. */
  sortExpression: z.string().max(100).nullish(),
});
export type ReturnSectionSearchRequest = z.input<typeof ReturnSectionSearchRequestSchema>;
/** A document of a section; money in paise. */
export const ReturnSectionRowSchema = z.object({
  documentId: z.number().int(),
  documentType: z.string(),
  documentNumber: z.string(),
  documentDate: z.string(),
  counterpartyGstin: z.string(),
  counterpartyName: z.string().nullable(),
  placeOfSupply: z.string().nullable(),
  ...TAX_AMOUNTS,
  documentValue: z.number().int(),
  /** The portal's error on this document at the last save, if any. */
  portalError: z.string().nullable(),
});
export type ReturnSectionRow = z.infer<typeof ReturnSectionRowSchema>;
export const ReturnSectionSearchResponseSchema = z.object({ items: z.array(ReturnSectionRowSchema), totalRecords: z.number().int() });
export type ReturnSectionSearchResponse = z.infer<typeof ReturnSectionSearchResponseSchema>;

export const ReturnErrorsRequestSchema = z.object({
  id,
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).nullish(),
});
export const ReturnErrorRowSchema = z.object({
  id: z.number().int(),
  section: z.string(),
  documentId: z.number().int().nullable(),
  documentNumber: z.string().nullable(),
  counterpartyGstin: z.string().nullable(),
  errorCode: z.string(),
  errorMessage: z.string(),
});
export type ReturnErrorRow = z.infer<typeof ReturnErrorRowSchema>;
export const ReturnErrorsResponseSchema = z.object({ items: z.array(ReturnErrorRowSchema), totalRecords: z.number().int() });

export const ReturnFileRequestSchema = z.object({ id, otp: z.string().regex(/^\d{6}$/, 'The OTP has 6 digits.') });
/** The portal was asked for the EVC one-time password of the filing. */
export const ReturnFileOtpResponseSchema = z.object({ sent: z.literal(true) });

export const ReturnHistoryRowSchema = z.object({
  id: z.number().int(),
  /** Spec core §4 "Actions" plus Generate. */
  action: z.string(),
  fromStatus: ReturnFilingStatusSchema.nullable(),
  toStatus: ReturnFilingStatusSchema.nullable(),
  message: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type ReturnHistoryRow = z.infer<typeof ReturnHistoryRowSchema>;
export const ReturnHistoryResponseSchema = z.object({ items: z.array(ReturnHistoryRowSchema) });

// Inward data from the portal (GSTR-2A / 2B) ---------------------------------------------------------------------------

/** The statements (return forms the portal drafts) downloaded as inward data. */
export const InwardSourceSchema = z.enum(['GSTR2A', 'GSTR2B'] as const satisfies readonly ReturnForm[]);
export type InwardSource = z.infer<typeof InwardSourceSchema>;
export const InwardDownloadRequestSchema = z.object({ entityId: id, returnPeriod, source: InwardSourceSchema });
export const InwardSearchRequestSchema = z.object({
  entityId: id,
  returnPeriod,
  source: InwardSourceSchema,
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).nullish(),
});
export const InwardDocumentSchema = z.object({
  id: z.number().int(),
  section: z.string(),
  supplierGstin: z.string(),
  supplierName: z.string().nullable(),
  documentType: z.string(),
  documentNumber: z.string(),
  documentDate: z.string(),
  placeOfSupply: z.string().nullable(),
  isReverseCharge: z.boolean(),
  ...TAX_AMOUNTS,
  documentValue: z.number().int(),
  supplierFiled: z.boolean().nullable(),
  supplierFilingDate: z.string().nullable(),
  itcAvailability: z.string().nullable(),
  /** GSTR-2B: available ITC, rejected in IMS (docRejdata) or an ITC reversal; null for GSTR-2A. */
  listing: z.enum(['available', 'rejected', 'itcReversal']).nullable(),
});
export type InwardDocument = z.infer<typeof InwardDocumentSchema>;
export const InwardSearchResponseSchema = z.object({
  items: z.array(InwardDocumentSchema),
  totalRecords: z.number().int(),
  syncedAt: z.string().nullable(),
});
export type InwardSearchResponse = z.infer<typeof InwardSearchResponseSchema>;

// Data activities -------------------------------------------------------------------------------------------------

export const DataActivityKindSchema = z.enum(['Push', 'Sync', 'Callback']);
export type DataActivityKind = z.infer<typeof DataActivityKindSchema>;
export const DataActivitySearchRequestSchema = z.object({
  kind: DataActivityKindSchema,
  entityIds: z.array(id).max(10_000).nullish(),
  returnPeriods: z.array(returnPeriod).max(120).nullish(),
  statuses: z.array(ProcessingStatusSchema).max(8).nullish(),
  /** Only these actions (GSTR2A, GSTR2B, IMS downloads; Save, IMS pushes ...). */
  actions: z.array(z.string().max(20)).max(20).nullish(),
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).nullish(),
  /** "{id|createdAt|status} ASC|DESC", default 'id DESC'. */
  sortExpression: z.string().max(100).nullish(),
});
export type DataActivitySearchRequest = z.input<typeof DataActivitySearchRequestSchema>;
export const DataActivitySchema = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  entityName: z.string(),
  gstin: z.string(),
  kind: DataActivityKindSchema,
  action: z.string(),
  returnType: z.string(),
  returnPeriod: z.string(),
  returnId: z.number().int().nullable(),
  status: ProcessingStatusSchema,
  portalReferenceId: z.string().nullable(),
  documentCount: z.number().int(),
  errorCount: z.number().int(),
  message: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type DataActivity = z.infer<typeof DataActivitySchema>;
export const DataActivitySearchResponseSchema = z.object({ items: z.array(DataActivitySchema), totalRecords: z.number().int() });
export type DataActivitySearchResponse = z.infer<typeof DataActivitySearchResponseSchema>;
