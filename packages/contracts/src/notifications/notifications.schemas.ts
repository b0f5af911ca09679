// Notifications to counterparties (/notifications, issue 21; spec core §3 notification states, modules §7
// gst/notification/*): the buyer tells a supplier which documents need its action (from the purchase
// reconciliation's pairs or vendor rows), mails it with a signed and a short reply link, reminds it, and follows the
// answer. The public reply's calls are in public-reply.*.
import { z } from 'zod';

const id = z.number().int().positive();
const Ids = z.array(id).min(1, 'Select at least one notification.').max(1000);
const gstin = z.string().trim().toUpperCase().max(15);

/** Spec core §3. */
export const NOTIFICATION_STATUSES = ['YetNotSent', 'Sent', 'Inprogress', 'ReplyReceived'] as const;
export const NotificationStatusSchema = z.enum(NOTIFICATION_STATUSES);
export type NotificationStatus = z.infer<typeof NotificationStatusSchema>;

/** Which page answers (the same values as the public reply's ReplySourceType): supplier, customer, s.15(3) declaration. */
export const NOTIFICATION_SOURCE_TYPES = ['Gsp', 'Sales', 'Crn'] as const;
export const NotificationSourceTypeSchema = z.enum(NOTIFICATION_SOURCE_TYPES);
export type NotificationSourceType = z.infer<typeof NotificationSourceTypeSchema>;

/**
 * What the counterparty is asked to do about a document (per the buyer's GSTR-2A, GSTR-2B or IMS). The buyer's ITC
 * needs the supplier to report the document in its GSTR-1/IFF (CGST Act s.16(2)(aa), s.37) and to correct what it
 * reported wrongly (s.37(3), GSTR-1A); a record the buyer rejects in IMS must be amended or cancelled by the supplier.
 */
export const ACTIONS_REQUIRED = [
  'ReportInGstr1',
  'FileGstr1',
  'AmendInGstr1',
  'CorrectRecipientGstin',
  'ConfirmDocument',
  'AmendAfterImsRejection',
  // Sales side: a customer confirms a document we issued; a recipient of our credit note declares that it reversed the
  // input tax credit, the condition of our reduction of output tax (CGST Act s.34(2), s.15(3)).
  'ConfirmReceipt',
  'DeclareItcReversal',
] as const;
export const ActionRequiredSchema = z.enum(ACTIONS_REQUIRED);
export type ActionRequired = z.infer<typeof ActionRequiredSchema>;

/**
 * The answers a counterparty may choose for a document (the reply's actionTaken is the id; 0: none yet). Stored by
 * code on the document, so an answer keeps its meaning if the list grows.
 */
export const REPLY_ACTIONS = [
  { id: 1, code: 'ReportedInGstr1', sourceTypes: ['Gsp', 'Sales'] },
  { id: 2, code: 'AmendedInGstr1', sourceTypes: ['Gsp', 'Sales'] },
  { id: 3, code: 'WillRectifyByDate', sourceTypes: ['Gsp', 'Sales'] },
  { id: 4, code: 'CreditNoteIssued', sourceTypes: ['Gsp', 'Sales'] },
  { id: 5, code: 'NotIssuedByUs', sourceTypes: ['Gsp', 'Sales'] },
  { id: 6, code: 'NoChangeNeeded', sourceTypes: ['Gsp', 'Sales'] },
  { id: 7, code: 'ItcReversed', sourceTypes: ['Crn'] },
  { id: 8, code: 'ItcNotAvailed', sourceTypes: ['Crn'] },
  { id: 9, code: 'ItcNotReversed', sourceTypes: ['Crn'] },
] as const satisfies readonly { id: number; code: string; sourceTypes: readonly NotificationSourceType[] }[];
export type ReplyActionCode = (typeof REPLY_ACTIONS)[number]['code'];
export const replyActionById = (actionId: number): (typeof REPLY_ACTIONS)[number] | undefined =>
  REPLY_ACTIONS.find((action) => action.id === actionId);
export const replyActionByCode = (code: string): (typeof REPLY_ACTIONS)[number] | undefined =>
  REPLY_ACTIONS.find((action) => action.code === code);

