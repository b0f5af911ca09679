// The notice register (/litigation-management, /create-litigation, /edit-litigation; issue 23). The spec names the
// screens, the status codes (ACT, REP, CLS, DDL, ROPEN), the notice types and the contingent liability classes; the
// calls are not shown, so these follow the shapes of the other registers. Amounts are integer paise; dates YYYY-MM-DD.
import { CONTINGENT_CLASSES, DRC03_ARN_PATTERN, NOTICE_FORMS, NOTICE_STAGES, NOTICE_STATUSES } from '@opengst/domain';
import { z } from 'zod';

const id = z.number().int().positive();
const paise = z.number().int().min(0, 'An amount cannot be negative.').max(1e15);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD.');
const Ids = z.array(id).min(1, 'Select at least one notice.').max(1000);

export const NoticeStageSchema = z.enum(NOTICE_STAGES);
export const NoticeStatusSchema = z.enum(NOTICE_STATUSES);
export const NoticeTypeSchema = z.enum(['Intimation', 'Notice', 'Appeal', 'Refund', 'RectificationOfOrder']);
export const ContingentClassSchema = z.enum(CONTINGENT_CLASSES);
export type NoticeStageName = z.infer<typeof NoticeStageSchema>;
export type NoticeStatusCode = z.infer<typeof NoticeStatusSchema>;

export const NOTICE_FORM_CODES = NOTICE_FORMS.map((f) => f.form);
export const NOTICE_DEFAULT_SORT = 'dueOn ASC';
export const NOTICE_SORT_COLUMNS = ['id', 'dueOn', 'issuedOn', 'referenceNumber', 'form', 'stage', 'updatedAt'] as const;

export const NoticeDemandSchema = z.object({
  taxIgst: paise,
  taxCgst: paise,
  taxSgst: paise,
  taxCess: paise,
  interest: paise,
  penalty: paise,
});
export type NoticeDemand = z.infer<typeof NoticeDemandSchema>;

export const NoticeContingentSchema = z.object({
  classification: ContingentClassSchema,
  amount: paise,
  asOf: isoDate,
});

export const NoticeSaveSchema = z.object({
  /** Absent: a new notice. */
  id: id.optional(),
  entityId: id,
  form: z.string().refine((form) => NOTICE_FORM_CODES.includes(form), 'Choose the form the notice came on (OTHER when none fits).'),
  referenceNumber: z.string().trim().min(1, 'The reference number is required.').max(50),
  issuedOn: isoDate,
  receivedOn: isoDate.nullish(),
  /** The reply date the notice states; absent: the form's statutory window. */
  statedDueOn: isoDate.nullish(),
  financialYears: z
    .array(z.string().regex(/^\d{4}-\d{2}$/, 'A financial year is YYYY-YY.'))
    .max(12)
    .default([]),
  section: z.string().trim().max(40).default(''),
  subject: z.string().trim().max(500).default(''),
  officerName: z.string().trim().max(100).default(''),
  officerDesignation: z.string().trim().max(100).default(''),
  jurisdiction: z.string().trim().max(200).default(''),
  demand: NoticeDemandSchema.default({ taxIgst: 0, taxCgst: 0, taxSgst: 0, taxCess: 0, interest: 0, penalty: 0 }),
  contingent: NoticeContingentSchema.nullish(),
  assigneeUserId: id.nullish(),
  /** An approval level (/level-master): its users who reach the location are reminded of the notice too. */
  assigneeLevelId: id.nullish(),
  tagIds: z.array(id).max(20).default([]),
  /** The consultants (/manage-consultants) who may see and work on it; absent: left as they are. A consultant's own save keeps them. */
  consultantIds: z.array(id).max(20, 'Assign at most 20 consultants.').optional(),
});
export type NoticeSave = z.input<typeof NoticeSaveSchema>;

