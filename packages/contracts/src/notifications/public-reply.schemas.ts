// The public notification-reply pages (spec modules §2.8, §3, §5, §7; issue 21): a counterparty (vendor or customer)
// answers, without an account, the documents a notification lists. The emailed link (?id=...) is validated into a
// short-lived public token sent back as the public-auth-token header (spec core §7); every call below needs it except
// validate and the short link.
import { z } from 'zod';
import { FILE_UPLOAD_MAX_BYTES } from '../files/files.schemas';

const id = z.number().int().positive();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');

/** Spec §9: the origin of every attachment a counterparty adds. */
export const REPLY_FROM_RECEIVER = 'REPLY_FROM_RECEIVER' as const;

/**
 * Which page answers (spec §2.7): the purchase side's notification to a supplier (the spec's default, the GSP value),
 * a credit-note declaration under section 15(3) (/crn-notification-reply) and a sales-side notification to a customer
 * (/sales-notification-reply).
 */
export const REPLY_SOURCE_TYPES = ['Gsp', 'Crn', 'Sales'] as const;
export const ReplySourceTypeSchema = z.enum(REPLY_SOURCE_TYPES);
export type ReplySourceType = z.infer<typeof ReplySourceTypeSchema>;

/** The longest remarks a counterparty may write. */
export const RECEIVER_REMARKS_MAX = 2000;
/** At most this many attachments per reply. */
export const REPLY_ATTACHMENTS_MAX = 10;
/** Reply attachments: PDF, JPEG, PNG, XLSX or CSV, read from the bytes, up to the uploads' limit (20 MB). */
export const REPLY_ATTACHMENT_MAX_BYTES = FILE_UPLOAD_MAX_BYTES;
/** The public token's life: 30 minutes, after which the page validates the link again. */
export const PUBLIC_REPLY_TOKEN_MINUTES = 30;

/** gst/notification/reply/validate?request=...: the emailed link's id (spaces turned back into plus signs by the page). */
export const ReplyValidateQuerySchema = z.object({ request: z.string().min(1).max(2000) });
export const ReplyValidateResponseSchema = z.object({
  id,
  authorizationToken: z.string(),
  sourceType: ReplySourceTypeSchema,
  /** Spec §5: the rectification date lies between these (the settings' startDate and maxDate, ISO dates). */
  startDate: isoDate,
  maxDate: isoDate,
});
export type ReplyValidateResponse = z.infer<typeof ReplyValidateResponseSchema>;

/** Spec §3 "Reply document". */
export const ReplyDocumentSchema = z.object({
  id,
  serialNumber: z.number().int(),
  documentNumber: z.string(),
  documentDate: isoDate.nullable(),
  documentType: z.string(),
  actionRequired: z.string().nullable(),
  gstr2bActionRequired: z.string().nullable(),
  imsActionRequired: z.string().nullable(),
  gstr2aReason: z.string().nullable(),
  gstr2bReason: z.string().nullable(),
  imsReason: z.string().nullable(),
  imsAction: z.string().nullable(),
  /** The reply option chosen (0: none yet). */
  actionTaken: z.number().int().min(0),
  rectificationDate: isoDate.nullable(),
});
export type ReplyDocument = z.infer<typeof ReplyDocumentSchema>;

/** Spec §3 "Reminder": financialYear 2024 reads 2024-25; returnPeriod MMYYYY as a number (0: none). */
export const ReplyReminderSchema = z.object({
  id,
  financialYear: z.number().int().min(0).default(0),
  returnPeriod: z.number().int().min(0).default(0),
  returnType: z.string().nullable(),
});
export type ReplyReminder = z.infer<typeof ReplyReminderSchema>;

/** Spec §3 "Attachment": referenceNumber is the uploaded file's id (file/upload's data.id). */
export const ReplyAttachmentSchema = z.object({
  name: z.string().trim().min(1).max(255),
  referenceNumber: z.coerce.string().regex(/^\d{1,12}$/, 'The reference of an uploaded file.'),
  attachmentFrom: z.literal(REPLY_FROM_RECEIVER),
});
export type ReplyAttachment = z.infer<typeof ReplyAttachmentSchema>;