/** Spec core §9: a notification's subject is at most 50 characters (the system's own up to 500), its remark 200. */
export const NOTIFICATION_SUBJECT_MAX = 50;
export const NOTIFICATION_SYSTEM_SUBJECT_MAX = 500;
export const NOTIFICATION_REMARKS_MAX = 200;
export const NOTIFICATION_EMAILS_MAX = 10;
export const NOTIFICATION_DEFAULT_SORT = 'id DESC';
export const NOTIFICATION_SORT_COLUMNS = [
  'id',
  'counterpartyName',
  'counterpartyGstin',
  'gstin',
  'status',
  'createdAt',
  'sentAt',
  'repliedAt',
] as const;

export const NotificationFiltersSchema = z.object({
  entityIds: z.array(id).max(500).optional(),
  statuses: z.array(NotificationStatusSchema).optional(),
  sourceTypes: z.array(NotificationSourceTypeSchema).optional(),
  /** A part of the counterparty's GSTIN or name, or of the subject. */
  text: z.string().trim().max(100).nullish(),
  counterpartyGstins: z.array(gstin).max(1000).optional(),
  assigneeUserIds: z.array(id).max(100).optional(),
  assigneeLevelIds: z.array(id).max(100).optional(),
  runId: id.optional(),
});
export type NotificationFilters = z.infer<typeof NotificationFiltersSchema>;

export const NotificationSchema = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  /** The buyer's GSTIN. */
  gstin: z.string(),
  counterpartyGstin: z.string(),
  counterpartyName: z.string(),
  emails: z.array(z.string()),
  sourceType: NotificationSourceTypeSchema,
  status: NotificationStatusSchema,
  subject: z.string(),
  remarks: z.string(),
  receiverRemarks: z.string().nullable(),
  documents: z.number().int(),
  /** Documents the counterparty answered (an action taken or a rectification date). */
  answered: z.number().int(),
  reminders: z.number().int(),
  runId: z.number().int().nullable(),
  assigneeUserId: z.number().int().nullable(),
  assigneeUserName: z.string().nullable(),
  assigneeLevelId: z.number().int().nullable(),
  assigneeLevelName: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationDocumentSchema = z.object({
  id: z.number().int(),
  serialNumber: z.number().int(),
  documentNumber: z.string(),
  documentDate: z.string().nullable(),
  documentType: z.string(),
  returnPeriod: z.string().nullable(),
  taxable: z.number().int(),
  tax: z.number().int(),
  actionRequired: ActionRequiredSchema.nullable(),
  gstr2bActionRequired: ActionRequiredSchema.nullable(),
  imsActionRequired: ActionRequiredSchema.nullable(),
  gstr2aReason: z.string().nullable(),
  gstr2bReason: z.string().nullable(),
  imsReason: z.string().nullable(),
  imsAction: z.string().nullable(),
  /** The counterparty's answer (a REPLY_ACTIONS code) and the date it says it corrected (or will correct) by. */
  actionTaken: z.string().nullable(),
  rectificationDate: z.string().nullable(),
});
export type NotificationDocument = z.infer<typeof NotificationDocumentSchema>;

export const NotificationEventSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  fromStatus: NotificationStatusSchema.nullable(),
  toStatus: NotificationStatusSchema.nullable(),
  note: z.string(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export const NotificationReminderSchema = z.object({
  id: z.number().int(),
  financialYear: z.number().int(),
  returnPeriod: z.number().int(),
  returnType: z.string(),
  createdAt: z.string(),
});
export const NotificationAttachmentSchema = z.object({
  id: z.number().int(),
  fileId: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
});

/** The buyer's view of one notification (the /notifications drawer). */
export const NotificationDetailSchema = z.object({
  notification: NotificationSchema,
  documents: z.array(NotificationDocumentSchema),
  events: z.array(NotificationEventSchema),
  reminders: z.array(NotificationReminderSchema),
  attachments: z.array(NotificationAttachmentSchema),
});
export type NotificationDetail = z.infer<typeof NotificationDetailSchema>;
export const NotificationIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

const emails = z
  .array(z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254))
  .max(NOTIFICATION_EMAILS_MAX, `At most ${NOTIFICATION_EMAILS_MAX} e-mail addresses.`);

/**
 * Where new notifications come from: chosen rows of a reconciliation run (pairs), whole suppliers of a run (its vendor
 * rows: every row of the supplier that needs its action), or sales documents. One notification per counterparty and
 * GSTIN of ours (and, for sales, per source type).
 */