export const NoticeSchema = z.object({
  id,
  entityId: id,
  entityName: z.string(),
  gstin: z.string().nullable(),
  form: z.string(),
  formTitle: z.string(),
  noticeType: NoticeTypeSchema,
  referenceNumber: z.string(),
  issuedOn: isoDate,
  dueOn: isoDate.nullable(),
  /** 'notice', the rule that fixes the date ('Rule 99(2)'), or null. */
  dueBasis: z.string().nullable(),
  /** Days from today to the due date (negative: overdue); null when none is due. */
  daysLeft: z.number().int().nullable(),
  stage: NoticeStageSchema,
  status: NoticeStatusSchema,
  section: z.string(),
  subject: z.string(),
  demand: NoticeDemandSchema,
  totalDemand: z.number().int(),
  contingentClass: ContingentClassSchema.nullable(),
  contingentAmount: z.number().int().nullable(),
  /** Ind AS 37: what the class means for the accounts. */
  contingentTreatment: z.enum(['Provision', 'Disclosure', 'None']).nullable(),
  assigneeUserId: z.number().int().nullable(),
  assigneeLevelId: z.number().int().nullable(),
  assigneeLevelName: z.string().nullable(),
  assigneeName: z.string().nullable(),
  tagIds: z.array(z.number().int()),
  consultants: z.array(z.object({ id: z.number().int(), displayName: z.string() })),
  source: z.string(),
  updatedAt: z.string(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const NoticeEventSchema = z.object({
  id,
  /**
   * ContingentAssessed: an Ind AS 37 assessment (note: the class, blank when withdrawn; amount; event date: the as-of date).
   * Payment: a DRC-03 payment (event date: the date paid; reference: its ARN; amount: the total; payment: the split).
   */
  action: z.enum(['Created', 'Edited', 'StageChanged', 'Reopened', 'DocumentAttached', 'DocumentDeleted', 'ContingentAssessed', 'Payment']),
  fromStage: NoticeStageSchema.nullable(),
  toStage: NoticeStageSchema.nullable(),
  eventDate: isoDate.nullable(),
  reference: z.string(),
  amount: z.number().int().nullable(),
  note: z.string(),
  userName: z.string().nullable(),
  at: z.string(),
  /** A DRC-03 payment's split by head (paise); absent on the other events. */
  payment: NoticeDemandSchema.nullish(),
});
export type NoticeEvent = z.infer<typeof NoticeEventSchema>;

export const NoticeDetailSchema = NoticeSchema.extend({
  receivedOn: isoDate.nullable(),
  statedDueOn: isoDate.nullable(),
  financialYears: z.array(z.string()),
  officerName: z.string(),
  officerDesignation: z.string(),
  jurisdiction: z.string(),
  contingentAsOf: isoDate.nullable(),
  isReopened: z.boolean(),
  /** The stages it may move to next (the domain's STAGE_MOVES). */
  nextStages: z.array(NoticeStageSchema),
  events: z.array(NoticeEventSchema),
});
export type NoticeDetail = z.infer<typeof NoticeDetailSchema>;

export const NoticeFiltersSchema = z.object({
  text: z.string().trim().max(100).nullish(),
  entityIds: z.array(id).max(1000).nullish(),
  forms: z.array(z.string().max(20)).max(50).nullish(),
  noticeTypes: z.array(NoticeTypeSchema).max(5).nullish(),
  stages: z.array(NoticeStageSchema).max(8).nullish(),
  statuses: z.array(NoticeStatusSchema).max(5).nullish(),
  dueFrom: isoDate.nullish(),
  dueTo: isoDate.nullish(),
  tagIds: z.array(id).max(20).nullish(),
  /** The sections cited (the domain's noticeSections of the notice's section text); '-': the notices citing none. */
  sections: z.array(z.string().trim().min(1).max(40)).max(50).nullish(),
  /** The financial years concerned (YYYY-YY); '-': the notices naming none. */
  financialYears: z
    .array(z.string().regex(/^(\d{4}-\d{2}|-)$/, 'A financial year is YYYY-YY.'))
    .max(20)
    .nullish(),
  contingentClasses: z.array(ContingentClassSchema).max(3).nullish(),
  consultantIds: z.array(id).max(50).nullish(),
});
export type NoticeFilters = z.infer<typeof NoticeFiltersSchema>;

/** What the register's filters and the notice form offer: what the notices in the user's scope hold, and the tags. */
export const NoticeOptionsSchema = z.object({
  sections: z.array(z.string()),
  financialYears: z.array(z.string()),
  consultants: z.array(z.object({ id: z.number().int(), displayName: z.string() })),
  /** Every notice tag of the subscriber (inactive ones too, to show on the notices that carry them). */
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string(), isActive: z.boolean() })),
  /** The consultant the signed-in user is (it sees only its notices and cannot reassign them); null: not a consultant. */
  viewerConsultantId: z.number().int().nullable(),
});
export type NoticeOptions = z.infer<typeof NoticeOptionsSchema>;