/** The documents filter block (spec §2.8); document type and action required are shown only with a token. */
export const ReplyDetailFiltersSchema = z.object({
  documentNumber: z.string().trim().max(40).optional(),
  documentDate: isoDate.optional(),
  documentType: z.string().max(40).optional(),
  actionRequired: z.string().max(40).optional(),
});
export type ReplyDetailFilters = z.infer<typeof ReplyDetailFiltersSchema>;

export const ReplyDetailRequestSchema = z.object({
  id,
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(500).default(50),
  filters: ReplyDetailFiltersSchema.optional(),
});
export type ReplyDetailRequest = z.input<typeof ReplyDetailRequestSchema>;

/** Spec §3 "Notification detail response", with the rest of the edit model the page shows. */
export const ReplyDetailResponseSchema = z.object({
  id,
  entityId: id,
  sourceType: ReplySourceTypeSchema,
  /** Who asks: the buyer's (or supplier's) legal name and GSTIN, and whom it is sent to. */
  senderName: z.string(),
  senderGstin: z.string(),
  receiverName: z.string(),
  receiverRemarks: z.string(),
  documents: z.array(ReplyDocumentSchema),
  totalDocuments: z.number().int(),
  reminders: z.array(ReplyReminderSchema),
  attachments: z.array(ReplyAttachmentSchema),
});
export type ReplyDetailResponse = z.infer<typeof ReplyDetailResponseSchema>;

/** Spec §7 gst/notification/reply: only rows with an action or a date, attachments null when none (spec §5). */
export const ReplySubmitSchema = z.object({
  id,
  entityId: id,
  receiverRemarks: z.string().max(RECEIVER_REMARKS_MAX).default(''),
  sourceType: ReplySourceTypeSchema,
  attachments: z.array(ReplyAttachmentSchema).max(REPLY_ATTACHMENTS_MAX).nullable().default(null),
  documents: z
    .array(
      z.object({
        id,
        serialNumber: z.number().int(),
        actionTaken: z.number().int().min(0).default(0),
        rectificationDate: isoDate.nullable().default(null),
      }),
    )
    .max(5000),
  reminders: z.array(ReplyReminderSchema).max(100).default([]),
});
export type ReplySubmit = z.input<typeof ReplySubmitSchema>;

/** One choice of the replies lookup (the reply master's options for a source type). */
export const ReplyOptionSchema = z.object({ id, name: z.string() });
export type ReplyOption = z.infer<typeof ReplyOptionSchema>;
export const ReplyOptionsQuerySchema = z.object({ sourceType: ReplySourceTypeSchema });

/** The enumerations the public page reads (spec §7 "enum by type", public flag). */
export const PUBLIC_ENUM_TYPES = ['AttachmentFrom', 'ImsAction', 'ReturnType', 'DocumentType', 'ActionRequired'] as const;
export const PublicEnumTypeSchema = z.enum(PUBLIC_ENUM_TYPES);
export type PublicEnumType = z.infer<typeof PublicEnumTypeSchema>;
const list = z.preprocess(
  (value) => (typeof value === 'string' ? value.split('|').filter(Boolean) : value),
  z.array(z.string().max(40)).max(20),
);
export const EnumByTypeQuerySchema = z.object({
  type: PublicEnumTypeSchema,
  /** Pipe-joined (spec §5, separator |). */
  groups: list.optional(),
  suffixes: list.optional(),
});
export const EnumItemSchema = z.object({ value: z.string(), name: z.string() });
export type EnumItem = z.infer<typeof EnumItemSchema>;

/** public/shortUrl?shortUrl=...: the original reply link to go to. */
export const ShortUrlQuerySchema = z.object({ shortUrl: z.string().min(1).max(64) });
export const ShortUrlResponseSchema = z.object({ originalUrl: z.string() });

export const ReplyFileIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });
export const ReplyFileDeleteSchema = z.object({ id });
export const ReplyUploadedFileSchema = z.object({ id, fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() });
export type ReplyUploadedFile = z.infer<typeof ReplyUploadedFileSchema>;