export const NotificationCreateFromSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pairs'), runId: id, rowIds: z.array(id).min(1, 'Select at least one row.').max(10_000) }),
  z.object({ kind: z.literal('vendors'), runId: id, supplierGstins: z.array(gstin).min(1, 'Select at least one vendor.').max(1000) }),
  /** Sales documents: to each customer (source Sales), and for credit notes the s.15(3) declaration (source Crn). */
  z.object({ kind: z.literal('sales'), documentIds: z.array(id).min(1, 'Select at least one document.').max(10_000) }),
]);
export type NotificationCreateFrom = z.infer<typeof NotificationCreateFromSchema>;

/** gst/notification/save: `from` creates; `id` edits the subject, the addresses and the remarks. */
export const NotificationSaveSchema = z
  .object({
    id: id.optional(),
    from: NotificationCreateFromSchema.optional(),
    subject: z.string().trim().min(1, 'Enter a subject.').max(NOTIFICATION_SUBJECT_MAX).optional(),
    emails: emails.optional(),
    remarks: z.string().trim().max(NOTIFICATION_REMARKS_MAX).optional(),
  })
  .refine((body) => (body.id === undefined) !== (body.from === undefined), {
    message: 'Either edit a notification (id) or create from the reconciliation (from).',
    path: ['from'],
  });
export type NotificationSave = z.input<typeof NotificationSaveSchema>;
export const NotificationSaveResultSchema = z.object({ ids: z.array(z.number().int()) });

export const NotificationIdsSchema = z.object({ ids: Ids });
export const NotificationBulkResultSchema = z.object({ affected: z.number().int() });

/** Spec modules §3 Reminder: a re-send names the financial year (its first year), return period (MMYYYY) and return. */
export const RETURN_TYPES = ['GSTR1', 'GSTR1A', 'IFF', 'GSTR3B', 'GSTR2B', 'GSTR9'] as const;
export const NotificationReminderRequestSchema = z.object({
  financialYear: z.number().int().min(2017).max(2100),
  returnPeriod: z
    .number()
    .int()
    .refine((value) => value === 0 || (Math.floor(value / 10000) >= 1 && Math.floor(value / 10000) <= 12 && value % 10000 >= 2017), {
      message: 'A return period is MMYYYY.',
    }),
  returnType: z.enum(RETURN_TYPES),
});
export const NotificationSendSchema = z.object({ ids: Ids, reminder: NotificationReminderRequestSchema.optional() });
export const NotificationSendResultSchema = z.object({
  sent: z.number().int(),
  mails: z.number().int(),
  /** Notifications not sent, with the reason (no e-mail address, no document). */
  skipped: z.array(z.object({ id: z.number().int(), message: z.string() })),
});
export type NotificationSendResult = z.infer<typeof NotificationSendResultSchema>;

export const NotificationSummaryRequestSchema = z.object({ filters: NotificationFiltersSchema.optional() });
export const NotificationStatusCountSchema = z.object({
  status: NotificationStatusSchema,
  count: z.number().int(),
  total: z.number().int(),
});
export const NotificationSummarySchema = z.array(NotificationStatusCountSchema);

export const NotificationExportSchema = z.object({
  sortExpression: z.string().max(100).nullish(),
  filters: NotificationFiltersSchema.optional(),
});
export const NotificationDownloadSchema = z.object({ id });

/** Assign to a user, a level, both, or neither (null clears). */
const assignee = {
  assigneeUserId: id.nullable(),
  assigneeLevelId: id.nullable(),
};
export const NotificationAssignSchema = z.object({ id, ...assignee });
export const NotificationBulkAssignSchema = z.object({ ids: Ids, ...assignee });

export const LevelsByUserQuerySchema = z.object({ userId: z.coerce.number().int().positive() });
/** The levels a notification can be assigned to alongside the user: the active ones, the user's own first. */
export const LevelsByUserSchema = z.object({
  userLevelId: z.number().int().nullable(),
  levels: z.array(z.object({ id: z.number().int(), name: z.string(), rank: z.number().int(), isUserLevel: z.boolean() })),
});
export type LevelsByUser = z.infer<typeof LevelsByUserSchema>;