export const NoticeIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

/** A move along the status model: the date it happened, its reference (reply ARN, DRC-03 ARN, order number), an amount. */
export const NoticeMoveSchema = z.object({
  id,
  toStage: NoticeStageSchema,
  eventDate: isoDate,
  reference: z.string().trim().max(60).default(''),
  amount: paise.nullish(),
  note: z.string().trim().max(1000).default(''),
});
export type NoticeMove = z.input<typeof NoticeMoveSchema>;

/**
 * A DRC-03 payment against the notice's demand (Rule 142(2)/(3)); it does not move the notice along its stages. The
 * date it was paid (not in the future, not before the notice's issue date), its ARN, and the amounts by head.
 */
export const NoticePaymentSchema = z.object({
  id,
  paidOn: isoDate,
  arn: z
    .string()
    .trim()
    .transform((arn) => arn.toUpperCase())
    .pipe(z.string().regex(DRC03_ARN_PATTERN, 'The DRC-03 ARN is 15 letters and digits, as the portal gives it.')),
  split: NoticeDemandSchema.refine(
    (split) => Object.values(split).some((amount) => amount > 0),
    'Give the amount paid under at least one head.',
  ),
  note: z.string().trim().max(500).default(''),
});
export type NoticePayment = z.input<typeof NoticePaymentSchema>;

export const NoticeReopenSchema = z.object({
  id,
  eventDate: isoDate,
  note: z.string().trim().min(1, 'Say why the notice is opened again.').max(1000),
});

export const NoticeIdsSchema = z.object({ ids: Ids });
export const NoticeBulkResultSchema = z.object({ affected: z.number().int() });
export const NoticeExportRequestSchema = z.object({
  sortExpression: z.string().max(100).nullish(),
  filters: NoticeFiltersSchema.optional(),
});

/** One slice of the litigation dashboard: how many notices and how much they demand (paise). */
export const NoticeTallySchema = z.object({ key: z.string(), label: z.string(), count: z.number().int(), demand: z.number().int() });
export type NoticeTally = z.infer<typeof NoticeTallySchema>;

/**
 * /litigation-dashboard: the register's notices in scope counted by status, form, section, location and financial
 * year; those due within seven days and those overdue; what is at stake and how the accounts treat it (Ind AS 37:
 * provided for when probable, disclosed when possible). Every figure is the register's own (same statuses, same scope).
 */
export const NoticeDashboardSchema = z.object({
  asOf: isoDate,
  total: NoticeTallySchema,
  open: NoticeTallySchema,
  dueThisWeek: NoticeTallySchema,
  overdue: NoticeTallySchema,
  byStatus: z.array(NoticeTallySchema),
  byForm: z.array(NoticeTallySchema),
  bySection: z.array(NoticeTallySchema),
  byEntity: z.array(NoticeTallySchema),
  byFinancialYear: z.array(NoticeTallySchema),
  contingent: z.object({ atStake: z.number().int(), provision: z.number().int(), disclosure: z.number().int(), remote: z.number().int() }),
});
export type NoticeDashboard = z.infer<typeof NoticeDashboardSchema>;
export const NoticeDashboardRequestSchema = z.object({ entityIds: z.array(id).max(1000).nullish() });
