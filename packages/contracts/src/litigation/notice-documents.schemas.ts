// A notice's documents (issue 23): the notice PDF, annexures, replies, orders, appeals, payment proofs, each a stored
// file (file/upload) attached with its kind and, where it belongs to one, the timeline event (a reply, an order).
import { z } from 'zod';
import { StoredFileSchema } from '../files/files.schemas';

const id = z.number().int().positive();

export const NOTICE_DOCUMENT_KINDS = ['Notice', 'Annexure', 'Reply', 'Order', 'Appeal', 'Payment', 'Other'] as const;
export const NoticeDocumentKindSchema = z.enum(NOTICE_DOCUMENT_KINDS);
export type NoticeDocumentKind = z.infer<typeof NoticeDocumentKindSchema>;

export const NoticeDocumentSchema = z.object({
  id,
  noticeId: id,
  kind: NoticeDocumentKindSchema,
  eventId: z.number().int().nullable(),
  note: z.string(),
  file: StoredFileSchema,
  userName: z.string().nullable(),
  at: z.string(),
});
export type NoticeDocument = z.infer<typeof NoticeDocumentSchema>;

export const NoticeDocumentAttachSchema = z.object({
  noticeId: id,
  fileId: id,
  kind: NoticeDocumentKindSchema,
  eventId: id.nullish(),
  note: z.string().trim().max(500).default(''),
});
export type NoticeDocumentAttach = z.input<typeof NoticeDocumentAttachSchema>;

export const NoticeDocumentsQuerySchema = z.object({ noticeId: z.coerce.number().int().positive() });
export const NoticeDocumentsSchema = z.object({ items: z.array(NoticeDocumentSchema) });
export const NoticeDocumentDeleteSchema = z.object({ id });
