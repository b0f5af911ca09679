// Stored files (spec modules §7: file/upload, file/download, file/delete). Any signed-in user may upload; the file is
// of use only once a record names it (a notice's document), and then reading or deleting it needs that record's right.
import { z } from 'zod';

const id = z.number().int().positive();

/** Spec core §5: accepted document uploads are pdf, doc, docx, jpg, jpeg, png. */
export const DOCUMENT_FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
/** The content types stored for them (read from the bytes, not from the name). */
export const DOCUMENT_CONTENT_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
} as const;
/** The largest document accepted: 20 MB. */
export const FILE_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** What a file is uploaded for; says which record may name it. */
export const FilePurposeSchema = z.enum(['NoticeDocument', 'NotificationReplyAttachment']);
export type FilePurpose = z.infer<typeof FilePurposeSchema>;

export const StoredFileSchema = z.object({
  id,
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** Hex SHA-256 of the bytes. */
  sha256: z.string(),
  uploadedAt: z.string(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

export const FileUploadQuerySchema = z.object({ purpose: FilePurposeSchema.default('NoticeDocument') });
export const FileIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });
export const FileDeleteSchema = z.object({ id });
export const FileDeleteResultSchema = z.object({ affected: z.number().int() });
